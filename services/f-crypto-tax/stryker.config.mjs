import { strykerConfig } from '../../stryker.base.mjs';

export default strykerConfig(import.meta.dirname, ['src/domain/**/*.ts', '!src/domain/**/index.ts'], {
  // The exact domain tests (vitest.stryker.config.ts): the HTTP suites stay out.
  vitest: { configFile: 'vitest.stryker.config.ts', dir: 'test' },
});
