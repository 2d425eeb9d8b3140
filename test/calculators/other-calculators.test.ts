import { describe, expect, it } from 'vitest';
import { governorCharmCost } from '../../src/calculators/governor-charm.js';
import { heroShardsCost, starPositionIndex } from '../../src/calculators/hero-shards.js';
import { heroWidgetsCost } from '../../src/calculators/hero-widgets.js';
import { masteryForgingCost } from '../../src/calculators/mastery-forging.js';
import { truegoldUpgradeCost } from '../../src/calculators/truegold.js';

describe('governor_charm_cost', () => {
  it('levels 5 -> 9 by hand: guides 120+140+200+300, designs 300+400+400+400', () => {
    const r = governorCharmCost({ from: 5, to: 9 });
    expect(r.ok && r.value.totals).toEqual({ charm_guides: 760, charm_designs: 1500 });
    expect(r.ok && r.value.step_count).toBe(4);
  });
  it('refuses a level past 22 with the range and the nearest level', () => {
    expect(governorCharmCost({ from: 3, to: 23 })).toEqual({
      ok: false,
      error: {
        code: 'LEVEL_OUT_OF_RANGE',
        message: '23 is not a Governor Charm level: levels are whole numbers from 0 to 22. Nearest valid: 22.',
        argument: '/to',
        allowed: '0-22',
        suggestions: ['22'],
      },
    });
  });
  it('refuses fractional levels, suggesting the nearest whole one', () => {
    expect(governorCharmCost({ from: 2.5, to: 4 })).toEqual({
      ok: false,
      error: {
        code: 'LEVEL_OUT_OF_RANGE',
        message: '2.5 is not a Governor Charm level: levels are whole numbers from 0 to 22. Nearest valid: 3.',
        argument: '/from',
        allowed: '0-22',
        suggestions: ['3'],
      },
    });
  });
});

