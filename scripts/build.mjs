#!/usr/bin/env node
// `npm run build`, and `npm start` when the build is stale (build-if-stale.mjs): tsc compiles shared/, src/ and
// generated/ into dist/, then esbuild bundles the service's own modules from dist/src/main.js into dist/service/
// (what `npm start` runs), with the packages the start loads before it listens (START_PACKAGES). The other packages
// stay in node_modules, imported as they are.
//
// Why a bundle: a start spent most of its time opening, resolving and compiling about three hundred of the service's
// own files one by one (CPU profile, BENCHMARKS.md "Start-up and the young generation"), and then as many files of
// the packages it loads first. One file per lazily loaded part (the account stack, Redis, SMTP) keeps those parts
// loading after the server listens, as their dynamic imports ask.
// Plain JavaScript, as build-if-stale.mjs: no TypeScript loader between `npm start` and the service.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire, SourceMap } from 'node:module';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** What `npm start` runs, relative to the project root. */
export const SERVICE_ENTRY = 'dist/service/main.js';
/** The file whose time is the last finished build's. */
export const STAMP = 'dist/.build-stamp';

/**
 * The packages the service loads before it listens, bundled with its own modules (with what they import in turn):
 * resolving, reading and loading their files one by one took about a fifth of a start (BENCHMARKS.md, "Start-up:
 * the start's packages in the bundle"). Every other package stays in node_modules, so a new dependency is imported
 * as it is until it is listed here: the account stack's packages load after the server listens; better-sqlite3 is
 * a native addon. pino finds its worker and transport files by path: see packagePaths.
 */
export const START_PACKAGES = ['hono', '@hono/node-server', 'prom-client', 'ajv', 'marked', 'ipaddr.js', 'pino'];

/**
 * What esbuild leaves to be imported from node_modules at run time: every dependency (package.json) but the
 * START_PACKAGES, with its subpaths. What a bundled package imports in turn is bundled with it, resolved from where
 * that package is, as Node would.
 */
export function externalPackages(dependencies) {
  return Object.keys(dependencies)
    .filter((name) => !START_PACKAGES.includes(name))
    .flatMap((name) => [name, `${name}/*`]);
}

/**
 * Bundled CommonJS packages (prom-client, ajv, pino) `require` Node's own modules, and an ES module has no `require`:
 * each output file gets one, made for its own place (the banner of evanw/esbuild#1921, "Dynamic require of "os" is
 * not supported"). `__dirname` and `__filename` become paths in node_modules (packagePaths); the build refuses a
 * bundle that still reads them (commonJsPathsIn).
 */
const REQUIRE_BANNER =
  "import { createRequire as createRequireOfBundle } from 'node:module'; const require = createRequireOfBundle(import.meta.url);";

/** What each output file defines for packagePaths: a path relative to the bundle's folder, made absolute. */
const PACKAGE_PATH_BANNER =
  "import { fileURLToPath as fileURLToPathOfBundle } from 'node:url'; const pathFromBundle = (path) => fileURLToPathOfBundle(new URL(path, import.meta.url));";

/** The top of each output file: the `require` and `pathFromBundle` that bundled CommonJS packages use. */
export const BUNDLE_BANNER = `${REQUIRE_BANNER} ${PACKAGE_PATH_BANNER}`;

/** CommonJS's own paths, which an ES module does not have. */
const COMMONJS_PATH = /\b__(dirname|filename)\b/;

/**
 * A bundled CommonJS package that finds its own files by path reads `__dirname` or `__filename`, which an ES module
 * does not have (pino: its transport worker; thread-stream: its thread's script). Each read becomes the path of that
 * file, or its folder, in node_modules, found from the bundle's own place when it runs (pathFromBundle), so the
 * package finds its files where they are: node_modules stays beside dist/, as the packages left external need.
 */
