/**
 * The six reference tools through app.request(): every hero, Master, item and event by key (each result valid
 * against the tool's outputSchema, with data_version, sources and confidence), the cross-references resolved in
 * results, the tier-list rules, and failures as isError results.
 */
import { planHandlers } from '../../src/tools/plan-handlers.js';
import { describe, expect, it } from 'vitest';
import { DATA_VERSION } from '../../generated/data/version.js';
import { TOOLS, type ToolName } from '../../generated/tools/index.js';
import { TOOL_LIST_ENTRIES } from '../../generated/tools-list.js';
import { outputValidators } from '../../generated/validators/output.js';
import { eventsFile, heroesFile, itemsFile, mastersFile, tierListFile } from '../../src/reference/records.js';
import { referenceHandlers } from '../../src/tools/reference-handlers.js';
import { BASE, callTool, rpc, testApp } from '../helpers.js';

const app = testApp();
/**
 * Written out on purpose, and checked against the catalogue below: a list derived from the catalogue would shrink
 * with it, so a reference tool dropped from the YAML would only make these tests check less.
 */
const REFERENCE_TOOLS = [
  'search_database',
  'get_hero',
  'get_master',
  'get_item',
  'get_event',
  'get_tier_list',
] as const;

async function ok(name: ToolName, args: Record<string, unknown>) {
  const { status, result, structured, text } = await callTool(app, name, args);
  expect(status).toBe(200);
  expect(result.isError, text).toBeUndefined();
  const validate = outputValidators[name];
  expect(validate(structured), JSON.stringify(validate.errors)).toBe(true);
  expect(JSON.parse(text!)).toEqual(structured);
  expect(structured.data_version).toBe(DATA_VERSION);
  return structured;
}

async function fails(name: ToolName, args: Record<string, unknown>) {
  const { status, result, text } = await callTool(app, name, args);
  expect(status).toBe(200);
  expect(result.isError).toBe(true);
  return JSON.parse(text!).error as { code: string; message: string; suggestions: string[] };
}

describe('reference tools on /mcp', () => {
  it("are the catalogue's public tools other than the cost tools, and the reference handlers", () => {
    // plan_upgrades adds up the cost systems (src/tools/plan-handlers.ts): public, not a reference tool.
    const catalogue = TOOLS.filter(
      (t) => t.availability === 'public' && t.costSystem === undefined && !(t.name in planHandlers),
    ).map((t) => t.name);
    expect([...REFERENCE_TOOLS].sort()).toEqual(catalogue.sort());
    expect(Object.keys(referenceHandlers)).toEqual([...REFERENCE_TOOLS]);
  });

  it('are listed with their schemas; get_hero declares the hero view', async () => {
    const { json } = await rpc(app, 'tools/list', {}, { 'mcp-protocol-version': '2025-06-18' });
    const tools = json.result.tools as {
      name: string;
      outputSchema?: unknown;
      _meta?: { ui?: { resourceUri?: string } };
    }[];
    for (const name of REFERENCE_TOOLS)
      expect(tools.find((t) => t.name === name)?.outputSchema, name).toEqual(
        TOOL_LIST_ENTRIES[name]['2025-06-18'].outputSchema,
      );
    expect(tools.find((t) => t.name === 'get_hero')?._meta?.ui?.resourceUri).toBe('ui://kingshot/hero');
    for (const name of REFERENCE_TOOLS) expect(TOOLS.find((t) => t.name === name)?.availability).toBe('public');
  });

  it('answer protocol 2024-11-05 clients with the JSON as text only', async () => {
    const { result, structured, text } = await callTool(app, 'get_hero', { key: 'jabel' }, '2024-11-05');
    expect(structured).toBeUndefined();
    expect(result.isError).toBeUndefined();
    expect(JSON.parse(text!)).toMatchObject({ key: 'jabel', troop_type: 'cavalry' });
  });
});