describe('truegold_upgrade_cost', () => {
  const RANGE_LEVELS =
    '30, 30-1..30-4, TG1, TG1-1..TG1-4, TG2, ... up to TG10 (five steps per stage), or the numeric level 30-80';
  it('Barracks TG3-2 -> TG5 by hand: 3 x 126 + 5 x 150 Truegold', () => {
    const r = truegoldUpgradeCost({ building: 'barracks', from: 'TG3-2', to: 'TG5' });
    expect(r.ok && r.value.totals).toEqual({ truegold: 1128, tempered_truegold: 0 });
  });
  it('Embassy TG5 -> TG6: 4 x (50 + 2) then 25 + 5: Tempered Truegold starts after TG5', () => {
    const r = truegoldUpgradeCost({ building: 'embassy', from: 'TG5', to: 'TG6' });
    expect(r.ok && r.value.totals).toEqual({ truegold: 225, tempered_truegold: 13 });
  });
  const spellings: [string | number, string][] = [
    [30, '30'],
    [33, '30-3'],
    [35, 'TG1'],
    [58, 'TG5-3'],
    [80, 'TG10'],
    ['tg5-3', 'TG5-3'],
    ['TG 5 - 3', 'TG5-3'],
    ['tg5.3', 'TG5-3'],
    ['30 - 2', '30-2'],
    ['level 40', 'TG2'],
    ['Lv 45', 'TG3'],
  ];
  it.each(spellings)('reads %j as %s', (input, label) => {
    const r = truegoldUpgradeCost({ building: 'stable', from: input, to: 'TG10' });
    expect(r.ok && r.value.from).toBe(label);
  });
  it.each([
    ['Town Center', 'town_center'],
    ['TC', 'town_center'],
    ['Furnace', 'town_center'],
    ['Hospital', 'infirmary'],
    ['Stables', 'stable'],
  ])('finds a building by title or alias too (callers other than the protocol layer): %s is %s', (building, key) => {
    const r = truegoldUpgradeCost({ building, from: 'TG1', to: 'TG2' });
    expect(r.ok && r.value.building.key).toBe(key);
  });
  it('refuses an unknown building, suggesting the nearest', () => {
    const buildings = 'town_center, embassy, command_center, infirmary, barracks, stable, range, war_academy';
    expect(truegoldUpgradeCost({ building: 'barrack', from: 30, to: 31 })).toEqual({
      ok: false,
      error: {
        code: 'UNKNOWN_VALUE',
        message: `"barrack" is not a Truegold building. Allowed: ${buildings}.`,
        argument: '/building',
        allowed: buildings,
        suggestions: ['barracks', 'range', 'embassy'],
      },
    });
  });
  it('says the War Academy starts at TG1 and offers "not built"', () => {
    expect(truegoldUpgradeCost({ building: 'war_academy', from: '30-2', to: 'TG2' })).toEqual({
      ok: false,
      error: {
        code: 'UNKNOWN_LEVEL',
        message:
          '"30-2" is not a War Academy level: the War Academy is built directly at TG1, so its levels start there (use "not built" before it is built). Nearest valid: not built, TG1.',
        argument: '/from',
        allowed:
          '"not built", TG1, TG1-1..TG1-4, TG2, ... up to TG10 (five steps per stage), or the numeric level 35-80',
        suggestions: ['not built', 'TG1'],
      },
    });
    const built = truegoldUpgradeCost({ building: 'war_academy', from: 'not built', to: 'TG2' });
    expect(built.ok && built.value.totals).toEqual({ truegold: 355, tempered_truegold: 0 });
  });
  it('names the top of the data for a level past TG10', () => {
    expect(truegoldUpgradeCost({ building: 'range', from: 'TG9', to: 'TG12' })).toEqual({
      ok: false,
      error: {
        code: 'UNKNOWN_LEVEL',
        message: '"TG12" is not a Range level: the data goes up to TG10. Nearest valid: TG10, TG9-4.',
        argument: '/to',
        allowed: RANGE_LEVELS,
        suggestions: ['TG10', 'TG9-4'],
      },
    });
  });
  it('explains sub-levels past -4', () => {
    expect(truegoldUpgradeCost({ building: 'range', from: 'TG3-7', to: 'TG5' })).toEqual({
      ok: false,
      error: {
        code: 'UNKNOWN_LEVEL',
        message:
          '"TG3-7" is not a Range level: each stage has the sub-levels -1 to -4 only. Nearest valid: TG3-4, TG4.',
        argument: '/from',
        allowed: RANGE_LEVELS,
        suggestions: ['TG3-4', 'TG4'],
      },
    });
  });
  it('notes only what concerns the building asked about: a Town Center answer carries no War Academy note', () => {
    const general = [
      'Ordinary resources (bread, wood, stone, iron) and build times also apply but are not recorded here.',
      'Tempered Truegold is first needed on the step TG5 -> TG5-1.',
    ];
    const warAcademy = 'The War Academy is built directly at TG1 (free) and from TG1-1 on uses the Barracks table.';
    const notes = (building: string) => {
      const r = truegoldUpgradeCost({ building, from: 'TG1', to: 'TG2' });
      return r.ok ? r.value.notes : undefined;
    };
    expect(notes('town_center')).toEqual(general);
    // The note is about the War Academy; it names the Barracks only as the table the War Academy borrows.
    expect(notes('barracks')).toEqual(general);
    expect(notes('war_academy')).toEqual([...general, warAcademy]);
  });
  it('lowers the confidence for TG9 and TG10 ranges', () => {
    const r = truegoldUpgradeCost({ building: 'infirmary', from: 'TG8', to: 'TG9' });
    expect(r.ok && r.value.confidence).toBe('medium');
  });
});

