/**
 * The README's tool tables, generated from each tool's `readme` (summary, arguments) between two markers, so the
 * front page cannot drift from the catalogue: `codegen --check` reports the README when the text between them is
 * stale. The grouping is derived: cost tools compute a cost system, account tools need a sign-in, the rest is
 * reference. A root without README.md (the test fixtures) has no tables to keep.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Catalog, ToolEntry } from './model.js';
import type { Problem } from './problems.js';

export const README = 'README.md';
export const BEGIN_MARKER = '<!-- BEGIN GENERATED: tool tables (npm run codegen) -->';
export const END_MARKER = '<!-- END GENERATED: tool tables -->';

/** A table cell: one line, pipes escaped. */
function cell(text: string): string {
  return text.replaceAll('\n', ' ').replaceAll('|', '\\|');
}

function table(tools: readonly ToolEntry[], second: string): string[] {
  return [
    `| Tool | ${second} | Arguments (examples) |`,
    '| --- | --- | --- |',
    ...tools.map((t) => `| \`${t.name}\` | ${cell(t.readme.summary)} | ${cell(t.readme.arguments)} |`),
  ];
}

/** The Markdown between the markers: one table per group, each with who may call it. */
export function toolTables(catalog: Catalog): string {
  const account = catalog.tools.filter((t) => t.availability === 'account');
  const cost = catalog.tools.filter((t) => t.availability !== 'account' && t.costSystem !== undefined);
  const reference = catalog.tools.filter((t) => t.availability !== 'account' && t.costSystem === undefined);
  const accountPaths = catalog.endpoints.filter((e) => e.serves.includes('account')).map((e) => `\`${e.path}\``);
  const groups: [string, ToolEntry[], string][] = [
    ['Upgrade costs, on every endpoint', cost, 'What it computes'],
    ['Game reference, on every endpoint', reference, 'Returns'],
    [`The signed-in player's own data, on ${accountPaths.join(', ') || 'no endpoint'}`, account, 'Returns'],
  ];
  return groups
    .filter(([, tools]) => tools.length > 0)
    .map(([title, tools, second]) => [`**${title}** (${tools.length}):`, '', ...table(tools, second)].join('\n'))
    .join('\n\n');
}

export type ReadmeOutcome = { kind: 'absent' } | { kind: 'text'; text: string } | { kind: 'problem'; problem: Problem };

/** README.md with the tables between the markers replaced, or the problem with its markers. */
export function readmeWithToolTables(root: string, catalog: Catalog): ReadmeOutcome {
  const path = join(root, README);
  if (!existsSync(path)) return { kind: 'absent' };
  const text = readFileSync(path, 'utf8');
  const begin = text.indexOf(BEGIN_MARKER);
  const end = text.indexOf(END_MARKER);
  if (begin < 0 || end < begin || text.indexOf(BEGIN_MARKER, begin + 1) >= 0) {
    return {
      kind: 'problem',
      problem: {
        file: README,
        pointer: '',
        message: `the tool tables need one "${BEGIN_MARKER}" line followed by one "${END_MARKER}" line; codegen writes the tables between them`,
      },
    };
  }
  const before = text.slice(0, begin + BEGIN_MARKER.length);
  const after = text.slice(end);
  return { kind: 'text', text: `${before}\n${toolTables(catalog)}\n${after}` };
}
