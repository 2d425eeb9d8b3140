/**
 * Every result names exactly the sources that publish its steps (with the part each covers when it is not the
 * whole range), and every confidence below high says why in `notes`: the Governor Gear tables that disagree from
 * Red T2 ★3 up, the Truegold sources that stop at TG8 and TG9-4, the one-source TG10 step (two for the Command
 * Center), the 502,000 vs 501,050 red Enhancement XP, the hero unlock, generation 6-7 heroes.
 */
import { describe, expect, it } from 'vitest';
import { governorCharm } from '../../generated/data/costs/governor-charm.js';
import { governorGear } from '../../generated/data/costs/governor-gear.js';
import { heroShards } from '../../generated/data/costs/hero-shards.js';
import { heroWidgets } from '../../generated/data/costs/hero-widgets.js';
import { masteryForging } from '../../generated/data/costs/mastery-forging.js';
import { truegold } from '../../generated/data/costs/truegold.js';
import type { CostTable } from '../../generated/data/types.js';
import { governorCharmCost } from '../../src/calculators/governor-charm.js';
import { governorGearCost } from '../../src/calculators/governor-gear.js';
import { costBetween, LadderIndex, type Ladder } from '../../src/calculators/ladder.js';
import { masteryForgingCost } from '../../src/calculators/mastery-forging.js';
import { truegoldUpgradeCost } from '../../src/calculators/truegold.js';
import { heroesFile } from '../../src/reference/records.js';
import { heroResult } from '../../src/reference/results.js';

function value<T>(outcome: { ok: true; value: T } | { ok: false; error: unknown }): T {
  if (!outcome.ok) throw new Error(JSON.stringify(outcome.error));
  return outcome.value;
}
const sourceList = (r: { sources: { id: string; covers?: string }[] }) =>
  r.sources.map((s) => (s.covers ? `${s.id} [${s.covers}]` : s.id));
/** The notes a result adds to its table's own notes (the confidence reasons). */
// The notes after the table's own (a Truegold result carries only the table notes about its building).
const reasons = (r: { notes: string[] }, table: { notes: readonly string[] }) =>
  r.notes.filter((note) => !table.notes.includes(note));

const GEAR_REASON =
  'Medium confidence from Red T2 ★3 to Red T6 ★3: three published tables disagree there. The values used are the newest kingshotdata.com table, confirmed by kingshotoptimizer; the older table (kingshotdata_kr_repo, omar_kakashi: 264,000 Satin and 2,640 Gilded Threads for Red T2 ★3 instead of 262,000 and 2,620) and unidentified_constants differ.';
const TG_MEDIUM_TC =
  'Medium confidence from TG8 to TG9-4: two sources (kingshotdata_kr, aistra); zikowang and the kingshotdata.com transcription stop at TG8.';
/** The kingshotdata.com transcription has the Town Center alone, so no other building's reason names it. */
const TG_MEDIUM = 'Medium confidence from TG8 to TG9-4: two sources (kingshotdata_kr, aistra); zikowang stops at TG8.';
const TG10_ONE =
  'Low-medium confidence for TG9-4 -> TG10: one source (kingshotdata_kr); the others stop at TG8 or TG9-4.';
const ASCENSION_REASON =
  'Medium confidence for the ascension (Gold 100 -> Red 101): its 2 Mythic gear pieces come from two sources (kingshotdata_kr_repo, topuplive), its requirements (enhancement +100, Mastery +10) from two guides (topuplive, grindnstrat).';
const XP_CONFLICT =
  'Enhancement XP of Red 121 to Red 139: kingshotdata_kr_repo gives 50 more per level than unidentified_constants (Gold 100 -> Red 200: 502,000 against 501,050); the higher figures are used.';

