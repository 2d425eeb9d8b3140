/**
 * `npm run bench:limits`: what the rate limits cost, on the built service.
 *
 * 1. A flood of 1 MiB bodies from a client already over its limit, while another client measures its latency: the
 *    other client's p50 flooded vs quiet (target: at most 2x). Both come through a trusted proxy address (loopback)
 *    with X-Forwarded-For: the flooding one as one address that used its 60 before the flood starts, the measuring
 *    one from a different address each request (65,536 of them, so it never reaches 60 a minute on any; that also
 *    works on builds without RATE_LIMIT_NETWORKS, for a before/after comparison with --service-root).
 * 2. /mcp tools/call governor_gear_cost with the limits in Redis (a throw-away redis-server) vs the same service
 *    with in-process limits, both at a limit high enough never to refuse, rounds alternating (target: Redis at
 *    least 0.8x).
 *
 * 3. One address at its allowance with the costliest refused requests (issue 22 item 1): tools/call with ~1 MiB
 *    of unknown argument names at 60 a minute and calculator pages with ~16 KB of unknown query names at the site's
 *    300 a minute, paced evenly, while the measuring client measures as in 1 (target: its p50 at most 2x quiet).
 *
 * 4. The limiter's own cost: the service with the limiter off against on, rounds alternating, under two kinds of
 *    traffic: one client at RATE_LIMIT_PER_MINUTE=1000000, and 65,536 clients behind a trusted proxy at 60 (each
 *    request from the next X-Forwarded-For address, about ten a minute each at this speed, so none is refused). Each
 *    "on" is measured against "off" under the same traffic (target: at least 0.95x in req/s), with the service's
 *    CPU per request beside it.
 *
 * Options: --duration <s> (per measured run, default 10), --rounds <n> (default 3), --connections <n> (default 32),
 * --only flood|redis|allowance|limiter, --service-root <dir> (start the build in another checkout, e.g. an older commit's). --flood-nice <n> (run the flood generator at that nice level).
 */
import { spawn } from 'node:child_process';
import { Agent, request } from 'node:http';
import { cpus, loadavg, totalmem } from 'node:os';
import { parseArgs } from 'node:util';
import { GEAR_CALL_BODY } from './bodies.js';
import { cpuSeconds } from './cpu-time.js';
import { load } from './load.js';
import { MCP_HEADERS, ROOT, startRedis, startService, type Running } from './processes.js';
import { median } from './stats.js';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '3' },
    connections: { type: 'string', default: '32' },
    only: { type: 'string' },
    'service-root': { type: 'string' },
    // On one machine the flood's generator (1 MiB written per request) competes for the same cores as the service
    // and the measuring client; a real attacker's CPU is elsewhere. --flood-nice 19 runs it at the lowest priority.
    'flood-nice': { type: 'string' },
  },
});
const floodNice = values['flood-nice'];
const serviceRoot = values['service-root'] ?? ROOT;
const durationSeconds = Number(values.duration);
const rounds = Number(values.rounds);
const connections = Number(values.connections);

/** A source of client addresses, one of 65,536 in turn for each request (10.77.0.0/16). */
function addressesInTurn(): () => string {
  let next = 0;
  return () => {
    const n = next++ % 65_536;
    return `10.77.${n >> 8}.${n & 255}`;
  };
}
/** The measuring client's address for its next request. */
const measurerAddress = addressesInTurn();
const FLOODER = '203.0.113.66';

function percentile(xs: number[], p: number): number {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
}

/** One POST on a kept-alive connection; its status and milliseconds. */
function timedPost(agent: Agent, url: string, body: string, address: string): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  return new Promise((done, fail) => {
    const req = request(
      url,
      {
        method: 'POST',
        agent,
        headers: { ...MCP_HEADERS, 'x-forwarded-for': address, 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        res.resume();
        res.on('end', () => done({ status: res.statusCode ?? 0, ms: performance.now() - started }));
      },
    );
    req.on('error', fail);
    req.end(body);
  });
}

