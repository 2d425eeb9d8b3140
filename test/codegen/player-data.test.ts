/**
 * The player-data schema lives in the catalogue (catalog/player-data.schema.yaml): codegen checks it compiles as
 * the service compiles it, that every goal kind is a cost system, that its buildings and inventory keys agree with
 * data/costs/ and that get_my_goals lists its goal kinds, and generates its types and goal kinds.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generate, loadGameData, loadPlayerData } from '../../codegen/generate.js';
import { CatalogInvalidError, formatProblem } from '../../codegen/problems.js';
import { COST_TABLES, MATERIAL_NAMES } from '../../generated/cost-systems.js';
import { GOAL_SYSTEMS } from '../../generated/player-data.js';
import { fixtureRoot } from './fixture-root.js';

const REPO = resolve(import.meta.dirname, '../..');
const SCHEMA = readFileSync(resolve(REPO, 'catalog/player-data.schema.yaml'), 'utf8');
const GOALS_TOOL = readFileSync(resolve(REPO, 'catalog/tools/get_my_goals.yaml'), 'utf8');

/** 1-based line of the first line of `text` that includes `part`. */
const lineOf = (text: string, part: string) => text.split('\n').findIndex((l) => l.includes(part)) + 1;

function problemsOf(schema: string, files: Record<string, string> = {}): string[] {
  const root = fixtureRoot({ 'catalog/player-data.schema.yaml': schema, ...files }, { withRealData: true });
  return loadPlayerData(root, loadGameData(root).data!.costs).problems.map(formatProblem);
}