describe('Governor Gear', () => {
  it('a range starting above Red T2 ★3 says why it is medium, and leaves out the source that stops at Red T4 ★3', () => {
    const r = value(governorGearCost({ from: 'Red T5 ★0', to: 'Red T6 ★3' }));
    expect(r.confidence).toBe('medium');
    expect(reasons(r, governorGear)).toEqual([GEAR_REASON]);
    expect(sourceList(r)).toEqual([
      'kingshotdata_com',
      'kingshotoptimizer',
      'kingshotdata_kr_repo',
      'unidentified_constants',
      'h5joy_and_kingshotguide_org',
    ]);
  });
  it('a range across Red T4 ★3 names the source that stops there with the part it covers', () => {
    const r = value(governorGearCost({ from: 'Red T3 ★0', to: 'Red T5 ★0' }));
    expect(sourceList(r)).toContain('omar_kakashi [Red T3 ★0 -> Red T4 ★3]');
    expect(reasons(r, governorGear)).toEqual([GEAR_REASON]);
  });
  it('a high-confidence range carries no reason and every source', () => {
    const r = value(governorGearCost({ from: 'Gold T2 ★1', to: 'Gold T3 ★3' }));
    expect(r.confidence).toBe('high');
    expect(reasons(r, governorGear)).toEqual([]);
    expect(sourceList(r)).toEqual(governorGear.sources.map((s) => s.id));
  });
});

describe('Truegold', () => {
  it('Town Center 30 -> TG10: each source with the part it covers, the reasons for medium and low-medium', () => {
    const r = value(truegoldUpgradeCost({ building: 'town_center', from: 30, to: 'TG10' }));
    expect(sourceList(r)).toEqual([
      'kingshotdata_kr',
      'kingshotdata_com_transcription [30 -> TG8]',
      'zikowang [30 -> TG8]',
      'aistra [30 -> TG9-4]',
      'kingshotdata_article [30 -> TG3]',
    ]);
    expect(r.confidence).toBe('low-medium');
    expect(reasons(r, truegold)).toEqual([TG_MEDIUM_TC, TG10_ONE]);
  });
  it('Barracks TG9-4 -> TG10 rests on one source, named alone; the step note says one source', () => {
    const r = value(truegoldUpgradeCost({ building: 'barracks', from: 'TG9-4', to: 'TG10' }));
    expect(sourceList(r)).toEqual(['kingshotdata_kr']);
    expect(reasons(r, truegold)).toEqual([TG10_ONE]);
    expect(r.steps[0]!.note).toBe('TG9-4 -> TG10: one source (kingshotdata_kr).');
  });
  it('only the Command Center TG10 step has two sources, and its result names both', () => {
    const notes = truegold.ladders.map((l) => [l.key, l.levels.at(-1)!.note]);
    expect(notes.filter(([, n]) => n!.includes('two sources')).map(([k]) => k)).toEqual(['command_center']);
    const r = value(truegoldUpgradeCost({ building: 'command_center', from: 'TG9-4', to: 'TG10' }));
    expect(sourceList(r)).toEqual(['kingshotdata_kr', 'audit_command_center_source']);
    expect(r.steps[0]!.note).toBe('TG9-4 -> TG10: two sources (kingshotdata_kr, audit_command_center_source).');
    expect(reasons(r, truegold)).toEqual([
      'Low-medium confidence for TG9-4 -> TG10: two sources (kingshotdata_kr, audit_command_center_source); the others stop at TG8 or TG9-4.',
    ]);
  });
  it('Command Center TG8 -> TG9-4 names the three sources its reason names', () => {
    const r = value(truegoldUpgradeCost({ building: 'command_center', from: 'TG8', to: 'TG9-4' }));
    expect(sourceList(r)).toEqual(['kingshotdata_kr', 'aistra', 'audit_command_center_source']);
    expect(reasons(r, truegold)).toEqual([
      'Medium confidence from TG8 to TG9-4: three sources (kingshotdata_kr, aistra, audit_command_center_source); zikowang stops at TG8.',
    ]);
  });
  it("the Command Center's second source has the whole ladder (it is the third source with 4 and 6 Tempered Truegold on the TG6 and TG7 steps)", () => {
    const r = value(truegoldUpgradeCost({ building: 'command_center', from: 'TG5-4', to: 'TG7' }));
    expect(sourceList(r)).toEqual(['kingshotdata_kr', 'zikowang', 'aistra', 'audit_command_center_source']);
    expect(r.steps.map((s) => s.note).filter(Boolean)).toEqual([
      'Three sources say 4 Tempered Truegold, one says 5.',
      'Three sources say 6 Tempered Truegold, one says 7.',
    ]);
    const all = value(truegoldUpgradeCost({ building: 'command_center', from: 30, to: 'TG10' }));
    expect(sourceList(all)).toEqual([
      'kingshotdata_kr',
      'zikowang [30 -> TG8]',
      'aistra [30 -> TG9-4]',
      'kingshotdata_article [30 -> TG3]',
      'audit_command_center_source',
    ]);
  });
  it("no other building names the Command Center's second source", () => {
    const r = value(truegoldUpgradeCost({ building: 'infirmary', from: 'TG9-4', to: 'TG10' }));
    expect(sourceList(r)).toEqual(['kingshotdata_kr']);
  });
  it('TG8 -> TG9: the sources that stop at TG8 are not named', () => {
    const r = value(truegoldUpgradeCost({ building: 'embassy', from: 'TG8', to: 'TG9' }));
    expect(sourceList(r)).toEqual(['kingshotdata_kr', 'aistra']);
    expect(reasons(r, truegold)).toEqual([TG_MEDIUM]);
  });
  it('30 -> TG2 (high): every source that publishes those steps, with no reason', () => {
    const r = value(truegoldUpgradeCost({ building: 'embassy', from: 30, to: 'TG2' }));
    expect(sourceList(r)).toEqual(['kingshotdata_kr', 'zikowang', 'aistra', 'kingshotdata_article']);
    expect(reasons(r, truegold)).toEqual([]);
  });
});

