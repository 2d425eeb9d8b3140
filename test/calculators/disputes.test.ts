/**
 * Disputed figures: where the sources disagree on a step's amount, the totals give the range beside the figure
 * used, the confidence drops below high and a note names the dispute, its step and its sources.
 */
import { describe, expect, it } from 'vitest';
import { governorGearCost } from '../../src/calculators/governor-gear.js';
import { truegoldUpgradeCost } from '../../src/calculators/truegold.js';

function value<T>(outcome: { ok: true; value: T } | { ok: false; error: { message: string } }): T {
  if (!outcome.ok) throw new Error(outcome.error.message);
  return outcome.value;
}

describe('a range with a disputed step', () => {
  it('Command Center TG5-4 -> TG7: 4 or 5, and 6 or 7 Tempered Truegold', () => {
    const r = value(truegoldUpgradeCost({ building: 'command_center', from: 'TG5-4', to: 'TG7' }));
    // TG6 4 (alt 5), TG6-1..TG6-4 3 each, TG7 6 (alt 7).
    expect(r.totals).toEqual({ truegold: 236, tempered_truegold: 22 });
    expect(r.totals_range).toEqual({ tempered_truegold: { used: 22, lowest: 22, highest: 24 } });
    expect(r.confidence).toBe('medium-high');
    const notes = r.notes.filter((n) => n.startsWith('Sources disagree'));
    expect(notes).toEqual([
      'Sources disagree on Tempered Truegold for TG5-4 -> TG6: 4 (kingshotdata_kr, zikowang, audit_command_center_source) is used; also published: 5 (aistra). See totals_range.',
      'Sources disagree on Tempered Truegold for TG6-4 -> TG7: 6 (kingshotdata_kr, zikowang, audit_command_center_source) is used; also published: 7 (aistra). See totals_range.',
    ]);
    expect(r.steps[0]).toMatchObject({ from: 'TG5-4', to: 'TG6', disputed: { tempered_truegold: [4, 5] } });
  });

  it('War Academy TG7-4 -> TG8-1: both materials disputed, the range spans the published figures', () => {
    const r = value(truegoldUpgradeCost({ building: 'war_academy', from: 'TG7-4', to: 'TG8-1' }));
    // TG8: 54 TG + 18 TTG (alt 108 + 9); TG8-1: 126 + 13 (alt 108 + 9).
    expect(r.totals).toEqual({ truegold: 180, tempered_truegold: 31 });
    expect(r.totals_range).toEqual({
      truegold: { used: 180, lowest: 162, highest: 234 },
      tempered_truegold: { used: 31, lowest: 18, highest: 31 },
    });
    expect(r.confidence).toBe('medium');
  });

  it('Gilded Threads on Gold T1 ★3 -> Gold T2 ★0: 360 or 390, for every piece', () => {
    const r = value(governorGearCost({ from: 'Gold T1 ★3', to: 'Gold T2 ★0', pieces: 3 }));
    expect(r.totals.gilded_threads).toBe(1080);
    expect(r.totals_range).toEqual({ gilded_threads: { used: 1080, lowest: 1080, highest: 1170 } });
    expect(r.confidence).toBe('medium-high');
    expect(r.notes.at(-1)).toBe(
      'Sources disagree on Gilded Threads for Gold T1 ★3 -> Gold T2 ★0: 360 (kingshotdata_com, kingshotoptimizer, kingshotdata_kr_repo, unidentified_constants) is used; also published: 390 (omar_kakashi, h5joy_and_kingshotguide_org). See totals_range.',
    );
  });

  it('a range without a disputed step has no totals_range and keeps its confidence', () => {
    const r = value(truegoldUpgradeCost({ building: 'infirmary', from: 'TG5-4', to: 'TG7' }));
    expect(r.totals_range).toBeUndefined();
    expect(r.confidence).toBe('high');
    expect(r.notes.some((n) => n.startsWith('Sources disagree'))).toBe(false);
  });
});
