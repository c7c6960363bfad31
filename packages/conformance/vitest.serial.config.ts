import { defineConfig } from 'vitest/config';

/** The timing-sensitive tests, alone on the machine (npm test's last phase). */
export default defineConfig({ test: { include: ['test/serial/**/*.test.ts'], fileParallelism: false } });
