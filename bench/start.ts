/**
 * Start to first response of the built service (as `npm start` runs it, each start on a fresh data directory:
 * migrations, keys and the demo seed), in alternating rounds against another built checkout when one is given: a
 * before/after of a change to the start, in the same run. Beside the wall time, the CPU time the service's main
 * thread had used when its first answer arrived (`/proc/<pid>/schedstat`): the work a start does before it
 * answers, which a busy or slowed machine moves less than the wall time.
 *
 *   npx tsx bench/start.ts [--rounds 9] [--vs-root <a built checkout>] [--service-root <a built checkout>]
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { BENCH_SERVICE_ENV, startService, ROOT } from './processes.js';
import { median } from './stats.js';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '9' },
    'vs-root': { type: 'string' },
    // Another build in this one's place (as bench/run.ts's option): two builds neither of which is this checkout.
    'service-root': { type: 'string' },
  },
});

/** CPU time (ms) the main thread of process `pid` has run: schedstat's first field, in nanoseconds. */
function mainThreadCpuMs(pid: number | undefined): number {
  return Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
}

const roots: Record<string, string> = { service: values['service-root'] ?? ROOT };
if (values['vs-root'] !== undefined) roots.baseline = values['vs-root'];
const starts: Record<string, { wallMs: number[]; cpuMs: number[] }> = Object.fromEntries(
  Object.keys(roots).map((name) => [name, { wallMs: [], cpuMs: [] }]),
);
for (let round = 0; round < Number(values.rounds); round++) {
  // Each round in the other order, so neither build always starts right after the other stopped.
  const order = round % 2 === 0 ? Object.entries(roots) : Object.entries(roots).reverse();
  for (const [name, root] of order) {
    const running = await startService(3660, BENCH_SERVICE_ENV, root);
    starts[name]!.cpuMs.push(mainThreadCpuMs(running.process.pid));
    starts[name]!.wallMs.push(running.startToFirstResponseMs);
    await running.stop();
  }
}
const list = (ms: number[]) => ms.map((m) => m.toFixed(0)).join(', ');
for (const [name, { wallMs, cpuMs }] of Object.entries(starts))
  process.stdout.write(
    `${name}: median ${median(wallMs).toFixed(0)} ms, lowest ${Math.min(...wallMs).toFixed(0)} ms (${list(wallMs)}); ` +
      `main thread's CPU at the first answer: median ${median(cpuMs).toFixed(0)} ms (${list(cpuMs)})\n`,
  );
