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
    const r = governorCharmCost({ from: 3, to: 23 });
    expect(!r.ok && r.error).toMatchObject({ code: 'LEVEL_OUT_OF_RANGE', argument: '/to', allowed: '0-22', suggestions: ['22'] });
  });
  it('refuses fractional levels', () => {
    expect(governorCharmCost({ from: 2.5, to: 4 }).ok).toBe(false);
  });
});

describe('truegold_upgrade_cost', () => {
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
    const r = truegoldUpgradeCost({ building: 'barrack', from: 30, to: 31 });
    expect(!r.ok && r.error).toMatchObject({ code: 'UNKNOWN_VALUE', suggestions: expect.arrayContaining(['barracks']) });
  });
  it('says the War Academy starts at TG1 and offers "not built"', () => {
    const r = truegoldUpgradeCost({ building: 'war_academy', from: '30-2', to: 'TG2' });
    expect(!r.ok && r.error.message).toContain('built directly at TG1');
    expect(!r.ok && r.error.suggestions).toEqual(['not built', 'TG1']);
    const built = truegoldUpgradeCost({ building: 'war_academy', from: 'not built', to: 'TG2' });
    expect(built.ok && built.value.totals).toEqual({ truegold: 355, tempered_truegold: 0 });
  });
  it('names the top of the data for a level past TG10', () => {
    const r = truegoldUpgradeCost({ building: 'range', from: 'TG9', to: 'TG12' });
    expect(!r.ok && r.error).toMatchObject({ code: 'UNKNOWN_LEVEL', argument: '/to', suggestions: ['TG10', 'TG9-4'] });
  });
  it('explains sub-levels past -4', () => {
    const r = truegoldUpgradeCost({ building: 'range', from: 'TG3-7', to: 'TG5' });
    expect(!r.ok && r.error.suggestions).toEqual(['TG3-4', 'TG4']);
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
    const beyond = starPositionIndex('/to', '6★');
    expect(!beyond.ok && beyond.error.suggestions).toEqual(['5★ 6/6']);
    const subTier = starPositionIndex('/from', { stars: 2, tier: 9 });
    expect(!subTier.ok && subTier.error.suggestions).toEqual(['2★ 6/6', '3★ 1/6']);
    const zero = starPositionIndex('/from', '0★ 3/6');
    expect(!zero.ok && zero.error.message).toContain('1★ 1/6');
  });
  it('marks the unlock step as medium confidence (Amadeus and Chenko may cost more)', () => {
    const r = heroShardsCost({ from: 'locked', to: '0★' });
    expect(r.ok && r.value).toMatchObject({ totals: { shards: 10 }, confidence: 'medium' });
    expect(r.ok && r.value.steps[0]?.note).toContain('Chenko');
  });
});

describe('hero_widgets_cost', () => {
  it('levels 4 -> 7 by hand: 25 + 30 + 35', () => {
    const r = heroWidgetsCost({ from: 4, to: 7 });
    expect(r.ok && r.value.totals.widgets).toBe(90);
  });
  it('refuses level 11 with the range', () => {
    const r = heroWidgetsCost({ from: 0, to: 11 });
    expect(!r.ok && r.error).toMatchObject({ code: 'LEVEL_OUT_OF_RANGE', allowed: '0-10', suggestions: ['10'] });
  });
});

describe('mastery_forging_cost', () => {
  it('Mastery +12 -> +15 by hand: 130+140+150 hammers and 3+4+5 Mythic pieces', () => {
    const r = masteryForgingCost({ from: '+12', to: '+15' });
    expect(r.ok && r.value.totals).toEqual({ forgehammers: 420, mythic_gear_pieces: 12, mithril: 0, enhancement_xp: 0 });
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
    expect(r.ok && r.value.gaps[0]).toContain('Forgehammers for Gold 100 -> Red 101');
    expect(r.ok && r.value.steps[0]?.unknown).toEqual(['forgehammers']);
  });
  it('never states the unknown ascension Forgehammers as a number: null in the step, the totals and the totals per piece', () => {
    const r = masteryForgingCost({ track: 'red_gear', from: 'Gold 100', to: 'Red 200', pieces: 4 });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.totals_per_piece).toEqual({ forgehammers: null, mythic_gear_pieces: 35, mithril: 150, enhancement_xp: 502000 });
    expect(r.value.totals).toEqual({ forgehammers: null, mythic_gear_pieces: 140, mithril: 600, enhancement_xp: 2008000 });
    expect(r.value.steps[0]).toMatchObject({ from: 'Gold 100', to: 'Red 101', cost: { mythic_gear_pieces: 2, forgehammers: null }, unknown: ['forgehammers'] });
    expect(r.value.gaps).toEqual(['Forgehammers for Gold 100 -> Red 101: no source publishes this cost, so the Forgehammers total is unknown (null).']);
  });
  it('a red range after the ascension needs no Forgehammers at all: 0, not unknown', () => {
    const r = masteryForgingCost({ track: 'red_gear', from: 'Red 101', to: 'Red 120' });
    expect(r.ok && r.value.totals.forgehammers).toBe(0);
    expect(r.ok && r.value.gaps).toEqual([]);
  });
  it('names the end of the data (+20) and points a red level to the right track', () => {
    const beyond = masteryForgingCost({ from: '+18', to: '+25' });
    expect(!beyond.ok && beyond.error).toMatchObject({ code: 'UNKNOWN_LEVEL', suggestions: ['+20'] });
    const wrongTrack = masteryForgingCost({ from: 'Red 120', to: 'Red 140' });
    expect(!wrongTrack.ok && wrongTrack.error.message).toContain('"track": "red_gear"');
    const red = masteryForgingCost({ track: 'red_gear', from: 'Red 100', to: 'Red 120' });
    expect(!red.ok && red.error.suggestions).toEqual(['Gold 100']);
  });
});
