/**
 * Every kind of problem codegen reports carries its file and its line (docs/adding-a-tool.md, "Codegen"): one
 * fixture root per kind, each with one fault, and the file and line the report must name. The kinds listed here are
 * those that once came without a line (the checks across files, the icons, the views, the bundles, the README);
 * the schema and rule problems of one file are pinned with their lines in validation.test.ts.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generate, loadAndCheck } from '../../codegen/generate.js';
import { CatalogInvalidError, type Problem } from '../../codegen/problems.js';
import { COST_ENDPOINT_YAML, costToolYaml, ENDPOINT_YAML, fixtureRoot, REPO, toolYaml } from './fixture-root.js';

/** 1-based line of the first line of `text` that includes `part`. */
function lineOf(text: string, part: string): number {
  const index = text.split('\n').findIndex((line) => line.includes(part));
  if (index < 0) throw new Error(`"${part}" is not in the fixture`);
  return index + 1;
}

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><rect width="1"/></svg>\n';
const ECHO = toolYaml('echo');
const DEPRECATED = (replacement: string) =>
  toolYaml(
    'echo',
    `deprecation: {deprecated: "2030-01-01T00:00:00Z", sunset: "2030-06-01", replacement: ${replacement}, notice: Use another.}\n`,
  );
const ACCOUNT_ENDPOINT = ENDPOINT_YAML.replace('path: /mcp', 'path: /mcp/account')
  .replace('auth: none', 'auth: oauth')
  .replace('serves: [public]', 'serves: [public, account]');
const SHARDS_TABLE = readFileSync(join(REPO, 'data/costs/hero-shards.yaml'), 'utf8');
const BAD_VIEW = 'const shown: number = ;\n';

interface Case {
  files: Record<string, string>;
  withRealData?: boolean;
  /** The file and line each problem must name. */
  want: { file: string; line: number }[];
}

