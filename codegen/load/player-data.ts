/**
 * The player-data schema (catalog/player-data.schema.yaml): the shape of a player's saved profile, goals and
 * inventory, loaded here and checked by codegen/check/player-data.ts. generated/player-data.ts carries the schema
 * with its types.
 */
import type { JsonSchema } from '../model.js';
import type { Problem } from '../problems.js';
import { loadYaml, type SourceIndex } from './yaml.js';

export const PLAYER_DATA_FILE = 'catalog/player-data.schema.yaml';

/** The goal kinds the schema declares: each oneOf branch of `definitions.goal` by its `system` const. */
export function goalSystems(schema: JsonSchema): string[] {
  const goal = (
    schema.definitions as Record<string, { oneOf?: { properties?: { system?: { const?: string } } }[] }> | undefined
  )?.goal;
  return (goal?.oneOf ?? []).flatMap((branch) =>
    branch.properties?.system?.const === undefined ? [] : [branch.properties.system.const],
  );
}

/** The schema as authored; absent (and no problem) in fixture roots without the file. */
export function readPlayerData(root: string, sources: SourceIndex): { schema?: JsonSchema; problems: Problem[] } {
  const loaded = loadYaml(root, PLAYER_DATA_FILE);
  if (!loaded.ok)
    return loaded.problems.some((p) => p.message.startsWith('cannot read file'))
      ? { problems: [] }
      : { problems: loaded.problems };
  return { schema: sources.add(loaded.document).value as JsonSchema, problems: [] };
}
