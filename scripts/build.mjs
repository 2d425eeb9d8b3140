#!/usr/bin/env node
// `npm run build`, and `npm start` when the build is stale (build-if-stale.mjs): tsc compiles shared/, src/ and
// generated/ into dist/, then esbuild bundles the service's own modules from dist/src/main.js into dist/service/
// (what `npm start` runs). The packages stay in node_modules, imported as they are.
//
// Why a bundle: a start spent most of its time opening, resolving and compiling about three hundred of the service's
// own files one by one (CPU profile, BENCHMARKS.md "Start-up and the young
// generation"). One file per lazily loaded part (the account stack,
// Redis, SMTP) keeps those parts loading after the server listens, as their dynamic imports ask.
// Plain JavaScript, as build-if-stale.mjs: no TypeScript loader between `npm start` and the service.
import { spawnSync } from 'node:child_process';
import { realpathSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** What `npm start` runs, relative to the project root. */
export const SERVICE_ENTRY = 'dist/service/main.js';
/** The file whose time is the last finished build's. */
export const STAMP = 'dist/.build-stamp';

/** Compiles and bundles `root`; the exit status (0 for success). */
export function build(root) {
  const tsc = spawnSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (tsc.status !== 0) return tsc.status ?? 1;
  const outdir = join(root, 'dist/service');
  rmSync(outdir, { recursive: true, force: true }); // no chunk of an earlier build left beside the new ones
  // esbuild from the project being built, loaded at call time: a start with a current build never loads it.
  const esbuild = createRequire(join(root, 'package.json'))('esbuild');
  try {
    esbuild.buildSync({
      absWorkingDir: root,
      entryPoints: ['dist/src/main.js'],
      outdir,
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      packages: 'external',
      // Less to parse at start (about 30 ms of a 0.5 s start: BENCHMARKS.md); names stay as written, so stack traces
      // read as the sources do, and pino's error serialiser logs `err.constructor.name` as the class is called.
      minifyWhitespace: true,
      minifySyntax: true,
      keepNames: true,
      // Maps back to the TypeScript sources (through tsc's maps), for `node --enable-source-maps`.
      sourcemap: true,
      logLevel: 'warning',
    });
    return 0;
  } catch {
    return 1; // esbuild has printed what failed (logLevel)
  }
}

/** Marks `root`'s build as finished at `finished` (build-if-stale.mjs compares the sources with this file's time). */
export function stamp(root, finished) {
  writeFileSync(join(root, STAMP), `${finished.toISOString()}\n`);
}

// Run as a script: build the project this file is in, then stamp the build.
if (process.argv[1] && realpathSync(process.argv[1]) === realpathSync(fileURLToPath(import.meta.url))) {
  const root = join(fileURLToPath(import.meta.url), '../..');
  const status = build(root);
  if (status !== 0) process.exit(status);
  stamp(root, new Date());
}