describe('Mastery Forging and Red Gear', () => {
  it('Gold 100 -> Red 200 surfaces the 502,000 vs 501,050 Enhancement XP conflict', () => {
    const r = value(masteryForgingCost({ track: 'red_gear', from: 'Gold 100', to: 'Red 200' }));
    expect(r.totals.enhancement_xp).toBe(502000);
    expect(reasons(r, masteryForging)).toEqual([
      ASCENSION_REASON,
      'Medium confidence for red enhancement: the Enhancement XP of each level comes from two data sources (kingshotdata_kr_repo, unidentified_constants).',
      XP_CONFLICT,
      'Medium-high confidence for the breakthroughs at 120, 140, 160, 180 and 200: their Mithril and Mythic gear pieces come from two data sources (kingshotdata_kr_repo, unidentified_constants), which agree.',
    ]);
    // unidentified_constants has the red levels past the ascension only; grindnstrat gives the ascension's
    // requirements, no amount, so no result names it.
    expect(sourceList(r)).toEqual([
      'kingshotdata_kr_repo',
      'unidentified_constants [Red 101 -> Red 200]',
      'topuplive [Gold 100 -> Red 101]',
    ]);
  });
  it('the ascension Gold 100 -> Red 101 names the two sources of its 2 Mythic gear pieces, and no source of the levels past it', () => {
    const r = value(masteryForgingCost({ track: 'red_gear', from: 'Gold 100', to: 'Red 101' }));
    expect(sourceList(r)).toEqual(['kingshotdata_kr_repo', 'topuplive']);
    expect(reasons(r, masteryForging)).toEqual([ASCENSION_REASON]);
  });
  it('Gold 100 -> Red 120 marks the source of the red levels only and the guide of the ascension only with the part each covers', () => {
    const r = value(masteryForgingCost({ track: 'red_gear', from: 'Gold 100', to: 'Red 120' }));
    expect(sourceList(r)).toEqual([
      'kingshotdata_kr_repo',
      'unidentified_constants [Red 101 -> Red 120]',
      'topuplive [Gold 100 -> Red 101]',
    ]);
  });
  it('Red 101 -> Red 200 names the two sources of its figures: the guides give the ascension and the level caps, no step past it', () => {
    const r = value(masteryForgingCost({ track: 'red_gear', from: 'Red 101', to: 'Red 200' }));
    expect(sourceList(r)).toEqual(['kingshotdata_kr_repo', 'unidentified_constants']);
  });
  it("kingshotmastery (level caps only) is no result's source", () => {
    expect(masteryForging.sources.find((s) => s.id === 'kingshotmastery')!.covers).toEqual({ ladders: [] });
  });
  it('the conflict appears only in ranges through levels 121-139', () => {
    expect(
      reasons(value(masteryForgingCost({ track: 'red_gear', from: 'Red 125', to: 'Red 126' })), masteryForging),
    ).toContain(XP_CONFLICT);
    expect(
      reasons(value(masteryForgingCost({ track: 'red_gear', from: 'Red 140', to: 'Red 160' })), masteryForging),
    ).not.toContain(XP_CONFLICT);
    expect(
      reasons(value(masteryForgingCost({ track: 'red_gear', from: 'Red 101', to: 'Red 120' })), masteryForging),
    ).not.toContain(XP_CONFLICT);
  });
  it('Mastery +0 -> +20 names the four sources of the mastery table and no red-gear guide', () => {
    const r = value(masteryForgingCost({ from: '+0', to: '+20' }));
    expect(sourceList(r)).toEqual(['kingshotdata_kr_repo', 'kingshotlab', 'omar_kakashi', 'unidentified_constants']);
    expect(reasons(r, masteryForging)).toEqual([]);
  });
});