export function packagePaths(outdir) {
  return {
    name: 'package-paths',
    setup(build) {
      build.onLoad({ filter: /[\\/]node_modules[\\/].+\.c?js$/ }, (args) => {
        // Read here once: the file is handed to esbuild as read, or rewritten.
        const text = readFileSync(args.path, 'utf8');
        const fromBundle = (path) => JSON.stringify(relative(outdir, path).split(sep).join('/'));
        const contents = COMMONJS_PATH.test(text)
          ? text
              .replace(/\b__dirname\b/g, `pathFromBundle(${fromBundle(dirname(args.path))})`)
              .replace(/\b__filename\b/g, `pathFromBundle(${fromBundle(args.path)})`)
          : text;
        return { contents, loader: 'js', resolveDir: dirname(args.path) };
      });
    },
  };
}

/**
 * Code the start leaves until it is needed, each with where it is imported instead: the build refuses a bundle whose
 * entry file imports it statically, directly or through the chunks it imports (startSources), since one static
 * import anywhere on the way puts it back before every first answer (BENCHMARKS.md, "Start-up: what waits until
 * it is needed").
 */
export const LOADED_WHEN_NEEDED = [
  {
    source: /\/node_modules\/ajv\/(lib|dist)\/(ajv|core)\.[jt]s$/,
    what: "ajv's compiler (about 20 ms of a start's profile): only the store's player-data validator (src/account/schema.ts) compiles a schema; the tools' generated validators need its small runtime helpers alone",
  },
  {
    source: /(^|\/)src\/(account-app|site-account\/mount|site-account\/routes)\.[jt]s$/,
    what: 'the account app and its pages, which src/account-stack.ts imports once the store is open',
  },
];

/** Compiles and bundles `root`; the exit status (0 for success). */
export async function build(root) {
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
    // The asynchronous API: esbuild runs plugins (packagePaths) only there.
    await esbuild.build({
      absWorkingDir: root,
      entryPoints: ['dist/src/main.js'],
      outdir,
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      external: externalPackages(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).dependencies ?? {}),
      banner: { js: BUNDLE_BANNER },
      plugins: [packagePaths(outdir)],
      // Less to parse at start (about 30 ms of a 0.5 s start: BENCHMARKS.md). Identifiers are not minified, so
      // names read as written, except where two modules' top-level names collide (`text` and `text2`).
      minifyWhitespace: true,
      minifySyntax: true,
      // Not `keepNames`: it gives every named closure, on each creation, an `Object.defineProperty(fn, 'name')`,
      // four per tools/call, which cost 4-9% of a call's CPU (BENCHMARKS.md). Classes keep their names without it
      // (checked below), so pino's error serialiser still logs `err.constructor.name` as the class is called.
      keepNames: false,
      // Maps back to the TypeScript sources (through tsc's maps), for `node --enable-source-maps`.
      sourcemap: true,
      logLevel: 'warning',
    });
  } catch {
    return 1; // esbuild has printed what failed (logLevel)
  }
  const readingPaths = commonJsPathsIn(outdir);
  if (readingPaths.length > 0) {
    console.error(
      `${readingPaths.join(', ')} of the bundle read __dirname or __filename, which an ES module does not have: a ` +
        'bundled package finds its files by path in a way packagePaths does not rewrite. Leave that package out of ' +
        'START_PACKAGES (scripts/build.mjs).',
    );
    return 1;
  }
  const early = loadedTooEarly(outdir);
  if (early.length > 0) {
    console.error(
      `The start imports, before it listens, what it should load only when needed:\n  ${early.join('\n  ')}\n` +
        'Import it with import() where it is used, or take what the start needs from a module that does not bring ' +
        'it in (LOADED_WHEN_NEEDED, scripts/build.mjs).',
    );
    return 1;
  }
  const renamed = renamedClasses(root, outdir);
  if (renamed.length === 0) return 0;
  console.error(
    `The bundle renamed ${renamed.join(', ')} (another module has a top-level name the same), so errors of that class ` +
      'would be logged under the new name. Give the class a name of its own.',
  );
  return 1;
}

/** The bundle's files (relative to `outdir`) that read CommonJS's `__dirname` or `__filename`. */
export function commonJsPathsIn(outdir) {
  return readdirSync(outdir, { recursive: true })
    .map(String)
    .filter((file) => file.endsWith('.js') && COMMONJS_PATH.test(readFileSync(join(outdir, file), 'utf8')));
}

