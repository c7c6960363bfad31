import { strykerConfig } from '../../stryker.base.mjs';

export default strykerConfig(import.meta.dirname, [
  'src/json/**/*.ts',
  'src/crypto/**/*.ts',
  'src/webhook/**/*.ts',
  '!src/**/index.ts',
]);
