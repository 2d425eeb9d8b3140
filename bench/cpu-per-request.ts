/**
 * CPU time per request of the built service and the bare-Hono anchor, from /proc/<pid>/stat (user + system, all
 * threads) over a fixed number of requests: a figure that other work on a shared machine barely moves, unlike req/s.
 * Rounds alternate between the targets. `--env KEY=VALUE` (repeatable) sets the service's environment, so one run
 * can compare configurations (e.g. `--env LOG_LEVEL=warn`).
 *
 *   npx tsx bench/cpu-per-request.ts [--requests 100000] [--rounds 3] [--only governor|initialize|list]
 *
 * `--vs-root <a built checkout>` adds that build as a third target (`baseline`), and `--vs-env KEY=VALUE`
 * (repeatable) or `--vs-node-flags='<flags>'` (instead of the start script's, e.g. `--max-semi-space-size=8`) adds
 * this build again with those settings instead (`variant`): before/after, or a setting's cost, in the same
 * alternating rounds, each also as a ratio to the service.
 */
import { parseArgs } from 'node:util';
import { BENCH_BODIES, type BenchBodyName } from './bodies.js';
import { cpuMicrosPerRequest } from './cpu-time.js';
import { envPairs } from './env-pairs.js';
import { startAnchor, startService } from './processes.js';

const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '100000' },
    rounds: { type: 'string', default: '3' },
    connections: { type: 'string', default: '32' },
    only: { type: 'string' },
    env: { type: 'string', multiple: true, default: [] },
    'no-anchor': { type: 'boolean', default: false },
    'service-root': { type: 'string' },
    'vs-root': { type: 'string' },
    'vs-env': { type: 'string', multiple: true, default: [] },
    'vs-node-flags': { type: 'string' },
  },
});

const connections = Number(values.connections);
// Checked before any process starts.
const bodyNames = Object.keys(BENCH_BODIES) as BenchBodyName[];
if (values.only !== undefined && !bodyNames.includes(values.only as BenchBodyName))
  throw new Error(`--only takes one of ${bodyNames.join(', ')}; got "${values.only}"`);
const names = values.only ? [values.only as BenchBodyName] : bodyNames;

const env = envPairs(values.env);
const service = await startService(
  3650,
  { RATE_LIMIT_PER_MINUTE: '1000000000', ...env },
  values['service-root'] ?? undefined,
);
const anchor = values['no-anchor'] ? undefined : await startAnchor('bare-hono', 3651);
const other =
  values['vs-root'] !== undefined || values['vs-env'].length > 0 || values['vs-node-flags'] !== undefined
    ? {
        ...(await startService(
          3652,
          { RATE_LIMIT_PER_MINUTE: '1000000000', ...env, ...envPairs(values['vs-env']) },
          values['vs-root'] ?? values['service-root'] ?? undefined,
          values['vs-node-flags']?.split(/\s+/).filter(Boolean),
        )),
        name: values['vs-root'] !== undefined ? 'baseline' : 'variant',
      }
    : undefined;
const targets = [service, ...(anchor ? [anchor] : []), ...(other ? [other] : [])];
const amount = Number(values.requests);
try {
  for (const name of names) {
    const samples = new Map<string, number[]>(targets.map((t) => [t.name, []]));
    // A warm-up per target, then alternating rounds.
    for (const t of targets) await cpuMicrosPerRequest(t, BENCH_BODIES[name], Math.min(amount, 20_000), connections);
    for (let round = 0; round < Number(values.rounds); round++) {
      const order = round % 2 === 0 ? targets : [...targets].reverse();
      for (const t of order)
        samples.get(t.name)!.push(await cpuMicrosPerRequest(t, BENCH_BODIES[name], amount, connections));
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const line = targets.map((t) => `${t.name} ${median(samples.get(t.name)!).toFixed(1)} µs`).join(', ');
    const of = (name: string) => median(samples.get(name)!);
    const ratio =
      (anchor ? ` (service/anchor CPU ${(of('service') / of('bare-hono')).toFixed(2)}x)` : '') +
      (other
        ? ` (${other.name}/service CPU ${(of(other.name) / of('service')).toFixed(2)}x${anchor ? `, ${other.name}/anchor ${(of(other.name) / of('bare-hono')).toFixed(2)}x` : ''})`
        : '');
    console.log(`${name}: ${line}${ratio}  [samples ${JSON.stringify(Object.fromEntries(samples))}]`);
  }
} finally {
  await Promise.all(targets.map((t) => t.stop()));
}
