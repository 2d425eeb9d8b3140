/** Starting and measuring the processes under test: the service (built) and the two anchors. */
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { BENCH_BODIES } from './bodies.js';

export const ROOT = resolve(import.meta.dirname, '..');

export const MCP_HEADERS = {
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
  'mcp-protocol-version': '2025-11-25',
} as const;

/** The demo player a benchmark's fresh store is seeded with; the account scenarios sign in as it. */
export const BENCH_DEMO = { email: 'bench@kingshot.example', password: 'bench-password-1' } as const;

/**
 * The default configuration as the benchmarks set the service for it: the demo player seeded, the request log at
 * info, metrics on, and the limiter on at a limit no run reaches (every request counted, none refused).
 */
export const BENCH_SERVICE_ENV = {
  DEMO_EMAIL: BENCH_DEMO.email,
  DEMO_PASSWORD: BENCH_DEMO.password,
  AUTH_RATE_LIMIT_PER_MINUTE: '0',
  RATE_LIMIT_PER_MINUTE: '1000000000',
};

export interface Running {
  name: string;
  baseUrl: string;
  process: ChildProcess;
  /** Milliseconds from spawn() to the first successful MCP response. */
  startToFirstResponseMs: number;
  stop(): Promise<void>;
}

async function firstResponse(
  url: string,
  child: ChildProcess,
  started: number,
  output: () => string,
  withinMs: number,
): Promise<number> {
  const deadline = started + withinMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`process exited with ${child.exitCode}:\n${output()}`);
    try {
      const res = await fetch(url, { method: 'POST', headers: MCP_HEADERS, body: BENCH_BODIES.initialize });
      if (res.status === 200) {
        await res.arrayBuffer();
        return performance.now() - started;
      }
    } catch {
      // not listening yet
    }
    if (performance.now() > deadline)
      throw new Error(`no response from ${url} within ${withinMs / 1000} s:\n${output()}`);
    await new Promise((r) => setTimeout(r, 2));
  }
}

/** The last `bytes` of a file (a process's output, for an error message). */
function tail(path: string, bytes = 4_000): string {
  const text = readFileSync(path, 'utf8');
  return text.length > bytes ? `…${text.slice(-bytes)}` : text;
}

/** How a process under test is started: Node run by another program (valgrind), and how long it may take to answer. */
export interface Launch {
  /** The program and its arguments that run Node (Node's own path and arguments follow them). */
  wrapper?: string[];
  /** How long the first answer may take (default 30 s). */
  firstResponseWithinMs?: number;
}

export async function startProcess(
  name: string,
  args: string[],
  port: number,
  env: Record<string, string> = {},
  cwd = ROOT,
  launch: Launch = {},
): Promise<Running> {
  // The process writes its output (the service: a JSON line per request) to a file, as under an operator's log
  // collector, not to a pipe: read by this process, whose event loop also runs autocannon, a pipe would slow the
  // load generator down for the service only (the anchors log nothing).
  const logFile = join(mkdtempSync(join(tmpdir(), `kingshot-bench-${name}-`)), 'output.log');
  const log = openSync(logFile, 'w');
  const started = performance.now();
  const [program, ...programArgs] = [...(launch.wrapper ?? []), process.execPath, ...args];
  const child = spawn(program!, programArgs, {
    cwd,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      BASE_URL: `http://127.0.0.1:${port}`,
      ...env,
    },
    stdio: ['ignore', log, log],
  });
  closeSync(log);
  const baseUrl = `http://127.0.0.1:${port}`;
  const startToFirstResponseMs = await firstResponse(
    `${baseUrl}/mcp`,
    child,
    started,
    () => tail(logFile),
    launch.firstResponseWithinMs ?? 30_000,
  );
  return {
    name,
    baseUrl,
    process: child,
    startToFirstResponseMs,
    stop: () =>
      new Promise((done) => {
        if (child.exitCode !== null) return done();
        child.once('exit', () => done());
        child.kill('SIGTERM');
      }),
  };
}

/**
 * The Node flags and the file `npm start` runs (`root`'s package.json), so the benchmark measures what operators run,
 * and a build compared with `--service-root` runs as its own start script says (an older one: dist/src/main.js).
 */
export function startCommand(root = ROOT): { flags: string[]; entry: string } {
  const start = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: { start: string } }).scripts
    .start;
  const match = /node((?: --\S+)*) (dist\/\S+\.js)/.exec(start);
  if (!match) throw new Error(`cannot read the node command from the start script: ${start}`);
  return { flags: match[1]!.trim().split(/\s+/).filter(Boolean), entry: match[2]! };
}

/** The built service with its rate limit lifted and a fresh data directory (`root`: another checkout's build, to compare). */
export function startService(
  port: number,
  env: Record<string, string> = {},
  root = ROOT,
  nodeFlags?: string[],
  launch: Launch = {},
): Promise<Running> {
  const dataDir = mkdtempSync(join(tmpdir(), 'kingshot-bench-'));
  const { flags, entry } = startCommand(root);
  return startProcess(
    'service',
    [...(nodeFlags ?? flags), entry],
    port,
    { RATE_LIMIT_PER_MINUTE: '0', DATA_DIR: dataDir, ...env },
    root,
    launch,
  );
}

export function startAnchor(name: 'bare-hono' | 'sdk-stateless', port: number, launch: Launch = {}): Promise<Running> {
  return startProcess(name, ['--import', 'tsx', `bench/anchors/${name}.ts`], port, {}, ROOT, launch);
}

/** Resident set size of a process in MB (Linux /proc). */
export function rssMb(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** A throw-away redis-server on `port` (nothing kept on disk), for the shared-limit scenarios. */
export async function startRedis(port: number): Promise<{ url: string; stop: () => Promise<void> }> {
  const child = spawn(
    'redis-server',
    [
      '--port',
      String(port),
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
  const deadline = performance.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`redis-server exited with ${child.exitCode} (is it installed? apt-get install -y redis-server)`);
    const up = await new Promise<boolean>((done) => {
      const socket = connect(port, '127.0.0.1', () => socket.write('PING\r\n'));
      socket.once('data', (d: Buffer) => {
        socket.destroy();
        done(d.toString().startsWith('+PONG'));
      });
      socket.once('error', () => done(false));
    });
    if (up) break;
    if (performance.now() > deadline) throw new Error(`redis-server did not answer on port ${port}`);
    await new Promise((r) => setTimeout(r, 20));
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    stop: () =>
      new Promise((done) => {
        if (child.exitCode !== null) return done();
        child.once('exit', () => done());
        child.kill('SIGTERM');
      }),
  };
}