/** A client making `parallel` requests at a time for `seconds`: its latencies (ms) and non-200 answers. */
async function measure(
  url: string,
  seconds: number,
  parallel: number,
): Promise<{ latencies: number[]; failures: number }> {
  const agent = new Agent({ keepAlive: true, maxSockets: parallel });
  const latencies: number[] = [];
  let failures = 0;
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (performance.now() < until) {
        const { status, ms } = await timedPost(agent, url, GEAR_CALL_BODY, measurerAddress());
        if (status === 200) latencies.push(ms);
        else failures++;
      }
    }),
  );
  agent.destroy();
  return { latencies, failures };
}

function flood(url: string, seconds: number, floodConnections: number): Promise<string> {
  return new Promise((done, fail) => {
    const worker = [
      process.execPath,
      '--import',
      'tsx',
      'bench/flood-worker.ts',
      url,
      FLOODER,
      String(seconds),
      String(floodConnections),
    ];
    const command = floodNice ? ['nice', '-n', floodNice, ...worker] : worker;
    const child = spawn(command[0]!, command.slice(1), { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.once('exit', (code) => (code === 0 ? done(out.trim()) : fail(new Error(`flood worker exited with ${code}`))));
  });
}

async function floodScenario(lines: string[]): Promise<boolean> {
  const service = await startService(3610, { RATE_LIMIT_PER_MINUTE: '60', TRUSTED_PROXIES: '127.0.0.1' }, serviceRoot);
  try {
    const url = `${service.baseUrl}/mcp`;
    /** Uses up the flooding client's minute (again before each round: a round can outlast its window). */
    const exhaust = async () => {
      const agent = new Agent({ keepAlive: true });
      let status = 0;
      for (let i = 0; i < 200 && status !== 429; i++)
        status = (await timedPost(agent, url, GEAR_CALL_BODY, FLOODER)).status;
      agent.destroy();
      if (status !== 429) throw new Error(`the flooding client should be over its limit, got ${status}`);
    };
    await measure(url, 1, 4); // warm-up
    const quiet: number[] = [];
    const flooded: number[] = [];
    const floods: string[] = [];
    for (let round = 0; round < rounds; round++) {
      quiet.push(median((await measure(url, durationSeconds, 4)).latencies));
      await exhaust();
      const [during, report] = await Promise.all([
        measure(url, durationSeconds, 4),
        flood(url, durationSeconds + 1, 8),
      ]);
      flooded.push(median(during.latencies));
      floods.push(report);
      process.stdout.write(
        `  round ${round + 1}: measuring client p50 quiet ${quiet.at(-1)!.toFixed(2)} ms, flooded ${flooded.at(-1)!.toFixed(2)} ms (p99 ${percentile(during.latencies, 0.99).toFixed(1)} ms); flood ${report}\n`,
      );
    }
    const ratio = median(flooded) / median(quiet);
    lines.push(
      '### A limited client floods 1 MiB bodies',
      '',
      `The measuring client: 4 requests at a time (tools/call governor_gear_cost). The flood: 8 connections posting 1 MiB bodies as a client already over its limit. ${rounds} rounds x ${durationSeconds} s, quiet then flooded.`,
      '',
      '| Measuring client | p50 ms (median of rounds) |',
      '| --- | ---: |',
      `| quiet | ${median(quiet).toFixed(2)} |`,
      `| during the flood | ${median(flooded).toFixed(2)} |`,
      `| ratio (target at most 2x) | ${ratio.toFixed(2)}x |`,
      '',
      `What the flood saw, per round: ${floods.map((f) => `\`${f}\``).join(', ')}.`,
      '',
    );
    return ratio <= 2;
  } finally {
    await service.stop();
  }
}

/** Sends `send()` every `everyMs` until `until` (performance.now()), one at a time; the statuses seen. */
async function paced(send: () => Promise<number>, everyMs: number, until: number): Promise<Record<string, number>> {
  const statuses: Record<string, number> = {};
  for (let next = performance.now(); performance.now() < until; next += everyMs) {
    const wait = next - performance.now();
    if (wait > 0) await new Promise((tick) => setTimeout(tick, wait));
    const status = String(await send());
    statuses[status] = (statuses[status] ?? 0) + 1;
  }
  return statuses;
}

async function allowanceScenario(lines: string[]): Promise<boolean> {
  const service = await startService(3613, { RATE_LIMIT_PER_MINUTE: '60', TRUSTED_PROXIES: '127.0.0.1' }, serviceRoot);
  // ~1 MiB of short unknown names (~70,000): the costliest body before issue 22, the 10,000-name refusal after it.
  const names = Array.from({ length: 70_000 }, (_, i) => `"n${i}":${i}`).join(',');
  const costly = `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"governor_charm_cost","arguments":{"from":0,"to":22,${names}}}}`;
  const pageQuery = Array.from({ length: 1800 }, (_, i) => `q${i}=1`)
    .join('&')
    .slice(0, 16_000);
  const pageUrl = `${service.baseUrl}/calculators/governor-charm-cost?from=0&to=22&${pageQuery}`;
  const attacker = '203.0.113.77';
  try {
    const url = `${service.baseUrl}/mcp`;
    await measure(url, 1, 4); // warm-up
    const quiet: number[] = [];
    const loaded: number[] = [];
    const seen: string[] = [];
    for (let round = 0; round < rounds; round++) {
      quiet.push(median((await measure(url, durationSeconds, 4)).latencies));
      const agent = new Agent({ keepAlive: true, maxSockets: 2 });
      const until = performance.now() + durationSeconds * 1000;
      const [during, calls, pages] = await Promise.all([
        measure(url, durationSeconds, 4),
        paced(async () => (await timedPost(agent, url, costly, attacker)).status, 1000, until),
        paced(
          () =>
            new Promise<number>((done, fail) => {
              const req = request(pageUrl, { agent, headers: { 'x-forwarded-for': attacker } }, (res) => {
                res.resume();
                res.on('end', () => done(res.statusCode ?? 0));
              });
              req.on('error', fail);
              req.end();
            }),
          200,
          until,
        ),
      ]);
      agent.destroy();
      loaded.push(median(during.latencies));
      seen.push(`calls ${JSON.stringify(calls)} pages ${JSON.stringify(pages)}`);
      process.stdout.write(
        `  round ${round + 1}: measuring client p50 quiet ${quiet.at(-1)!.toFixed(2)} ms, beside the costly address ${loaded.at(-1)!.toFixed(2)} ms (p99 ${percentile(during.latencies, 0.99).toFixed(1)} ms); ${seen.at(-1)}\n`,
      );
    }
    const ratio = median(loaded) / median(quiet);
    lines.push(
      '### One address at its allowance with the costliest refused requests',
      '',
      `The measuring client as above. The costly address: tools/call with ~1 MiB of short unknown argument names (~70,000) once a second (60 a minute) and a calculator page with ~16 KB of unknown query names every 200 ms (300 a minute). ${rounds} rounds x ${durationSeconds} s, quiet then beside it.`,
      '',
      '| Measuring client | p50 ms (median of rounds) |',
      '| --- | ---: |',
      `| quiet | ${median(quiet).toFixed(2)} |`,
      `| beside the costly address | ${median(loaded).toFixed(2)} |`,
      `| ratio (target at most 2x) | ${ratio.toFixed(2)}x |`,
      '',
      `What the costly address got (statuses), per round: ${seen.map((f) => `\`${f}\``).join(', ')}.`,
      '',
    );
    return ratio <= 2;
  } finally {
    await service.stop();
  }
}

async function redisScenario(lines: string[]): Promise<boolean> {
  const redis = await startRedis(3619);
  const limit = { RATE_LIMIT_PER_MINUTE: '1000000000' };
  const targets: Record<string, Running> = {
    'in-process limits': await startService(3611, limit, serviceRoot),
    'Redis limits': await startService(
      3612,
      { ...limit, REDIS_URL: redis.url, RATE_LIMIT_PREFIX: `bench-${process.pid}:` },
      serviceRoot,
    ),
  };
  try {
    const names = Object.keys(targets);
    const runs: Record<string, { rps: number[]; p50: number[]; p99: number[] }> = Object.fromEntries(
      names.map((n) => [n, { rps: [], p50: [], p99: [] }]),
    );
    for (let round = 0; round < rounds; round++) {
      for (const name of round % 2 === 0 ? names : [...names].reverse()) {
        const req = { url: `${targets[name]!.baseUrl}/mcp`, body: GEAR_CALL_BODY, headers: { ...MCP_HEADERS } };
        await load(req, { connections, durationSeconds: 1 });
        const result = await load(req, { connections, durationSeconds });
        if (result.failures > 0) throw new Error(`${name}: ${result.failures} failed responses`);
        runs[name]!.rps.push(result.requestsPerSecond);
        runs[name]!.p50.push(result.p50Ms);
        runs[name]!.p99.push(result.p99Ms);
        process.stdout.write(
          `  round ${round + 1} ${name.padEnd(18)} ${result.requestsPerSecond.toFixed(0).padStart(7)} req/s  p50 ${result.p50Ms} ms  p99 ${result.p99Ms} ms\n`,
        );
      }
    }
    const rps = (name: string) => median(runs[name]!.rps);
    const ratio = rps('Redis limits') / rps('in-process limits');
    lines.push(
      '### /mcp with the limits in Redis',
      '',
      `tools/call governor_gear_cost, ${connections} connections, RATE_LIMIT_PER_MINUTE=1000000000 (never refuses), ${rounds} rounds x ${durationSeconds} s alternating; Redis 7 on loopback, on the same two cores.`,
      '',
      '| Limits | req/s | p50 ms | p99 ms |',
      '| --- | ---: | ---: | ---: |',
      ...names.map((n) => `| ${n} | ${rps(n).toFixed(0)} | ${median(runs[n]!.p50)} | ${Math.max(...runs[n]!.p99)} |`),
      `| ratio Redis / in-process (target at least 0.8x) | ${ratio.toFixed(2)}x | | |`,
      '',
    );
    return ratio >= 0.8;
  } finally {
    await Promise.all(Object.values(targets).map((t) => t.stop()));
    await redis.stop();
  }
}

interface LimiterTarget {
  name: string;
  env: Record<string, string>;
  /** Many clients through the trusted proxy, or undefined for one client. */
  forwardedFor?: () => string;
}

/** On against off, each pair under the same traffic; a check per pair. */
async function limiterScenario(lines: string[]): Promise<[string, boolean][]> {
  const proxied = { TRUSTED_PROXIES: '127.0.0.1' };
  const manyClients = addressesInTurn();
  const pairs: { off: LimiterTarget; on: LimiterTarget }[] = [
    {
      off: { name: 'off, one client', env: { RATE_LIMIT_PER_MINUTE: '0' } },
      on: { name: 'at 1,000,000/min, one client', env: { RATE_LIMIT_PER_MINUTE: '1000000' } },
    },
    {
      off: { name: 'off, 65,536 clients', env: { RATE_LIMIT_PER_MINUTE: '0', ...proxied }, forwardedFor: manyClients },
      on: {
        name: 'at 60/min, 65,536 clients',
        env: { RATE_LIMIT_PER_MINUTE: '60', ...proxied },
        forwardedFor: manyClients,
      },
    },
  ];
  const targets = pairs.flatMap((pair) => [pair.off, pair.on]);
  const running = new Map<LimiterTarget, Running>();
  try {
    for (const [index, target] of targets.entries())
      running.set(target, await startService(3614 + index, target.env, serviceRoot));
    const runs = new Map(targets.map((t) => [t, { rps: [] as number[], cpu: [] as number[], p99: [] as number[] }]));
    for (let round = 0; round < rounds; round++) {
      for (const target of round % 2 === 0 ? targets : [...targets].reverse()) {
        const service = running.get(target)!;
        const req = { url: `${service.baseUrl}/mcp`, body: GEAR_CALL_BODY, headers: { ...MCP_HEADERS } };
        const options = { connections, forwardedFor: target.forwardedFor };
        await load(req, { ...options, durationSeconds: 1 });
        const cpuBefore = cpuSeconds(service.process.pid!);
        const result = await load(req, { ...options, durationSeconds });
        const cpuMicros = ((cpuSeconds(service.process.pid!) - cpuBefore) * 1e6) / result.requests;
        // Any refusal or error fails the run: the limits are set so that none of this traffic reaches them.
        if (result.failures > 0) throw new Error(`${target.name}: ${result.failures} failed responses`);
        const run = runs.get(target)!;
        run.rps.push(result.requestsPerSecond);
        run.cpu.push(cpuMicros);
        run.p99.push(result.p99Ms);
        process.stdout.write(
          `  round ${round + 1} ${target.name.padEnd(30)} ${result.requestsPerSecond.toFixed(0).padStart(7)} req/s  ${cpuMicros.toFixed(1)} µs CPU per request  p99 ${result.p99Ms} ms\n`,
        );
      }
    }
    const rps = (t: LimiterTarget) => median(runs.get(t)!.rps);
    const cpu = (t: LimiterTarget) => median(runs.get(t)!.cpu);
    lines.push(
      "### The limiter's own cost",
      '',
      `tools/call governor_gear_cost, ${connections} connections, ${rounds} rounds x ${durationSeconds} s, the four services in alternating order. One client: no X-Forwarded-For. 65,536 clients: TRUSTED_PROXIES=127.0.0.1 and each request from the next address of 10.77.0.0/16 (autocannon builds each request anew, so compare those two rows with each other only). No request was refused.`,
      '',
      '| Limiter | req/s | µs CPU per request | p99 ms | on / off, req/s (target at least 0.95x) | off / on, CPU |',
      '| --- | ---: | ---: | ---: | ---: | ---: |',
      ...pairs.flatMap(({ off, on }) =>
        [off, on].map(
          (t) =>
            `| ${t.name} | ${rps(t).toFixed(0)} | ${cpu(t).toFixed(1)} | ${Math.max(...runs.get(t)!.p99)} | ${t === on ? `${(rps(on) / rps(off)).toFixed(3)}x` : ''} | ${t === on ? `${(cpu(off) / cpu(on)).toFixed(3)}x` : ''} |`,
        ),
      ),
      '',
    );
    return pairs.map(({ off, on }) => [`the limiter on (${on.name}): at least 0.95x off`, rps(on) / rps(off) >= 0.95]);
  } finally {
    await Promise.all([...running.values()].map((service) => service.stop()));
  }
}

async function main(): Promise<void> {
  const machine = `${cpus().length} x ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} at start`;
  process.stdout.write(`machine: ${machine}\n`);
  const lines = [`Machine: ${machine}.`, ''];
  const checks: [string, boolean][] = [];
  if (!values.only || values.only === 'flood')
    checks.push(["flood of 1 MiB bodies: other client's p50 at most 2x quiet", await floodScenario(lines)]);
  if (!values.only || values.only === 'allowance')
    checks.push([
      "one address at its allowance, costliest requests: other client's p50 at most 2x quiet",
      await allowanceScenario(lines),
    ]);
  if (!values.only || values.only === 'redis')
    checks.push(['/mcp with Redis limits at least 0.8x in-process', await redisScenario(lines)]);
  if (!values.only || values.only === 'limiter') checks.push(...(await limiterScenario(lines)));
  lines.push(
    '| Target | Met |',
    '| --- | --- |',
    ...checks.map(([name, met]) => `| ${name} | ${met ? 'yes' : '**no**'} |`),
  );
  process.stdout.write(`\n${lines.join('\n')}\n`);
  if (checks.some(([, met]) => !met)) process.exitCode = 1;
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