describe("a source's covers: some ladders, from a level, up to a level", () => {
  const ladder = (key: string) => ({
    key,
    title: key,
    confidence: 'high' as const,
    levels: [
      { label: '0' },
      { label: '1', cost: { gold: 1 } },
      { label: '2', cost: { gold: 2 } },
      { label: '3', cost: { gold: 3 } },
    ] as Ladder['levels'],
  });
  const table: CostTable = {
    system: 'demo',
    title: 'Demo',
    data_as_of: '2026-01-01',
    materials: [{ key: 'gold', name: 'Gold' }],
    sources: [
      { id: 'whole', ref: 'every step', title: 'Whole' },
      { id: 'from_1', ref: 'every ladder after level 1', title: 'From 1', covers: { from: '1' } },
      {
        id: 'x_1_to_2',
        ref: 'ladder x, level 1 to level 2',
        title: 'X 1 to 2',
        covers: { ladders: [{ ladder: 'x', from: '1', to: '2' }] },
      },
      { id: 'y_up_to_1', ref: 'ladder y up to level 1', title: 'Y up to 1', covers: { ladders: ['y'], to: '1' } },
    ],
    notes: [],
    ladders: [ladder('x'), ladder('y')],
    cross_checks: [],
  };
  const sourcesOn = (key: string, from: number, to: number) => {
    const index = new LadderIndex(table.ladders.find((l) => l.key === key)!);
    return sourceList(costBetween(table, index, from, to));
  };
  it('names a source that starts later with the part it covers, and leaves it out of the steps before it', () => {
    expect(sourcesOn('x', 0, 3)).toEqual(['whole', 'from_1 [1 -> 3]', 'x_1_to_2 [1 -> 2]']);
    expect(sourcesOn('x', 0, 1)).toEqual(['whole']);
    expect(sourcesOn('x', 1, 2)).toEqual(['whole', 'from_1', 'x_1_to_2']);
    expect(sourcesOn('x', 2, 3)).toEqual(['whole', 'from_1']);
  });
  it('gives a ladder named by key the bounds beside the ladders, and a ladder no entry names no source', () => {
    expect(sourcesOn('y', 0, 3)).toEqual(['whole', 'from_1 [1 -> 3]', 'y_up_to_1 [0 -> 1]']);
    expect(sourcesOn('y', 1, 3)).toEqual(['whole', 'from_1']);
  });
});

