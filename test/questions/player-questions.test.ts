/**
 * Questions players ask, each answered through /mcp (or /mcp/account, signed in as the demo player) in at most
 * two tool calls, the figures compared exactly with a small calculator written here that reads data/costs/*.yaml
 * itself (not the service's code): sums of step costs between two labels, the spread of disputed figures, and a
 * budget spent in order.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { DEMO_PLAYER } from '../../src/account/demo.js';
import { accountApp, accountServices, callAccountTool, mintAccessToken } from '../account-helpers.js';
import { callTool, testApp } from '../helpers.js';

// ---- the independent calculator -------------------------------------------------------------------------------

interface Level {
  label: string;
  cost?: Record<string, number>;
  unknown?: string[];
  disputed?: Record<string, { others: { value: number }[] }>;
}
interface Table {
  materials: { key: string; name: string }[];
  ladders: { key: string; levels: Level[] }[];
}

const DATA = resolve(import.meta.dirname, '../../data/costs');
const table = (file: string): Table => parse(readFileSync(join(DATA, `${file}.yaml`), 'utf8')) as Table;
const TABLES = {
  gear: table('governor-gear'),
  charm: table('governor-charm'),
  truegold: table('truegold'),
  shards: table('hero-shards'),
  widgets: table('hero-widgets'),
  forging: table('mastery-forging'),
};
type System = keyof typeof TABLES;

function levelsOf(system: System, ladder?: string): Level[] {
  const t = TABLES[system];
  return (ladder ? t.ladders.find((l) => l.key === ladder)! : t.ladders[0]!).levels;
}

function indexOf(levels: Level[], label: string): number {
  const i = levels.findIndex((l) => l.label === label);
  if (i < 0) throw new Error(`no level ${label}`);
  return i;
}

/** The steps after `from` up to `to`. */
function stepsOf(levels: Level[], from: string, to: string): Level[] {
  return levels.slice(indexOf(levels, from) + 1, indexOf(levels, to) + 1);
}

/** Per material of the table: the sum of the steps (figures used) for `count` units; null if a step's amount is unknown. */
function cost(system: System, from: string, to: string, count = 1, ladder?: string): Record<string, number | null> {
  const steps = stepsOf(levelsOf(system, ladder), from, to);
  return Object.fromEntries(
    TABLES[system].materials.map(({ key }) => [
      key,
      steps.some((s) => s.unknown?.includes(key))
        ? null
        : steps.reduce((sum, s) => sum + (s.cost?.[key] ?? 0), 0) * count,
    ]),
  );
}

/** The highest total the published figures make (the largest figure of every disputed step). */
function highest(system: System, from: string, to: string, key: string, count = 1, ladder?: string): number {
  const steps = stepsOf(levelsOf(system, ladder), from, to);
  return (
    steps.reduce(
      (sum, s) => sum + Math.max(s.cost?.[key] ?? 0, ...(s.disputed?.[key]?.others.map((o) => o.value) ?? [])),
      0,
    ) * count
  );
}

function add(...all: Record<string, number | null>[]): Record<string, number | null> {
  const out: Record<string, number | null> = {};
  for (const totals of all)
    for (const [k, v] of Object.entries(totals)) out[k] = out[k] === null || v === null ? null : (out[k] ?? 0) + v;
  return out;
}

interface Range {
  system: System;
  ladder?: string;
  from: string;
  to: string;
  count?: number;
}

/** A budget spent on the ranges in order: each takes every step it can afford; an unknown amount stops it. */
function spend(ranges: Range[], have: Record<string, number>) {
  const left = { ...have };
  const reached = ranges.map((r) => {
    const levels = levelsOf(r.system, r.ladder);
    let at = indexOf(levels, r.from);
    const end = indexOf(levels, r.to);
    let short: Record<string, number> = {};
    while (at < end) {
      const step = levels[at + 1]!;
      if (step.unknown?.length) break;
      short = {};
      for (const [k, v] of Object.entries(step.cost ?? {})) {
        const need = v * (r.count ?? 1);
        if (need > (left[k] ?? 0)) short[k] = need - (left[k] ?? 0);
      }
      if (Object.keys(short).length > 0) break;
      for (const [k, v] of Object.entries(step.cost ?? {})) left[k] = (left[k] ?? 0) - v * (r.count ?? 1);
      at++;
    }
    return { reached: levels[at]!.label, short: at < end ? short : null };
  });
  return { reached, left };
}

