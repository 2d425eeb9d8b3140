/**
 * The calculator pages: one per cost tool of the catalogue (generated/cost-systems.ts, in catalogue order), at
 * /calculators/<tool-name-with-dashes>, with the tool's catalogue title, description and input schema, the level
 * spellings each argument accepts (from the cost tables), and one example range. The example and which arguments
 * suggest levels come from the tool's YAML (`calculator`), the labels from its cost table.
 */
import { COST_TABLES, COST_TOOLS, type CostToolName } from '../../../generated/cost-systems.js';
import type { CostTable } from '../../../generated/data/types.js';
import type { ToolMetadata } from '../../../generated/metadata-types.js';
import { TOOLS } from '../../../generated/tools/index.js';
import type { Registry } from '../../tool-registry/registry.js';

export type { CostToolName };

export const CALCULATORS_PATH = '/calculators';

export const calculatorPath = (tool: string) => `${CALCULATORS_PATH}/${tool.replaceAll('_', '-')}`;

export const CALCULATOR_PATHS: readonly string[] = COST_TOOLS.map(calculatorPath);

/**
 * Each calculator's path and its tool's catalogue title, for the lists built without the registry (llms.txt);
 * the registry's metadata is this same generated catalogue.
 */
export const CALCULATOR_LINKS: readonly { path: string; title: string }[] = COST_TOOLS.map((tool) => ({
  path: calculatorPath(tool),
  title: TOOLS.find((metadata) => metadata.name === tool)?.title ?? tool,
}));

/** The labels of a table's ladders in ladder order, each once (a spelling every ladder of the tool accepts). */
function labelsOf(table: CostTable): string[] {
  return [...new Set(table.ladders.flatMap((ladder) => ladder.levels.map((level) => level.label)))];
}

/**
 * Suggested spellings for free-text arguments (a datalist under the input: any spelling the tool accepts still
 * goes): the YAML's `calculator.level_choices` each get the cost table's labels. Arguments with an enumeration or a
 * small integer range get a select from the schema instead. A cost tool without `calculator` still gets its page,
 * with plain inputs.
 */
function levelChoices(metadata: ToolMetadata): Readonly<Record<string, readonly string[]>> {
  const table = metadata.costSystem === undefined ? undefined : COST_TABLES[metadata.costSystem];
  if (!table || !metadata.calculator) return {};
  const labels = labelsOf(table);
  return Object.fromEntries(metadata.calculator.levelChoices.map((name) => [name, labels]));
}

export type JsonSchema = Record<string, unknown>;

export interface Calculator {
  tool: CostToolName;
  path: string;
  title: string;
  description: string;
  inputSchema: JsonSchema;
  choices: Readonly<Record<string, readonly string[]>>;
  /**
   * Keyed arguments (a building, a track): the form offers their keys as a select, without the description, which
   * tells a model how to spell a key (names, aliases, case) and only crowds the form.
   */
  keyed: readonly string[];
  example: Readonly<Record<string, string>>;
}

/**
 * The served schema takes any spelling of a keyed argument (a building, a track), so it lists the keys only as
 * examples; the form offers exactly the keys, as a select, so they become the property's enumeration here.
 */
function withKeyedChoices(
  schema: JsonSchema,
  keyed: Readonly<Record<string, { readonly keys: readonly string[] }>> | undefined,
): JsonSchema {
  if (!keyed) return schema;
  const properties = { ...(schema.properties as Record<string, JsonSchema>) };
  for (const [name, argument] of Object.entries(keyed)) {
    if (properties[name]) properties[name] = { ...properties[name], enum: [...argument.keys] };
  }
  return { ...schema, properties };
}

export function calculators(registry: Registry): Calculator[] {
  return COST_TOOLS.flatMap((tool) => {
    const registered = registry.toolsByName.get(tool);
    if (!registered) return [];
    return [
      {
        tool,
        path: calculatorPath(tool),
        title: registered.metadata.title,
        description: registered.metadata.description,
        inputSchema: withKeyedChoices(
          registered.listEntries['2025-06-18'].inputSchema as JsonSchema,
          registered.metadata.keyedArguments,
        ),
        choices: levelChoices(registered.metadata),
        keyed: Object.keys(registered.metadata.keyedArguments ?? {}),
        example: registered.metadata.calculator?.example ?? {},
      },
    ];
  });
}

/**
 * The query string of a set of arguments as the form submits it, written readably: letters beyond ASCII (★) stay
 * as they are, which browsers and agents accept; `+`, `&` and the like are escaped.
 */
export function queryOf(args: Readonly<Record<string, string>>): string {
  const readable = (text: string) =>
    encodeURIComponent(text)
      .replaceAll('%20', '+')
      .replace(/(?:%[89A-F][0-9A-F]|%[C-F][0-9A-F])+/gi, (bytes) => decodeURIComponent(bytes));
  return Object.entries(args)
    .map(([name, value]) => `${readable(name)}=${readable(value)}`)
    .join('&');
}