// A static import of another file of the bundle, as esbuild writes it (`import{a as b}from"./chunk-X.js"`,
// `import"./chunk-X.js"`); not `import("./x.js")`, which loads when the code reaches it.
const STATIC_IMPORT = /\bimport\s*(?:[^"'();]*?\bfrom\s*)?["'](\.\/[^"']+\.js)["']/g;

/**
 * The sources (from the source maps) of `outdir`'s entry file (main.js) and of every file it imports statically, in
 * turn: what a start compiles and runs before its first line of the service's own code.
 */
export function startSources(outdir, entry = 'main.js') {
  const files = new Set([entry]);
  for (const file of files) {
    const path = join(outdir, file);
    if (!existsSync(path)) continue;
    for (const match of readFileSync(path, 'utf8').matchAll(STATIC_IMPORT)) files.add(join(file, '..', match[1]));
  }
  return [...files].flatMap((file) => {
    const mapFile = join(outdir, `${file}.map`);
    return existsSync(mapFile) ? JSON.parse(readFileSync(mapFile, 'utf8')).sources : [];
  });
}

/** What the start of `outdir`'s bundle imports that LOADED_WHEN_NEEDED says to load later: a line for each. */
export function loadedTooEarly(outdir) {
  return startSources(outdir).flatMap((source) =>
    LOADED_WHEN_NEEDED.filter((rule) => rule.source.test(source)).map((rule) => `${source} (${rule.what})`),
  );
}

// `class Name` as tsc writes it; `Name=class` as the minified bundle does (the class takes the binding's name).
const CLASS_NAME = /\bclass ([A-Za-z_$][\w$]*)|([A-Za-z_$][\w$]*) ?= ?class\b/g;

function classNamesIn(dir) {
  const names = new Set();
  for (const file of readdirSync(dir, { recursive: true })) {
    if (!String(file).endsWith('.js')) continue;
    for (const match of readFileSync(join(dir, String(file)), 'utf8').matchAll(CLASS_NAME))
      names.add(match[1] ?? match[2]);
  }
  return names;
}

/**
 * The classes the bundle file `file` defines, each with the source it came from when the file has a source map
 * beside it (`file.map`), else undefined.
 */
function bundledClasses(file) {
  const mapFile = `${file}.map`;
  const map = existsSync(mapFile) ? new SourceMap(JSON.parse(readFileSync(mapFile, 'utf8'))) : undefined;
  const classes = [];
  readFileSync(file, 'utf8')
    .split('\n')
    .forEach((line, lineNumber) => {
      for (const match of line.matchAll(CLASS_NAME)) {
        const source = map?.findEntry(lineNumber, match.index).originalSource;
        classes.push({ name: match[1] ?? match[2], source });
      }
    });
  return classes;
}

/**
 * The service's classes whose name in the bundle is not one tsc's output has: esbuild renamed them to avoid a
 * collision. A bundled package's classes (their source map entry leads into node_modules) are not the service's to
 * name: where a package names two classes the same, or one as the service names its own, esbuild renames the
 * package's (on 2026-11-29: ajv's Ajv2, hono's Hono3 and Node3, prom-client's Registry2, Counter2 and Gauge2,
 * marked's I2 and P2; none of them an error class).
 */
export function renamedClasses(root, outdir) {
  const written = new Set(
    ['src', 'shared', 'generated'].flatMap((part) => [...classNamesIn(join(root, 'dist', part))]),
  );
  const bundle = readdirSync(outdir, { recursive: true })
    .map(String)
    .filter((file) => file.endsWith('.js'));
  const classes = bundle.flatMap((file) => bundledClasses(join(outdir, file)));
  const names = classes.filter(({ source }) => !source?.split('/').includes('node_modules')).map(({ name }) => name);
  return [...new Set(names)].filter((name) => !written.has(name));
}

/** Marks `root`'s build as finished at `finished` (build-if-stale.mjs compares the sources with this file's time). */
export function stamp(root, finished) {
  writeFileSync(join(root, STAMP), `${finished.toISOString()}\n`);
}

// Run as a script: build the project this file is in, then stamp the build.
if (process.argv[1] && realpathSync(process.argv[1]) === realpathSync(fileURLToPath(import.meta.url))) {
  const root = join(fileURLToPath(import.meta.url), '../..');
  const status = await build(root);
  if (status !== 0) process.exit(status);
  stamp(root, new Date());
}
