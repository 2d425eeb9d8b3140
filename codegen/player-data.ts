/**
 * The player-data schema (catalog/player-data.schema.yaml): the shape of a player's saved profile, goals and
 * inventory. Codegen checks that it compiles under the options the service validates with (strict, discriminator)
 * and that its goal kinds are cost systems; generated/player-data.ts carries it with its types.
 */
import { createAjv } from './ajv.js';
import { loadYaml } from './load.js';
import type { CostTable, JsonSchema } from './model.js';
import type { Problem } from './problems.js';

export const PLAYER_DATA_FILE = 'catalog/player-data.schema.yaml';

/** The goal kinds the schema declares: each oneOf branch of `definitions.goal` by its `system` const. */
export function goalSystems(schema: JsonSchema): string[] {
  const goal = (schema.definitions as Record<string, { oneOf?: { properties?: { system?: { const?: string } } }[] }> | undefined)?.goal;
  return (goal?.oneOf ?? []).flatMap((branch) => (branch.properties?.system?.const === undefined ? [] : [branch.properties.system.const]));
}

/** The schema, or the problems that keep it from being served; absent in fixture roots without the file. */
export function loadPlayerData(root: string, costs: readonly CostTable[]): { schema?: JsonSchema; problems: Problem[] } {
  const loaded = loadYaml(root, PLAYER_DATA_FILE);
  if (!loaded.ok) return loaded.problems.some((p) => p.message.startsWith('cannot read file')) ? { problems: [] } : { problems: loaded.problems };
  const schema = loaded.document.value as JsonSchema;
  const problems: Problem[] = [];
  try {
    createAjv({ discriminator: true, formats: false }).compile(schema);
  } catch (error) {
    problems.push(loaded.document.problem('', `schema does not compile: ${(error as Error).message}`));
  }
  const systems = new Set(costs.map((t) => t.system));
  goalSystems(schema).forEach((system, i) => {
    if (!systems.has(system)) problems.push(loaded.document.problem(`/definitions/goal/oneOf/${i}/properties/system/const`, `goal system "${system}" is not a cost system of data/costs/ (${[...systems].join(', ')})`));
  });
  return problems.length > 0 ? { problems } : { schema, problems };
}