describe('player-data schema', () => {
  it('is valid, and its goal kinds are cost systems (test/catalogue-facts.json pins which)', () => {
    expect(problemsOf(SCHEMA)).toEqual([]);
    expect(GOAL_SYSTEMS.length).toBeGreaterThan(0);
    expect(GOAL_SYSTEMS.filter((system) => !(system in COST_TABLES))).toEqual([]);
  });

  it('reports a goal kind that is no cost system, with its line', () => {
    const line = lineOf(SCHEMA, 'system: {const: hero_widgets}');
    expect(problemsOf(SCHEMA.replace('system: {const: hero_widgets}', 'system: {const: hero_wigets}'))).toEqual([
      `catalog/player-data.schema.yaml:${line}:20 /definitions/goal/oneOf/4/properties/system/const: goal system "hero_wigets" is not a cost system of data/costs/ (${Object.keys(COST_TABLES).join(', ')})`,
    ]);
  });

  it('reports a building that is no ladder of the Truegold table, and a profile building the list lacks, with their lines', () => {
    const enumLine = lineOf(SCHEMA, 'enum: [town_center, embassy,');
    const schema = SCHEMA.replace('enum: [town_center, embassy,', 'enum: [town_center, embasy,');
    expect(problemsOf(schema)).toEqual([
      `catalog/player-data.schema.yaml:${enumLine}:5 /definitions/building/enum: the buildings a truegold goal names must be the ladders of data/costs/truegold.yaml (town_center, embassy, command_center, infirmary, barracks, stable, range, war_academy); missing: embassy; not a ladder: embasy`,
      `catalog/player-data.schema.yaml:${lineOf(SCHEMA, "embassy: {$ref: '#/definitions/level_text_or_number'}")}:11 /definitions/profile/properties/buildings/properties/embassy: "embassy" is not a building of definitions.building (town_center, embasy, command_center, infirmary, barracks, stable, range, war_academy)`,
    ]);
  });

  it('reports an inventory key that is no material, and the material it leaves without a place', () => {
    const line = lineOf(SCHEMA, "satin: {$ref: '#/definitions/count'}");
    const schema = SCHEMA.replace(
      'required: [satin, gilded_threads, artisans_vision]',
      'required: [satn, gilded_threads, artisans_vision]',
    ).replace("satin: {$ref: '#/definitions/count'}", "satn: {$ref: '#/definitions/count'}");
    expect(problemsOf(schema)).toEqual([
      `catalog/player-data.schema.yaml:${line}:11 /definitions/inventory/properties/governor_gear/properties/satn: "satn" is not a material of data/costs/ (${Object.keys(MATERIAL_NAMES).join(', ')})`,
      `catalog/player-data.schema.yaml:${lineOf(SCHEMA, 'title: Inventory') + 4}:5 /definitions/inventory/properties: material "satin" of data/costs/governor-gear.yaml (goal kind governor_gear) has no place in the inventory: list it in a section, or keep it per hero in a section "satin" or "governor_gear" (definitions.per_hero)`,
    ]);
  });

  it('reports a per-hero material whose section is named after neither the material nor its system', () => {
    const schema = SCHEMA.replace(
      "widgets: {$ref: '#/definitions/per_hero'}",
      "gear_widgets: {$ref: '#/definitions/per_hero'}",
    ).replace(
      'required: [governor_gear, charms, truegold, hero_shards, widgets, forging]',
      'required: [governor_gear, charms, truegold, hero_shards, gear_widgets, forging]',
    );
    expect(problemsOf(schema)).toEqual([
      `catalog/player-data.schema.yaml:${lineOf(SCHEMA, 'title: Inventory') + 4}:5 /definitions/inventory/properties: material "widgets" of data/costs/hero-widgets.yaml (goal kind hero_widgets) has no place in the inventory: list it in a section, or keep it per hero in a section "widgets" or "hero_widgets" (definitions.per_hero)`,
    ]);
  });

  it("checks that get_my_goals' system enum lists exactly the goal kinds, with its line", () => {
    const goalsProblems = (tool: string) => problemsOf(SCHEMA, { 'catalog/tools/get_my_goals.yaml': tool });
    expect(goalsProblems(GOALS_TOOL)).toEqual([]);
    const line = lineOf(GOALS_TOOL, 'enum: [governor_gear, governor_charm, truegold');
    expect(
      goalsProblems(
        GOALS_TOOL.replace(
          'enum: [governor_gear, governor_charm, truegold, hero_shards, hero_widgets, mastery_forging]',
          'enum: [governor_gear, governor_charm, truegold, hero_shards, mastery_forging, widgets]',
        ),
      ),
    ).toEqual([
      `catalog/tools/get_my_goals.yaml:${line}:13 /result/properties/goals/items/properties/system/enum: lists governor_gear, governor_charm, truegold, hero_shards, mastery_forging, widgets; the goal kinds of catalog/player-data.schema.yaml are governor_gear, governor_charm, truegold, hero_shards, hero_widgets, mastery_forging (missing: hero_widgets; not a goal kind: widgets)`,
    ]);
    // The same kinds in another order are the same list.
    expect(
      goalsProblems(
        GOALS_TOOL.replace(
          'enum: [governor_gear, governor_charm, truegold,',
          'enum: [truegold, governor_gear, governor_charm,',
        ),
      ),
    ).toEqual([]);
  });

  it('codegen refuses to write anything while get_my_goals leaves a goal kind out', async () => {
    const tool = GOALS_TOOL.replace('hero_widgets, mastery_forging]', 'mastery_forging]');
    const files = {
      'catalog/player-data.schema.yaml': SCHEMA,
      'catalog/tools/get_my_goals.yaml': tool,
      // Without the cost tools' lines: this fixture serves no cost tool.
      'catalog/endpoints/mcp-account.yaml': readFileSync(
        resolve(REPO, 'catalog/endpoints/mcp-account.yaml'),
        'utf8',
      ).replace('{cost_tools}', 'see each tool'),
    };
    const error = await generate(fixtureRoot(files, { withRealData: true })).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(CatalogInvalidError);
    expect((error as CatalogInvalidError).problems.map(formatProblem)).toEqual([
      `catalog/tools/get_my_goals.yaml:${lineOf(GOALS_TOOL, 'enum: [governor_gear, governor_charm, truegold')}:13 /result/properties/goals/items/properties/system/enum: lists governor_gear, governor_charm, truegold, hero_shards, mastery_forging; the goal kinds of catalog/player-data.schema.yaml are governor_gear, governor_charm, truegold, hero_shards, hero_widgets, mastery_forging (missing: hero_widgets)`,
    ]);
  });

  it("reports a schema that does not compile under the service's strict options", () => {
    expect(problemsOf(SCHEMA.replace('maxItems: 50,', 'maxItem: 50,'))).toEqual([
      'catalog/player-data.schema.yaml:4:1 (document): schema does not compile: strict mode: unknown keyword: "maxItem"',
    ]);
  });
});