describe('Governor Charms', () => {
  it('0 -> 22 marks the three sources that stop at level 11', () => {
    const r = value(governorCharmCost({ from: 0, to: 22 }));
    expect(sourceList(r)).toEqual([
      'kingshotdata_kr_repo',
      'kingslop',
      'kingshot_fandom [0 -> 11]',
      'kingshotscout',
      'kingshotoptimizer',
      'unidentified_constants',
      'kingshotcalculator_net [0 -> 11]',
      'omar_kakashi [0 -> 11]',
    ]);
  });
  it('12 -> 22 names the sources of those levels only; kingshot_devo, which states the number of levels only, is none', () => {
    const r = value(governorCharmCost({ from: 12, to: 22 }));
    expect(sourceList(r)).toEqual([
      'kingshotdata_kr_repo',
      'kingslop',
      'kingshotscout',
      'kingshotoptimizer',
      'unidentified_constants',
    ]);
  });
  it('a range without steps names the sources that publish its level, each without a part (15 -> 15: none that stops at 11)', () => {
    expect(sourceList(value(governorCharmCost({ from: 15, to: 15 })))).toEqual([
      'kingshotdata_kr_repo',
      'kingslop',
      'kingshotscout',
      'kingshotoptimizer',
      'unidentified_constants',
    ]);
    expect(sourceList(value(governorCharmCost({ from: 5, to: 5 })))).toEqual([
      'kingshotdata_kr_repo',
      'kingslop',
      'kingshot_fandom',
      'kingshotscout',
      'kingshotoptimizer',
      'unidentified_constants',
      'kingshotcalculator_net',
      'omar_kakashi',
    ]);
  });
});

describe('every lowered confidence says why', () => {
  it('each single step below high confidence, in every ladder, carries a reason in notes', () => {
    const unexplained: string[] = [];
    for (const table of [governorGear, governorCharm, truegold, heroShards, heroWidgets, masteryForging]) {
      for (const ladder of table.ladders) {
        const index = new LadderIndex(ladder);
        ladder.levels.forEach((level, i) => {
          if (i === 0) return;
          const b = costBetween(table, index, i - 1, i);
          if (b.confidence !== 'high' && reasons(b, table).length === 0)
            unexplained.push(`${table.system}/${ladder.key}/${level.label}`);
        });
      }
    }
    expect(unexplained).toEqual([]);
  });
  it('every hero below high confidence says why, and a hero whose exclusive gear lacks maximum stats says so', () => {
    const medium = heroesFile.heroes.filter((h) => h.confidence !== 'high');
    expect(medium.map((h) => h.key)).toEqual(['triton', 'sophia', 'yang', 'charles', 'ava', 'wee-and-woo']);
    for (const hero of medium)
      expect(
        heroResult(hero, 'http://127.0.0.1:3000').notes.some((n) =>
          n.startsWith('Medium confidence: generation 6-7 heroes'),
        ),
        hero.key,
      ).toBe(true);
    const yang = heroResult(
      heroesFile.heroes.find((h) => h.key === 'yang')!,
      'http://127.0.0.1:3000',
    );
    expect(yang.notes.at(-1)).toBe(
      'Exclusive gear: no source read gives its level-10 (maximum) stats or its name; its skills and their Lv1-Lv5 values are known.',
    );
    const withoutStats = heroesFile.heroes
      .filter((h) => h.exclusive_gear && !h.exclusive_gear.max_level_stats)
      .map((h) => h.key);
    expect(withoutStats).toEqual(['triton', 'sophia', 'yang', 'charles', 'ava', 'wee-and-woo']);
    const amadeus = heroResult(
      heroesFile.heroes.find((h) => h.key === 'amadeus')!,
      'http://127.0.0.1:3000',
    );
    expect(amadeus.notes.some((n) => n.startsWith('Exclusive gear'))).toBe(false);
  });
});
