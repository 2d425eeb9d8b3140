/**
 * The CI ratio gate: a short, noise-tolerant version of the main ratio. The built service (as `npm start` runs it:
 * request log at info, metrics on, the limiter on at a limit that never refuses) and the bare-Hono anchor answer the
 * same `tools/call governor_gear_cost` at 32 connections, in alternating rounds; each round gives the CPU time per
 * request of each process (/proc/<pid>/stat, all threads) and the ratio bare CPU / service CPU (1.0 would be the
 * floor; higher is better). The median of the rounds' ratios must stay within `tolerance` (15%) of the figure
 * committed in bench/gate.json, which BENCHMARKS.md quotes; exit 1 when it does not.
 *
 * CPU time rather than req/s: another process on the machine takes wall time from both targets alike, but each
 * target's own CPU per request moves much less, and a paired ratio per round cancels what drift remains.
 *
 *   npm run build && npx tsx bench/gate.ts            # about 30 s
 *   npx tsx bench/gate.ts --record                    # measure and write the figure into bench/gate.json
 *   npx tsx bench/gate.ts --service-root <a built checkout>
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { GEAR_CALL_BODY } from './bodies.js';
import { cpuMicrosPerRequest } from './cpu-time.js';
import { MCP_HEADERS, ROOT, startAnchor, startService, type Running } from './processes.js';

const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '6000' },
    rounds: { type: 'string', default: '7' },
    connections: { type: 'string', default: '32' },
    tolerance: { type: 'string', default: '0.15' },
    record: { type: 'boolean', default: false },
    'service-root': { type: 'string' },
  },
});

const GATE_FILE = join(ROOT, 'bench', 'gate.json');

export interface GateFigure {
  /** Median over rounds of bare-Hono CPU per request / the service's CPU per request. */
  cpuRatio: number;
  measuredAt: string;
  loadAverage: number;
  rounds: number;
  requestsPerRound: number;
}

async function checkAnswer(target: Running): Promise<void> {
  const res = await fetch(`${target.baseUrl}/mcp`, { method: 'POST', headers: MCP_HEADERS, body: GEAR_CALL_BODY });
  const text = await res.text();
  const reply = JSON.parse(text) as { result?: { structuredContent?: { totals?: unknown } } };
  if (res.status !== 200 || reply.result?.structuredContent?.totals === undefined)
    throw new Error(`${target.name} did not answer the call: ${res.status} ${text.slice(0, 300)}`);
}

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => done(port));
    });
  });
}

const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

const loadAverage = Number(readFileSync('/proc/loadavg', 'utf8').split(' ')[0]);
const amount = Number(values.requests);
const rounds = Number(values.rounds);
const service = await startService(
  await freePort(),
  { RATE_LIMIT_PER_MINUTE: '1000000000' },
  values['service-root'] ?? undefined,
);
const bare = await startAnchor('bare-hono', await freePort()).catch(async (error: unknown) => {
  await service.stop();
  throw error;
});
const ratios: number[] = [];
const serviceMicros: number[] = [];
const bareMicros: number[] = [];
try {
  for (const target of [service, bare]) {
    await checkAnswer(target);
    await cpuMicrosPerRequest(target, GEAR_CALL_BODY, amount, Number(values.connections)); // warm-up, not counted
  }
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? [service, bare] : [bare, service];
    const spent = new Map<string, number>();
    for (const target of order)
      spent.set(target.name, await cpuMicrosPerRequest(target, GEAR_CALL_BODY, amount, Number(values.connections)));
    serviceMicros.push(spent.get('service')!);
    bareMicros.push(spent.get('bare-hono')!);
    ratios.push(spent.get('bare-hono')! / spent.get('service')!);
  }
} finally {
  await Promise.all([service.stop(), bare.stop()]);
}

const figure: GateFigure = {
  cpuRatio: Number(median(ratios).toFixed(3)),
  measuredAt: new Date().toISOString().slice(0, 16).replace('T', ' '),
  loadAverage,
  rounds,
  requestsPerRound: amount,
};
console.log(
  `tools/call governor_gear_cost, CPU per request (median of ${rounds} alternating rounds of ${amount}): service ${median(serviceMicros).toFixed(1)} µs, bare Hono ${median(bareMicros).toFixed(1)} µs; bare/service ${figure.cpuRatio.toFixed(3)}x (rounds: ${ratios.map((r) => r.toFixed(3)).join(', ')}; load average ${loadAverage} at start)`,
);
if (values.record) {
  writeFileSync(GATE_FILE, `${JSON.stringify(figure, null, 2)}\n`);
  console.log(`recorded in ${GATE_FILE}`);
} else {
  const committed = (JSON.parse(readFileSync(GATE_FILE, 'utf8')) as GateFigure).cpuRatio;
  const floor = committed * (1 - Number(values.tolerance));
  if (figure.cpuRatio < floor) {
    console.error(
      `FAIL: the ratio ${figure.cpuRatio.toFixed(3)}x is more than ${Number(values.tolerance) * 100}% below the committed ${committed}x (bench/gate.json; at least ${floor.toFixed(3)}x).`,
    );
    process.exitCode = 1;
  } else console.log(`ok: at least ${floor.toFixed(3)}x (${committed}x committed in bench/gate.json, less 15%).`);
}
