/**
 * A budget (`have`) on the cost tools and several ranges in one call, on the shared engine (src/calculators/plan.ts).
 * Every figure below is worked out by hand from data/costs/*.yaml in the comments.
 */
import { describe, expect, it } from 'vitest';
import { governorCharmCostTool } from '../../src/calculators/governor-charm.js';
import { governorGearCost, governorGearCostTool } from '../../src/calculators/governor-gear.js';
import { masteryForgingCost } from '../../src/calculators/mastery-forging.js';
import { truegoldUpgradeCostTool } from '../../src/calculators/truegold.js';

type Outcome<T> = { ok: true; value: T } | { ok: false; error: { code: string; message: string; argument?: string } };

function value<T>(outcome: Outcome<T>): T {
  if (!outcome.ok) throw new Error(outcome.error.message);
  return outcome.value;
}

function error<T>(outcome: Outcome<T>) {
  if (outcome.ok) throw new Error('expected a failure');
  return outcome.error;
}

describe('a budget on one range', () => {
  it('Purple T1 ★1 with 300k Satin, 3k Threads, 600 Vision: Gold T1 ★3, short 20 Vision for Gold T2 ★0', () => {
    // Purple T1 ★2 .. Gold T1 ★3 (10 steps) spend 249,000 / 2,490 / 565; Gold T2 ★0 needs 55 Vision, 35 are left.
    const r = value(
      governorGearCost({
        from: 'Purple T1 ★1',
        have: { satin: 300000, gilded_threads: 3000, artisans_vision: 600 },
      }),
    );
    expect(r.to).toBe('Red T6 ★3');
    expect(r.reach).toEqual({
      complete: false,
      ranges: [
        {
          reached: 'Gold T1 ★3',
          steps_taken: 10,
          stopped_by: 'materials',
          next_step: {
            to: 'Gold T2 ★0',
            cost: { satin: 38000, gilded_threads: 360, artisans_vision: 55 },
            short: { artisans_vision: 20 },
          },
        },
      ],
      spent: { satin: 249000, gilded_threads: 2490, artisans_vision: 565 },
      left: { satin: 51000, gilded_threads: 510, artisans_vision: 35 },
      runs_out_first: 'artisans_vision',
      short_for_all: {
        satin: r.totals.satin - 300000,
        gilded_threads: r.totals.gilded_threads - 3000,
        artisans_vision: r.totals.artisans_vision - 600,
      },
    });
  });

  it('a disputed step decides the reach: the level at the highest published figure is given too', () => {
    // Gold T2 ★0 needs 360 Gilded Threads (390 in other sources); 370 are there.
    const r = value(
      governorGearCost({
        from: 'Gold T1 ★3',
        to: 'Gold T2 ★0',
        have: { satin: 38000, gilded_threads: 370, artisans_vision: 55 },
      }),
    );
    expect(r.reach!.ranges[0]).toEqual({
      reached: 'Gold T2 ★0',
      reached_at_highest_figures: 'Gold T1 ★3',
      steps_taken: 1,
      stopped_by: 'target',
      next_step: null,
    });
    expect(r.reach!.complete).toBe(true);
    expect(r.reach!.left).toEqual({ satin: 0, gilded_threads: 10, artisans_vision: 0 });
  });

  it('an unknown amount stops the range and is never counted as free', () => {
    const r = value(
      masteryForgingCost({
        track: 'red_gear',
        from: 'Gold 100',
        to: 'Red 102',
        have: { forgehammers: 100000, mythic_gear_pieces: 50, mithril: 500, enhancement_xp: 1000000 },
      }),
    );
    expect(r.reach!.ranges[0]).toMatchObject({
      reached: 'Gold 100',
      steps_taken: 0,
      stopped_by: 'unknown_amount',
      next_step: { to: 'Red 101', cost: { forgehammers: null, mythic_gear_pieces: 2 }, short: {} },
    });
    expect(r.reach!.short_for_all).toEqual({
      forgehammers: null,
      mythic_gear_pieces: 0,
      mithril: 0,
      enhancement_xp: 0,
    });
    expect(r.reach!.runs_out_first).toBeNull();
  });

  it('`to` left out without `have` is refused, naming both ways out', () => {
    const e = error(governorGearCostTool({ from: 'Gold ★0' }));
    expect(e.code).toBe('INVALID_ARGUMENTS');
    expect(e.argument).toBe('/to');
    expect(e.message).toContain('"have"');
  });
});

