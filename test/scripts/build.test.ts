/**
 * The bundle is built without esbuild's `keepNames` (scripts/build.mjs), so a class of the service that esbuild
 * renames to avoid a collision would carry the new name into error logs; the build refuses such a bundle. Most cases
 * are tsc-like output and a bundle written by hand in a temporary folder; those with a bundled package are built by
 * esbuild, with their source maps. The bundle takes in the packages the start loads (START_PACKAGES) and refuses
 * code that reads CommonJS's `__dirname`, which an ES module does not have.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { build as esbuild, buildSync } from 'esbuild';
import {
  BUNDLE_BANNER,
  commonJsPathsIn,
  externalPackages,
  LOADED_WHEN_NEEDED,
  loadedTooEarly,
  packagePaths,
  renamedClasses,
  START_PACKAGES,
  startSources,
} from '../../scripts/build.mjs';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

function project(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'kingshot-build-'));
  roots.push(root);
  for (const part of ['src', 'shared', 'generated', 'service'])
    mkdirSync(join(root, 'dist', part), { recursive: true });
  for (const [path, text] of Object.entries(files)) writeFileSync(join(root, 'dist', path), text);
  return root;
}

describe('renamedClasses', () => {
  it('finds no renamed class when every class in the bundle has its name from the sources', () => {
    const root = project({
      'src/a.js': 'export class RefusalPause {}\nexport class StoreUnavailable extends Error {}\n',
      'shared/b.js': 'export class Ladder {}\n',
      'service/main.js': 'var RefusalPause=class{},StoreUnavailable=class extends Error{};var Ladder = class {};',
    });
    expect(renamedClasses(root, join(root, 'dist/service'))).toEqual([]);
  });

  it('names each class the bundle renamed, in either form esbuild writes', () => {
    const root = project({
      'src/a.js': 'export class RefusalPause {}\n',
      'src/b.js': 'class RefusalPause {}\nexport class Ladder {}\n',
      'service/main.js': 'var RefusalPause=class{},RefusalPause2=class{};class Ladder2{}',
    });
    expect(renamedClasses(root, join(root, 'dist/service'))).toEqual(['RefusalPause2', 'Ladder2']);
  });

  it('does not take HTML class attributes or prose for classes', () => {
    const root = project({
      'src/a.js': 'export const page = `<div class="field">the class of hero</div>`;\n',
      'service/main.js': 'var page=`<div class="field">the class of hero</div>`;',
    });
    expect(renamedClasses(root, join(root, 'dist/service'))).toEqual([]);
  });

  /** dist/src/main.js importing a class `Thing` of its own and one of the package `pkg`, bundled with a source map. */
  function bundleWithPackage(mainSource: string): string {
    const root = project({
      'src/own.js': 'export class Thing {}\n',
      'src/main.js': mainSource,
    });
    mkdirSync(join(root, 'node_modules/pkg'), { recursive: true });
    writeFileSync(join(root, 'node_modules/pkg/package.json'), '{"name":"pkg","main":"index.js"}');
    writeFileSync(join(root, 'node_modules/pkg/index.js'), 'export class Thing {}\n');
    buildSync({
      absWorkingDir: root,
      entryPoints: ['dist/src/main.js'],
      outdir: join(root, 'dist/service'),
      bundle: true,
      format: 'esm',
      platform: 'node',
      minifyWhitespace: true,
      sourcemap: true,
      logLevel: 'silent',
    });
    return root;
  }

  it("leaves out a bundled package's class that esbuild renamed, found by the source map", () => {
    const root = bundleWithPackage(
      "import { Thing } from './own.js';\nimport { Thing as Other } from 'pkg';\nconsole.log(new Thing(), new Other());\n",
    );
    const bundle = readFileSync(join(root, 'dist/service/main.js'), 'utf8');
    expect(bundle).toMatch(/\bThing2 ?= ?class\b/);
    expect(renamedClasses(root, join(root, 'dist/service'))).toEqual([]);
  });

  it("names the service's class when it is the one esbuild renamed beside a package's", () => {
    const root = bundleWithPackage(
      "import { Thing as Other } from 'pkg';\nimport { Thing } from './own.js';\nconsole.log(new Thing(), new Other());\n",
    );
    expect(renamedClasses(root, join(root, 'dist/service'))).toEqual(['Thing2']);
  });
});

describe('the packages in the bundle', () => {
  it("leaves every dependency but the start's packages to node_modules, with its subpaths", () => {
    expect(
      externalPackages({ hono: '^4', 'better-sqlite3': '^12', 'oidc-provider': '~9', '@hono/node-server': '^2' }),
    ).toEqual(['better-sqlite3', 'better-sqlite3/*', 'oidc-provider', 'oidc-provider/*']);
    expect(START_PACKAGES).toContain('hono');
    expect(START_PACKAGES).not.toContain('better-sqlite3');
  });

  it('finds the files of a bundle that read __dirname or __filename, and only those', () => {
    const root = project({
      'service/main.js': 'var a=1;',
      'service/chunk-A.js': 'var target=join2(__dirname,"worker.js");',
      'service/chunk-B.js': 'var f=__filename;',
      'service/chunk-C.js': 'var my__dirname2=1,text="__dirnames";',
    });
    expect(commonJsPathsIn(join(root, 'dist/service')).sort()).toEqual(['chunk-A.js', 'chunk-B.js']);
  });
});

