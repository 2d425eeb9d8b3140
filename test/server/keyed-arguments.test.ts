/**
 * Forgiving keyed arguments: a building, track, role or kind is accepted as its key, its display name in any
 * case or spelling, or an alias from the catalogue, and the result names the key; the served schema lists the
 * keys without refusing other strings; a name that is none of them is refused with the nearest keys.
 */
import { describe, expect, it } from 'vitest';
import { TOOLS } from '../../generated/tools/index.js';
import { TOOL_LIST_ENTRIES } from '../../generated/tools-list.js';
import { canonicalArguments, keyForm } from '../../shared/keyed-arguments.js';
import { masteryForging } from '../../generated/data/costs/mastery-forging.js';
import { truegold } from '../../generated/data/costs/truegold.js';
import { eventsFile, heroesFile, itemsFile, mastersFile, tierListFile } from '../../src/reference/records.js';
import { callTool, testApp } from '../helpers.js';

const app = testApp();

async function structured(name: string, args: Record<string, unknown>) {
  const { result, text, structured } = await callTool(app, name, args);
  expect(result.isError, text).toBeUndefined();
  return structured;
}

async function failure(name: string, args: Record<string, unknown>) {
  const { result, text } = await callTool(app, name, args);
  expect(result.isError).toBe(true);
  return JSON.parse(text!).error as { code: string; message: string; argument: string; suggestions: string[] };
}

describe('keyForm', () => {
  it('ignores case, spaces, hyphens, underscores and punctuation, and reads "centre" as "center"', () => {
    for (const text of ['town_center', 'Town Center', 'TOWN-CENTER', ' town  centre ', 'Town_Centre', 'town.center'])
      expect(keyForm(text), text).toBe('towncenter');
  });
});

describe('truegold_upgrade_cost building', () => {
  it.each(['town_center', 'Town Center', 'town center', 'TC', 'tc', 'Town Centre', 'town-centre', 'TOWN_CENTER', 'HQ'])(
    '%s is the Town Center',
    async (building) => {
      const r = await structured('truegold_upgrade_cost', { building, from: 30, to: 'TG1' });
      expect(r.building).toEqual({ key: 'town_center', name: 'Town Center' });
      expect(r.totals).toEqual({ truegold: 660, tempered_truegold: 0 });
    },
  );
  it.each([
    ['Command Centre', 'command_center'],
    ['CC', 'command_center'],
    ['War Academy', 'war_academy'],
    ['Archery Range', 'range'],
    ['Hospital', 'infirmary'],
    ['Stables', 'stable'],
  ])('%s is %s', async (building, key) => {
    const r = await structured('truegold_upgrade_cost', { building, from: 'TG1', to: 'TG2' });
    expect(r.building.key).toBe(key);
  });
  it('refuses a name that is no building, naming the keys and the nearest ones', async () => {
    const error = await failure('truegold_upgrade_cost', { building: 'Town Hal', from: 30, to: 'TG1' });
    expect(error).toMatchObject({
      code: 'INVALID_ARGUMENTS',
      argument: '/building',
      suggestions: ['town_center', 'range'],
    });
    expect(error.message).toBe(
      'Invalid arguments: building must be one of town_center, embassy, command_center, infirmary, barracks, stable, range, war_academy, not "Town Hal".',
    );
  });
});

describe('mastery_forging_cost track', () => {
  it.each([
    ['Red Gear', 'red_gear'],
    ['red-gear', 'red_gear'],
    ['Red Gear Ascension', 'red_gear'],
    ['imbue', 'red_gear'],
    ['Mastery Forging', 'mastery'],
    ['MASTERY', 'mastery'],
  ])('%s is %s', async (track, key) => {
    const r = await structured('mastery_forging_cost', {
      track,
      from: key === 'mastery' ? '+0' : 'Red 101',
      to: key === 'mastery' ? '+1' : 'Red 102',
    });
    expect(r.track).toBe(key);
  });
});

