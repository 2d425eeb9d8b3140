#!/usr/bin/env node
/**
 * `npm test`: the linters (`npm run lint`) and the tests (`vitest run`, with any arguments given) side by side, then
 * one verdict. Without their caches (a fresh clone) the linters are about 35 s of mostly one core, and vitest leaves
 * a core idle whenever its tests wait on timers or child processes, so running both at once is faster than one
 * after the other (docs/testing.md has the figures). The linters' output is held and printed after the tests', so
 * the two never interleave.
 */
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Runs a command to its end: its exit code (1 when it could not start or was killed by a signal). */
function run(command, args, stdio) {
  const child = spawn(command, args, { cwd: root, stdio });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  return new Promise((done) => {
    child.on('error', (error) => done({ code: 1, output: `${output}${error.message}\n` }));
    child.on('close', (code) => done({ code: code ?? 1, output }));
  });
}

const started = performance.now();
const lint = run(npm, ['run', '-s', 'lint'], ['ignore', 'pipe', 'pipe']).then((result) => ({
  ...result,
  seconds: (performance.now() - started) / 1000,
}));
const tests = run(
  process.execPath,
  [join(root, 'node_modules/vitest/vitest.mjs'), 'run', ...process.argv.slice(2)],
  'inherit',
);

const [linted, tested] = await Promise.all([lint, tests]);
if (linted.code === 0) {
  process.stdout.write(`\nlint (prettier --check, eslint): clean, ${linted.seconds.toFixed(1)} s\n`);
} else {
  process.stdout.write(
    `\nlint (prettier --check, eslint) FAILED (npm run format fixes what it can):\n${linted.output}`,
  );
}
process.exitCode = linted.code !== 0 ? linted.code : tested.code;
