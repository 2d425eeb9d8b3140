/**
 * The bundle is built without esbuild's `keepNames` (scripts/build.mjs), so a class that esbuild renames to avoid a
 * collision would carry the new name into error logs; the build refuses such a bundle. Each case is tsc-like output
 * and a bundle written by hand in a temporary folder.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { renamedClasses } from '../../scripts/build.mjs';

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
});
