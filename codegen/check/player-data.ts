/**
 * The check stage for the player-data schema (catalog/player-data.schema.yaml): it compiles under the options the
 * service validates with (strict, discriminator), and the lists it shares with the game data agree with data/costs/:
 * its goal kinds are cost systems, the buildings a goal names are the ladders of that goal's cost table, and the
 * inventory keeps each goal system's materials under their own keys. It also checks the one copy of the goal kinds
 * outside it (get_my_goals' `system` enum).
 */
import { createAjv } from '../ajv.js';
import { goalSystems, PLAYER_DATA_FILE } from '../load/player-data.js';
import type { SourceDocument, SourceIndex } from '../load/yaml.js';
import type { CostTable, JsonSchema } from '../model.js';
import { pointerOf, valueAt, type Problem } from '../problems.js';

export function checkPlayerData(schema: JsonSchema, costs: readonly CostTable[], sources: SourceIndex): Problem[] {
  const document = sources.get(PLAYER_DATA_FILE)!;
  const problems: Problem[] = [];
  try {
    createAjv({ discriminator: true, formats: false }).compile(schema);
  } catch (error) {
    problems.push(document.problem('', `schema does not compile: ${(error as Error).message}`));
  }
  const systems = new Set(costs.map((t) => t.system));
  goalSystems(schema).forEach((system, i) => {
    if (!systems.has(system))
      problems.push(
        document.problem(
          `/definitions/goal/oneOf/${i}/properties/system/const`,
          `goal system "${system}" is not a cost system of data/costs/ (${[...systems].join(', ')})`,
        ),
      );
  });
  problems.push(
    ...checkBuildings(schema, costs, document),
    ...checkInventory(schema, costs, document),
    ...checkGoalsResult(schema, sources),
  );
  return problems;
}

type SchemaNode = {
  $ref?: string;
  const?: string;
  enum?: unknown[];
  properties?: Record<string, SchemaNode>;
  oneOf?: SchemaNode[];
};

function definitionsOf(schema: JsonSchema): Record<string, SchemaNode> {
  return (schema.definitions ?? {}) as Record<string, SchemaNode>;
}

/** "missing: a, b; not …: c" — how two lists of keys differ, for a message. */
function difference(listed: readonly unknown[], expected: readonly string[], extraWord: string): string {
  const missing = expected.filter((key) => !listed.includes(key));
  const extra = listed.filter((key) => !expected.includes(String(key)));
  return [
    missing.length > 0 ? `missing: ${missing.join(', ')}` : '',
    extra.length > 0 ? `${extraWord}: ${extra.join(', ')}` : '',
  ]
    .filter(Boolean)
    .join('; ');
}

/**
 * `definitions.building` lists the ladders of the cost table of every goal kind that names a building (a Truegold
 * goal: one ladder per building), and the profile keeps levels only of buildings it lists.
 */
function checkBuildings(schema: JsonSchema, costs: readonly CostTable[], doc: SourceDocument): Problem[] {
  const definitions = definitionsOf(schema);
  const buildings = definitions.building?.enum;
  if (!buildings) return [];
  const problems: Problem[] = [];
  for (const branch of definitions.goal?.oneOf ?? []) {
    if (branch.properties?.building?.$ref !== '#/definitions/building') continue;
    const table = costs.find((t) => t.system === branch.properties?.system?.const);
    if (!table) continue; // a goal kind that is no cost system is reported above
    const ladders = table.ladders.map((ladder) => ladder.key);
    const differs = difference(buildings, ladders, 'not a ladder');
    if (differs !== '') {
      problems.push(
        doc.problem(
          '/definitions/building/enum',
          `the buildings a ${table.system} goal names must be the ladders of ${table.file} (${ladders.join(', ')}); ${differs}`,
        ),
      );
    }
  }
  const profileBuildings = definitions.profile?.properties?.buildings?.properties ?? {};
  for (const key of Object.keys(profileBuildings)) {
    if (!buildings.includes(key)) {
      problems.push(
        doc.problem(
          pointerOf(['definitions', 'profile', 'properties', 'buildings', 'properties', key]),
          `"${key}" is not a building of definitions.building (${buildings.join(', ')})`,
        ),
      );
    }
  }
  return problems;
}

/**
 * Every key of a fixed inventory section is a material of data/costs/, and every material of a goal kind's cost
 * table has a place in the inventory: a fixed section lists it, or it is kept per hero (definitions.per_hero) in a
 * section named after the material or its cost system (`widgets`, `hero_shards`), as src/account/readiness.ts reads it.
 */
function checkInventory(schema: JsonSchema, costs: readonly CostTable[], doc: SourceDocument): Problem[] {
  const sections = definitionsOf(schema).inventory?.properties;
  if (!sections) return [];
  const problems: Problem[] = [];
  const materials = costs.flatMap((t) => t.materials.map((m) => m.key));
  const kept = new Set<string>();
  const perHero = new Set<string>();
  for (const [section, node] of Object.entries(sections)) {
    if (node.$ref === '#/definitions/per_hero') perHero.add(section);
    for (const key of Object.keys(node.properties ?? {})) {
      kept.add(key);
      if (!materials.includes(key)) {
        problems.push(
          doc.problem(
            pointerOf(['definitions', 'inventory', 'properties', section, 'properties', key]),
            `"${key}" is not a material of data/costs/ (${materials.join(', ')})`,
          ),
        );
      }
    }
  }
  const goals = new Set(goalSystems(schema));
  for (const table of costs.filter((t) => goals.has(t.system))) {
    for (const { key } of table.materials) {
      if (kept.has(key) || perHero.has(key) || perHero.has(table.system)) continue;
      problems.push(
        doc.problem(
          '/definitions/inventory/properties',
          `material "${key}" of ${table.file} (goal kind ${table.system}) has no place in the inventory: list it in a section, or keep it per hero in a section "${key}" or "${table.system}" (definitions.per_hero)`,
        ),
      );
    }
  }
  return problems;
}

/** The tool whose result repeats the goal kinds, for clients: the goals' `system` enum. */
export const GOALS_RESULT = {
  file: 'catalog/tools/get_my_goals.yaml',
  pointer: '/result/properties/goals/items/properties/system/enum',
} as const;

/**
 * get_my_goals' `system` enum lists exactly the goal kinds of the schema (in any order). Absent in fixture roots
 * without the tool.
 */
function checkGoalsResult(schema: JsonSchema, sources: SourceIndex): Problem[] {
  const document = sources.get(GOALS_RESULT.file);
  if (!document) return [];
  const value = valueAt(document.value, GOALS_RESULT.pointer);
  const kinds = goalSystems(schema);
  if (!Array.isArray(value))
    return [
      document.problem(
        GOALS_RESULT.pointer,
        `the goals' \`system\` must be an enum of the goal kinds of ${PLAYER_DATA_FILE} (${kinds.join(', ')})`,
      ),
    ];
  const differs = difference(value, kinds, 'not a goal kind');
  return differs === ''
    ? []
    : [
        document.problem(
          GOALS_RESULT.pointer,
          `lists ${value.join(', ')}; the goal kinds of ${PLAYER_DATA_FILE} are ${kinds.join(', ')} (${differs})`,
        ),
      ];
}
