/**
 * `npm start` compiles only when the build is missing or older than a source (scripts/build-if-stale.mjs). Each case
 * is a tiny project in a temporary folder with its file times set by hand and a build command that only records
 * its call, so no real compile runs.
 */
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildIfStale, SERVICE_ENTRY, STAMP } from '../../scripts/build-if-stale.mjs';

const SCRIPT = join(import.meta.dirname, '../../scripts/build-if-stale.mjs');
const SOURCES_TIME = new Date('2026-11-01T10:00:00Z');
const BUILD_TIME = new Date('2026-11-02T10:00:00Z');
const EDIT_TIME = new Date('2026-11-03T10:00:00Z');

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

function setTime(path: string, time: Date): void {
  utimesSync(path, time, time);
}

/** Every file and folder under `path` (itself included) at `time`, deepest first so a folder's time stays set. */
function setTree(path: string, time: Date): void {
  if (statSync(path).isDirectory()) for (const entry of readdirSync(path)) setTree(join(path, entry), time);
  setTime(path, time);
}

/** A project with sources at SOURCES_TIME; with `built`, the service bundle and a stamp at BUILD_TIME. */
function project({ built }: { built: boolean }): string {
  const root = mkdtempSync(join(tmpdir(), 'kingshot-build-if-stale-'));
  roots.push(root);
  const files: Record<string, string> = {
    'src/main.ts': 'export {};\n',
    'src/tools/handlers.ts': 'export {};\n',
    'shared/normalize.ts': 'export {};\n',
    'generated/tools/index.ts': 'export {};\n',
    'tsconfig.build.json': '{}\n',
    'tsconfig.json': '{}\n',
    'package.json': '{}\n',
    'package-lock.json': '{}\n',
    'node_modules/.package-lock.json': '{}\n',
  };
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  for (const entry of readdirSync(root)) setTree(join(root, entry), SOURCES_TIME);
  if (built) {
    mkdirSync(dirname(join(root, SERVICE_ENTRY)), { recursive: true });
    writeFileSync(join(root, SERVICE_ENTRY), 'export {};\n');
    writeFileSync(join(root, STAMP), `${BUILD_TIME.toISOString()}\n`);
    setTree(join(root, 'dist'), BUILD_TIME);
  }
  return root;
}

/** Runs buildIfStale with a build that writes the service bundle and answers `status`; what it did and said. */
async function run(root: string, status = 0) {
  const builds: string[] = [];
  const lines: string[] = [];
  const clock = [new Date('2026-11-26T12:00:00.000Z'), new Date('2026-11-26T12:00:01.500Z')];
  const outcome = await buildIfStale({
    root,
    build: (where) => {
      builds.push(where);
      mkdirSync(dirname(join(where, SERVICE_ENTRY)), { recursive: true });
      writeFileSync(join(where, SERVICE_ENTRY), 'export {};\n');
      return status;
    },
    log: (line) => lines.push(line),
    now: () => clock.shift()!,
  });
  return {
    outcome,
    builds,
    lines,
    stamp: existsSync(join(root, STAMP)) ? readFileSync(join(root, STAMP), 'utf8') : undefined,
  };
}

describe('build-if-stale', () => {
  it('no stamp: builds, then stamps the build with the time it finished', async () => {
    const root = project({ built: false });
    expect(await run(root)).toEqual({
      outcome: 'built',
      builds: [root],
      lines: ['No build yet: building (tsc, then the bundle)…\n', 'Built in 1.5 s.\n'],
      stamp: '2026-11-26T12:00:01.500Z\n',
    });
  });

  it('a stamp newer than every source: does nothing', async () => {
    const root = project({ built: true });
    expect(await run(root)).toEqual({
      outcome: 'current',
      builds: [],
      lines: [],
      stamp: `${BUILD_TIME.toISOString()}\n`,
    });
  });

  it('a source edited after the stamp: builds again and renews the stamp', async () => {
    const root = project({ built: true });
    setTime(join(root, 'src/tools/handlers.ts'), EDIT_TIME);
    expect(await run(root)).toEqual({
      outcome: 'built',
      builds: [root],
      lines: ['Sources changed since the last build: building (tsc, then the bundle)…\n', 'Built in 1.5 s.\n'],
      stamp: '2026-11-26T12:00:01.500Z\n',
    });
  });

  it("a source deleted after the stamp (its folder's time changes): builds again", async () => {
    const root = project({ built: true });
    rmSync(join(root, 'shared/normalize.ts'));
    setTime(join(root, 'shared'), EDIT_TIME);
    expect((await run(root)).outcome).toBe('built');
  });

  it('package-lock.json changed after the stamp (new dependencies): builds again', async () => {
    const root = project({ built: true });
    setTime(join(root, 'package-lock.json'), EDIT_TIME);
    expect((await run(root)).outcome).toBe('built');
  });

  it('packages installed after the stamp (npm ci, npm install): builds again, as the bundle holds some', async () => {
    const root = project({ built: true });
    setTime(join(root, 'node_modules/.package-lock.json'), EDIT_TIME);
    expect((await run(root)).outcome).toBe('built');
  });

  it('a stamp without the service bundle (a removed build): builds', async () => {
    const root = project({ built: true });
    rmSync(join(root, SERVICE_ENTRY));
    expect(await run(root)).toMatchObject({
      outcome: 'built',
      lines: ['No build yet: building (tsc, then the bundle)…\n', 'Built in 1.5 s.\n'],
    });
  });

  it('a failed build: answers its exit status and writes no stamp, so the next start tries again', async () => {
    const root = project({ built: false });
    expect(await run(root, 2)).toEqual({
      outcome: 2,
      builds: [root],
      lines: ['No build yet: building (tsc, then the bundle)…\n'],
      stamp: undefined,
    });
  });

  it('as `npm start` runs it (node scripts/build-if-stale.mjs in the project): silent and successful when current', () => {
    const root = project({ built: true });
    const cli = spawnSync(process.execPath, [SCRIPT], { cwd: root, encoding: 'utf8' });
    expect({ status: cli.status, stderr: cli.stderr, stdout: cli.stdout }).toEqual({
      status: 0,
      stderr: '',
      stdout: '',
    });
  });

  it('as `npm start` runs it, with no build: says so and fails with the compiler (this folder has none)', () => {
    const root = project({ built: false });
    const cli = spawnSync(process.execPath, [SCRIPT], { cwd: root, encoding: 'utf8' });
    expect(cli.status).toBe(1);
    expect(cli.stderr.split('\n')[0]).toBe('No build yet: building (tsc, then the bundle)…');
    expect(existsSync(join(root, STAMP))).toBe(false);
  });
});
