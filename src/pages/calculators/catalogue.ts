/**
 * The calculator pages: one per cost tool (the tools the cost handlers implement), at
 * /calculators/<tool-name-with-dashes>, with the tool's catalogue title, description and input schema, the level
 * spellings each argument accepts (from the cost tables), and one example range.
 */
import { governorGear } from '../../../generated/data/costs/governor-gear.js';
import { heroShards } from '../../../generated/data/costs/hero-shards.js';
import { masteryForging } from '../../../generated/data/costs/mastery-forging.js';
import { truegold } from '../../../generated/data/costs/truegold.js';
import type { CostTable } from '../../../generated/data/types.js';
import type { Registry } from '../../tool-registry/registry.js';
import { costHandlers } from '../../tools/cost-handlers.js';

export type CostToolName = keyof typeof costHandlers;

export const CALCULATORS_PATH = '/calculators';

export const calculatorPath = (tool: string) => `${CALCULATORS_PATH}/${tool.replaceAll('_', '-')}`;

/** Every cost tool, in the order the cost handlers list them. */
export const COST_TOOLS = Object.keys(costHandlers) as CostToolName[];

export const CALCULATOR_PATHS: readonly string[] = COST_TOOLS.map(calculatorPath);

/** The labels of a table's ladders in ladder order, each once (a spelling every ladder of the tool accepts). */
function labelsOf(table: CostTable): string[] {
  return [...new Set(table.ladders.flatMap((ladder) => ladder.levels.map((level) => level.label)))];
}

const gearLevels = labelsOf(governorGear);
const truegoldLevels = labelsOf(truegold);
const shardLevels = labelsOf(heroShards);
const forgingLevels = labelsOf(masteryForging);

/**
 * Suggested spellings for free-text arguments (a datalist under the input: any spelling the tool accepts still
 * goes). Arguments with an enumeration or a small integer range get a select from the schema instead. Partial: a
 * cost tool added by YAML gets its page without an entry here (plain inputs), so adding a tool stays one YAML and
 * one handler; an entry only makes its page friendlier.
 */
const LEVEL_CHOICES: Partial<Record<CostToolName, Readonly<Record<string, readonly string[]>>>> = {
  governor_gear_cost: { from: gearLevels, to: gearLevels },
  governor_charm_cost: {},
  truegold_upgrade_cost: { from: truegoldLevels, to: truegoldLevels },
  hero_shards_cost: { from: shardLevels, to: shardLevels },
  hero_widgets_cost: {},
  mastery_forging_cost: { from: forgingLevels, to: forgingLevels },
};

/** A range worth showing on each page (the cross-checks of the cost data notes); optional, as above. */
const EXAMPLES: Partial<Record<CostToolName, Readonly<Record<string, string>>>> = {
  governor_gear_cost: { from: 'Gold T2 ★1', to: 'Gold T3 ★3', pieces: '2' },
  governor_charm_cost: { from: '0', to: '22' },
  truegold_upgrade_cost: { building: 'town_center', from: '30', to: 'TG8' },
  hero_shards_cost: { from: '0★', to: '5★' },
  hero_widgets_cost: { from: '0', to: '10' },
  mastery_forging_cost: { track: 'mastery', from: '+0', to: '+20' },
};

export type JsonSchema = Record<string, unknown>;

export interface Calculator {
  tool: CostToolName;
  path: string;
  title: string;
  description: string;
  inputSchema: JsonSchema;
  choices: Readonly<Record<string, readonly string[]>>;
  example: Readonly<Record<string, string>>;
}

/**
 * The served schema takes any spelling of a keyed argument (a building, a track), so it lists the keys only as
 * examples; the form offers exactly the keys, as a select, so they become the property's enumeration here.
 */
function withKeyedChoices(schema: JsonSchema, keyed: Readonly<Record<string, { readonly keys: readonly string[] }>> | undefined): JsonSchema {
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
        inputSchema: withKeyedChoices(registered.listEntries['2025-06-18'].inputSchema as JsonSchema, registered.metadata.keyedArguments),
        choices: (LEVEL_CHOICES[tool] ?? {}),
        example: (EXAMPLES[tool] ?? {}),
      },
    ];
  });
}

/**
 * The query string of a set of arguments as the form submits it, written readably: letters beyond ASCII (★) stay
 * as they are, which browsers and agents accept; `+`, `&` and the like are escaped.
 */
export function queryOf(args: Readonly<Record<string, string>>): string {
  const readable = (text: string) => encodeURIComponent(text).replaceAll('%20', '+').replace(/(?:%[89A-F][0-9A-F]|%[C-F][0-9A-F])+/gi, (bytes) => decodeURIComponent(bytes));
  return Object.entries(args).map(([name, value]) => `${readable(name)}=${readable(value)}`).join('&');
}
