/**
 * The only module that touches generated/ on disk. Writing wipes the folder first, so a tool removed from the
 * catalogue leaves nothing behind; checking writes nothing and lists every stale, missing or extra file.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import type { EmittedFiles } from './model.js';

export const OUTPUT_DIR = 'generated';

export function writeOutput(root: string, files: EmittedFiles): void {
  rmSync(join(root, OUTPUT_DIR), { recursive: true, force: true });
  for (const path of [...files.keys()].sort()) {
    const absolute = join(root, path);
    mkdirSync(dirname(absolute), { recursive: true });
    writeFileSync(absolute, files.get(path)!, 'utf8');
  }
}

export interface StaleReport {
  modified: string[];
  missing: string[];
  extra: string[];
}

export function checkOutput(root: string, files: EmittedFiles): StaleReport {
  const report: StaleReport = { modified: [], missing: [], extra: [] };
  for (const path of [...files.keys()].sort()) {
    const absolute = join(root, path);
    if (!existsSync(absolute)) report.missing.push(path);
    else if (readFileSync(absolute, 'utf8') !== files.get(path)) report.modified.push(path);
  }
  for (const path of listFiles(join(root, OUTPUT_DIR))) {
    const rel = relative(root, path).split('\\').join('/');
    if (!files.has(rel)) report.extra.push(rel);
  }
  return report;
}

function listFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? listFiles(path) : [path];
    });
}
