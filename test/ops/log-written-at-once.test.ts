/**
 * The general logger's lines (start, errors, outages, the drain) are on stdout when the call that logs them returns:
 * never waiting in a buffer or the thread pool, so they keep their order whatever ends the process, and a process
 * killed outright has written every line it logged. (The request lines are batched; request-log-flush.ci.test.ts
 * shows they are written out on every exit.)
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync, closeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const LOGGER = resolve(import.meta.dirname, '../../src/observability/logger.ts');

/** Runs `body` in a new Node process with `createLogger` in scope and stdout to a file; the file's JSON lines. */
function linesOf(body: string): { msg: string; level: string }[] {
  const path = join(mkdtempSync(join(tmpdir(), 'log-at-once-')), 'stdout');
  const out = openSync(path, 'w');
  const script = `import { createLogger } from ${JSON.stringify(LOGGER)};\n${body}`;
  const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    stdio: ['ignore', out, 'pipe'],
    timeout: 30_000,
  });
  closeSync(out);
  expect(run.signal).toBe('SIGKILL');
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { msg: string; level: string });
}

describe('the general log', () => {
  it('has written each line when the call returns: all of them, in order, though the process is killed at once', () => {
    const lines = linesOf(`
      const logger = createLogger('info');
      for (let i = 0; i < 50; i++) logger.info({ n: i }, 'line ' + i);
      logger.warn({ in_flight: 1 }, 'drain: cutting');
      logger.info({ cut: true }, 'drained (requests cut at the timeout); exiting');
      process.kill(process.pid, 'SIGKILL');
    `);
    expect(lines.map((line) => line.msg)).toEqual([
      ...Array.from({ length: 50 }, (_, i) => `line ${i}`),
      'drain: cutting',
      'drained (requests cut at the timeout); exiting',
    ]);
    expect(lines.at(-2)?.level).toBe('warn');
  });
});
