import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // The slow whole-project, whole-process and browser checks run in CI only (vitest.ci.config.ts).
    exclude: ['**/node_modules/**', 'test/**/*.ci.test.ts'],
    // Finds PostgreSQL once per run for the tests on both stores (one skip line without it; a failure under CI).
    globalSetup: ['test/global-setup.ts'],
    // After the summary: a loud notice when the browser tests skipped for want of Chromium.
    reporters: ['default', './test/support/chromium-notice.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Servers in tests listen on 127.0.0.1 only; keep files in separate workers but not too many on 2 cores. Files
    // keep modules of their own: sharing a worker's modules (isolate: false) made the suite about a third faster,
    // but two service processes started by one test then got their Redis connection later than the second the
    // service waits for at start, in 5 of 14 runs on Node 24 (docs/testing.md).
    pool: 'forks',
    maxWorkers: 2,
  },
});
