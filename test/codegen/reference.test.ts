/**
 * The reference data checks: the real files load with the published counts, every broken shape or dangling key is
 * reported as `file:line:column /pointer: message`, and the emitted modules and types have the expected shape.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadGameData } from '../../codegen/data.js';
import { emitReference } from '../../codegen/emit/reference.js';
import { formatProblem } from '../../codegen/problems.js';
import { fixtureRoot, REPO } from './fixture-root.js';

const FILES = {
  heroes: 'data/reference/heroes.yaml',
  masters: 'data/reference/masters.yaml',
  items: 'data/reference/items.yaml',
  events: 'data/reference/events.yaml',
  tierList: 'data/reference/tier-list.yaml',
};

/** A copy of the real data with one edit: `find` (first occurrence) replaced by `replace` in `file`. */
function edited(file: string, find: string, replace: string): { root: string; line: number; column: number } {
  const root = fixtureRoot({}, { withRealData: true });
  const path = join(root, file);
  const text = readFileSync(path, 'utf8');
  const at = text.indexOf(find);
  if (at < 0) throw new Error(`"${find}" is not in ${file}`);
  writeFileSync(path, text.slice(0, at) + replace + text.slice(at + find.length));
  const before = text.slice(0, at).split('\n');
  return { root, line: before.length, column: before.at(-1)!.length + 1 };
}

function problems(root: string): string[] {
  return loadGameData(root).problems.map(formatProblem);
}

describe('the reference data', () => {
  const { data, problems: found } = loadGameData(REPO);
  const ref = data?.reference as Record<string, Record<string, unknown[]>> | undefined;

  it('loads without problems, with the counts the reference README publishes', () => {
    expect(found).toEqual([]);
    expect(ref?.heroes?.heroes).toHaveLength(34);
    expect(ref?.masters?.masters).toHaveLength(8);
    expect(ref?.items?.items).toHaveLength(58);
    expect(ref?.events?.events).toHaveLength(36);
    expect(ref?.tierList?.roles).toHaveLength(5);
  });

  it('puts every reference file into the data version', () => {
    const base = loadGameData(fixtureRoot({}, { withRealData: true })).data!.version;
    for (const file of Object.values(FILES)) {
      const { root } = edited(file, 'data_as_of: 2026-08', 'data_as_of: 2026-07');
      expect(loadGameData(root).data?.version, file).not.toBe(base);
    }
  });
});

