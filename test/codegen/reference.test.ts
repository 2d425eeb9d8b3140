/**
 * The reference data checks: the real files load with the published counts, every broken shape or dangling key is
 * reported as `file:line:column /pointer: message`, and the emitted modules and types have the expected shape.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadGameData } from '../../codegen/generate.js';
import { emitReference } from '../../codegen/emit/reference.js';
import { readSchemaFiles } from '../../codegen/load/files.js';
import { formatProblem } from '../../codegen/problems.js';
import { COST_TABLES } from '../../generated/cost-systems.js';
import { fixtureRoot, REPO } from './fixture-root.js';

const FILES = {
  heroes: 'data/reference/heroes.yaml',
  masters: 'data/reference/masters.yaml',
  items: 'data/reference/items.yaml',
  events: 'data/reference/events.yaml',
  tierList: 'data/reference/tier-list.yaml',
};

/** A copy of the real data with one edit: `find` (first occurrence or match) replaced by `replace` in `file`. */
function edited(file: string, find: string | RegExp, replace: string): { root: string; line: number; column: number } {
  const root = fixtureRoot({}, { withRealData: true });
  const path = join(root, file);
  const text = readFileSync(path, 'utf8');
  const match =
    typeof find === 'string'
      ? { index: text.indexOf(find), length: find.length }
      : ((m) => ({ index: m?.index ?? -1, length: m?.[0].length ?? 0 }))(find.exec(text));
  const at = match.index;
  if (at < 0) throw new Error(`"${String(find)}" is not in ${file}`);
  writeFileSync(path, text.slice(0, at) + replace + text.slice(at + match.length));
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
    [
      'a dangling reward item',
      FILES.events,
      'forgehammer}',
      'forgehammerz}',
      '/events/0/rewards/0/item',
      'unknown item "forgehammerz" (no record with that key in data/reference/items.yaml)',
    ],
    [
      'a dangling granting event',
      FILES.items,
      'viking-vengeance}',
      'viking-vengance}',
      '/items/0/granted_by/0/event',
      'unknown event "viking-vengance" (no record with that key in data/reference/events.yaml)',
    ],
    [
      'a dangling shop item',
      FILES.events,
      'item: truegold, price: 2 coins',
      'item: truegoldd, price: 2 coins',
      '/events/3/shop/0/item',
      'unknown item "truegoldd" (no record with that key in data/reference/items.yaml)',
    ],
    [
      'a dangling Master resource',
      FILES.masters,
      'item: masters-manuscript',
      'item: master-manuscript',
      '/system/resources/0/item',
      'unknown item "master-manuscript" (no record with that key in data/reference/items.yaml)',
    ],
    [
      'a dangling tier-list hero',
      FILES.tierList,
      'S: [chenko, yeonwoo, amane, amadeus]',
      'S: [chenkoo, yeonwoo, amane, amadeus]',
      '/roles/0/generations/0/tiers/S/0',
      'unknown hero "chenkoo" (no record with that key in data/reference/heroes.yaml)',
    ],
    [
      'a dangling lineup hero',
      FILES.tierList,
      'solo_attack: [amadeus, jabel, saul]',
      'solo_attack: [amadeus, jabel, paul]',
      '/lineups/generations/0/solo_attack/2',
      'unknown hero "paul" (no record with that key in data/reference/heroes.yaml)',
    ],
    [
      'a hero rated before its generation',
      FILES.tierList,
      'S: [chenko, yeonwoo, amane, amadeus]',
      'S: [chenko, yeonwoo, amane, amadeus, yang]',
      '/roles/0/generations/0/tiers/S/4',
      'hero "yang" arrives in generation 6 and cannot be rated in generation 1',
    ],
    [
      'an unknown cost column',
      FILES.items,
      'costs: {system: governor_gear, material: satin}',
      'costs: {system: governor_gear, material: silk}',
      '/items/0/costs/material',
      'cost table governor_gear has no material "silk"; it has: satin, gilded_threads, artisans_vision',
    ],
    [
      'an unknown cost system',
      FILES.items,
      'costs: {system: governor_gear, material: satin}',
      'costs: {system: gear, material: satin}',
      '/items/0/costs/system',
      `unknown cost system "gear"; data/costs has: ${Object.keys(COST_TABLES).join(', ')}`,
    ],
    [
      'a count that no longer matches',
      FILES.heroes,
      'expected_counts: {heroes: 34',
      'expected_counts: {heroes: 35',
      '/expected_counts/heroes',
      'expected 35 heroes, found 34',
    ],
    [
      'manuscripts that do not add up',
      FILES.masters,
      'manuscripts_total: 3150',
      'manuscripts_total: 3151',
      '/masters/0/skills/0/manuscripts_total',
      'manuscripts_per_level adds up to 3150, not 3151',
    ],
    ['a duplicate key', FILES.heroes, 'key: jabel', 'key: amadeus', '/heroes/1/key', 'duplicate key "amadeus"'],
    [
      'an unknown source id',
      FILES.heroes,
      'sources: [g2384, tenandone, xerrion',
      'sources: [g2385, tenandone, xerrion',
      '/heroes/0/sources/0',
      'unknown source id "g2385"; this file\'s sources: g2384, kingshotdata, tenandone, xerrion, aistra, kingshotpro, sim, kingshotguide, widgets',
    ],
    [
      'an unknown key (schema)',
      FILES.items,
      'community_gem_value: 2\n',
      'gem_value: 2\n',
      '/items/0/gem_value',
      'unknown key "gem_value"',
    ],
    [
      'a reward that is both an item and a name',
      FILES.events,
      '{item: forgehammer}',
      '{item: forgehammer, name: Forgehammer}',
      '/events/0/rewards/0',
      'give exactly one of `item` (an item key) or `name` (an item in words)',
    ],
    [
      'an alias that repeats the name',
      FILES.heroes,
      'name: Longfei}',
      'name: Long Fei}',
      '/heroes/14/aliases/0/name',
      'alias "Long Fei" repeats a name of "long-fei"',
    ],
    [
      'a conquest skill with a slot',
      FILES.heroes,
      'effect: Knocks enemies up',
      'slot: 1\n        effect: Knocks enemies up',
      '/heroes/0/skills/0/slot',
      'only expedition skills have a slot',
    ],
    [
      'a milestone bonus that differs from the per-level table',
      FILES.masters,
      'stat_bonus_pct: 2.85',
      'stat_bonus_pct: 2.58',
      '/masters/0/relationship/milestones/1/stat_bonus_pct',
      '2.58 differs from stat_bonus_pct_by_level at level 10 (2.85)',
    ],
    [
      'a talent ladder one level short',
      FILES.masters,
      'levels: [+2%, +4%, +6%, +9%',
      'levels: [+2%, +4%, +9%',
      '/masters/0/talent/levels',
      'has 10 values, max_level is 11',
    ],
    [
      'a skill table one level short',
      FILES.masters,
      'learning_xp_cumulative: [0, 3600,',
      'learning_xp_cumulative: [3600,',
      '/masters/0/skills/0/learning_xp_cumulative',
      'has 9 values, max_level is 10',
    ],
    [
      'a Master manuscript total that does not add up',
      FILES.masters,
      'manuscripts_total_all_skills: 21150',
      'manuscripts_total_all_skills: 21500',
      '/masters/0/manuscripts_total_all_skills',
      "the skills' manuscripts_total add up to 21150, not 21500",
    ],
    [
      'a role alias that repeats a role name',
      FILES.tierList,
      'bear_hunt_leader]',
      'bear_hunt]',
      '/roles/3/aliases/0',
      'role name "bear_hunt" is used twice',
    ],
    [
      'generations out of order',
      FILES.tierList,
      'generation: 2',
      'generation: 3',
      '/roles/0/generations/1/generation',
      'generations must run 1, 2, 3... in order; expected 2',
    ],
    [
      'an S+ hero not in tier S',
      FILES.tierList,
      's_plus: [vivian]',
      's_plus: [helga]',
      '/roles/1/generations/4/s_plus/0',
      '"helga" is S+ but not in tier S',
    ],
  ];

  function expectProblem(root: string, file: string, line: number, pointer: string, message: string): void {
    const all = problems(root);
    const mine = all.filter((p) => p.includes(` ${pointer}: `));
    expect(mine.length, all.join('\n')).toBeGreaterThan(0);
    expect(mine[0]).toMatch(new RegExp(`^${file.replaceAll('.', '\\.')}:${line}:\\d+ `));
    expect(mine[0]!.endsWith(message), mine[0]).toBe(true);
  }

  it.each(cases)('%s', (_, file, find, replace, pointer, message) => {
    const { root, line } = edited(file, find, replace);
    expectProblem(root, file, line, pointer, message);
  });

  // Checks that report the record or list holding the edit rather than the edited spot:
  // [what, file, find, replace, at, pointer, message]; the line is where `at` first occurs in the edited file.
  const elsewhere: [string, string, string | RegExp, string, string, string, string][] = [
    [
      'a Mythic hero without exclusive gear',
      FILES.heroes,
      /    exclusive_gear:\n(?: {6}.*\n)+/,
      '',
      'key: amadeus',
      '/heroes/0',
      'Mythic hero "amadeus" needs its exclusive_gear',
    ],
    [
      'an Epic hero with exclusive gear',
      FILES.heroes,
      '    shard_sources:\n      - Path of Growth',
      '    exclusive_gear:\n      trigger: expedition skill applies when Chenko joins a rally\n      skills:\n' +
        '        - {name: Rapid Reload, kind: conquest, effect: Chenko deals more damage., levels: {damage_up: [10%, 15%, 20%, 25%, 30%]}}\n' +
        '        - {name: Joiner Volley, kind: expedition, effect: Rally squads gain Lethality., levels: {rally_lethality_up: [5%, 7.5%, 10%, 12.5%, 15%]}}\n' +
        '    shard_sources:\n      - Path of Growth',
      'key: chenko',
      '/heroes/22',
      'only Mythic heroes have exclusive gear ("chenko" is epic)',
    ],
    [
      'an expedition skill without its slot',
      FILES.heroes,
      '        slot: 3\n',
      '',
      'name: Unrighteous Strike',
      '/heroes/0/skills/5',
      'an expedition skill needs its slot (1 is what a rally joiner contributes)',
    ],
    [
      'expedition slots out of order',
      FILES.heroes,
      'slot: 3',
      'slot: 2',
      'skills:\n      - name: Combo Slash',
      '/heroes/0/skills',
      'expedition slots must run 1..3 in order, found 1, 2, 2',
    ],
    [
      'exclusive gear with two conquest skills',
      FILES.heroes,
      'Discernment\n          kind: expedition',
      'Discernment\n          kind: conquest',
      'skills:\n        - name: Double Parry',
      '/heroes/0/exclusive_gear/skills',
      'exclusive gear has one conquest then one expedition skill, found conquest,conquest',
    ],
    [
      'a relationship table one level short',
      FILES.masters,
      '14.25, 14.33, 15]',
      '14.25, 14.33]',
      'stat_bonus_pct_by_level:',
      '/masters/0/relationship/stat_bonus_pct_by_level',
      'has 99 values, max_level is 100',
    ],
    [
      'a hero listed twice in one generation',
      FILES.tierList,
      'C: []',
      'C: [jabel]',
      '- generation: 1',
      '/roles/0/generations/0',
      'hero "jabel" is listed twice in generation 1',
    ],
  ];

  it.each(elsewhere)('%s', (_, file, find, replace, at, pointer, message) => {
    const { root } = edited(file, find, replace);
    const text = readFileSync(join(root, file), 'utf8');
    expect(text.indexOf(at), at).toBeGreaterThanOrEqual(0);
    expectProblem(root, file, text.slice(0, text.indexOf(at)).split('\n').length, pointer, message);
  });

  it('reports a broken YAML file by its line and skips the cross-checks', () => {
    const { root, line } = edited(FILES.events, 'key: bear-hunt', 'key: [bear-hunt');
    const all = problems(root);
    expect(all[0]).toMatch(new RegExp(`^data/reference/events\\.yaml:${line + 1}:\\d+ \\(document\\): YAML:`));
    expect(
      all.every((p) => p.startsWith('data/reference/events.yaml:') && p.includes(' (document): YAML: ')),
      all.join('\n'),
    ).toBe(true);
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
    const files = await emitReference(data!.reference!, readSchemaFiles(REPO));
    expect([...files.keys()].sort()).toEqual([
      'generated/data/reference/events.ts',
      'generated/data/reference/heroes.ts',
      'generated/data/reference/items.ts',
      'generated/data/reference/masters.ts',
      'generated/data/reference/tier-list.ts',
      'generated/data/reference/types.ts',
    ]);
    const types = files.get('generated/data/reference/types.ts')!;
    for (const declaration of [
      'export interface Hero {',
      'export type Master = FullMaster | NameOnlyMaster;',
      'export interface Item {',
      'export interface GameEvent {',
      'export interface TierRole {',
      "export type ReferenceConfidence = 'high' | 'medium' | 'low';",
    ]) {
      expect(types).toContain(declaration);
    }
    // Shared definitions are declared once although all five schemas use them.
    expect(types.match(/export interface ReferenceSource \{/g)).toHaveLength(1);
    expect(files.get('generated/data/reference/tier-list.ts')).toContain(
      "import type { TierListFile } from './types.js';\n\n/**\n * The tier list reference data.\n * @see data/reference/tier-list.yaml\n */\nexport const tierListFile: TierListFile = {\n  kind: 'tier_list',",
    );
  });
});