describe('search_database', () => {
  it('gives every match key, kind, name, score, url and summary', async () => {
    const out = await ok('search_database', { query: 'amnae' });
    expect(out.matches).toEqual([
      {
        key: 'amane',
        kind: 'hero',
        name: 'Amane',
        score: 0.745,
        url: `${BASE}/heroes/amane`,
        matched: 'Amane',
        match_type: 'words',
        summary: 'Epic archer hero, generation 1',
      },
    ]);
  });

  it.each([
    ['hero', 'long fei', `${BASE}/heroes/long-fei`],
    ['master', 'cassia', `${BASE}/masters/cassia`],
    ['item', 'silk', `${BASE}/items/satin`],
    ['event', 'kvk', `${BASE}/events/kingdom-of-power`],
  ])('links a %s to its page', async (_, query, url) => {
    expect((await ok('search_database', { query })).matches[0].url).toBe(url);
  });

  it('accepts kind singular or plural and reports it plural', async () => {
    for (const kind of ['item', 'items']) {
      const out = await ok('search_database', { query: 'arena', kind });
      expect(out.kind).toBe('items');
      expect(out.matches.map((m: { key: string }) => m.key)).toEqual(['arena-token']);
    }
  });

  it('says when nothing matches, and where else a kind-filtered query does match', async () => {
    const none = await ok('search_database', { query: 'xyzzy' });
    expect(none.message).toBe('Nothing matches "xyzzy". Try part of the name, another spelling or an alias.');
    const elsewhere = await ok('search_database', { query: 'Valora', kind: 'heroes' });
    expect(elsewhere.matches).toEqual([]);
    expect(elsewhere.message).toBe(
      'No heroes match "Valora", but Valora (master) does: see elsewhere, or search without kind.',
    );
    expect(elsewhere.elsewhere.map((m: { key: string }) => m.key)).toEqual(['valora']);
  });

  it('refuses empty, punctuation-only and over-long queries (and such get_* keys) with a clear message', async () => {
    for (const query of ['', '   ']) {
      const error = await fails('search_database', { query });
      expect(error.code).toBe('INVALID_ARGUMENTS');
      expect(error.message).toContain('query is required unless kind is given');
    }
    const punctuation = await fails('search_database', { query: '?!' });
    expect(punctuation.code).toBe('INVALID_ARGUMENTS');
    expect(punctuation.message).toContain('letters or digits');
    // U+02BC is a letter to the schema's pattern but an apostrophe to search, which drops it: the handler's own check.
    expect(await fails('search_database', { query: 'ʼ' })).toEqual({
      code: 'INVALID_ARGUMENTS',
      message: 'query "ʼ" has no letters or digits: give a name or part of one, e.g. "Amadeus" or "bear hunt".',
      argument: '/query',
      allowed: 'a name or part of one',
      suggestions: [],
    });
    expect((await fails('get_hero', { key: 'ʼ' })).message).toBe(
      'key "ʼ" has no letters or digits: give a hero key from search_database, or the hero\'s name or an alias (e.g. "amadeus").',
    );
    expect((await fails('search_database', { query: 'a'.repeat(201) })).message).toBe(
      'Invalid arguments: query must have at most 200 characters.',
    );
    expect((await fails('search_database', { query: 'x', limit: 0 })).message).toContain('limit must be at least 1');
  });
});

