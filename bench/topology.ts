/**
 * `npm run bench:topology` (and the second half of `npm run bench`): the multi-instance topology against the
 * embedded default, measured side by side in one run, rounds alternating (A B A B …) so drift on a shared machine
 * cancels out.
 *
 * - embedded: one built instance, SQLite under a fresh DATA_DIR, limits in-process.
 * - topology: three built instances on one fresh PostgreSQL database and one throw-away redis-server, limits in
 *   Redis, behind HAProxy with deploy/haproxy.cfg (deploy/topology.ts).
 * Both at RATE_LIMIT_PER_MINUTE=1000000000, so every request is counted and none is refused. Scenarios: /mcp
 * tools/call governor_gear_cost, and /mcp/account tools/call get_my_goals (the store on every request).
 *
 * On one machine the three instances, HAProxy, PostgreSQL and Redis share the same cores as the single embedded
 * instance, so the ratio is the cost of the shared components and the extra hop, not the capacity of three
 * machines. Options: --duration <s> (default 10), --rounds <n> (default 3), --connections <n> (default 32).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { haproxyAvailable, startTopology, type Topology } from '../deploy/topology.js';
import { GEAR_CALL_BODY } from './bodies.js';
import { load, type LoadRequest, type LoadResult } from './load.js';
import {
  BENCH_DEMO,
  BENCH_SERVICE_ENV,
  MCP_HEADERS,
  ROOT,
  startRedis,
  startService,
  type Running,
} from './processes.js';
import { accessToken } from './token.js';
import { median } from './stats.js';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '3' },
    connections: { type: 'string', default: '32' },
  },
});
const durationSeconds = Number(values.duration);
const rounds = Number(values.rounds);
const connections = Number(values.connections);

const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ENV = { ...BENCH_SERVICE_ENV, NODE_ENV: 'production' };
const GOALS = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'tools/call',
  params: { name: 'get_my_goals', arguments: {} },
});

type TargetName = 'embedded' | 'topology';
interface Scenario {
  name: string;
  request(baseUrl: string): Promise<LoadRequest>;
  check(result: any): boolean;
}

const SCENARIOS: Scenario[] = [
  {
    name: '/mcp tools/call governor_gear_cost',
    request: async (baseUrl) => ({ url: `${baseUrl}/mcp`, body: GEAR_CALL_BODY, headers: { ...MCP_HEADERS } }),
    check: (r) => r?.structuredContent?.totals?.satin === 786000,
  },
  {
    name: '/mcp/account tools/call get_my_goals',
    request: async (baseUrl) => ({
      url: `${baseUrl}/mcp/account`,
      body: GOALS,
      headers: { ...MCP_HEADERS, authorization: `Bearer ${await accessToken(baseUrl, BENCH_DEMO)}` },
    }),
    check: (r) => Array.isArray(r?.structuredContent?.goals),
  },
];

async function admin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

async function verify(scenario: Scenario, baseUrl: string, target: TargetName): Promise<void> {
  const r = await scenario.request(baseUrl);
  const res = await fetch(r.url, { method: 'POST', headers: r.headers, body: r.body });
  const json = (await res.json()) as { result?: unknown };
  if (res.status !== 200 || !scenario.check(json.result))
    throw new Error(
      `${scenario.name} on ${target}: unexpected answer ${res.status} ${JSON.stringify(json).slice(0, 300)}`,
    );
}

async function main(): Promise<void> {
  if (!haproxyAvailable()) {
    process.stdout.write('topology benchmark skipped: haproxy not found (apt-get install -y haproxy)\n');
    return;
  }
  const machine = `${cpus().length} x ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} at start`;
  process.stdout.write(`machine: ${machine}\n`);
  const database = `ks_bench_${process.pid}`;
  await admin((c) => c.query(`create database ${database}`));
  const databaseUrl = Object.assign(new URL(ADMIN_URL), { pathname: `/${database}` }).toString();
  const redis = await startRedis(3629);
  let embedded: Running | undefined;
  let topology: Topology | undefined;
  try {
    embedded = await startService(3620, ENV);
    topology = await startTopology({
      databaseUrl,
      redisUrl: redis.url,
      port: 3621,
      code: 'built',
      env: { ...ENV, RATE_LIMIT_PREFIX: `bench-${process.pid}:` },
    });
    const urls: Record<TargetName, string> = { embedded: embedded.baseUrl, topology: topology.baseUrl };
    for (const scenario of SCENARIOS)
      for (const target of ['embedded', 'topology'] as const) await verify(scenario, urls[target], target);

    const runs = new Map<string, LoadResult[]>();
    for (let round = 0; round < rounds; round++) {
      for (const scenario of SCENARIOS) {
        const order: TargetName[] = round % 2 === 0 ? ['embedded', 'topology'] : ['topology', 'embedded'];
        for (const target of order) {
          const request = await scenario.request(urls[target]);
          await load(request, { connections, durationSeconds: 1 }); // warm-up, not counted
          const result = await load(request, { connections, durationSeconds });
          if (result.failures > 0)
            throw new Error(`${scenario.name} on ${target}: ${result.failures} failed responses`);
          const key = `${scenario.name}|${target}`;
          runs.set(key, [...(runs.get(key) ?? []), result]);
          process.stdout.write(
            `  round ${round + 1} ${scenario.name.padEnd(40)} ${target.padEnd(9)} ${result.requestsPerSecond.toFixed(0).padStart(7)} req/s  p50 ${result.p50Ms} ms  p99 ${result.p99Ms} ms\n`,
          );
        }
      }
    }
    const summary = SCENARIOS.flatMap((scenario) =>
      (['embedded', 'topology'] as const).map((target) => {
        const results = runs.get(`${scenario.name}|${target}`) ?? [];
        return {
          scenario: scenario.name,
          target,
          requestsPerSecond: median(results.map((r) => r.requestsPerSecond)),
          p50Ms: median(results.map((r) => r.p50Ms)),
          p99Ms: Math.max(...results.map((r) => r.p99Ms)),
        };
      }),
    );
    const rps = (scenario: string, target: TargetName) =>
      summary.find((s) => s.scenario === scenario && s.target === target)!.requestsPerSecond;
    const lines = [
      `Machine: ${machine}. ${connections} connections, ${rounds} rounds x ${durationSeconds} s per target and scenario (median req/s and p50 over rounds, worst p99). RATE_LIMIT_PER_MINUTE=1000000000 on both (counted, never refused).`,
      '',
      '| Scenario | Target | req/s | p50 ms | p99 ms | vs embedded |',
      '| --- | --- | ---: | ---: | ---: | ---: |',
      ...summary.map(
        (s) =>
          `| ${s.scenario} | ${s.target === 'embedded' ? 'embedded (1 instance, SQLite, in-process limits)' : 'topology (HAProxy, 3 instances, PostgreSQL, Redis limits)'} | ${s.requestsPerSecond.toFixed(0)} | ${s.p50Ms} | ${s.p99Ms} | ${s.target === 'topology' ? `${(s.requestsPerSecond / rps(s.scenario, 'embedded')).toFixed(2)}x` : ''} |`,
      ),
    ];
    const report = lines.join('\n');
    process.stdout.write(`\n${report}\n`);
    const out = join(ROOT, 'bench-results');
    mkdirSync(out, { recursive: true });
    writeFileSync(join(out, 'topology.md'), `${report}\n`);
    writeFileSync(
      join(out, 'topology.json'),
      `${JSON.stringify({ machine, connections, rounds, durationSeconds, summary }, null, 2)}\n`,
    );
  } finally {
    await topology?.stop();
    await embedded?.stop();
    await redis.stop();
    await admin((c) => c.query(`drop database if exists ${database} with (force)`));
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
