import { strykerConfig } from '../../stryker.base.mjs';

export default strykerConfig(import.meta.dirname, ['src/domain/**/*.ts', '!src/domain/**/index.ts']);
