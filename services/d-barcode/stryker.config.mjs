import { strykerConfig } from '../../stryker.base.mjs';

export default strykerConfig(import.meta.dirname, ['src/domain/**/*.ts', '!src/domain/**/index.ts'], {
  // The exact domain tests (vitest.stryker.config.ts): the scanner round trips and HTTP suites stay out.
  vitest: { configFile: 'vitest.stryker.config.ts', dir: 'test' },
  // A mutant that loops (a regex without its sticky flag, a loop bound) times out: 8 s is four times the
  // slowest covering test here, and each timeout restarts a runner.
  timeoutMS: 8_000,
});
