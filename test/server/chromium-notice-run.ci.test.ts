/**
 * A whole vitest run without Chromium ends with the notice (test/support/chromium-notice.ts). CI-only: it starts a
 * vitest of its own; chromium-notice.test.ts checks how the notice is counted and worded.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const REPO = join(import.meta.dirname, '../..');

describe('a run without Chromium', () => {
  it('ends with the notice: vitest with CHROMIUM_PATH pointing at nothing, on the sign-in browser tests', () => {
    const env: Record<string, string | undefined> = {
      ...process.env,
      CHROMIUM_PATH: '/nonexistent/chromium',
      FORCE_COLOR: '0',
      NO_COLOR: '1',
    };
    // The run is a fresh vitest of its own, not a worker of this one; and without CI, which makes a missing Chromium fail.
    for (const name of Object.keys(env)) if (name === 'CI' || name.startsWith('VITEST')) delete env[name];
    const run = spawnSync(
      process.execPath,
      [join(REPO, 'node_modules/vitest/vitest.mjs'), 'run', 'test/auth/sign-in-chromium.test.ts'],
      { cwd: REPO, env, encoding: 'utf8', timeout: 120_000 },
    );
    expect(run.status, run.stderr).toBe(0);
    const bar = '!'.repeat(78);
    expect(run.stdout).toContain(
      [
        bar,
        '!! 2 BROWSER TESTS WERE SKIPPED: /nonexistent/chromium is missing, so these were not tested:',
        '!!    2 in test/auth/sign-in-chromium.test.ts: sign-in and consent in Chromium',
        '!! Install it (Debian/Ubuntu), then run npm test again:',
      ].join('\n'),
    );
  });
});
