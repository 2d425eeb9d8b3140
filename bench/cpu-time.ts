/**
 * CPU time per request of a running target, from /proc/<pid>/stat (user + system, all threads) over a fixed number
 * of requests: a figure that other work on a shared machine barely moves, unlike req/s. Used by
 * bench/cpu-per-request.ts and the CI ratio gate (bench/gate.ts).
 */
import { readFileSync } from 'node:fs';
import { postExactly } from './load.js';
import type { Running } from './processes.js';

const CLOCK_TICKS_PER_SECOND = 100;

/** User plus system CPU seconds of a process, all its threads. */
export function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces) start after the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
}

/** CPU microseconds per request of `target` answering `amount` POSTs of `body` to /mcp; any failed request throws. */
export async function cpuMicrosPerRequest(
  target: Running,
  body: string,
  amount: number,
  connections: number,
): Promise<number> {
  const pid = target.process.pid!;
  const before = cpuSeconds(pid);
  await postExactly(target, body, amount, connections);
  return ((cpuSeconds(pid) - before) * 1e6) / amount;
}
