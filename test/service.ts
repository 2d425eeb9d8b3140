/** Starts the real service (src/main.ts under Node, through tsx) on a free loopback port, for end-to-end tests. */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from '../deploy/topology.js';

/** Free loopback ports come from the topology launcher, which needs them too. */
export { freePort };

export interface RunningService {
  baseUrl: string;
  port: number;
  process: ChildProcess;
  /** stdout and stderr together, as they arrived. */
  output: () => string;
  /** Each stream alone: stdout is the JSON log, stderr the start-up banner. */
  stdout: () => string;
  stderr: () => string;
  stop: () => Promise<void>;
}

export async function startService(env: Record<string, string> = {}, port?: number): Promise<RunningService> {
  const chosen = port ?? (await freePort());
  const root = resolve(import.meta.dirname, '..');
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: root,
    // BASE_URL explicitly: vitest itself exports BASE_URL=/ (Vite's base path) into the environment.
    // A fresh DATA_DIR: tests never write into the checkout's ./var.
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(chosen),
      BASE_URL: `http://127.0.0.1:${chosen}`,
      RATE_LIMIT_PER_MINUTE: '0',
      // The website's per-address budget off too: page tests walk every page from one address.
      SITE_RATE_LIMIT_PER_MINUTE: '0',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'kingshot-e2e-')),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => {
    output += d.toString();
    stdout += d.toString();
  });
  child.stderr.on('data', (d: Buffer) => {
    output += d.toString();
    stderr += d.toString();
  });
  await new Promise<void>((ready, fail) => {
    const timer = setTimeout(() => fail(new Error(`service did not start:\n${output}`)), 30_000);
    // The banner's first line is on stderr, the JSON log's `listening on` line on stdout: either will do.
    const onData = () => {
      if (output.includes('listening on')) {
        clearTimeout(timer);
        ready();
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    // 'close' (not 'exit'): it fires after the output streams are drained, so the failure shows why.
    child.once('close', (code) => {
      clearTimeout(timer);
      fail(new Error(`service exited with ${code}:\n${output}`));
    });
  });
  return {
    baseUrl: `http://127.0.0.1:${chosen}`,
    port: chosen,
    process: child,
    output: () => output,
    stdout: () => stdout,
    stderr: () => stderr,
    stop: () =>
      new Promise((done) => {
        if (child.exitCode !== null) return done();
        child.once('exit', () => done());
        child.kill('SIGTERM');
      }),
  };
}
