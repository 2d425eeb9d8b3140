/**
 * `npm run bench`: every benchmark in turn (after the build), each to the end even when one before it missed a
 * target, so one run reports every figure; the exit code is 1 when any of them missed a target or failed.
 */
import { spawnSync } from 'node:child_process';
import { ROOT } from './processes.js';

const PARTS = ['bench/run.ts', 'bench/limits.ts', 'bench/topology.ts', 'bench/store-durability.ts'];

const failed: string[] = [];
for (const part of PARTS) {
  process.stdout.write(`\n=== ${part}\n`);
  const { status } = spawnSync(process.execPath, ['--import', 'tsx', part], { cwd: ROOT, stdio: 'inherit' });
  if (status !== 0) failed.push(`${part} (exit ${status})`);
}
process.stdout.write(
  failed.length === 0 ? '\nEvery benchmark met its targets.\n' : `\nMissed a target or failed: ${failed.join(', ')}\n`,
);
process.exit(failed.length === 0 ? 0 : 1);
