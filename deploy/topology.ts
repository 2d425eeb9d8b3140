/**
 * The multi-instance topology on one machine: N identical service processes on loopback ports, sharing one
 * PostgreSQL (DATABASE_URL) and one Redis (REDIS_URL), behind HAProxy with deploy/haproxy.cfg. Used by the
 * topology tests, the benchmarks and CI, and by an operator trying it out (`npm run topology`); a real deployment
 * runs the same configuration on several machines.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { SERVICE_ENTRY } from '../scripts/build-if-stale.mjs';

const ROOT = resolve(import.meta.dirname, '..');
export const HAPROXY_CONFIG = resolve(ROOT, 'deploy/haproxy.cfg');
/** deploy/haproxy.cfg names three servers. */
export const INSTANCE_COUNT = 3;

export interface TopologyOptions {
  /** postgres://… shared by every instance. */
  databaseUrl: string;
  /** redis://… shared by every instance. */
  redisUrl: string;
  /** Extra environment for every instance (rate limits, demo player, …). */
  env?: Record<string, string>;
  /** `source` runs src/main.ts through tsx (no build needed); `built` runs the service's bundle (`npm run build`). */
  code?: 'source' | 'built';
  /** The load balancer's port (a free one by default). */
  port?: number;
  haproxy?: string;
  /** Copy every instance's output to this process's stdout, each line prefixed with the instance's name. */
  echo?: boolean;
}

export interface Instance {
  /** HAProxy's name for it (i1, i2, i3): the X-Served-By response header. */
  readonly name: string;
  readonly port: number;
  readonly url: string;
  /** The recent output (the last 256 K characters or more). */
  output(): string;
  /** Whether its process is running. */
  running(): boolean;
  /** Sends a signal (SIGTERM drains; SIGKILL is a crash) and waits until the process has exited; its exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
  /** Starts it again on the same port, and waits until it listens. */
  start(): Promise<void>;
}

export interface Topology {
  /** The public URL: HAProxy. Every instance's BASE_URL. */
  readonly baseUrl: string;
  readonly instances: readonly Instance[];
  haproxyOutput(): string;
  /** Waits until HAProxy's checks see exactly these instances up (by name). */
  waitUntilServing(names?: readonly string[], timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

/**
 * A free loopback port kept by a listener until `release`. The balancer's port is chosen before the instances start,
 * seconds before HAProxy binds it; a port merely found free was once taken in between (HAProxy: "Address already in
 * use", in CI), so it is held until HAProxy is about to bind it.
 */
async function heldPort(): Promise<{ port: number; release: () => Promise<void> }> {
  const server = createServer();
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => done());
  });
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : 0,
    release: () => new Promise((done) => server.close(() => done())),
  };
}

/** A loopback port free a moment ago (the instances' own ports, which they bind at once). */
export async function freePort(): Promise<number> {
  const held = await heldPort();
  await held.release();
  return held.port;
}

export function haproxyAvailable(binary = process.env.HAPROXY ?? 'haproxy'): boolean {
  return spawnSync(binary, ['-v'], { encoding: 'utf8' }).status === 0;
}

function waitForOutput(
  child: ChildProcess,
  output: () => string,
  text: string,
  what: string,
  timeoutMs = 90_000,
): Promise<void> {
  return new Promise((ready, fail) => {
    if (output().includes(text)) return ready();
    const timer = setTimeout(
      () => done(new Error(`${what} did not start within ${timeoutMs} ms:\n${output()}`)),
      timeoutMs,
    );
    const onData = () => {
      if (output().includes(text)) done();
    };
    const onClose = (code: number | null) => done(new Error(`${what} exited with ${code}:\n${output()}`));
    function done(error?: Error) {
      clearTimeout(timer);
      child.stdout?.off('data', onData);
      child.off('close', onClose);
      if (error) fail(error);
      else ready();
    }
    child.stdout?.on('data', onData);
    child.once('close', onClose);
  });
}

function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((done) => child.once('exit', (code) => done(code)));
}

/** Characters of each instance's output kept for `output()` and error messages: the last 256 K or more. */
const OUTPUT_KEPT = 256_000;

