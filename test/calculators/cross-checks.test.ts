/**
 * Totals the sources publish (from the research notes data/costs/ was transcribed from), through the same
 * calculators the tools use. Every `cross_checks` row of the data files is also recomputed (codegen refuses data
 * whose rows do not add up; this proves the calculators read the rows the same way).
 */
import { describe, expect, it } from 'vitest';
import { governorCharm } from '../../generated/data/costs/governor-charm.js';
import { governorGear } from '../../generated/data/costs/governor-gear.js';
import { heroShards } from '../../generated/data/costs/hero-shards.js';
import { heroWidgets } from '../../generated/data/costs/hero-widgets.js';
import { masteryForging } from '../../generated/data/costs/mastery-forging.js';
import { truegold } from '../../generated/data/costs/truegold.js';
import { governorCharmCost } from '../../src/calculators/governor-charm.js';
import { governorGearCost } from '../../src/calculators/governor-gear.js';
import { heroShardsCost } from '../../src/calculators/hero-shards.js';
import { heroWidgetsCost } from '../../src/calculators/hero-widgets.js';
import { costBetween, LadderIndex } from '../../src/calculators/ladder.js';
import { masteryForgingCost } from '../../src/calculators/mastery-forging.js';
import { truegoldUpgradeCost } from '../../src/calculators/truegold.js';

function value<T>(outcome: { ok: true; value: T } | { ok: false; error: unknown }): T {
  if (!outcome.ok) throw new Error(`expected a result, got ${JSON.stringify(outcome.error)}`);
  return outcome.value;
}

describe('unknown amounts', () => {
  it('only the Mastery Forging table has any (its result schema allows null totals; the others promise numbers)', () => {
    const withUnknown = [governorGear, governorCharm, truegold, heroShards, heroWidgets, masteryForging].flatMap(
      (table) =>
        table.ladders.flatMap((l) =>
          l.levels
            .filter((level) => (level.unknown ?? []).length > 0)
            .map((level) => `${table.system}/${l.key}/${level.label}: ${level.unknown!.join(',')}`),
        ),
    );
    expect(withUnknown).toEqual(['mastery_forging/red_gear/Red 101: forgehammers']);
  });
});

describe('every cross_checks row of the data files', () => {
  for (const table of [governorGear, governorCharm, truegold, heroShards, heroWidgets, masteryForging]) {
    for (const check of table.cross_checks) {
      it(`${table.system} ${check.ladder}: ${check.from} -> ${check.to}`, () => {
        const index = new LadderIndex(table.ladders.find((l) => l.key === check.ladder)!);
        const b = costBetween(table, index, index.indexOf(check.from)!, index.indexOf(check.to)!);
        for (const [material, total] of Object.entries(check.totals)) expect(b.totals[material], material).toBe(total);
      });
    }
  }
});