describe('several ranges in one call', () => {
  it('two charm ranges share one budget, in the order given', () => {
    // Range 1 (2 charms, 10 -> 12): to 11 costs 1,120 / 840, leaving 1,380 / 1,160; to 12 needs 1,160 / 1,200: 40 Designs short.
    // Range 2 (3 -> 5) then takes 80/100 and 100/200 from what is left.
    const r = value(
      governorCharmCostTool({
        ranges: [
          { from: 10, to: 12, charms: 2 },
          { from: 3, to: 5 },
        ],
        have: { charm_guides: 2500, charm_designs: 2000 },
      }),
    );
    expect(r.totals).toEqual({ charm_guides: 2460, charm_designs: 2340 });
    expect(r.ranges).toEqual([
      {
        from: '10',
        to: '12',
        count: 2,
        step_count: 2,
        totals: { charm_guides: 2280, charm_designs: 2040 },
        confidence: 'high',
      },
      {
        from: '3',
        to: '5',
        count: 1,
        step_count: 2,
        totals: { charm_guides: 180, charm_designs: 300 },
        confidence: 'high',
      },
    ]);
    expect(r.steps).toBeUndefined();
    expect(r.reach).toEqual({
      complete: false,
      ranges: [
        {
          reached: '11',
          steps_taken: 1,
          stopped_by: 'materials',
          next_step: {
            to: '12',
            cost: { charm_guides: 1160, charm_designs: 1200 },
            short: { charm_designs: 40 },
          },
        },
        { reached: '5', steps_taken: 2, stopped_by: 'target', next_step: null },
      ],
      spent: { charm_guides: 1300, charm_designs: 1140 },
      left: { charm_guides: 1200, charm_designs: 860 },
      runs_out_first: 'charm_designs',
      short_for_all: { charm_guides: 0, charm_designs: 340 },
    });
  });

  it('buildings in a list carry their names, and the disputes of each add up in totals_range', () => {
    const r = value(
      truegoldUpgradeCostTool({
        ranges: [
          { building: 'Command Center', from: 'TG5-4', to: 'TG7' },
          { building: 'barracks', from: 'TG7-4', to: 'TG8' },
        ],
        include_steps: true,
      }),
    );
    // Command Center: 236 / 22 (22-24); Barracks TG7-4 -> TG8: 54 / 18 (18-19).
    expect(r.totals).toEqual({ truegold: 290, tempered_truegold: 40 });
    expect(r.totals_range).toEqual({ tempered_truegold: { used: 40, lowest: 40, highest: 43 } });
    expect(r.ranges!.map((x) => [x.subject, x.steps!.length])).toEqual([
      ['Command Center', 6],
      ['Barracks', 1],
    ]);
    expect(r.confidence).toBe('medium-high');
  });

  it('a bad level in a list points at its own range', () => {
    const e = error(
      governorGearCostTool({
        ranges: [
          { from: 'Gold ★0', to: 'Gold ★1' },
          { from: 'Gold T9', to: 'Red ★0' },
        ],
      }),
    );
    expect(e.code).toBe('UNKNOWN_LEVEL');
    expect(e.argument).toBe('/ranges/1/from');
  });

  it('from and ranges together are refused', () => {
    const e = error(
      governorGearCostTool({ from: 'Gold ★0', to: 'Gold ★1', ranges: [{ from: 'Gold ★0', to: 'Gold ★1' }] }),
    );
    expect(e.code).toBe('INVALID_ARGUMENTS');
    expect(e.argument).toBe('/ranges');
  });
});

describe('plan_upgrades', () => {
  it('compares two plans per material, and says when a disputed figure could change the answer', async () => {
    const { planUpgrades } = await import('../../src/calculators/plan-upgrades.js');
    const r = value(
      planUpgrades({
        plan: [{ system: 'truegold', building: 'command_center', from: 'TG5-4', to: 'TG7' }],
        compare_with: [{ system: 'truegold', building: 'infirmary', from: 'TG5-4', to: 'TG7' }],
      }),
    );
    // The Infirmary has the Command Center's table without the dispute: 236 / 22 against 236 / 22 (22-24).
    expect(r.comparison).toEqual({
      b_totals: { truegold: 236, tempered_truegold: 22 },
      b_confidence: 'high',
      materials: {
        truegold: { a: 236, b: 236, more: 'same', by: 0 },
        tempered_truegold: { a: 22, b: 22, more: 'same', by: 0, decided_by_dispute: true },
      },
    });
    expect(r.totals_range).toEqual({ tempered_truegold: { used: 22, lowest: 22, highest: 24 } });
  });

  it("an entry's bad count points at the entry's count", async () => {
    const { planUpgrades } = await import('../../src/calculators/plan-upgrades.js');
    const e = error(
      planUpgrades({
        plan: [
          { system: 'governor_charm', from: 1, to: 3 },
          { system: 'governor_gear', from: 'Gold ★0', to: 'Gold ★1', count: 9 },
        ],
      }),
    );
    expect(e).toMatchObject({ code: 'INVALID_ARGUMENTS', argument: '/plan/1/count' });
  });
});