describe('get_hero, get_master, get_item, get_event', () => {
  it('return every hero by key, with sources, confidence and page', async () => {
    for (const hero of heroesFile.heroes) {
      const out = await ok('get_hero', { key: hero.key });
      expect(out).toMatchObject({
        key: hero.key,
        name: hero.name,
        url: `${BASE}/heroes/${hero.key}`,
        confidence: hero.confidence,
      });
      expect(out.sources.map((s: { id: string }) => s.id)).toEqual(hero.sources);
      expect(out.resolved).toBeUndefined();
    }
  });

  it('return every Master, item and event by key', async () => {
    for (const master of mastersFile.masters)
      expect(await ok('get_master', { key: master.key })).toMatchObject({
        key: master.key,
        status: master.status,
        confidence: master.confidence,
      });
    for (const item of itemsFile.items) {
      const out = await ok('get_item', { key: item.key });
      expect(out).toMatchObject({ key: item.key, url: `${BASE}/items/${item.key}`, confidence: item.confidence });
      expect(out.sources).toHaveLength(itemsFile.sources.length);
    }
    for (const event of eventsFile.events) {
      const out = await ok('get_event', { key: event.key });
      expect(out).toMatchObject({
        key: event.key,
        url: `${BASE}/events/${event.key}`,
        confidence: event.confidence,
        tips: event.tips,
      });
      expect(out.sources).toEqual(event.sources.map((ref) => ({ ref })));
    }
  });

  it('get_hero lists skills conquest first, expedition in slot order, and the tier placements', async () => {
    const out = await ok('get_hero', { key: 'vivian' });
    const kinds = out.skills.map((s: { kind: string; slot?: number }) => `${s.kind}${s.slot ?? ''}`);
    expect(kinds).toEqual(['conquest', 'conquest', 'conquest', 'expedition1', 'expedition2', 'expedition3']);
    expect(out.tier_ratings).toEqual([
      { role: 'bear_hunt_joiner', generation: 7, tier: 'S' },
      { role: 'rally_leader', generation: 6, tier: 'S+' },
      { role: 'garrison', generation: 6, tier: 'B' },
      { role: 'bear_hunt', generation: 6, tier: 'S' },
      { role: 'joiner', generation: 6, tier: 'S' },
    ]);
    const gen7 = await ok('get_hero', { key: 'ava' });
    expect(gen7.exclusive_gear).toMatchObject({
      name: null,
      name_note: 'Exclusive gear name not found in any source read for this dataset.',
    });
    expect(gen7.exclusive_gear.max_level_stats).toBeUndefined();
    expect((await ok('get_hero', { key: 'olive' })).exclusive_gear).toBeUndefined();
  });

  it('get_hero spells a star position out in words, in every form hero_shards_cost takes', async () => {
    const cases: [unknown, string, string][] = [
      ['locked', 'locked', 'locked: the hero is not unlocked yet'],
      ['0★', '0★', 'unlocked with no stars yet (0 of 6 sub-tiers of the 1st star)'],
      ['1★ 3/6', '1★ 3/6', 'no full star and 3 of 6 sub-tiers of the 1st star'],
      ['1★', '1★ 6/6', '1 full star (0 of 6 sub-tiers of the 2nd star)'],
      ['3★ 2/6', '3★ 2/6', '2 full stars and 2 of 6 sub-tiers of the 3rd star'],
      [{ stars: 4, tier: 0 }, '3★ 6/6', '3 full stars (0 of 6 sub-tiers of the 4th star)'],
      ['5★ 5/6', '5★ 5/6', '4 full stars and 5 of 6 sub-tiers of the 5th star'],
      ['5 stars', '5★ 6/6', '5 full stars, the maximum'],
    ];
    for (const [stars, label, words] of cases) {
      const { structured } = await callTool(app, 'get_hero', { key: 'amane', stars, fields: ['rarity'] });
      expect(structured.star_position, JSON.stringify(stars)).toEqual({ label, words });
    }
    const { result, structured } = await callTool(app, 'get_hero', { key: 'amane', stars: '2★ 7/6' });
    expect(result.isError).toBe(true);
    expect(structured.error).toMatchObject({ code: 'UNKNOWN_LEVEL', argument: '/stars' });
    expect(structured.error.message).toContain('each star has 6 sub-tiers');
  });

  it('get_hero with skill_levels cuts every level list to those levels and says which they are', async () => {
    const one = await callTool(app, 'get_hero', { key: 'amadeus', skill: 'Born Leader', skill_levels: { from: 2 } });
    expect(one.structured.talent.levels).toEqual({ lethality_and_health_up: ['6%'] });
    expect(one.structured.skills).toEqual([]);
    expect(one.structured.skill_levels).toEqual({ from: 2, to: 2 });
    // With `fields`, the levels named still come (like the record's identity).
    const cut = await callTool(app, 'get_hero', {
      key: 'amadeus',
      skill: 'Battle Ready',
      skill_levels: { from: 1, to: 2 },
      fields: ['skills'],
    });
    expect(cut.structured).toMatchObject({
      skills: [{ name: 'Battle Ready', levels: { lethality_up: ['5%', '10%'] } }],
      skill_levels: { from: 1, to: 2 },
    });
    const reversed = await callTool(app, 'get_hero', { key: 'amadeus', skill_levels: { from: 4, to: 2 } });
    expect(reversed.structured.error).toMatchObject({ code: 'RANGE_REVERSED', argument: '/skill_levels' });
    const beyond = await callTool(app, 'get_hero', { key: 'amadeus', skill_levels: { from: 6 } });
    expect(beyond.structured.error).toMatchObject({ code: 'INVALID_ARGUMENTS' });
  });

  it('get_item lists the events that grant it, from the item record and from event rewards', async () => {
    const gems = await ok('get_item', { key: 'gems' });
    const arena = eventsFile.events.find((e) => e.key === 'arena')!;
    expect(gems.granted_by[0]).toEqual({
      key: 'arena',
      name: 'Arena',
      url: `${BASE}/events/arena`,
      cadence: arena.cadence,
      duration: arena.duration,
      note: 'daily/season',
      listed_in: ['item', 'event'],
    });
    expect(gems.granted_by.find((g: { key: string }) => g.key === 'swordland-showdown')).toEqual({
      key: 'swordland-showdown',
      name: 'Swordland Showdown',
      url: `${BASE}/events/swordland-showdown`,
      cadence: 'every two weeks, battle on Sunday (voting 2 d, registration 2 d, matchmaking 2 d before it)',
      duration: '1 hour battle',
      listed_in: ['event'],
    });
    expect(gems.other_sources).toEqual(['most events (leaderboards)']);
    const diana = await ok('get_item', { key: 'hero-specific-shard' });
    expect(diana.granted_by.find((g: { key: string }) => g.key === 'desert-trial')).toMatchObject({
      note: 'Diana',
      listed_in: ['item', 'event'],
    });
  });

  it('get_item names the cost tool and material of every item with a cost column, and none for the others', async () => {
    // By hand from data/reference/items.yaml (`costs`) and the cost tools' YAML: not from COST_TOOL_OF_SYSTEM, which
    // is what the handler itself reads.
    const costTools: Record<string, { tool: ToolName; material: string }> = {
      satin: { tool: 'governor_gear_cost', material: 'satin' },
      'gilded-threads': { tool: 'governor_gear_cost', material: 'gilded_threads' },
      'artisans-vision': { tool: 'governor_gear_cost', material: 'artisans_vision' },
      'charm-guide': { tool: 'governor_charm_cost', material: 'charm_guides' },
      'charm-design': { tool: 'governor_charm_cost', material: 'charm_designs' },
      truegold: { tool: 'truegold_upgrade_cost', material: 'truegold' },
      'tempered-truegold': { tool: 'truegold_upgrade_cost', material: 'tempered_truegold' },
      'mythic-general-hero-shard': { tool: 'hero_shards_cost', material: 'shards' },
      'hero-specific-shard': { tool: 'hero_shards_cost', material: 'shards' },
      'hero-widget': { tool: 'hero_widgets_cost', material: 'widgets' },
      forgehammer: { tool: 'mastery_forging_cost', material: 'forgehammers' },
      mithril: { tool: 'mastery_forging_cost', material: 'mithril' },
      'enhancement-xp-part': { tool: 'mastery_forging_cost', material: 'enhancement_xp' },
    };
    expect(itemsFile.items.filter((i) => i.costs).map((i) => i.key)).toEqual(Object.keys(costTools));
    const answered: Record<string, unknown> = {};
    for (const key of Object.keys(costTools)) answered[key] = (await ok('get_item', { key })).cost_tool;
    expect(answered).toEqual(costTools);
    expect((await ok('get_item', { key: 'gems' })).cost_tool).toBeUndefined();
  });

  it('get_event names its reward items and shop items', async () => {
    const kvk = await ok('get_event', { key: 'kingdom-of-power' });
    expect(kvk.shop.slice(0, 2)).toEqual([
      { key: 'truegold', name: 'Truegold', url: `${BASE}/items/truegold`, price: '2 coins' },
      {
        key: 'mythic-general-hero-shard',
        name: 'Mythic General Hero Shard',
        url: `${BASE}/items/mythic-general-hero-shard`,
        price: '25',
      },
    ]);
    expect(kvk.rewards.at(-1)).toEqual({ name: 'skins' });
    const desert = await ok('get_event', { key: 'desert-trial' });
    expect(desert.rewards[0]).toEqual({
      key: 'hero-specific-shard',
      name: 'Hero Shard (specific hero)',
      url: `${BASE}/items/hero-specific-shard`,
      note: 'Diana',
    });
    expect((await ok('get_event', { key: 'castle-battle' })).rewards).toEqual([]);
  });

  it('get_master gives the relationship tables, with unpublished affinity as null', async () => {
    const cassia = await ok('get_master', { key: 'cassia' });
    expect(cassia.relationship.stat_bonus_pct_by_level).toHaveLength(100);
    expect(cassia.relationship.stages[0]).toEqual({ from_level: 1, stage: 'Stranger' });
    expect(cassia.skills.map((s: { manuscripts_total: number }) => s.manuscripts_total)).toEqual([
      13500, 100000, 150000, 150000,
    ]);
    const wilson = await ok('get_master', { key: 'wilson' });
    expect(wilson.relationship.milestones.every((m: { affinity: number | null }) => m.affinity === null)).toBe(true);
    expect(wilson.resources[0]).toEqual({
      key: 'masters-manuscript',
      name: "Master's Manuscript",
      url: `${BASE}/items/masters-manuscript`,
    });
  });

  const heroKey = "a hero key from search_database, or the hero's name or an alias";
  it.each([
    [
      'get_hero',
      { key: 'am' },
      {
        code: 'AMBIGUOUS',
        message:
          '"am" matches several heroes: amane (Amane), amadeus (Amadeus). Call get_hero again with one of these keys.',
        argument: '/key',
        allowed: heroKey,
        suggestions: ['amane', 'amadeus'],
      },
    ],
    [
      'get_item',
      { key: 'charm' },
      {
        code: 'AMBIGUOUS',
        message:
          '"charm" matches several items: charm-guide (Charm Guide), charm-design (Charm Design). Call get_item again with one of these keys.',
        argument: '/key',
        allowed: "an item key from search_database, or the item's name or an alias",
        suggestions: ['charm-guide', 'charm-design'],
      },
    ],
    [
      'get_event',
      { key: 'battle' },
      {
        code: 'AMBIGUOUS',
        message:
          '"battle" matches several events: castle-battle (Castle Battle), sanctuary-battle (Sanctuary Battle). Call get_event again with one of these keys.',
        argument: '/key',
        allowed: "an event key from search_database, or the event's name or an alias",
        suggestions: ['castle-battle', 'sanctuary-battle'],
      },
    ],
    [
      'get_master',
      { key: 'zorro' },
      {
        code: 'NOT_FOUND',
        message:
          'No Master matches "zorro". No Master name is close to it. Use search_database to find a Master by part of its name.',
        argument: '/key',
        allowed: "a Master key from search_database, or the Master's name or an alias",
        suggestions: [],
      },
    ],
    [
      'get_hero',
      { key: '…' },
      {
        code: 'INVALID_ARGUMENTS',
        message:
          'Invalid arguments: key "…" is not valid: Hero key (from search_database), name or alias, e.g. `amadeus`, `Long Fei`, `Mikoto`.',
        argument: '/key',
        suggestions: [],
      },
    ],
  ] as const)('%s %j fails with exactly its error', async (name, args, error) => {
    expect(await fails(name, args)).toEqual(error);
  });
});