describe("a bundled package's own paths", () => {
  it('reads the files beside it in node_modules, from wherever the project is, once __dirname is rewritten', async () => {
    const root = project({ 'src/main.js': "import reading from 'reader';\nconsole.log(reading);\n" });
    mkdirSync(join(root, 'node_modules/reader/lib'), { recursive: true });
    writeFileSync(join(root, 'node_modules/reader/package.json'), '{"name":"reader","main":"lib/index.js"}');
    writeFileSync(join(root, 'node_modules/reader/lib/words.txt'), 'found beside it');
    writeFileSync(
      join(root, 'node_modules/reader/lib/index.js'),
      "const { readFileSync } = require('node:fs');\nconst { basename, join } = require('node:path');\n" +
        "module.exports = readFileSync(join(__dirname, 'words.txt'), 'utf8') + ' by ' + basename(__filename);\n",
    );
    const outdir = join(root, 'dist/service');
    await esbuild({
      absWorkingDir: root,
      entryPoints: ['dist/src/main.js'],
      outdir,
      bundle: true,
      format: 'esm',
      platform: 'node',
      banner: { js: BUNDLE_BANNER },
      plugins: [packagePaths(outdir)],
      logLevel: 'silent',
    });
    expect(commonJsPathsIn(outdir)).toEqual([]);
    expect(readFileSync(join(outdir, 'main.js'), 'utf8')).toContain('pathFromBundle("../../node_modules/reader/lib")');
    const ran = spawnSync(process.execPath, [join(outdir, 'main.js')], { encoding: 'utf8' });
    expect({ status: ran.status, stdout: ran.stdout, stderr: ran.stderr }).toEqual({
      status: 0,
      stdout: 'found beside it by index.js\n',
      stderr: '',
    });
  });
});

describe('what the start loads before it listens', () => {
  /** dist/src/main.js with modules of its own, bundled and split into chunks as build.mjs does. */
  function splitBundle(files: Record<string, string>): string {
    const root = project({});
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(join(root, 'dist/src', path, '..'), { recursive: true });
      writeFileSync(join(root, 'dist/src', path), text);
    }
    buildSync({
      absWorkingDir: root,
      entryPoints: ['dist/src/main.js'],
      outdir: join(root, 'dist/service'),
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'node',
      minifyWhitespace: true,
      minifySyntax: true,
      sourcemap: true,
      logLevel: 'silent',
    });
    return join(root, 'dist/service');
  }

  it('follows static imports through shared chunks, and not import()', () => {
    const outdir = splitBundle({
      'main.js':
        "import { shared } from './shared.js';\nconsole.log(shared);\nexport const later = () => import('./later.js');\n",
      'later.js': "import { shared } from './shared.js';\nexport const pages = shared + 'pages';\n",
      'shared.js': "export const shared = 'shared';\n",
    });
    // The shared module is in a chunk of its own, which both main.js and the later chunk import.
    expect(readdirSync(outdir).filter((file) => file.startsWith('chunk-') && file.endsWith('.js'))).toHaveLength(1);
    const sources = startSources(outdir).map((source) => source.replace(/^(\.\.\/)+/, ''));
    expect(sources.sort()).toEqual(['src/main.js', 'src/shared.js']);
  });

  it('tells the code loaded when needed by its sources', () => {
    const rule = (source: string) => LOADED_WHEN_NEEDED.filter((r) => r.source.test(source)).length;
    expect(rule('../../node_modules/@hono/node-server/dist/index.mjs')).toBe(0);
    expect(rule('../../src/account-app.ts')).toBe(1);
    expect(rule('../../src/site-account/mount.ts')).toBe(1);
    expect(rule('../../src/site-account/mail.ts')).toBe(0);
    expect(rule('../../node_modules/hono/dist/hono.js')).toBe(0);
    expect(rule('../../node_modules/ajv/lib/core.ts')).toBe(1);
    expect(rule('../../node_modules/ajv/lib/runtime/ucs2length.ts')).toBe(0);
  });

  it('refuses a start that imports the account pages, and takes them through import()', () => {
    const pages = { 'site-account/mount.js': "export const mount = 'pages';\n" };
    const eager = splitBundle({
      ...pages,
      'main.js': "import { mount } from './site-account/mount.js';\nconsole.log(mount);\n",
    });
    expect(loadedTooEarly(eager)).toEqual([
      expect.stringMatching(/^(\.\.\/)+src\/site-account\/mount\.js \(the account app and its pages/),
    ]);
    const later = splitBundle({
      ...pages,
      'main.js': "export const pages = () => import('./site-account/mount.js');\n",
    });
    expect(loadedTooEarly(later)).toEqual([]);
  });
});
