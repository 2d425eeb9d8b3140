import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

const INCLUDE = ['test/**/*.test.ts'];
// The slow whole-project checks run in CI only (vitest.ci.config.ts).
const EXCLUDE = ['**/node_modules/**', 'test/**/*.ci.test.ts'];

/**
 * The everyday test files that replace a module with `vi.mock`: a mock only reaches modules loaded after it, so
 * these get fresh modules of their own (the "isolated" project below). Found by reading the files, so a new one
 * is placed without touching this list.
 */
function filesThatMock(): string[] {
  const root = import.meta.dirname;
  return readdirSync(join(root, 'test'), { recursive: true, encoding: 'utf8' })
    .map((path) => `test/${path}`)
    .filter((path) => path.endsWith('.test.ts') && !path.endsWith('.ci.test.ts'))
    .filter((path) => /\bvi\.(mock|doMock)\(/.test(readFileSync(join(root, path), 'utf8')))
    .sort();
}
const MOCKING = filesThatMock();

export default defineConfig({
  test: {
    // Finds PostgreSQL once per run for the tests on both stores (one skip line without it; a failure under CI).
    globalSetup: ['test/global-setup.ts'],
    // Run again before each test file: closes the stores, databases and SMTP servers the file opened.
    setupFiles: ['test/support/setup-file.ts'],
    // After the summary: a loud notice when the browser tests skipped for want of Chromium.
    reporters: ['default', './test/support/chromium-notice.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Servers in tests listen on 127.0.0.1 only; keep files in separate workers but not too many on 2 cores.
    pool: 'forks',
    maxWorkers: 2,
    projects: [
      // Files share their worker's modules (isolate: false): each worker loads the service's modules once instead
      // of once per file, which was about a third of the suite's time. What a file opens it closes itself (or
      // through afterFile, test/support/after-file.ts); nothing in the tests changes process.env.
      { extends: true, test: { name: 'shared', isolate: false, include: INCLUDE, exclude: [...EXCLUDE, ...MOCKING] } },
      ...(MOCKING.length ? [{ extends: true as const, test: { name: 'isolated', include: MOCKING } }] : []),
    ],
  },
});