describe('get_tier_list', () => {
  it('lists exactly the roles in the data as its keys (their aliases are read as the role: test/server/keyed-arguments.test.ts)', () => {
    const role = (
      TOOL_LIST_ENTRIES.get_tier_list['2025-06-18'].inputSchema as { properties: { role: { examples: string[] } } }
    ).properties.role;
    expect(role.examples).toEqual(tierListFile.roles.map((r) => r.key));
  });

  it('defaults to the latest generation of each role', async () => {
    for (const role of tierListFile.roles) {
      const out = await ok('get_tier_list', { role: role.key });
      expect(out.generation).toBe(role.generations.at(-1)!.generation);
      expect(out.generations).toEqual({ min: 1, max: role.generations.at(-1)!.generation });
      expect(out.url).toBe(`${BASE}/tier-list#${role.key}`);
    }
  });

  it('shows a generation with S+ as its own group, heroes with troop type, rarity and generation, unrated heroes and the lineup', async () => {
    const out = await ok('get_tier_list', { role: 'rally_leader', generation: 5 });
    expect(out.tiers.map((t: { tier: string }) => t.tier)).toEqual(['S+', 'S', 'A', 'B', 'C', 'D']);
    expect(out.tiers[0].heroes).toEqual([
      {
        key: 'vivian',
        name: 'Vivian',
        url: `${BASE}/heroes/vivian`,
        troop_type: 'archer',
        rarity: 'mythic',
        generation: 5,
      },
    ]);
    expect(out.tiers[1].heroes.map((h: { key: string }) => h.key)).not.toContain('vivian');
    expect(out.not_rated.map((h: { key: string }) => h.key)).toEqual([
      'chenko',
      'amane',
      'yeonwoo',
      'howard',
      'quinn',
      'diana',
      'fahd',
    ]);
    expect(out.lineup.solo_attack.map((h: { key: string }) => h.key)).toEqual(['long-fei', 'thrud', 'vivian']);
    // The other sites' lists come only when asked for, with their sources.
    expect(out.overall_lists).toBeUndefined();
    expect(out.sources.map((s: { id: string }) => s.id)).toEqual(['kingshotpro', 'sim_lineups']);
    const withLists = await ok('get_tier_list', { role: 'rally_leader', generation: 5, include_overall_lists: true });
    expect(withLists.overall_lists.map((l: { source: string }) => l.source)).toEqual([
      'allclash',
      'ldshop',
      'pocketgamer',
      'kingshotauto',
    ]);
    expect(withLists.sources.map((s: { id: string }) => s.id)).toEqual([
      'kingshotpro',
      'allclash',
      'ldshop',
      'pocketgamer',
      'kingshotauto',
      'sim_lineups',
    ]);
  });

  it('refuses a generation outside the role, naming the range and a role that covers it', async () => {
    const error = await fails('get_tier_list', { role: 'garrison', generation: 7 });
    expect(error).toEqual({
      code: 'LEVEL_OUT_OF_RANGE',
      message:
        'garrison is rated for generations 1-6 only (as of 2026-04 (Gen 6 era); Gen 7 heroes not rated); generation 7 is not rated. bear_hunt_joiner covers generation 7. Leave generation out for the latest.',
      argument: '/generation',
      allowed: '1-6',
      suggestions: ['6'],
    });
  });

  it('says where the data stops for a generation past every list', async () => {
    expect(await fails('get_tier_list', { role: 'rally_leader', generation: 8 })).toEqual({
      code: 'LEVEL_OUT_OF_RANGE',
      message:
        'There is no generation 8 data yet: the tier lists stop at generation 7, and rally_leader at 6 (rated 1-6, as of 2026-04 (Gen 6 era); Gen 7 heroes not rated). Leave generation out for the latest.',
      argument: '/generation',
      allowed: '1-6',
      suggestions: ['6'],
    });
    expect((await fails('get_tier_list', { role: 'bear_hunt_joiner', generation: 100 })).code).toBe(
      'INVALID_ARGUMENTS',
    );
  });
});
