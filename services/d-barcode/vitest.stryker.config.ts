import { defineConfig } from 'vitest/config';

// The test set mutation testing runs (stryker.config.mjs): every exact test of the domain, without the
// scanner round trips (test/domain/decode-*.test.ts: resvg + ZXing over hundreds of symbols, seconds per
// mutant) and the HTTP suites, which check the same outputs through the app. `npx vitest run` still runs all.
export default defineConfig({
  test: {
    dir: 'test',
    include: ['**/*.test.ts'],
    exclude: ['domain/decode-*.test.ts', 'http/**', '**/node_modules/**'],
  },
});
