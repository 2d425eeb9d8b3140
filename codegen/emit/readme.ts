/**
 * The README's tool tables, generated from each tool's `readme` (summary, arguments) between two markers, so the
 * front page cannot drift from the catalogue: `codegen --check` reports the README when the text between them is
 * stale. The grouping is derived: cost tools compute a cost system, account tools need a sign-in, the rest is
 * reference. A root without README.md (the test fixtures) has no tables to keep.
 */
import { BEGIN_MARKER, END_MARKER } from '../check/readme.js';
import { README } from '../load/files.js';
import type { Catalog, EmitInput, ToolEntry } from '../model.js';
import type { EmittedFiles } from './shared.js';

export { BEGIN_MARKER, END_MARKER, README };

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

/** README.md with the tables between the markers replaced (the markers are checked by codegen/check/readme.ts). */
export function readmeWithToolTables(text: string, catalog: Catalog): string {
  const begin = text.indexOf(BEGIN_MARKER);
  const end = text.indexOf(END_MARKER);
  return `${text.slice(0, begin + BEGIN_MARKER.length)}\n${toolTables(catalog)}\n${text.slice(end)}`;
}

/** The README, when the root has one: the one file outside generated/ that codegen writes. */
export function emitReadme({ readme, catalog }: EmitInput): EmittedFiles {
  return readme === undefined ? new Map() : new Map([[README, readmeWithToolTables(readme, catalog)]]);
}