describe('reference data problems, each with file, line, column and JSON pointer', () => {
  // [what, file, find, replace, pointer, message]; the line and column are where `find` starts.
  const cases: [string, string, string, string, string, string][] = [
    ['a dangling reward item', FILES.events, 'forgehammer}', 'forgehammerz}', '/events/0/rewards/0/item', 'unknown item "forgehammerz" (no record with that key in data/reference/items.yaml)'],
    ['a dangling granting event', FILES.items, 'viking-vengeance}', 'viking-vengance}', '/items/0/granted_by/0/event', 'unknown event "viking-vengance" (no record with that key in data/reference/events.yaml)'],
    ['a dangling shop item', FILES.events, 'item: truegold, price: 2 coins', 'item: truegoldd, price: 2 coins', '/events/3/shop/0/item', 'unknown item "truegoldd" (no record with that key in data/reference/items.yaml)'],
    ['a dangling Master resource', FILES.masters, 'item: masters-manuscript', 'item: master-manuscript', '/system/resources/0/item', 'unknown item "master-manuscript" (no record with that key in data/reference/items.yaml)'],
    ['a dangling tier-list hero', FILES.tierList, 'S: [chenko, yeonwoo, amane, amadeus]', 'S: [chenkoo, yeonwoo, amane, amadeus]', '/roles/0/generations/0/tiers/S/0', 'unknown hero "chenkoo" (no record with that key in data/reference/heroes.yaml)'],
    ['a dangling lineup hero', FILES.tierList, 'solo_attack: [amadeus, jabel, saul]', 'solo_attack: [amadeus, jabel, paul]', '/lineups/generations/0/solo_attack/2', 'unknown hero "paul" (no record with that key in data/reference/heroes.yaml)'],
    ['a hero rated before its generation', FILES.tierList, 'S: [chenko, yeonwoo, amane, amadeus]', 'S: [chenko, yeonwoo, amane, amadeus, yang]', '/roles/0/generations/0/tiers/S/4', 'hero "yang" arrives in generation 6 and cannot be rated in generation 1'],
    ['an unknown cost column', FILES.items, 'costs: {system: governor_gear, material: satin}', 'costs: {system: governor_gear, material: silk}', '/items/0/costs/material', 'cost table governor_gear has no material "silk"; it has: satin, gilded_threads, artisans_vision'],
    ['an unknown cost system', FILES.items, 'costs: {system: governor_gear, material: satin}', 'costs: {system: gear, material: satin}', '/items/0/costs/system', 'unknown cost system "gear"; data/costs has: governor_charm, governor_gear, hero_shards, hero_widgets, mastery_forging, truegold'],
    ['a count that no longer matches', FILES.heroes, 'expected_counts: {heroes: 34', 'expected_counts: {heroes: 35', '/expected_counts/heroes', 'expected 35 heroes, found 34'],
    ['manuscripts that do not add up', FILES.masters, 'manuscripts_total: 3150', 'manuscripts_total: 3151', '/masters/0/skills/0/manuscripts_total', 'manuscripts_per_level adds up to 3150, not 3151'],
    ['a duplicate key', FILES.heroes, 'key: jabel', 'key: amadeus', '/heroes/1/key', 'duplicate key "amadeus"'],
    ['an unknown source id', FILES.heroes, 'sources: [g2384, tenandone, xerrion', 'sources: [g2385, tenandone, xerrion', '/heroes/0/sources/0', 'unknown source id "g2385"; this file\'s sources: g2384, kingshotdata, tenandone, xerrion, aistra, kingshotpro, sim, kingshotguide, widgets'],
    ['an unknown key (schema)', FILES.items, 'community_gem_value: 2\n', 'gem_value: 2\n', '/items/0/gem_value', 'unknown key "gem_value"'],
    ['a reward that is both an item and a name', FILES.events, '{item: forgehammer}', '{item: forgehammer, name: Forgehammer}', '/events/0/rewards/0', 'give exactly one of `item` (an item key) or `name` (an item in words)'],
  ];

  it.each(cases)('%s', (_, file, find, replace, pointer, message) => {
    const { root, line } = edited(file, find, replace);
    const all = problems(root);
    const mine = all.filter((p) => p.includes(` ${pointer}: `));
    expect(mine.length, all.join('\n')).toBeGreaterThan(0);
    expect(mine[0]).toMatch(new RegExp(`^${file.replaceAll('.', '\\.')}:${line}:\\d+ `));
    expect(mine[0]!.endsWith(message), mine[0]).toBe(true);
  });

  it('reports a broken YAML file by its line and skips the cross-checks', () => {
    const { root, line } = edited(FILES.events, 'key: bear-hunt', 'key: [bear-hunt');
    const all = problems(root);
    expect(all[0]).toMatch(new RegExp(`^data/reference/events\\.yaml:${line + 1}:\\d+ \\(document\\): YAML:`));
    expect(all.every((p) => p.startsWith('data/reference/events.yaml:') && p.includes(' (document): YAML: ')), all.join('\n')).toBe(true);
  });

  it('reports every dangling key in one run, across files', () => {
    const root = fixtureRoot({}, { withRealData: true });
    for (const [file, find, replace] of [
      [FILES.events, 'forgehammer}', 'forgehammerz}'],
      [FILES.items, 'viking-vengeance}', 'viking-vengance}'],
      [FILES.tierList, 'S: [chenko,', 'S: [chenkoo,'],
    ] as const) {
      const path = join(root, file);
      writeFileSync(path, readFileSync(path, 'utf8').replace(find, replace));
    }
    const files = problems(root).map((p) => p.split(':')[0]);
    expect(files).toEqual(expect.arrayContaining([FILES.events, FILES.items, FILES.tierList]));
  });
});

describe('emitted reference modules', () => {
  it('types every file from the schemas and exports one typed constant per file', async () => {
    const { data } = loadGameData(REPO);
    const files = await emitReference(REPO, data!.reference!);
    expect([...files.keys()].sort()).toEqual([
      'generated/data/reference/events.ts',
      'generated/data/reference/heroes.ts',
      'generated/data/reference/items.ts',
      'generated/data/reference/masters.ts',
      'generated/data/reference/tier-list.ts',
      'generated/data/reference/types.ts',
    ]);
    const types = files.get('generated/data/reference/types.ts')!;
    for (const declaration of ['export interface Hero {', 'export type Master = FullMaster | NameOnlyMaster;', 'export interface Item {', 'export interface GameEvent {', 'export interface TierRole {', "export type ReferenceConfidence = 'high' | 'medium' | 'low';"]) {
      expect(types).toContain(declaration);
    }
    // Shared definitions are declared once although all five schemas use them.
    expect(types.match(/export interface ReferenceSource \{/g)).toHaveLength(1);
    expect(files.get('generated/data/reference/tier-list.ts')).toContain("import type { TierListFile } from './types.js';\n\n/**\n * The tier list reference data.\n * @see data/reference/tier-list.yaml\n */\nexport const tierListFile: TierListFile = {\n  kind: 'tier_list',");
  });
});
