/**
 * A one-tool change is a one-tool diff: in a scratch copy of the repository, a tool added by YAML and codegen adds
 * that tool's own files under generated/tools/<tool>/ and, in the indexes, only lines that name it (the developer
 * reference also gains the tool's section and its endpoints' tool counts). No other tool's generated code moves.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generate } from '../../codegen/generate.js';
import { writeOutput } from '../../codegen/write.js';
import { TOOLS } from '../../generated/tools/index.js';
import { REPO, toolYaml } from './fixture-root.js';

interface Hunk {
  removed: string[];
  added: string[];
}

/** `git diff -U0` of the staged generated/ folder, as hunks per file; new files listed apart. */
function stagedDiff(root: string): { created: string[]; deleted: string[]; hunks: Map<string, Hunk[]> } {
  const git = (...args: string[]) =>
    execFileSync('git', ['-C', root, ...args], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  git('add', '-A', 'generated');
  const status = git('diff', '--cached', '--name-status', '--', 'generated')
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((l) => l.split('\t') as [string, string]);
  const hunks = new Map<string, Hunk[]>();
  let current: Hunk[] = [];
  for (const line of git('diff', '--cached', '-U0', '--no-color', '--diff-filter=M', '--', 'generated').split('\n')) {
    if (line.startsWith('+++ b/')) hunks.set(line.slice(6), (current = []));
    else if (line.startsWith('@@')) current.push({ removed: [], added: [] });
    else if (line.startsWith('-') && !line.startsWith('--- ')) current.at(-1)!.removed.push(line.slice(1));
    else if (line.startsWith('+')) current.at(-1)!.added.push(line.slice(1));
  }
  return {
    created: status.filter(([s]) => s === 'A').map(([, f]) => f),
    deleted: status.filter(([s]) => s === 'D').map(([, f]) => f),
    hunks,
  };
}

const CODE_INDEXES = [
  'generated/tool-names.ts',
  'generated/tools-list.ts',
  'generated/tools/index.ts',
  'generated/validators/input.ts',
  'generated/validators/output.ts',
];
const DOCS = ['generated/developer-docs.ts', 'generated/docs/developers.md'];
/** The endpoint table's row, whose tool count a new tool changes: | `/mcp` | none | 12 | current | */
const ENDPOINT_ROW = /^\| \\?`\/mcp[^|]*\| [^|]+ \| \d+ \| [^|]+ \|$/;

describe('adding a tool', () => {
  it('changes only its own generated files and the index lines that name it', async () => {
    const root = mkdtempSync(join(tmpdir(), 'kingshot-one-tool-'));
    // Everything codegen reads; the views are bundled with the repository's tsconfig.json and package.json.
    for (const path of [
      'catalog',
      'data',
      'shared',
      'src',
      'generated',
      'views',
      'site',
      'tsconfig.json',
      'package.json',
    ])
      cpSync(join(REPO, path), join(root, path), { recursive: true });
    symlinkSync(join(REPO, 'node_modules'), join(root, 'node_modules'), 'dir');
    const git = (...args: string[]) =>
      execFileSync('git', ['-C', root, '-c', 'user.name=test', '-c', 'user.email=test@127.0.0.1', ...args], {
        encoding: 'utf8',
      });
    git('init', '-q');
    git('add', '-A', 'catalog', 'data', 'generated');
    git('commit', '-q', '-m', 'before');

    writeFileSync(join(root, 'catalog/tools/echo_level.yaml'), toolYaml('echo_level'));
    writeOutput(root, await generate(root));
    const { created, deleted, hunks } = stagedDiff(root);

    const own = ['list.ts', 'schema.ts', 'types.ts', 'validate-input.ts', 'validate-output.ts'].map(
      (f) => `generated/tools/echo_level/${f}`,
    );
    expect(created.sort()).toEqual(own);
    expect(deleted).toEqual([]);
    expect([...hunks.keys()].sort()).toEqual([...CODE_INDEXES, ...DOCS].sort());

    const namesTool = (lines: string[]) => lines.some((l) => /echo_level|EchoLevel|echoLevel/.test(l));
    for (const file of CODE_INDEXES) {
      for (const hunk of hunks.get(file)!) {
        expect(hunk.removed, `${file}: no line of another tool changes`).toEqual([]);
        expect(namesTool(hunk.added), `${file}: ${hunk.added.join('\n')}`).toBe(true);
      }
    }
    for (const file of DOCS) {
      const counts = hunks.get(file)!.filter((h) => h.removed.length > 0 && !namesTool(h.added));
      // The only lines changed without naming the tool: the public endpoint's tool count, n -> n + 1 (the account
      // endpoint's row and the "accepted names" lines name it, or sit in the same hunk as a line that does).
      for (const hunk of counts) {
        expect(
          [...hunk.removed, ...hunk.added].every((l) => ENDPOINT_ROW.test(l)),
          `${file}: ${JSON.stringify(hunk)}`,
        ).toBe(true);
      }
      const publicTools = TOOLS.filter((t) => t.availability === 'public').length;
      expect(counts.flatMap((h) => h.added).join('\n')).toContain(`| ${publicTools + 1} |`);
      for (const hunk of hunks.get(file)!.filter((h) => !counts.includes(h))) {
        expect(namesTool(hunk.added), `${file}: ${hunk.added.join('\n')}`).toBe(true);
      }
    }
    // The tool's reference section arrives whole, in one hunk.
    const section = hunks
      .get('generated/docs/developers.md')!
      .find((h) => h.added[0] === '### `echo_level`: Fixture tool');
    expect(section?.removed).toEqual([]);
    expect(section?.added).toContain('**Arguments**');
  }, 300_000);
});