describe('hero_shards_cost', () => {
  const positions: [unknown, string][] = [
    ['0★', '0★'],
    ['3★ 2/6', '3★ 2/6'],
    ['3* 2/6', '3★ 2/6'],
    ['3 stars 2/6', '3★ 2/6'],
    ['3★ tier 2', '3★ 2/6'],
    ['3★', '3★ 6/6'],
    ['3★ full', '3★ 6/6'],
    ['3★ 0/6', '2★ 6/6'],
    [{ stars: 1, tier: 3 }, '1★ 3/6'],
    [{ stars: 4 }, '4★ 6/6'],
    [{ stars: 0, tier: 0 }, '0★'],
    ['locked', 'locked'],
  ];
  it.each(positions)('reads %j as %s', (input, label) => {
    const r = heroShardsCost({ from: input as string, to: '5★' });
    expect(r.ok && r.value.from).toBe(label);
  });
  it('1★ 4/6 -> 2★ 2/6 by hand: 2 + 2 + 5 + 5 shards', () => {
    const r = heroShardsCost({ from: '1★ 4/6', to: '2★ 2/6' });
    expect(r.ok && r.value.totals.shards).toBe(14);
  });
  it('refuses impossible positions with the nearest real ones', () => {
    const allowed =
      '"locked", "0★", "<star>★ <k>/6" with star 1-5 and k 0-6, "<n>★" (n full stars), or {"stars": n, "tier": k}';
    expect(starPositionIndex('/to', '6★')).toEqual({
      ok: false,
      error: {
        code: 'UNKNOWN_LEVEL',
        message: '"6★" is not a hero star position: heroes have 0 to 5 stars. Nearest valid: 5★ 6/6.',
        argument: '/to',
        allowed,
        suggestions: ['5★ 6/6'],
      },
    });
    expect(starPositionIndex('/from', { stars: 2, tier: 9 })).toEqual({
      ok: false,
      error: {
        code: 'UNKNOWN_LEVEL',
        message:
          '"{"stars":2,"tier":9}" is not a hero star position: each star has 6 sub-tiers (k is 0-6). Nearest valid: 2★ 6/6, 3★ 1/6.',
        argument: '/from',
        allowed,
        suggestions: ['2★ 6/6', '3★ 1/6'],
      },
    });
    expect(starPositionIndex('/from', '0★ 3/6')).toEqual({
      ok: false,
      error: {
        code: 'UNKNOWN_LEVEL',
        message:
          '"0★ 3/6" is not a hero star position: a hero with 0 stars has no sub-tiers; the first sub-tier is "1★ 1/6". Nearest valid: 0★.',
        argument: '/from',
        allowed,
        suggestions: ['0★'],
      },
    });
  });
  it('marks the unlock step as medium confidence (Amadeus and Chenko may cost more)', () => {
    const r = heroShardsCost({ from: 'locked', to: '0★' });
    expect(r.ok && r.value.totals).toEqual({ shards: 10 });
    expect(r.ok && r.value.confidence).toBe('medium');
    expect(r.ok && r.value.steps).toEqual([
      {
        from: 'locked',
        to: '0★',
        cost: { shards: 10 },
        confidence: 'medium',
        note: 'Unlocking costs 10 shards for most heroes; two sources list Amadeus at 20 and Chenko at 40.',
      },
    ]);
  });
});

describe('hero_widgets_cost', () => {
  it('levels 4 -> 7 by hand: 25 + 30 + 35', () => {
    const r = heroWidgetsCost({ from: 4, to: 7 });
    expect(r.ok && r.value.totals.widgets).toBe(90);
  });
  it('refuses level 11 with the range', () => {
    expect(heroWidgetsCost({ from: 0, to: 11 })).toEqual({
      ok: false,
      error: {
        code: 'LEVEL_OUT_OF_RANGE',
        message: '11 is not an Exclusive Gear level: levels are whole numbers from 0 to 10. Nearest valid: 10.',
        argument: '/to',
        allowed: '0-10',
        suggestions: ['10'],
      },
    });
  });
});