describe('get_tier_list role', () => {
  it.each([
    ['Bear Hunt Joiner', 'bear_hunt_joiner'],
    ['bear-hunt joiner', 'bear_hunt_joiner'],
    ['Rally Leader', 'rally_leader'],
    ['rally_joiner', 'joiner'],
    ['Defence', 'garrison'],
    ['bear_hunt_leader', 'bear_hunt'],
  ])('%s is %s', async (role, key) => {
    const r = await structured('get_tier_list', { role });
    expect(r.role).toBe(key);
  });
  it('every alias in the tier-list data is accepted as its role', () => {
    const keyed = TOOLS.find((t) => t.name === 'get_tier_list')!.keyedArguments!;
    for (const role of tierListFile.roles)
      for (const alias of role.aliases ?? [])
        expect(canonicalArguments(keyed, { role: alias }), alias).toEqual({ role: role.key });
  });
});

describe('search_database kind', () => {
  it.each([
    ['Heroes', 'heroes'],
    ['hero', 'heroes'],
    ['EVENT', 'events'],
    ['Items', 'items'],
    ['master', 'masters'],
  ])('%s is %s', async (kind, key) => {
    const r = await structured('search_database', { query: 'a', kind });
    expect(r.kind).toBe(key);
  });
  it('a kind and no query lists every record of the kind in the order of the data (and of the pages)', async () => {
    const r = await structured('search_database', { kind: 'heroes' });
    expect(r.query).toBe('');
    expect(r.total_matches).toBe(34);
    expect(r.matches.map((m: { key: string }) => m.key)).toEqual(heroesFile.heroes.map((h) => h.key));
    expect(r.matches[0]).toEqual({
      key: 'amadeus',
      kind: 'hero',
      name: 'Amadeus',
      score: 1,
      url: 'http://127.0.0.1:3000/heroes/amadeus',
      matched: 'Amadeus',
      match_type: 'listed',
      summary: 'Mythic infantry hero, generation 1',
    });
  });
  it('an empty or blank query with a kind lists too; past the default limit of 10, and cut only by a given limit', async () => {
    const all = await structured('search_database', { kind: 'items', query: '' });
    expect(all.total_matches).toBe(58);
    expect(all.matches).toHaveLength(58);
    expect(all.matches.map((m: { key: string }) => m.key)).toEqual(itemsFile.items.map((i) => i.key));
    const some = await structured('search_database', { kind: 'items', query: '  ', limit: 3 });
    expect(some.total_matches).toBe(58);
    expect(some.matches.map((m: { key: string }) => m.key)).toEqual(itemsFile.items.slice(0, 3).map((i) => i.key));
  });
  it('without a kind, query is required', async () => {
    for (const args of [{}, { query: '' }, { query: '   ' }, { limit: 5 }]) {
      const error = await failure('search_database', args);
      expect(error.code, JSON.stringify(args)).toBe('INVALID_ARGUMENTS');
      expect(error.argument).toBe('/query');
      expect(error.message).toBe(
        'query is required unless kind is given: give a name or part of one (e.g. "Amadeus"), or a kind (heroes, masters, items or events) to list every record of it.',
      );
    }
  });
});

/**
 * Every name the game data gives a key (a ladder's title and aliases, a role's aliases, a reference file's kind),
 * read from the data rather than the catalogue: the catalogue must not need a second copy of them to accept them.
 */