const CASES: Record<string, Case> = {
  'an icon named after no tool': {
    files: { 'catalog/tools/echo.yaml': ECHO, 'catalog/icons/stray.svg': SVG },
    want: [{ file: 'catalog/icons/stray.svg', line: 1 }],
  },
  'an icon that is no SVG': {
    files: { 'catalog/tools/echo.yaml': ECHO, 'catalog/icons/echo.svg': '<png/>\n' },
    want: [{ file: 'catalog/icons/echo.svg', line: 1 }],
  },
  'an icon over the size limit': {
    files: { 'catalog/tools/echo.yaml': ECHO, 'catalog/icons/echo.svg': `<svg>${' '.repeat(17_000)}</svg>\n` },
    want: [{ file: 'catalog/icons/echo.svg', line: 1 }],
  },
  'an icon with a script': {
    files: { 'catalog/tools/echo.yaml': ECHO, 'catalog/icons/echo.svg': '<svg><script>alert(1)</script></svg>\n' },
    want: [{ file: 'catalog/icons/echo.svg', line: 1 }],
  },
  'a view folder no tool declares': {
    files: { 'catalog/tools/echo.yaml': ECHO, 'views/ghost/main.ts': 'export {};\n' },
    want: [{ file: 'views/ghost/', line: 1 }],
  },
  'a tool in a file of another name (a duplicate name)': {
    files: { 'catalog/tools/echo.yaml': ECHO, 'catalog/tools/other.yaml': ECHO },
    // Both at the name: it is not the file's, and another file has it.
    want: [
      { file: 'catalog/tools/other.yaml', line: lineOf(ECHO, 'name: echo') },
      { file: 'catalog/tools/other.yaml', line: lineOf(ECHO, 'name: echo') },
    ],
  },
  'a replacement that is no tool': {
    files: { 'catalog/tools/echo.yaml': DEPRECATED('ghost') },
    want: [{ file: 'catalog/tools/echo.yaml', line: lineOf(DEPRECATED('ghost'), 'deprecation:') }],
  },
  'a tool that replaces itself': {
    files: { 'catalog/tools/echo.yaml': DEPRECATED('echo') },
    want: [{ file: 'catalog/tools/echo.yaml', line: lineOf(DEPRECATED('echo'), 'deprecation:') }],
  },
  'an availability no endpoint serves': {
    files: { 'catalog/tools/echo.yaml': ECHO.replace('availability: public', 'availability: account') },
    want: [{ file: 'catalog/tools/echo.yaml', line: lineOf(ECHO, 'availability: public') }],
  },
  'two endpoints on one path': {
    files: { 'catalog/tools/echo.yaml': ECHO, 'catalog/endpoints/again.yaml': ENDPOINT_YAML },
    want: [{ file: 'catalog/endpoints/mcp.yaml', line: lineOf(ENDPOINT_YAML, 'path: /mcp') }],
  },
  "an endpoint's instructions that do not name a tool only it serves": {
    files: {
      'catalog/tools/echo.yaml': ECHO.replace('availability: public', 'availability: account'),
      'catalog/endpoints/mcp-account.yaml': ACCOUNT_ENDPOINT,
    },
    want: [{ file: 'catalog/endpoints/mcp-account.yaml', line: lineOf(ACCOUNT_ENDPOINT, 'instructions:') }],
  },
  'an endpoint replacement that is no endpoint': {
    files: {
      'catalog/tools/echo.yaml': ECHO,
      'catalog/endpoints/mcp.yaml': `${ENDPOINT_YAML}deprecation: {deprecated: "2030-01-01T00:00:00Z", sunset: "2030-06-01", replacement: /ghost, notice: This endpoint is gone.}\n`,
    },
    want: [{ file: 'catalog/endpoints/mcp.yaml', line: lineOf(ENDPOINT_YAML, 'serves:') + 1 }],
  },
  'a tool-error document that does not compile': {
    files: {
      'catalog/tools/echo.yaml': ECHO,
      'catalog/shared/tool-error.yaml': `${readFileSync(join(REPO, 'catalog/shared/tool-error.yaml'), 'utf8')}stray: 1\n`,
    },
    want: [{ file: 'catalog/shared/tool-error.yaml', line: 1 }],
  },
  'a result schema that does not compile': {
    files: {
      'catalog/tools/echo.yaml': ECHO.replace('    echo: {type: integer}', '    echo: {type: integer, maxItem: 2}'),
    },
    want: [{ file: 'catalog/tools/echo.yaml', line: lineOf(ECHO, 'result:') }],
  },
  'two cost tables of one system': {
    files: { 'catalog/tools/echo.yaml': ECHO, 'data/costs/shards-again.yaml': SHARDS_TABLE },
    withRealData: true,
    want: [{ file: 'data/costs/shards-again.yaml', line: lineOf(SHARDS_TABLE, 'system: hero_shards') }],
  },
  'a second tool for one cost system': {
    files: {
      'catalog/endpoints/mcp.yaml': COST_ENDPOINT_YAML,
      'catalog/tools/echo.yaml': costToolYaml('echo', ['shards']),
      'catalog/tools/more.yaml': costToolYaml('more', ['shards']),
    },
    withRealData: true,
    want: [{ file: 'catalog/tools/more.yaml', line: lineOf(costToolYaml('more', ['shards']), 'totals:') }],
  },
  'a calculator page on a tool that computes no cost': {
    files: { 'catalog/tools/echo.yaml': toolYaml('echo', 'calculator: {example: {level: "1"}}\n') },
    withRealData: true,
    want: [{ file: 'catalog/tools/echo.yaml', line: lineOf(toolYaml('echo', 'calculator:\n'), 'calculator:') }],
  },
  'a calculator page naming no argument': {
    files: {
      'catalog/endpoints/mcp.yaml': COST_ENDPOINT_YAML,
      'catalog/tools/echo.yaml': costToolYaml('echo', ['shards'], 'calculator:\n  example: {from: "0"}\n'),
    },
    withRealData: true,
    want: [
      {
        file: 'catalog/tools/echo.yaml',
        line: lineOf(costToolYaml('echo', ['shards'], 'calculator:\n'), 'calculator:') + 1,
      },
    ],
  },
  'a README without its markers': {
    files: { 'catalog/tools/echo.yaml': ECHO, 'README.md': '# Title\n\nNo tables here.\n' },
    want: [{ file: 'README.md', line: 1 }],
  },
};

/** The problems codegen reports for the root, from whichever stage finds them first. */
async function problemsOf(files: Record<string, string>, withRealData = false): Promise<Problem[]> {
  const root = fixtureRoot(files, { withRealData });
  const checked = loadAndCheck(root);
  if (checked.problems.length > 0) return checked.problems;
  const error = await generate(root).catch((thrown: unknown) => thrown);
  return error instanceof CatalogInvalidError ? [...error.problems] : [];
}

describe('every kind of problem names its file and line', () => {
  it.each(Object.entries(CASES))('%s', async (_, { files, withRealData, want }) => {
    const problems = await problemsOf(files, withRealData);
    expect(problems.map((p) => ({ file: p.file, line: p.line }))).toEqual(want);
  });

  it('a view that does not bundle: at the line esbuild names', async () => {
    const files = {
      'catalog/tools/echo.yaml': toolYaml('echo', 'view: ui://kingshot/broken\n'),
      'views/broken/main.ts': BAD_VIEW,
    };
    const problems = await problemsOf(files);
    expect(problems.map((p) => ({ file: p.file, line: p.line }))).toEqual([{ file: 'views/broken/main.ts', line: 1 }]);
  });

  it('a view whose bundle holds "<!--": its entry, line 1', async () => {
    const files = {
      'catalog/tools/echo.yaml': toolYaml('echo', 'view: ui://kingshot/comment\n'),
      'views/comment/main.ts': "document.title = '<!--<script>';\n",
    };
    const problems = await problemsOf(files);
    expect(problems.map((p) => ({ file: p.file, line: p.line }))).toEqual([{ file: 'views/comment/main.ts', line: 1 }]);
  });
});