describe('mastery_forging_cost', () => {
  it('Mastery +12 -> +15 by hand: 130+140+150 hammers and 3+4+5 Mythic pieces', () => {
    const r = masteryForgingCost({ from: '+12', to: '+15' });
    expect(r.ok && r.value.totals).toEqual({
      forgehammers: 420,
      mythic_gear_pieces: 12,
      mithril: 0,
      enhancement_xp: 0,
    });
    expect(r.ok && r.value.gaps).toEqual([]);
  });
  it('reads mastery levels written +10, 10, "mastery 10"', () => {
    for (const from of ['+10', '10', 10, 'mastery 10', '+ 10']) {
      const r = masteryForgingCost({ from, to: 20 });
      expect(r.ok && r.value.from).toBe('+10');
    }
  });
  it('red gear 140 -> 160 by hand: XP 4,450..5,350 (19 levels) then the 160 breakthrough: 30 Mithril + 5 Mythic', () => {
    const r = masteryForgingCost({ track: 'red_gear', from: 140, to: 'Red 160' });
    const xp = Array.from({ length: 19 }, (_, i) => 4450 + 50 * i).reduce((a, b) => a + b, 0);
    expect(r.ok && r.value.totals).toEqual({ forgehammers: 0, mythic_gear_pieces: 5, mithril: 30, enhancement_xp: xp });
    expect(r.ok && r.value.gaps).toEqual([]);
  });
  it('says plainly that the ascension has no published Forgehammer cost', () => {
    const r = masteryForgingCost({ track: 'red_gear', from: 'Gold 100', to: 'ascended' });
    expect(r.ok && r.value.totals.mythic_gear_pieces).toBe(2);
    expect(r.ok && r.value.gaps).toEqual([
      'Forgehammers for Gold 100 -> Red 101: no source publishes this cost, so the Forgehammers total is unknown (null).',
    ]);
    expect(r.ok && r.value.steps[0]?.unknown).toEqual(['forgehammers']);
  });
  it('never states the unknown ascension Forgehammers as a number: null in the step, the totals and the totals per piece', () => {
    const r = masteryForgingCost({ track: 'red_gear', from: 'Gold 100', to: 'Red 200', pieces: 4 });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.totals_per_piece).toEqual({
      forgehammers: null,
      mythic_gear_pieces: 35,
      mithril: 150,
      enhancement_xp: 502000,
    });
    expect(r.value.totals).toEqual({
      forgehammers: null,
      mythic_gear_pieces: 140,
      mithril: 600,
      enhancement_xp: 2008000,
    });
    expect(r.value.steps[0]).toEqual({
      from: 'Gold 100',
      to: 'Red 101',
      cost: { mythic_gear_pieces: 2, forgehammers: null },
      note: 'Ascension (Imbue): consumes 2 Mythic gear pieces; no source lists a Forgehammer cost for it (gap). Mithril is charged at the breakthroughs instead.',
      unknown: ['forgehammers'],
    });
    expect(r.value.gaps).toEqual([
      'Forgehammers for Gold 100 -> Red 101: no source publishes this cost, so the Forgehammers total is unknown (null).',
    ]);
  });
  it('a red range after the ascension needs no Forgehammers at all: 0, not unknown', () => {
    const r = masteryForgingCost({ track: 'red_gear', from: 'Red 101', to: 'Red 120' });
    expect(r.ok && r.value.totals.forgehammers).toBe(0);
    expect(r.ok && r.value.gaps).toEqual([]);
  });
  it('names the end of the data (+20) and points a red level to the right track', () => {
    const mastery = 'Mastery levels +0 to +20 (or 0-20)';
    expect(masteryForgingCost({ from: '+18', to: '+25' })).toEqual({
      ok: false,
      error: {
        code: 'UNKNOWN_LEVEL',
        message:
          '"+25" is not a Mastery Forging level: the data stops at +20 (no source lists higher Mastery levels). Nearest valid: +20.',
        argument: '/to',
        allowed: mastery,
        suggestions: ['+20'],
      },
    });
    expect(masteryForgingCost({ from: 'Red 120', to: 'Red 140' })).toEqual({
      ok: false,
      error: {
        code: 'UNKNOWN_LEVEL',
        message:
          '"Red 120" is not a Mastery Forging level: it is a Red Gear level; call again with "track": "red_gear".',
        argument: '/from',
        allowed: mastery,
        suggestions: [],
      },
    });
    expect(masteryForgingCost({ track: 'red_gear', from: 'Red 100', to: 'Red 120' })).toEqual({
      ok: false,
      error: {
        code: 'UNKNOWN_LEVEL',
        message:
          '"Red 100" is not a Red Gear level: red enhancement runs from 101 (after ascending a gold piece at 100) to 200. Nearest valid: Gold 100.',
        argument: '/from',
        allowed: 'Red gear levels "Gold 100" (before ascension), "Red 101" (just ascended) to "Red 200" (or 100-200)',
        suggestions: ['Gold 100'],
      },
    });
  });
});
