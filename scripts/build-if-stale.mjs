#!/usr/bin/env node
// `npm start` runs this first: it builds (build.mjs: tsc, then the service's bundle) only when dist/ is missing or
// some source is newer than the last build, so a start with a current build takes Node's start-up time, not a compile.
// Plain JavaScript on purpose: no TypeScript loader between `npm start` and the service. Its types, for the test
// (test/scripts/build-if-stale.test.ts), are in build-if-stale.d.mts.
import { existsSync, readdirSync, realpathSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build as buildProject, SERVICE_ENTRY, STAMP, stamp } from './build.mjs';

export { SERVICE_ENTRY, STAMP };
// Everything tsconfig.build.json compiles, the files that say how (build.mjs: the bundle's options), and the record
// npm writes into node_modules on every install: the bundle holds the start's packages (build.mjs, START_PACKAGES),
// so packages installed anew are bundled anew.
export const INPUTS = [
  'scripts/build.mjs',
  'shared',
  'src',
  'generated',
  'tsconfig.build.json',
  'tsconfig.json',
  'package.json',
  'package-lock.json',
  'node_modules/.package-lock.json',
];

function newest(path) {
  const info = statSync(path, { throwIfNoEntry: false });
  if (!info) return 0;
  if (!info.isDirectory()) return info.mtimeMs;
  let latest = info.mtimeMs; // a deleted or renamed file changes its folder's time
  for (const entry of readdirSync(path)) latest = Math.max(latest, newest(join(path, entry)));
  return latest;
}

/** Why `root` needs a build: 'no build' (no stamp or no SERVICE_ENTRY), 'changed' (an input is newer), or undefined. */
export function staleness(root) {
  const stamp = statSync(join(root, STAMP), { throwIfNoEntry: false });
  if (!stamp || !existsSync(join(root, SERVICE_ENTRY))) return 'no build';
  return INPUTS.some((input) => newest(join(root, input)) > stamp.mtimeMs) ? 'changed' : undefined;
}

/**
 * Builds `root` when it is stale and stamps the build; a failed build leaves no stamp, so the next start tries again.
 * Returns what happened: 'current' (nothing to do), 'built', or the failed build's exit status.
 */
export async function buildIfStale({
  root = process.cwd(),
  build = buildProject,
  log = (line) => process.stderr.write(line),
  now = () => new Date(),
} = {}) {
  const why = staleness(root);
  if (why === undefined) return 'current';
  log(
    why === 'changed'
      ? 'Sources changed since the last build: building (tsc, then the bundle)…\n'
      : 'No build yet: building (tsc, then the bundle)…\n',
  );
  const started = now().getTime();
  const status = await build(root);
  if (status !== 0) return status;
  const finished = now();
  stamp(root, finished);
  log(`Built in ${((finished.getTime() - started) / 1000).toFixed(1)} s.\n`);
  return 'built';
}

// Run as a script (not imported by the test); real paths, as a symlinked checkout gives argv[1] unresolved.
if (process.argv[1] && realpathSync(process.argv[1]) === realpathSync(fileURLToPath(import.meta.url))) {
  const outcome = await buildIfStale();
  if (typeof outcome === 'number') process.exit(outcome);
}
