import { describe, expect, it } from 'vitest';
import { gearLevelIndex, governorGearCost } from '../../src/calculators/governor-gear.js';

describe('governor_gear_cost labels', () => {
  const same: [string, string][] = [
    ['Gold T2 ★1', 'Gold T2 ★1'],
    ['gold t2 *1', 'Gold T2 ★1'],
    ['GOLD T2 STAR 1', 'Gold T2 ★1'],
    ['  Gold   T2   ★ 1 ', 'Gold T2 ★1'],
    ['Gold T2 1 star', 'Gold T2 ★1'],
    ['Gold T2 1★', 'Gold T2 ★1'],
    ['gold t2 stars 1', 'Gold T2 ★1'],
    ['Red ★3', 'Red ★3'],
    ['red', 'Red ★0'],
    ['Purple T1', 'Purple T1 ★0'],
    ['epic t1 *2', 'Purple T1 ★2'],
    ['uncommon 1 star', 'Green ★1'],
    ['not crafted', 'not crafted'],
    ['None', 'not crafted'],
  ];
  it.each(same)('reads %j as %s', (input, canonical) => {
    const r = governorGearCost({ from: input, to: 'Red T6 ★3' });
    expect(r.ok && r.value.from).toBe(canonical);
  });

  /** Every tier and its range, derived from the data: the `allowed` of every level refusal. */
  const allowed =
    '"<Tier>[ T<n>] ★<stars>" or "not crafted": Green ★0-★1; Blue ★0-★3; Purple, Purple T1 ★0-★3; Gold, Gold T1-T3 ★0-★3; Red, Red T1-T6 ★0-★3';
  const unknownLevel = (argument: string, message: string, suggestions: string[]) => ({
    ok: false,
    error: { code: 'UNKNOWN_LEVEL', message, argument, allowed, suggestions },
  });
  it('explains a T-step past the tier and names the nearest real levels', () => {
    expect(gearLevelIndex('/from', 'Gold T4 ★0')).toEqual(
      unknownLevel(
        '/from',
        '"Gold T4 ★0" is not a Governor Gear level: Gold goes up to T3. Nearest valid: Gold T3 ★0, Gold T3 ★1, Gold T3 ★2.',
        ['Gold T3 ★0', 'Gold T3 ★1', 'Gold T3 ★2'],
      ),
    );
  });
  it('explains stars past the maximum (Green has only ★0-★1)', () => {
    expect(gearLevelIndex('/to', 'Green ★3')).toEqual(
      unknownLevel(
        '/to',
        '"Green ★3" is not a Governor Gear level: Green goes up to ★1. Nearest valid: Green ★1, Green ★0, Blue ★3.',
        ['Green ★1', 'Green ★0', 'Blue ★3'],
      ),
    );
  });
  it('refuses the rarity names that sites use in opposite ways', () => {
    expect(gearLevelIndex('/from', 'Mythic T1 ★2')).toEqual(
      unknownLevel(
        '/from',
        '"Mythic T1 ★2" is not a Governor Gear level: "mythic" means Gold on some sites and Red on others; name the colour instead. Nearest valid: Gold ★0, Red ★0.',
        ['Gold ★0', 'Red ★0'],
      ),
    );
  });
  it('suggests close labels for an unreadable one', () => {
    expect(gearLevelIndex('/from', 'goldd t3 *3')).toEqual(
      unknownLevel(
        '/from',
        '"goldd t3 *3" is not a Governor Gear level. Nearest valid: Gold T3 ★3, Gold T1 ★3, Gold T2 ★3.',
        ['Gold T3 ★3', 'Gold T1 ★3', 'Gold T2 ★3'],
      ),
    );
  });
  it('lists every tier and its range in `allowed`, derived from the data', () => {
    const r = gearLevelIndex('/from', 'x');
    expect(!r.ok && r.error.allowed).toBe(allowed);
  });
});

describe('governor_gear_cost figures', () => {
  it('Purple ★2 -> Gold ★1 by hand: 8,000+10,000+11,000+13,000+15,000+22,000+23,000 Satin', () => {
    const r = governorGearCost({ from: 'Purple ★2', to: 'Gold ★1' });
    expect(r.ok && r.value.totals).toEqual({ satin: 102000, gilded_threads: 1025, artisans_vision: 445 });
    expect(r.ok && r.value.steps.map((s) => s.to)).toEqual([
      'Purple ★3',
      'Purple T1 ★0',
      'Purple T1 ★1',
      'Purple T1 ★2',
      'Purple T1 ★3',
      'Gold ★0',
      'Gold ★1',
    ]);
  });
  it('multiplies per-piece totals by pieces and keeps both', () => {
    const r = governorGearCost({ from: 'Gold T2 ★1', to: 'Gold T3 ★3', pieces: 3 });
    expect(r.ok && r.value.totals_per_piece).toEqual({ satin: 393000, gilded_threads: 3960, artisans_vision: 765 });
    expect(r.ok && r.value.totals).toEqual({ satin: 1179000, gilded_threads: 11880, artisans_vision: 2295 });
  });
  it('the same level costs nothing', () => {
    const r = governorGearCost({ from: 'Red T3 ★1', to: 'red t3 *1' });
    expect(r.ok && r.value.step_count).toBe(0);
    expect(r.ok && r.value.totals).toEqual({ satin: 0, gilded_threads: 0, artisans_vision: 0 });
  });
  it('reports medium confidence once a step reaches Red T2 ★3, high below it', () => {
    const below = governorGearCost({ from: 'Red T1 ★0', to: 'Red T2 ★2' });
    expect(below.ok && below.value.confidence).toBe('high');
    const r = governorGearCost({ from: 'Red T2 ★2', to: 'Red T2 ★3' });
    expect(r.ok && r.value.confidence).toBe('medium');
    expect(r.ok && r.value.steps).toEqual([
      {
        from: 'Red T2 ★2',
        to: 'Red T2 ★3',
        cost: { satin: 262000, gilded_threads: 2620, artisans_vision: 520 },
        confidence: 'medium',
        note: 'From here up three published tables disagree; the newest kingshotdata.com values (confirmed by kingshotoptimizer) are used. Re-check in game.',
      },
    ]);
  });
  it('refuses a reversed range and says how to swap it', () => {
    const r = governorGearCost({ from: 'Gold T3 ★3', to: 'Gold T2 ★1' });
    expect(r).toEqual({
      ok: false,
      error: {
        code: 'RANGE_REVERSED',
        message:
          'from (Gold T3 ★3) is above to (Gold T2 ★1): costs are only computed upward. Swap them to get the cost from Gold T2 ★1 to Gold T3 ★3.',
        argument: '/from',
        allowed: '`from` at or below `to`',
        suggestions: ['from Gold T2 ★1 to Gold T3 ★3'],
      },
    });
  });
  it('refuses pieces outside 1-6 (callers other than the protocol layer too)', () => {
    const r = governorGearCost({ from: 'Gold ★0', to: 'Gold ★1', pieces: 7 });
    expect(r).toEqual({
      ok: false,
      error: {
        code: 'INVALID_ARGUMENTS',
        message: 'pieces must be a whole number from 1 to 6, not 7.',
        argument: '/pieces',
        allowed: '1-6',
        suggestions: ['6'],
      },
    });
  });
});