function startInstance(name: string, port: number, baseUrl: string, options: TopologyOptions): Instance {
  let child: ChildProcess | undefined;
  let output = '';
  const args =
    options.code === 'built' ? [resolve(ROOT, SERVICE_ENTRY)] : ['--import', 'tsx', resolve(ROOT, 'src/main.ts')];
  const launch = async () => {
    output += `--- ${name} starting on port ${port}\n`;
    child = spawn(process.execPath, args, {
      cwd: ROOT,
      env: {
        ...process.env,
        HOST: '127.0.0.1',
        PORT: String(port),
        BASE_URL: baseUrl,
        DATABASE_URL: options.databaseUrl,
        REDIS_URL: options.redisUrl,
        // HAProxy connects from loopback and adds X-Forwarded-For: the limits count the client, not the balancer.
        TRUSTED_PROXIES: '127.0.0.1',
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const collect = (d: Buffer) => {
      output += d.toString();
      // Only the recent output is kept (a JSON line per request would grow without bound under a load test).
      if (output.length > OUTPUT_KEPT * 2) output = output.slice(-OUTPUT_KEPT);
      if (options.echo) process.stdout.write(d.toString().replace(/^(?=.)/gm, `${name} | `));
    };
    child.stdout!.on('data', collect);
    child.stderr!.on('data', collect);
    // The JSON log's line (stdout) once the store is open and migrated and the keys are loaded.
    await waitForOutput(child, () => output, 'account endpoint ready', `instance ${name}`);
  };
  const instance: Instance = {
    name,
    port,
    url: `http://127.0.0.1:${port}`,
    output: () => output,
    running: () => child !== undefined && child.exitCode === null && child.signalCode === null,
    async stop(signal = 'SIGTERM') {
      if (!child || !instance.running()) return child?.exitCode ?? null;
      const done = exited(child);
      child.kill(signal);
      return done;
    },
    start: launch,
  };
  return instance;
}

/** Starts the instances one after another's first second (migrations race safely anyway), then HAProxy. */
export async function startTopology(options: TopologyOptions): Promise<Topology> {
  if (options.code === 'built' && !existsSync(resolve(ROOT, SERVICE_ENTRY)))
    throw new Error(`${SERVICE_ENTRY} is missing: run \`npm run build\` first`);
  const held = options.port === undefined ? await heldPort() : undefined;
  const port = options.port ?? held!.port;
  const baseUrl = `http://127.0.0.1:${port}`;
  const ports = await Promise.all(Array.from({ length: INSTANCE_COUNT }, () => freePort()));
  const instances = ports.map((p, i) => startInstance(`i${i + 1}`, p, baseUrl, options));
  const stopAll = async () => {
    await Promise.all(instances.map((instance) => instance.stop('SIGTERM')));
  };
  try {
    // Together, as a real rollout would: the migration lock and the keys' creation must cope with it.
    await Promise.all(instances.map((instance) => instance.start()));
  } catch (error) {
    await held?.release();
    await stopAll();
    throw error;
  }

  await held?.release();
  let haproxyLog = '';
  const haproxy = spawn(options.haproxy ?? process.env.HAPROXY ?? 'haproxy', ['-db', '-f', HAPROXY_CONFIG], {
    env: {
      ...process.env,
      LB_BIND: `127.0.0.1:${port}`,
      PUBLIC_HOST: new URL(baseUrl).host,
      ...Object.fromEntries(instances.map((instance, i) => [`INSTANCE_${i + 1}`, `127.0.0.1:${instance.port}`])),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  haproxy.stdout.on('data', (d: Buffer) => (haproxyLog += d.toString()));
  haproxy.stderr.on('data', (d: Buffer) => (haproxyLog += d.toString()));

  const topology: Topology = {
    baseUrl,
    instances,
    haproxyOutput: () => haproxyLog,
    async waitUntilServing(names = instances.map((instance) => instance.name), timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      const wanted = [...names].sort().join(',');
      let seen = '';
      while (Date.now() < deadline) {
        if (haproxy.exitCode !== null) throw new Error(`haproxy exited with ${haproxy.exitCode}:\n${haproxyLog}`);
        seen = [...(await servedBy(baseUrl, instances.length * 3))].sort().join(',');
        if (seen === wanted) return;
        await new Promise((r) => setTimeout(r, 200));
      }
      throw new Error(
        `HAProxy did not serve exactly [${wanted}] within ${timeoutMs} ms (last seen [${seen}]):\n${haproxyLog}`,
      );
    },
    async stop() {
      const done = exited(haproxy);
      haproxy.kill('SIGTERM');
      await done;
      await stopAll();
    },
  };
  try {
    await topology.waitUntilServing();
  } catch (error) {
    await topology.stop();
    throw error;
  }
  return topology;
}

/** The instances that answered `count` requests for /health through the balancer. */
async function servedBy(baseUrl: string, count: number): Promise<Set<string>> {
  const names = new Set<string>();
  for (let i = 0; i < count; i++) {
    const response = await fetch(`${baseUrl}/health`, { signal: AbortSignal.timeout(2_000) }).catch(() => undefined);
    const name = response?.ok ? response.headers.get('x-served-by') : null;
    await response?.body?.cancel();
    if (name) names.add(name);
  }
  return names;
}
