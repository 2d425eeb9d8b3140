/**
 * Adding a cost tool takes no hand-written test line: in a scratch copy of the project, a new cost tool is added
 * exactly as docs/adding-a-tool.md says (a cost table, a tool YAML, a calculator, a handler entry;
 * test/support/new-cost-tool.ts), then codegen and the type-check run, the one snapshot of the catalogue's facts is
 * rewritten (`vitest -u`, the step the docs name), and the whole everyday suite (`npm test`'s vitest run, with CI=1
 * so nothing skips) must pass in the copy. The whole suite, not a list of files that read tool lists: such a list
 * would be one more hand-kept list, and the point is that no test anywhere breaks. Several minutes, so CI only
 * (`npm run test:ci-only`).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { addNewCostTool, NEW_SYSTEM, NEW_TOOL } from '../support/new-cost-tool.js';
import { REPO } from './fixture-root.js';

/** The project's files (tracked, and new files not ignored: a working tree's state, as `npm test` sees it). */
function copyProject(): string {
  const root = mkdtempSync(join(tmpdir(), 'kingshot-new-cost-tool-'));
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: REPO,
    encoding: 'utf8',
  })
    .split('\0')
    .filter(Boolean);
  for (const file of files) {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    // A file deleted in the working tree but still in the index is skipped.
    try {
      cpSync(join(REPO, file), join(root, file));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  symlinkSync(join(REPO, 'node_modules'), join(root, 'node_modules'), 'dir');
  return root;
}

/**
 * A command's time limit, below the test's own: spawnSync blocks the worker, so vitest's timeout could not stop a
 * hung nested run; this kills it, and its status is then null (a failure).
 */
const COMMAND_LIMIT_MS = 50 * 60_000;

/** Runs a command in the copy; returns its exit status (null if killed) and its output (both streams). */
function run(root: string, args: string[], env: Record<string, string | undefined> = {}) {
  const result = spawnSync(process.execPath, args, {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, ...env },
    maxBuffer: 256 * 1024 * 1024,
    timeout: COMMAND_LIMIT_MS,
  });
  const ended = result.signal ? `\n(ended by ${result.signal}${result.error ? `: ${result.error.message}` : ''})` : '';
  return { status: result.status, output: `${result.stdout}\n${result.stderr}${ended}` };
}

const bin = (name: string) => join(REPO, 'node_modules', name);

describe('adding a cost tool', () => {
  it('as docs/adding-a-tool.md says needs no hand-written test line: the whole suite passes in a scratch copy', () => {
    const root = copyProject();
    try {
      addNewCostTool(root);
      const codegen = run(root, [bin('tsx/dist/cli.mjs'), 'codegen/main.ts']);
      expect(codegen.output).toContain('wrote');
      expect(codegen.status).toBe(0);
      for (const project of ['tsconfig.json', 'views/tsconfig.json', 'site/tsconfig.json']) {
        const tsc = run(root, [bin('typescript/bin/tsc'), '-p', project, '--noEmit']);
        expect(tsc.output.trim(), project).toBe('');
      }
      // The catalogue's facts change by the new tool and its system, and that file is the only change under test/.
      const before = readFileSync(join(root, 'test/catalogue-facts.json'), 'utf8');
      const update = run(root, [bin('vitest/vitest.mjs'), 'run', 'test/catalogue-facts.test.ts', '--update'], {
        CI: '',
      });
      expect(update.status, update.output).toBe(0);
      const facts = JSON.parse(readFileSync(join(root, 'test/catalogue-facts.json'), 'utf8')) as {
        tools: Record<string, { cost_system?: string; calculator_page?: string }>;
        cost_systems: Record<string, { tool: string }>;
      };
      expect(facts.tools[NEW_TOOL]).toMatchObject({
        cost_system: NEW_SYSTEM,
        calculator_page: '/calculators/pet-food-cost',
      });
      expect(facts.cost_systems[NEW_SYSTEM]!.tool).toBe(NEW_TOOL);
      expect(before).not.toContain(NEW_TOOL);
      const diff = spawnSync('git', ['diff', '--no-index', '--name-only', join(REPO, 'test'), join(root, 'test')], {
        encoding: 'utf8',
      });
      expect(diff.stdout.trim().split('\n')).toEqual([join(root, 'test/catalogue-facts.json')]);
      // The everyday suite, as `npm test` runs it (its lint step aside: formatting is not what this proves).
      const suite = run(root, [bin('vitest/vitest.mjs'), 'run'], { CI: '1', NO_COLOR: '1' });
      const plain = suite.output.replace(/\x1b\[[0-9;]*m/g, '');
      // On failure the message is the summary and the failed tests (the end of the run's output).
      expect(suite.status, plain.slice(-20_000)).toBe(0);
      expect(plain).toMatch(/Test Files\s+\d+ passed/);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  }, 3_600_000);
});
