/**
 * A throw-away redis-server for tests: its own process on a free loopback port, nothing kept on disk, stopped and
 * started again by the fault tests (the machine's shared Redis on 6379 is never touched). Where redis-server is not
 * installed the Redis tests skip with one line saying how to run them; in CI (CI=true) they fail instead.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import { inject } from 'vitest';
import { freePort } from './service.js';

const BINARY = process.env.REDIS_SERVER ?? 'redis-server';

/** Whether redis-server is installed (test/global-setup.ts looked once, said why not, and fails CI without it). */
export function redisAvailable(): boolean {
  return inject('services').redisServer;
}

/** A key prefix no other test run uses. */
export function randomPrefix(): string {
  return `ks-test-${randomBytes(6).toString('hex')}:`;
}

/** Polls `condition` until it holds (a connection shared, an outage noticed), failing after `timeoutMs`. */
export async function until(condition: () => boolean, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

export interface TestRedis {
  port: number;
  url: string;
  /** Stops the server (SIGTERM) and waits until it has exited. */
  stop(): Promise<void>;
  /** Starts it again on the same port (empty: nothing is kept on disk). */
  start(): Promise<void>;
  /** Pauses it (SIGSTOP): connections stay open, nothing answers. */
  pause(): void;
  resume(): void;
}

function answersPing(port: number): Promise<boolean> {
  return new Promise((done) => {
    const socket = connect(port, '127.0.0.1', () => socket.write('PING\r\n'));
    socket.once('data', (d: Buffer) => {
      socket.destroy();
      done(d.toString().startsWith('+PONG'));
    });
    socket.once('error', () => done(false));
  });
}

/** A redis-server on `port` (a free one by default). */
export async function startRedis(port?: number): Promise<TestRedis> {
  const chosen = port ?? (await freePort());
  let child: ChildProcess | undefined;
  const start = async () => {
    child = spawn(
      BINARY,
      [
        '--port',
        String(chosen),
        '--bind',
        '127.0.0.1',
        '--save',
        '',
        '--appendonly',
        'no',
        '--daemonize',
        'no',
        '--loglevel',
        'warning',
      ],
      { stdio: 'ignore' },
    );
    const deadline = Date.now() + 10_000;
    while (!(await answersPing(chosen))) {
      if (Date.now() > deadline) throw new Error(`redis-server did not answer on port ${chosen}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  await start();
  return {
    port: chosen,
    url: `redis://127.0.0.1:${chosen}`,
    start,
    stop: () =>
      new Promise<void>((done) => {
        const running = child;
        if (!running || running.exitCode !== null || running.signalCode !== null) return done();
        running.once('exit', () => done());
        running.kill('SIGCONT');
        running.kill('SIGTERM');
      }),
    pause: () => child?.kill('SIGSTOP'),
    resume: () => child?.kill('SIGCONT'),
  };
}
