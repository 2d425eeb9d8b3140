/**
 * `codegen --check` over a whole copy of the project with a stale README table: a whole-project codegen run in a
 * child process, so CI only (`npm run test:ci-only`); test/codegen/readme.test.ts has the tables' own tests.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const REPO = resolve(import.meta.dirname, '../..');

describe('README tool tables', () => {
  it('`codegen --check` fails on a stale table and says so', () => {
    const root = mkdtempSync(join(tmpdir(), 'kingshot-readme-'));
    for (const path of [
      'catalog',
      'data',
      'shared',
      'src',
      'generated',
      'views',
      'site',
      'codegen',
      'tsconfig.json',
      'package.json',
      'README.md',
    ])
      cpSync(join(REPO, path), join(root, path), { recursive: true });
    symlinkSync(join(REPO, 'node_modules'), join(root, 'node_modules'), 'dir');
    const readme = join(root, 'README.md');
    writeFileSync(
      readme,
      readFileSync(readme, 'utf8').replace('| `hero_widgets_cost` |', '| `hero_widgets_cost_old` |'),
    );
    let failure: { status: number; stderr: string } | undefined;
    try {
      execFileSync(join(REPO, 'node_modules/.bin/tsx'), ['codegen/main.ts', '--check'], {
        cwd: root,
        encoding: 'utf8',
        stdio: 'pipe',
      });
    } catch (error) {
      failure = error as { status: number; stderr: string };
    }
    expect(failure?.status).toBe(1);
    expect(failure?.stderr).toBe(
      'generated output is stale:\n  modified: README.md (the tool tables between its GENERATED markers differ from catalog/tools/*.yaml `readme`; edit the YAML, not the table)\nRun `npm run codegen` and commit generated/ and README.md.\n',
    );
  }, 120_000);
});
