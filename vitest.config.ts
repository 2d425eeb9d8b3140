import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Servers in tests listen on 127.0.0.1 only; keep files in separate workers but not too many on 2 cores.
    pool: 'forks',
    maxWorkers: 2,
  },
});
