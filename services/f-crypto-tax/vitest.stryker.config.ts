import { defineConfig } from 'vitest/config';

// The test set mutation testing runs (stryker.config.mjs): every exact test of the domain, without the
// HTTP suites (real sockets, the MCP SDK client, fast-check over REST and MCP: seconds per mutant), which
// check the same outputs through the app. `npx vitest run --dir test` still runs all.
export default defineConfig({
  test: {
    dir: 'test',
    include: ['**/*.test.ts'],
    exclude: ['http/**', '**/node_modules/**'],
  },
});
