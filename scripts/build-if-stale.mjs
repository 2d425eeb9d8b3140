#!/usr/bin/env node
// `npm start` runs this first: it compiles (tsc -p tsconfig.build.json) only when dist/ is missing or some source
// is newer than the last build, so a start with a current build takes Node's start-up time, not a compile.
// Plain JavaScript on purpose: no TypeScript loader between `npm start` and the service.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const STAMP = 'dist/.build-stamp';
// Everything tsconfig.build.json compiles, and the files that say how.
const INPUTS = ['shared', 'src', 'generated', 'tsconfig.build.json', 'tsconfig.json', 'package.json', 'package-lock.json'];

function newest(path) {
  const info = statSync(path, { throwIfNoEntry: false });
  if (!info) return 0;
  if (!info.isDirectory()) return info.mtimeMs;
  let latest = info.mtimeMs; // a deleted or renamed file changes its folder's time
  for (const entry of readdirSync(path)) latest = Math.max(latest, newest(join(path, entry)));
  return latest;
}

const stamp = statSync(STAMP, { throwIfNoEntry: false });
const stale = !stamp || !existsSync('dist/src/main.js') || INPUTS.some((input) => newest(input) > stamp.mtimeMs);
if (stale) {
  process.stderr.write(stamp ? 'Sources changed since the last build: compiling (tsc)…\n' : 'No build yet: compiling (tsc)…\n');
  const started = Date.now();
  const tsc = spawnSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json'], { stdio: 'inherit' });
  if (tsc.status !== 0) process.exit(tsc.status ?? 1);
  writeFileSync(STAMP, `${new Date().toISOString()}\n`);
  process.stderr.write(`Compiled in ${((Date.now() - started) / 1000).toFixed(1)} s.\n`);
}
