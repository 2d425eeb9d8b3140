/**
 * Reference questions players ask, each answered by at most two calls through /mcp, the expected values read from
 * the data files by the test itself (YAML parsed here, not the service's modules) and compared exactly.
 */
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { callTool, testApp } from '../helpers.js';

const app = testApp();
const read = (file: string) => parse(readFileSync(new URL(`../../data/reference/${file}`, import.meta.url), 'utf8'));
const heroesData = read('heroes.yaml');
const itemsData = read('items.yaml');
const eventsData = read('events.yaml');
const tiersData = read('tier-list.yaml');
const mastersData = read('masters.yaml');

type Any = Record<string, any>;
const hero = (key: string): Any => heroesData.heroes.find((h: Any) => h.key === key);
const item = (key: string): Any => itemsData.items.find((i: Any) => i.key === key);
const event = (key: string): Any => eventsData.events.find((e: Any) => e.key === key);

let calls = 0;
async function ask(name: string, args: Record<string, unknown>): Promise<Any> {
  calls++;
  const { result, text } = await callTool(app, name, args);
  return { ...JSON.parse(text!), isError: result.isError === true };
}

/** Where a skill sits in a result's skills (the tool orders them: conquest first, expedition in slot order). */
const order = (out: Any, name: string): number => out.skills.findIndex((s: Any) => s.name === name);

/** Each question resets the count; at most two calls answer it. */
function question(title: string, answer: () => Promise<void>) {
  it(title, async () => {
    calls = 0;
    await answer();
    expect(calls).toBeLessThanOrEqual(2);
  });
}

