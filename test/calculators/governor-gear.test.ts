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

  it('explains a T-step past the tier and names the nearest real levels', () => {
    const r = gearLevelIndex('/from', 'Gold T4 ★0');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.code).toBe('UNKNOWN_LEVEL');
    expect(r.error.message).toContain('Gold goes up to T3');
    expect(r.error.suggestions?.[0]).toBe('Gold T3 ★0');
    expect(r.error.argument).toBe('/from');
  });
  it('explains stars past the maximum (Green has only ★0-★1)', () => {
    const r = gearLevelIndex('/to', 'Green ★3');
    expect(!r.ok && r.error.message).toContain('Green goes up to ★1');
    expect(!r.ok && r.error.suggestions?.[0]).toBe('Green ★1');
  });
  it('refuses the rarity names that sites use in opposite ways', () => {
    const r = gearLevelIndex('/from', 'Mythic T1 ★2');
    expect(!r.ok && r.error.message).toContain('name the colour');
  });
  it('suggests close labels for an unreadable one', () => {
    const r = gearLevelIndex('/from', 'goldd t3 *3');
    expect(!r.ok && r.error.suggestions).toContain('Gold T3 ★3');
  });
  it('lists every tier and its range in `allowed`, derived from the data', () => {
    const r = gearLevelIndex('/from', 'x');
    expect(!r.ok && r.error.allowed).toBe('"<Tier>[ T<n>] ★<stars>" or "not crafted": Green ★0-★1; Blue ★0-★3; Purple, Purple T1 ★0-★3; Gold, Gold T1-T3 ★0-★3; Red, Red T1-T6 ★0-★3');
  });
});

describe('governor_gear_cost figures', () => {
  it('Purple ★2 -> Gold ★1 by hand: 8,000+10,000+11,000+13,000+15,000+22,000+23,000 Satin', () => {
    const r = governorGearCost({ from: 'Purple ★2', to: 'Gold ★1' });
    expect(r.ok && r.value.totals).toEqual({ satin: 102000, gilded_threads: 1025, artisans_vision: 445 });
    expect(r.ok && r.value.steps.map((s) => s.to)).toEqual(['Purple ★3', 'Purple T1 ★0', 'Purple T1 ★1', 'Purple T1 ★2', 'Purple T1 ★3', 'Gold ★0', 'Gold ★1']);
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
    expect(governorGearCost({ from: 'Red T1 ★0', to: 'Red T2 ★2' }).ok && governorGearCost({ from: 'Red T1 ★0', to: 'Red T2 ★2' })).toMatchObject({ value: { confidence: 'high' } });
    const r = governorGearCost({ from: 'Red T2 ★2', to: 'Red T2 ★3' });
    expect(r.ok && r.value.confidence).toBe('medium');
    expect(r.ok && r.value.steps[0]?.note).toContain('three published tables disagree');
  });
  it('refuses a reversed range and says how to swap it', () => {
    const r = governorGearCost({ from: 'Gold T3 ★3', to: 'Gold T2 ★1' });
    expect(!r.ok && r.error.code).toBe('RANGE_REVERSED');
    expect(!r.ok && r.error.message).toContain('from Gold T2 ★1 to Gold T3 ★3');
  });
  it('refuses pieces outside 1-6 (callers other than the protocol layer too)', () => {
    const r = governorGearCost({ from: 'Gold ★0', to: 'Gold ★1', pieces: 7 });
    expect(!r.ok && r.error).toMatchObject({ code: 'INVALID_ARGUMENTS', argument: '/pieces', suggestions: ['6'] });
  });
});
