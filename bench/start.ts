/**
 * Start to first response of the built service (as `npm start` runs it, each start on a fresh data directory:
 * migrations, keys and the demo seed), in alternating rounds against another built checkout when one is given: a
 * before/after of a change to the start, in the same run.
 *
 *   npx tsx bench/start.ts [--rounds 9] [--vs-root <a built checkout>]
 */
import { parseArgs } from 'node:util';
import { BENCH_SERVICE_ENV, startService, ROOT } from './processes.js';
import { median } from './stats.js';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '9' },
    'vs-root': { type: 'string' },
  },
});

const roots: Record<string, string> = { service: ROOT };
if (values['vs-root'] !== undefined) roots.baseline = values['vs-root'];
const starts: Record<string, number[]> = Object.fromEntries(Object.keys(roots).map((name) => [name, []]));
for (let round = 0; round < Number(values.rounds); round++) {
  for (const [name, root] of Object.entries(roots)) {
    const running = await startService(3660, BENCH_SERVICE_ENV, root);
    starts[name]!.push(running.startToFirstResponseMs);
    await running.stop();
  }
}
for (const [name, ms] of Object.entries(starts))
  process.stdout.write(
    `${name}: median ${median(ms).toFixed(0)} ms, lowest ${Math.min(...ms).toFixed(0)} ms (${ms.map((m) => m.toFixed(0)).join(', ')})\n`,
  );