describe('player reference questions, at most two calls each', () => {
  question(
    'Which infantry hero is S tier for rally leading at generation 3, and what does its exclusive gear do?',
    async () => {
      const list = await ask('get_tier_list', { role: 'rally_leader', generation: 3, troop_type: 'infantry' });
      const role = tiersData.roles.find((r: Any) => r.key === 'rally_leader');
      const table = role.generations.find((g: Any) => g.generation === 3);
      const sInfantry = table.tiers.S.filter(
        (k: string) => hero(k).troop_type === 'infantry' && !(table.s_plus ?? []).includes(k),
      );
      expect(list.tiers.find((t: Any) => t.tier === 'S').heroes.map((h: Any) => h.key)).toEqual(sInfantry);
      expect(sInfantry).toEqual(['amadeus']);
      const gear = await ask('get_hero', { key: sInfantry[0], fields: ['exclusive_gear'] });
      const data = hero('amadeus').exclusive_gear;
      expect(gear.exclusive_gear.name).toBe(data.name);
      expect(gear.exclusive_gear.trigger).toBe(data.trigger);
      expect(gear.exclusive_gear.skills.map((s: Any) => [s.name, s.effect, s.levels])).toEqual(
        data.skills.map((s: Any) => [s.name, s.effect, s.levels]),
      );
    },
  );

  question('Which events give Forgehammers, and how often?', async () => {
    const out = await ask('get_item', { key: 'forgehammers', fields: ['granted_by'] });
    const fromItem: string[] = item('forgehammer').granted_by.map((g: Any) => g.event);
    const fromEvents: string[] = eventsData.events
      .filter((e: Any) => e.rewards.some((r: Any) => r.item === 'forgehammer'))
      .map((e: Any) => e.key);
    const keys = [...fromItem, ...fromEvents.filter((k) => !fromItem.includes(k))];
    expect(out.granted_by.map((g: Any) => [g.key, g.cadence, g.duration])).toEqual(
      keys.map((k) => [k, event(k).cadence, event(k).duration]),
    );
  });

  question('Is a widget per hero?', async () => {
    const out = await ask('get_item', { key: 'widget', fields: ['per_hero'] });
    expect(out.key).toBe('hero-widget');
    expect(out.per_hero).toEqual(item('hero-widget').per_hero);
    expect(out.per_hero.value).toBe(true);
  });

  question('Can I use Mythic general shards for any hero, or are they per hero?', async () => {
    const out = await ask('get_item', { key: 'mythic general shard', fields: ['per_hero'] });
    expect(out.per_hero).toEqual(item('mythic-general-hero-shard').per_hero);
    expect(out.per_hero.value).toBe(false);
  });

  question('Is Satin for my hero gear?', async () => {
    const out = await ask('get_item', { key: 'silk', fields: ['category', 'category_note'] });
    expect(out.category).toBe(item('satin').category);
    expect(out.category_note).toBe(
      itemsData.categories.find((c: Any) => c.key === 'governor_gear_material').description,
    );
    expect(out.category_note).toContain('not for hero gear');
  });

  question('Does Amane have exclusive gear?', async () => {
    const out = await ask('get_hero', { key: 'mikoto', fields: ['exclusive_gear', 'exclusive_gear_note'] });
    expect(hero('amane').exclusive_gear).toBeUndefined();
    expect(out.exclusive_gear).toBeUndefined();
    expect(out.exclusive_gear_note).toBe(
      'Amane has no exclusive gear: only Mythic heroes have one, and Amane is Epic (so no widgets are spent on Amane).',
    );
  });

  question("What does Amadeus's Battle Ready give at level 5?", async () => {
    const out = await ask('get_hero', { key: 'amadeus', skill: 'battle ready', fields: ['skills'] });
    const skill = hero('amadeus').skills.find((s: Any) => s.name === 'Battle Ready');
    expect(out.skills).toHaveLength(1);
    expect(out.skills[0].levels.lethality_up[4]).toBe(skill.levels.lethality_up[4]);
    expect(out.skills[0].levels.lethality_up[4]).toBe('25%');
  });

  question("What do Amadeus's skills give from level 3 to 5? (one call, only those levels)", async () => {
    const out = await ask('get_hero', { key: 'amadeus', skill_levels: { from: 3, to: 5 } });
    const data = hero('amadeus');
    const cut = (levels: Record<string, string[]>) =>
      Object.fromEntries(Object.entries(levels).map(([stat, values]) => [stat, values.slice(2, 5)]));
    expect(out.skill_levels).toEqual({ from: 3, to: 5 });
    expect(out.skills.map((s: Any) => [s.name, s.levels])).toEqual(
      [...data.skills].map((s: Any) => [s.name, cut(s.levels)]).sort((a, b) => order(out, a[0]) - order(out, b[0])),
    );
    expect(out.talent.levels).toEqual(cut(data.talent.levels));
    expect(out.exclusive_gear.skills.map((s: Any) => s.levels)).toEqual(
      data.exclusive_gear.skills.map((s: Any) => cut(s.levels)),
    );
    // Read by hand from data/reference/heroes.yaml: Battle Ready 15%, 20%, 25% at levels 3-5.
    expect(out.skills.find((s: Any) => s.name === 'Battle Ready').levels).toEqual({
      lethality_up: ['15%', '20%', '25%'],
    });
  });

  question('My Amadeus is at 3★ 2/6: how many full stars is that?', async () => {
    const out = await ask('get_hero', { key: 'amadeus', stars: '3 star 2/6', fields: ['rarity'] });
    expect(out.star_position).toEqual({ label: '3★ 2/6', words: '2 full stars and 2 of 6 sub-tiers of the 3rd star' });
    const full = await ask('get_hero', { key: 'amadeus', stars: { stars: 4 }, fields: ['rarity'] });
    expect(full.star_position).toEqual({ label: '4★ 6/6', words: '4 full stars (0 of 6 sub-tiers of the 5th star)' });
  });

  question('What gives Forgehammers besides events? (search by what it does)', async () => {
    const out = await ask('search_database', { query: 'forgehammer', kind: 'masters' });
    const givers = mastersData.masters
      .filter((m: Any) => m.status === 'full')
      .filter((m: Any) => [m.talent, ...m.skills].some((s: Any) => /forgehammer/i.test(s.effect)));
    expect(out.matches.map((m: Any) => m.key)).toEqual(givers.map((m: Any) => m.key));
    expect(out.matches.map((m: Any) => m.match_type)).toEqual(['skill']);
    const master = await ask('get_master', { key: out.matches[0].key, skill: 'Weapon Obsession', fields: ['skills'] });
    const skill = givers[0].skills.find((s: Any) => s.name === 'Weapon Obsession');
    expect(master.skills.map((s: Any) => [s.name, s.effect, s.manuscripts_total])).toEqual([
      [skill.name, skill.effect, skill.manuscripts_total],
    ]);
  });

  question('Who is S+ for rally leading, and which troop types are they?', async () => {
    const out = await ask('get_tier_list', { role: 'rally_leader' });
    const role = tiersData.roles.find((r: Any) => r.key === 'rally_leader');
    const latest = role.generations.at(-1);
    expect(out.tiers[0].tier).toBe('S+');
    expect(out.tiers[0].heroes.map((h: Any) => [h.key, h.troop_type, h.rarity, h.generation])).toEqual(
      latest.s_plus.map((k: string) => [k, hero(k).troop_type, hero(k).rarity, hero(k).generation]),
    );
    expect(out.overall_lists).toBeUndefined();
  });

  question('Which tier is Jabel for rally leading at generation 8?', async () => {
    const out = await ask('get_tier_list', { role: 'rally_leader', generation: 8 });
    const last = Math.max(...tiersData.roles.map((r: Any) => r.generations.at(-1).generation));
    expect(out.isError).toBe(true);
    expect(out.error.code).toBe('LEVEL_OUT_OF_RANGE');
    expect(out.error.message).toContain(`There is no generation 8 data yet: the tier lists stop at generation ${last}`);
  });

  question('Where can I buy a Mythic general shard, and which event pays for that shop?', async () => {
    const out = await ask('get_item', { key: 'mythic-general-hero-shard', fields: ['shops'] });
    const shops = item('mythic-general-hero-shard').shops;
    expect(out.shops.map((s: Any) => [s.shop, s.price, s.event?.key])).toEqual(
      shops.map((s: Any) => [s.shop, s.price, itemsData.shops.find((x: Any) => x.key === s.shop).event]),
    );
  });

  question('Nonsense gets no unrelated suggestions', async () => {
    const out = await ask('get_item', { key: 'blorptastic' });
    expect(out.error.code).toBe('NOT_FOUND');
    expect(out.error.suggestions).toEqual([]);
    expect(out.error.message).toContain('No item name is close to it.');
  });
});