// ---- the service, through /mcp ----------------------------------------------------------------------------------

const app = testApp();
let calls = 0;
let callAs: (name: string, args: unknown) => ReturnType<typeof callTool>;
beforeAll(async () => {
  const services = await accountServices();
  const account = accountApp(services);
  const token = await mintAccessToken(services, services.demoUserId);
  callAs = (name, args) => callAccountTool(account, token, name, args);
});
afterEach(() => {
  // Every question is answered in at most two calls.
  expect(calls).toBeGreaterThan(0);
  expect(calls).toBeLessThanOrEqual(2);
  calls = 0;
});

// Results are read loosely: the figures are what is compared.
type Result = any;

async function ask(name: string, args: unknown): Promise<Result> {
  calls++;
  const { result, structured, text } = await callTool(app, name, args);
  expect(result.isError, text).toBeUndefined();
  return structured;
}

async function askSignedIn(name: string, args: unknown): Promise<Result> {
  calls++;
  const { result, structured, text } = await callAs(name, args);
  expect(result.isError, text).toBeUndefined();
  return structured;
}

// ---- the questions ------------------------------------------------------------------------------------------

describe('player questions, each in at most two calls', () => {
  it('1. "300k Satin, 3k Threads, 600 Vision, my piece is Purple T1 ★1: how far, and what am I short for the next star?"', async () => {
    const have = { satin: 300000, gilded_threads: 3000, artisans_vision: 600 };
    const r = await ask('governor_gear_cost', { from: 'Purple T1 ★1', have });
    const expected = spend([{ system: 'gear', from: 'Purple T1 ★1', to: 'Red T6 ★3' }], have);
    expect(r.reach.ranges[0].reached).toBe(expected.reached[0]!.reached);
    expect(r.reach.ranges[0].next_step.short).toEqual(expected.reached[0]!.short);
    expect(r.reach.left).toEqual(expected.left);
  });

  it('2. "My six pieces are all at different levels: what do all of them need to reach Gold T3 ★0?"', async () => {
    const froms = ['Gold ★0', 'Gold ★3', 'Gold T1 ★1', 'Gold T1 ★3', 'Gold T2 ★1', 'Gold T2 ★3'];
    const r = await ask('governor_gear_cost', { ranges: froms.map((from) => ({ from, to: 'Gold T3 ★0' })) });
    expect(r.totals).toEqual(add(...froms.map((f) => cost('gear', f, 'Gold T3 ★0'))));
    expect(r.ranges.map((x: Result) => x.totals)).toEqual(froms.map((f) => cost('gear', f, 'Gold T3 ★0')));
    const high = froms.reduce((s, f) => s + highest('gear', f, 'Gold T3 ★0', 'gilded_threads'), 0);
    expect(r.totals_range.gilded_threads).toEqual({
      used: r.totals.gilded_threads,
      lowest: r.totals.gilded_threads,
      highest: high,
    });
  });

  it('3. "Town Center TG6 -> TG7, or the three troop buildings each TG6 -> TG7: which eats more Tempered Truegold?"', async () => {
    const troops = ['barracks', 'stable', 'range'];
    const r = await ask('plan_upgrades', {
      plan: [{ system: 'truegold', building: 'town_center', from: 'TG6', to: 'TG7' }],
      compare_with: troops.map((building) => ({ system: 'truegold', building, from: 'TG6', to: 'TG7' })),
    });
    const a = cost('truegold', 'TG6', 'TG7', 1, 'town_center').tempered_truegold!;
    const b = troops.reduce((s, t) => s + cost('truegold', 'TG6', 'TG7', 1, t).tempered_truegold!, 0);
    expect(r.comparison.materials.tempered_truegold).toEqual({ a, b, more: a > b ? 'a' : 'b', by: Math.abs(a - b) });
    expect([a, b]).toEqual([90, 111]);
  });

  it('4. the same comparison with the building tool: one call per side', async () => {
    const tc = await ask('truegold_upgrade_cost', { building: 'TC', from: 'TG6', to: 'TG7' });
    const troops = await ask('truegold_upgrade_cost', {
      ranges: ['barracks', 'stable', 'range'].map((building) => ({ building, from: 'TG6', to: 'TG7' })),
    });
    expect(tc.totals).toEqual(cost('truegold', 'TG6', 'TG7', 1, 'town_center'));
    expect(troops.totals).toEqual(
      add(...['barracks', 'stable', 'range'].map((b) => cost('truegold', 'TG6', 'TG7', 1, b))),
    );
  });

  it('5. "What can I finish right now with my inventory?" (signed in)', async () => {
    const r = await askSignedIn('get_my_goals', {});
    // The demo's top piece: Gold T1 ★2 -> Gold T3 ★3, the first goal, takes the Governor Gear inventory first.
    const inv = DEMO_PLAYER.inventory;
    const top = spend([{ system: 'gear', from: 'Gold T1 ★2', to: 'Gold T3 ★3' }], inv.governor_gear);
    expect(r.goals[0].reachable_now).toEqual({
      level: top.reached[0]!.reached,
      stopped_by: 'materials',
      next_step: expect.objectContaining({ short: top.reached[0]!.short }),
    });
    // The Town Center (level 45 = TG3) to TG5 with 4000 Truegold: finished now.
    const tc = spend([{ system: 'truegold', ladder: 'town_center', from: 'TG3', to: 'TG5' }], inv.truegold);
    expect(tc.reached[0]).toEqual({ reached: 'TG5', short: null });
    expect(r.goals[1].reachable_now).toEqual({ level: 'TG5', stopped_by: 'target', next_step: null });
    const finishable = r.goals.filter(
      (g: Result) => g.reachable_now?.stopped_by === 'target' && g.status !== 'reached',
    );
    expect(finishable.map((g: Result) => g.subject)).toEqual(['Town Center']);
  });

  it('6. "How much for every charm to 12?" (signed in, from the saved profile)', async () => {
    const r = await askSignedIn('get_my_goals', { everything_to: { system: 'governor_charm', level: 12 } });
    const charms = Object.values(DEMO_PLAYER.profile.governor_gear).flatMap((p) => p.charms);
    const below = charms.filter((c) => c < 12);
    expect(r.everything_to.already_there).toBe(charms.length - below.length);
    expect(r.everything_to.totals).toEqual(add(...below.map((c) => cost('charm', String(c), '12'))));
  });

  it('7. "Every gear piece to my best piece\'s level: what does it take, and how far does my inventory go?" (signed in)', async () => {
    const r = await askSignedIn('get_my_goals', { everything_to: { system: 'governor_gear', level: 'best' } });
    const levels = levelsOf('gear').map((l) => l.label);
    const pieces = Object.values(DEMO_PLAYER.profile.governor_gear).map((p) => p.level);
    const best = pieces.reduce((a, b) => (levels.indexOf(b) > levels.indexOf(a) ? b : a));
    const below = pieces.filter((p) => p !== best);
    expect(r.everything_to.level).toBe(best);
    expect(r.everything_to.totals).toEqual(add(...below.map((p) => cost('gear', p, best))));
    const expected = spend(
      below.map((from) => ({ system: 'gear' as const, from, to: best })),
      DEMO_PLAYER.inventory.governor_gear,
    );
    expect(r.everything_to.reach.ranges.map((x: Result) => x.reached)).toEqual(expected.reached.map((x) => x.reached));
    expect(r.everything_to.reach.left).toEqual(expected.left);
  });

  it('8. "All 18 charms from 11 to 13?"', async () => {
    const r = await ask('governor_charm_cost', { from: 11, to: 13, charms: 18 });
    expect(r.totals).toEqual(cost('charm', '11', '13', 18));
  });

  it('9. "2,000 guides and 2,500 designs: how far does my charm at 10 go?"', async () => {
    const have = { charm_guides: 2000, charm_designs: 2500 };
    const r = await ask('governor_charm_cost', { from: 10, have });
    const expected = spend([{ system: 'charm', from: '10', to: '22' }], have);
    expect(r.reach.ranges[0].reached).toBe(expected.reached[0]!.reached);
    expect(r.reach.ranges[0].next_step.short).toEqual(expected.reached[0]!.short);
    expect(r.reach.runs_out_first).toBe('charm_guides');
  });

  it('10. "Barracks TG7 -> TG8: how much Tempered Truegold? I read two figures online."', async () => {
    const r = await ask('truegold_upgrade_cost', { building: 'barracks', from: 'TG7', to: 'TG8' });
    const used = cost('truegold', 'TG7', 'TG8', 1, 'barracks').tempered_truegold!;
    expect(r.totals.tempered_truegold).toBe(used);
    expect(r.totals_range.tempered_truegold).toEqual({
      used,
      lowest: used,
      highest: highest('truegold', 'TG7', 'TG8', 'tempered_truegold', 1, 'barracks'),
    });
    expect(r.confidence).not.toBe('high');
    expect(r.notes.some((n: string) => n.includes('TG7-4 -> TG8') && n.includes('zikowang'))).toBe(true);
  });

  it('11. "Command Center TG5 -> TG8 in Tempered Truegold, with the disagreement?"', async () => {
    const r = await ask('truegold_upgrade_cost', { building: 'command_center', from: 'TG5', to: 'TG8' });
    const used = cost('truegold', 'TG5', 'TG8', 1, 'command_center').tempered_truegold!;
    expect(r.totals_range.tempered_truegold).toEqual({
      used,
      lowest: used,
      highest: highest('truegold', 'TG5', 'TG8', 'tempered_truegold', 1, 'command_center'),
    });
    expect(r.totals_range.tempered_truegold.highest - used).toBe(2);
  });

  it('12. "Shards from 0★ to 5★?"', async () => {
    const r = await ask('hero_shards_cost', { from: '0★', to: '5★' });
    expect(r.totals).toEqual(cost('shards', '0★', '5★ 6/6'));
  });

  it('13. "I have 300 shards and my hero is 2★: how far?"', async () => {
    const r = await ask('hero_shards_cost', { from: '2★', have: { shards: 300 } });
    const expected = spend([{ system: 'shards', from: '2★ 6/6', to: '5★ 6/6' }], { shards: 300 });
    expect(r.reach.ranges[0].reached).toBe(expected.reached[0]!.reached);
    expect(r.reach.left).toEqual(expected.left);
  });

  it('14. "Exclusive Gear 3 -> 10?"', async () => {
    const r = await ask('hero_widgets_cost', { from: 3, to: 10 });
    expect(r.totals).toEqual(cost('widgets', '3', '10'));
  });

  it('15. "Three heroes\' Exclusive Gear: 0 -> 5, 2 -> 6 and 5 -> 10?"', async () => {
    const pairs = [
      ['0', '5'],
      ['2', '6'],
      ['5', '10'],
    ] as const;
    const r = await ask('hero_widgets_cost', { ranges: pairs.map(([from, to]) => ({ from: +from, to: +to })) });
    expect(r.totals).toEqual(add(...pairs.map(([f, t]) => cost('widgets', f, t))));
  });

  it('16. "Mastery +0 -> +20 on four pieces?"', async () => {
    const r = await ask('mastery_forging_cost', { from: '+0', to: '+20', pieces: 4 });
    expect(r.totals).toEqual(cost('forging', '+0', '+20', 4, 'mastery'));
  });

  it('17. "How many Forgehammers from Gold 100 to Red 200?" (unknown, never 0)', async () => {
    const r = await ask('mastery_forging_cost', { track: 'red_gear', from: 'Gold 100', to: 'Red 200' });
    expect(cost('forging', 'Gold 100', 'Red 200', 1, 'red_gear').forgehammers).toBeNull();
    expect(r.totals.forgehammers).toBeNull();
    expect(r.totals.mithril).toBe(cost('forging', 'Gold 100', 'Red 200', 1, 'red_gear').mithril);
    expect(r.gaps.length).toBeGreaterThan(0);
  });

  it('18. "5,000 Truegold and 200 Tempered: how far can my Town Center go from TG4?"', async () => {
    const have = { truegold: 5000, tempered_truegold: 200 };
    const r = await ask('truegold_upgrade_cost', { building: 'town_center', from: 'TG4', have });
    const expected = spend([{ system: 'truegold', ladder: 'town_center', from: 'TG4', to: 'TG10' }], have);
    expect(r.reach.ranges[0].reached).toBe(expected.reached[0]!.reached);
    expect(r.reach.ranges[0].next_step.short).toEqual(expected.reached[0]!.short);
    expect(r.reach.left).toEqual(expected.left);
  });

  it('19. "All eight buildings from 30 to TG5: how much Truegold?"', async () => {
    const buildings = ['town_center', 'embassy', 'command_center', 'infirmary', 'barracks', 'stable', 'range'];
    const r = await ask('truegold_upgrade_cost', {
      ranges: [
        ...buildings.map((building) => ({ building, from: 30, to: 'TG5' })),
        { building: 'war_academy', from: 'not built', to: 'TG5' },
      ],
    });
    const expected = add(
      ...buildings.map((b) => cost('truegold', '30', 'TG5', 1, b)),
      cost('truegold', 'not built', 'TG5', 1, 'war_academy'),
    );
    expect(r.totals).toEqual(expected);
    expect(expected.truegold).toBe(19370); // the published all-eight-buildings cross-check of the source data
  });

  it('20. "Two pieces to Gold T3 ★0 and two charms to 12 with what I have: which material runs out first?"', async () => {
    const have = { satin: 300000, gilded_threads: 3000, artisans_vision: 600, charm_guides: 2500, charm_designs: 2000 };
    const r = await ask('plan_upgrades', {
      plan: [
        { system: 'governor_gear', from: 'Gold T2 ★1', to: 'Gold T3 ★0', count: 2 },
        { system: 'governor_charm', from: 10, to: 12, count: 2 },
      ],
      have,
    });
    const expected = spend(
      [
        { system: 'gear', from: 'Gold T2 ★1', to: 'Gold T3 ★0', count: 2 },
        { system: 'charm', from: '10', to: '12', count: 2 },
      ],
      have,
    );
    expect(r.reach.ranges.map((x: Result) => x.reached)).toEqual(expected.reached.map((x) => x.reached));
    expect(r.reach.ranges.map((x: Result) => x.next_step?.short ?? null)).toEqual(expected.reached.map((x) => x.short));
    expect(r.reach.left).toEqual(expected.left);
    expect(r.totals).toEqual(add(cost('gear', 'Gold T2 ★1', 'Gold T3 ★0', 2), cost('charm', '10', '12', 2)));
  });

  it('21. "Embassy or Command Center TG8 -> TG9: which needs more of each?"', async () => {
    const r = await ask('plan_upgrades', {
      plan: [{ system: 'truegold', building: 'embassy', from: 'TG8', to: 'TG9' }],
      compare_with: [{ system: 'truegold', building: 'command_center', from: 'TG8', to: 'TG9' }],
    });
    const a = cost('truegold', 'TG8', 'TG9', 1, 'embassy');
    const b = cost('truegold', 'TG8', 'TG9', 1, 'command_center');
    for (const key of ['truegold', 'tempered_truegold']) {
      expect(r.comparison.materials[key]).toMatchObject({ a: a[key], b: b[key], by: Math.abs(a[key]! - b[key]!) });
    }
  });

  it('22. "Six pieces Gold T1 ★3 -> Gold T2 ★0: sites say 360 or 390 threads each, so how many?"', async () => {
    const r = await ask('governor_gear_cost', { from: 'Gold T1 ★3', to: 'Gold T2 ★0', pieces: 6 });
    expect(r.totals_range.gilded_threads).toEqual({
      used: cost('gear', 'Gold T1 ★3', 'Gold T2 ★0', 6).gilded_threads,
      lowest: cost('gear', 'Gold T1 ★3', 'Gold T2 ★0', 6).gilded_threads,
      highest: highest('gear', 'Gold T1 ★3', 'Gold T2 ★0', 'gilded_threads', 6),
    });
    expect(r.totals_range.gilded_threads.highest).toBe(2340);
  });

  it('23. "Is my Mastery Forging goal within reach, and what is short?" (signed in: the goal after the others)', async () => {
    const r = await askSignedIn('get_my_goals', {});
    const goal = r.goals.find((g: Result) => g.system === 'mastery_forging');
    // Amadeus helmet +8 -> +12; nothing before it draws on forging materials.
    const expected = spend(
      [{ system: 'forging', ladder: 'mastery', from: '+8', to: '+12' }],
      DEMO_PLAYER.inventory.forging,
    );
    expect(goal.reachable_now.level).toBe(expected.reached[0]!.reached);
    expect(goal.reachable_now.next_step.short).toEqual(expected.reached[0]!.short);
  });
});