describe('every name in the data, through /mcp, as its key', () => {
  const namesOf = (entry: { key: string; title?: string; aliases?: readonly string[] }) => [
    entry.key,
    ...(entry.title ? [entry.title] : []),
    ...(entry.aliases ?? []),
  ];
  const buildings = truegold.ladders.flatMap((ladder) =>
    namesOf(ladder).map((name) => [name, ladder.key, ladder.title] as const),
  );
  const tracks = masteryForging.ladders.flatMap((ladder) => namesOf(ladder).map((name) => [name, ladder.key] as const));
  const roles = tierListFile.roles.flatMap((role) => namesOf(role).map((name) => [name, role.key] as const));
  const kinds = [heroesFile, mastersFile, itemsFile, eventsFile].map((file) => [file.kind, file.kind] as const);

  it.each(buildings)('building %s is %s', async (building, key, title) => {
    const r = await structured('truegold_upgrade_cost', { building, from: 'TG1', to: 'TG1-1' });
    expect(r.building).toEqual({ key, name: title });
  });
  it.each(tracks)('track %s is %s', async (track, key) => {
    const r = await structured('mastery_forging_cost', {
      track,
      from: key === 'mastery' ? '+0' : 'Red 101',
      to: key === 'mastery' ? '+1' : 'Red 102',
    });
    expect(r.track).toBe(key);
  });
  it.each(roles)('role %s is %s', async (role, key) => {
    const r = await structured('get_tier_list', { role });
    expect(r.role).toBe(key);
  });
  it.each(kinds)('kind %s is %s', async (kind, key) => {
    const r = await structured('search_database', { query: 'a', kind });
    expect(r.kind).toBe(key);
  });
  it('the data gives the names the audit found refused (so the cases above include them)', () => {
    expect(buildings).toEqual(
      expect.arrayContaining([
        ['Furnace', 'town_center', 'Town Center'],
        ['Infantry Barracks', 'barracks', 'Barracks'],
        ['Cavalry Stable', 'stable', 'Stable'],
      ]),
    );
    expect(tracks).toEqual(expect.arrayContaining([['Red Gear Ascension and enhancement', 'red_gear']]));
  });
});

describe('the served schemas', () => {
  it('list the keys of every keyed argument (no strict enum) and accept any short string', () => {
    const served = (tool: string, argument: string) =>
      (TOOL_LIST_ENTRIES as any)[tool]['2025-06-18'].inputSchema.properties[argument];
    const building = served('truegold_upgrade_cost', 'building');
    expect(building.enum).toBeUndefined();
    expect(building).toMatchObject({
      type: 'string',
      minLength: 1,
      maxLength: 64,
      examples: ['town_center', 'embassy', 'command_center', 'infirmary', 'barracks', 'stable', 'range', 'war_academy'],
    });
    // The data's names (TC, Furnace, Infantry Barracks, ...) come first, then the catalogue's own (HQ, CC, WA).
    expect(building.description).toBe(
      'The building to upgrade, by key or by name (`Town Center`, `TC`). Keys: town_center, embassy, command_center, infirmary, barracks, stable, range, war_academy; also their names in any case, with spaces, hyphens or underscores, and aliases (town_center: TC, Furnace, HQ, Town Hall; command_center: CC; infirmary: Hospital; barracks: Infantry Barracks, Barrack; stable: Stables, Cavalry Stable; range: Archery Range, Archer Range; war_academy: Academy, WA). The result gives the key.',
    );
    expect(served('mastery_forging_cost', 'track').examples).toEqual(['mastery', 'red_gear']);
    expect(served('get_tier_list', 'role').examples).toEqual([
      'bear_hunt_joiner',
      'rally_leader',
      'garrison',
      'bear_hunt',
      'joiner',
    ]);
    expect(served('search_database', 'kind').examples).toEqual(['heroes', 'masters', 'items', 'events']);
  });
  it('every string argument with keys is keyed: no served schema has an enum left', () => {
    const enums: string[] = [];
    for (const [tool, eras] of Object.entries(TOOL_LIST_ENTRIES)) {
      const properties = ((eras as any)['2025-06-18'].inputSchema.properties ?? {}) as Record<
        string,
        { enum?: unknown }
      >;
      for (const [name, schema] of Object.entries(properties)) if (schema.enum) enums.push(`${tool}.${name}`);
    }
    expect(enums).toEqual([]);
  });
});
