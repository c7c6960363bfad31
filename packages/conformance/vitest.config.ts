import { defineConfig } from 'vitest/config';

// Timing-sensitive tests (drain, responsiveness) live in test/serial and run on their own, after the
// rest, one file at a time: `npm run test:serial` (npm test's last phase).
export default defineConfig({
  test: { exclude: ['test/serial/**', '**/node_modules/**'] },
});