describe('published totals', () => {
  it('Governor Gear per piece, not crafted to Gold T3 ★3: 785,500 / 7,860 / 1,905', () => {
    expect(value(governorGearCost({ from: 'not crafted', to: 'Gold T3 ★3' })).totals).toEqual({
      satin: 785500,
      gilded_threads: 7860,
      artisans_vision: 1905,
    });
  });
  it('Governor Gear per piece, not crafted to Red T6 ★3: 9,947,500 / 99,480 / 20,255 in 58 steps', () => {
    const r = value(governorGearCost({ from: 'not crafted', to: 'Red T6 ★3' }));
    expect(r.totals).toEqual({ satin: 9947500, gilded_threads: 99480, artisans_vision: 20255 });
    expect(r.step_count).toBe(58);
  });
  it('Governor Gear from Green ★0 (no crafting row) to Red T6 ★3: 9,946,000 / 99,465', () => {
    const r = value(governorGearCost({ from: 'Green ★0', to: 'Red T6 ★3' }));
    expect(r.totals.satin).toBe(9946000);
    expect(r.totals.gilded_threads).toBe(99465);
  });
  it('a full set of 6 pieces to Red T6 ★3: 59,685,000 Satin', () => {
    expect(value(governorGearCost({ from: 'not crafted', to: 'Red T6 ★3', pieces: 6 })).totals).toEqual({
      satin: 59685000,
      gilded_threads: 596880,
      artisans_vision: 121530,
    });
  });
  it('Governor Charm per charm: 0->11 2,025 / 2,700; 0->22 10,880 / 19,200; 18 charms 0->22 195,840 / 345,600', () => {
    expect(value(governorCharmCost({ from: 0, to: 11 })).totals).toEqual({ charm_guides: 2025, charm_designs: 2700 });
    expect(value(governorCharmCost({ from: 0, to: 22 })).totals).toEqual({ charm_guides: 10880, charm_designs: 19200 });
    expect(value(governorCharmCost({ from: 0, to: 22, charms: 18 })).totals).toEqual({
      charm_guides: 195840,
      charm_designs: 345600,
    });
  });
  it('Truegold Town Center: TG1 stage 660; 30 -> TG5 5,715; 30 -> TG8 8,775 + 270; 30 -> TG10 11,610 + 870', () => {
    expect(value(truegoldUpgradeCost({ building: 'town_center', from: '30', to: 'TG1' })).totals).toEqual({
      truegold: 660,
      tempered_truegold: 0,
    });
    expect(value(truegoldUpgradeCost({ building: 'town_center', from: '30', to: 'TG5' })).totals).toEqual({
      truegold: 5715,
      tempered_truegold: 0,
    });
    expect(value(truegoldUpgradeCost({ building: 'town_center', from: '30', to: 'TG8' })).totals).toEqual({
      truegold: 8775,
      tempered_truegold: 270,
    });
    expect(value(truegoldUpgradeCost({ building: 'town_center', from: '30', to: 'TG10' })).totals).toEqual({
      truegold: 11610,
      tempered_truegold: 870,
    });
  });
  it('all 8 buildings together: 29,927 TG + 904 TTG to TG8, 39,694 + 2,954 to TG10', () => {
    const buildings = [
      'town_center',
      'embassy',
      'command_center',
      'infirmary',
      'barracks',
      'stable',
      'range',
      'war_academy',
    ];
    const sum = (to: string) =>
      buildings
        .map(
          (building) =>
            value(truegoldUpgradeCost({ building, from: building === 'war_academy' ? 'not built' : '30', to })).totals,
        )
        .reduce((a, b) => ({
          truegold: a.truegold + b.truegold,
          tempered_truegold: a.tempered_truegold + b.tempered_truegold,
        }));
    expect(sum('TG8')).toEqual({ truegold: 29927, tempered_truegold: 904 });
    expect(sum('TG10')).toEqual({ truegold: 39694, tempered_truegold: 2954 });
  });
  it('hero shards: star totals 10 / 40 / 115 / 300 / 600, 1,065 to 5★ full, 1,075 with the unlock', () => {
    const perStar = [1, 2, 3, 4, 5].map((n) => value(heroShardsCost({ from: `${n - 1}★`, to: `${n}★` })).totals.shards);
    expect(perStar).toEqual([10, 40, 115, 300, 600]);
    expect(value(heroShardsCost({ from: '0★', to: '5★ 6/6' })).totals.shards).toBe(1065);
    expect(value(heroShardsCost({ from: 'locked', to: '5★ 6/6' })).totals.shards).toBe(1075);
  });
  it('widgets: 275 from 0 to 10, 270 when already unlocked', () => {
    expect(value(heroWidgetsCost({ from: 0, to: 10 })).totals.widgets).toBe(275);
    expect(value(heroWidgetsCost({ from: 1, to: 10 })).totals.widgets).toBe(270);
  });
  it('Mastery Forging: 550 hammers to +10; 2,100 + 55 Mythic to +20; 12 pieces 25,200 / 660; one hero 8,400 / 220', () => {
    expect(value(masteryForgingCost({ from: '+0', to: '+10' })).totals.forgehammers).toBe(550);
    expect(value(masteryForgingCost({ from: '+0', to: '+20' })).totals).toMatchObject({
      forgehammers: 2100,
      mythic_gear_pieces: 55,
    });
    expect(value(masteryForgingCost({ from: 0, to: 20, pieces: 12 })).totals).toMatchObject({
      forgehammers: 25200,
      mythic_gear_pieces: 660,
    });
    expect(value(masteryForgingCost({ from: 0, to: 20, pieces: 4 })).totals).toMatchObject({
      forgehammers: 8400,
      mythic_gear_pieces: 220,
    });
  });
  it('Red Gear 100 -> 200: 150 Mithril and 35 Mythic pieces including the ascension; 12 pieces 1,800 / 420', () => {
    const one = value(masteryForgingCost({ track: 'red_gear', from: 'Gold 100', to: 'Red 200' }));
    expect(one.totals).toMatchObject({ mithril: 150, mythic_gear_pieces: 35, enhancement_xp: 502000 });
    const twelve = value(masteryForgingCost({ track: 'red_gear', from: 100, to: 200, pieces: 12 }));
    expect(twelve.totals).toMatchObject({ mithril: 1800, mythic_gear_pieces: 420 });
  });
});
