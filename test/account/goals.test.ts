/**
 * get_my_goals against worked examples. The figures are worked by hand from data/costs/*.yaml (each comment shows
 * the sum), then the readiness rules: per material min(1, have / needed) rounded down to 3 decimals, per goal the
 * scarcest material, combined = all active goals against the one inventory.
 */
import { describe, expect, it } from 'vitest';
import { DEMO_PLAYER } from '../../src/account/demo.js';
import { goalsReport } from '../../src/account/goals-report.js';
import type { Goal, Inventory, PlayerProfile } from '../../src/account/model.js';
import { ratio } from '../../src/account/readiness.js';

const EMPTY: Inventory = {
  governor_gear: { satin: 0, gilded_threads: 0, artisans_vision: 0 },
  charms: { charm_guides: 0, charm_designs: 0 },
  truegold: { truegold: 0, tempered_truegold: 0 },
  hero_shards: {},
  widgets: {},
  forging: { forgehammers: 0, mythic_gear_pieces: 0, mithril: 0, enhancement_xp: 0 },
};

function report(goals: Goal[], profile: Partial<PlayerProfile>, inventory: Partial<Inventory>) {
  return goalsReport({
    goals: goals.map((goal, i) => ({ id: i + 1, goal })),
    profile: { value: { ...DEMO_PLAYER.profile, ...profile }, updatedAt: 1_790_000_000 },
    inventory: { value: { ...EMPTY, ...inventory }, updatedAt: 1_790_000_100 },
  });
}

describe('readiness arithmetic', () => {
  it('rounds down so that 1 only ever means covered', () => {
    expect(ratio(40, 75)).toBe(0.533);
    expect(ratio(2, 3)).toBe(0.666);
    expect(ratio(9999, 10000)).toBe(0.999);
    expect(ratio(500, 300)).toBe(1);
    expect(ratio(0, 0)).toBe(1);
  });
});

describe('worked examples', () => {
  it('Exclusive Gear 6 -> 8 with 40 widgets: 35 + 40 = 75 needed, 40/75 = 0.533', () => {
    const r = report(
      [{ system: 'hero_widgets', hero: 'amadeus', target: 8, active: true }],
      {},
      { widgets: { amadeus: 40, jabel: 500 } },
    );
    expect(r.goals[0]).toMatchObject({
      title: 'Amadeus Exclusive Gear: 6 → 8',
      from: '6',
      to: '8',
      status: 'in_progress',
      step_count: 2,
      readiness: 0.533,
      ready: false,
    });
    expect(r.goals[0]!.materials).toEqual([
      {
        key: 'widgets',
        name: 'Widgets (Amadeus)',
        hero: 'amadeus',
        needed: 75,
        in_inventory: 40,
        missing: 35,
        readiness: 0.533,
      },
    ]);
  });

  it('Mastery +8 -> +12 with 300 hammers and 1 mythic piece: 90+100+110+120 = 420 hammers (0.714), 1+2 = 3 pieces (0.333); the goal is as ready as its scarcest material', () => {
    const r = report(
      [{ system: 'mastery_forging', hero: 'amadeus', slot: 'helmet', track: 'mastery', target: '+12', active: true }],
      {},
      { forging: { forgehammers: 300, mythic_gear_pieces: 1, mithril: 0, enhancement_xp: 0 } },
    );
    const goal = r.goals[0]!;
    expect(goal.materials.map((m) => [m.key, m.needed, m.in_inventory, m.missing, m.readiness])).toEqual([
      ['forgehammers', 420, 300, 120, 0.714],
      ['mythic_gear_pieces', 3, 1, 2, 0.333],
    ]);
    expect(goal.readiness).toBe(0.333);
    expect(goal.ready).toBe(false);
  });

  it('two gear pieces Gold T2 ★1 -> Gold T3 ★3: each covered on its own (393000 Satin ≤ 500000), not together (786000)', () => {
    const goals: Goal[] = [
      { system: 'governor_gear', piece: 'top', target: 'Gold T3 ★3', active: true },
      { system: 'governor_gear', piece: 'crown', target: 'Gold T3 ★3', active: true },
    ];
    const level = { level: 'Gold T2 ★1', charms: [0, 0, 0] as [number, number, number] };
    const r = report(
      goals,
      { governor_gear: { top: level, crown: level } },
      { governor_gear: { satin: 500000, gilded_threads: 5000, artisans_vision: 1000 } },
    );
    for (const goal of r.goals) {
      expect(goal.materials.map((m) => [m.key, m.needed, m.readiness])).toEqual([
        ['satin', 393000, 1],
        ['gilded_threads', 3960, 1],
        ['artisans_vision', 765, 1],
      ]);
      expect(goal.ready).toBe(true);
    }
    // Together: 500000/786000 = 0.6361, 5000/7920 = 0.6313, 1000/1530 = 0.6535; the scarcest is Gilded Threads.
    expect(r.combined.materials.map((m) => [m.key, m.needed, m.missing, m.readiness])).toEqual([
      ['satin', 786000, 286000, 0.636],
      ['gilded_threads', 7920, 2920, 0.631],
      ['artisans_vision', 1530, 530, 0.653],
    ]);
    expect(r.combined).toMatchObject({ readiness: 0.631, ready: false });
    // Reachable now, the goals taking the inventory in their order: the top takes 393000 / 3960 / 765 and is done;
    // the crown gets 107000 / 1040 / 235: Gold T2 ★2 (45000 / 460 / 80) and ★3 (48000 / 500 / 85), then Gold T3 ★0
    // (60000 / 600 / 120) is short of 46000 Satin, 520 Threads and 50 Vision.
    expect(r.inventory_order).toContain('in their order');
    expect(r.goals.map((g) => g.reachable_now)).toEqual([
      { level: 'Gold T3 ★3', stopped_by: 'target', next_step: null },
      {
        level: 'Gold T2 ★3',
        stopped_by: 'materials',
        next_step: {
          from: 'Gold T2 ★3',
          to: 'Gold T3 ★0',
          short: { satin: 46000, gilded_threads: 520, artisans_vision: 50 },
        },
      },
    ]);
  });

  it("reachable now: one hero's shards are not another's", () => {
    const r = report(
      [
        { system: 'hero_shards', hero: 'amadeus', target: '5★', active: true },
        { system: 'hero_shards', hero: 'jabel', target: '3★ 3/6', active: true },
      ],
      {},
      { hero_shards: { amadeus: 0, jabel: 1000 } },
    );
    expect(r.goals.map((g) => [g.reachable_now?.level, g.reachable_now?.stopped_by])).toEqual([
      ['4★ 3/6', 'materials'],
      ['3★ 3/6', 'target'],
    ]);
  });

  it('a target already passed is reached: nothing needed, readiness 1', () => {
    const r = report([{ system: 'hero_shards', hero: 'helga', target: '4★', active: true }], {}, {});
    expect(r.goals[0]).toMatchObject({
      status: 'reached',
      step_count: 0,
      materials: [],
      readiness: 1,
      ready: true,
      from: '5★ 6/6',
      to: '4★ 6/6',
    });
  });

  it('inactive goals are counted, not listed; shards of a hero missing from the profile count from locked', () => {
    const r = report(
      [
        { system: 'hero_shards', hero: 'zoe', target: '1★ 1/6', active: true },
        { system: 'governor_gear', piece: 'bracelet', target: 'Red ★0', active: false },
      ],
      {},
      { hero_shards: { zoe: 1000 } },
    );
    expect(r.inactive_goals).toBe(1);
    expect(r.goals).toHaveLength(1);
    expect(r.goals[0]!.from).toBe('locked');
    // How the level was read, then why the unlock step's confidence is lowered (as hero_shards_cost says it).
    expect(r.goals[0]!.notes).toEqual([
      'zoe is not in the profile, so the hero counts as locked.',
      'Medium confidence for the unlock (locked -> 0★): 10 shards for most heroes, but two sources list Amadeus at 20 and Chenko at 40.',
    ]);
  });

  it('names heroes and buildings as the game data does', () => {
    const r = report(
      [
        { system: 'hero_shards', hero: 'wee-and-woo', target: '1★ 1/6', active: true },
        { system: 'truegold', building: 'war_academy', target: 'TG1', active: true },
        { system: 'governor_charm', piece: 'pants', slot: 2, target: 3, active: true },
      ],
      {},
      {},
    );
    expect(r.goals.map((g) => g.subject)).toEqual(['Wee & Woo stars', 'War Academy', 'Pants charm 2']);
    expect(r.goals[0]!.title).toBe('Wee & Woo stars: locked → 1★ 1/6');
    expect(r.goals[0]!.materials.map((m) => m.name)).toEqual(['Hero Shards (Wee & Woo)']);
  });

  it('a goal over disputed steps names each dispute (steps, figures, sources) and gives the totals range', () => {
    // Command Center TG5 -> TG7 (data/costs/truegold.yaml): Tempered Truegold 2 x 4 (TG5-1..TG5-4) + 4 (TG6, aistra
    // says 5) + 3 x 4 (TG6-1..TG6-4) + 6 (TG7, aistra says 7) = 30, at most 32; Truegold 40 x 4 + 20 + 48 x 4 + 24 = 396.
    const r = report(
      [{ system: 'truegold', building: 'command_center', target: 'TG7', active: true }],
      { buildings: { ...DEMO_PLAYER.profile.buildings, command_center: 'TG5' } },
      {},
    );
    const goal = r.goals[0]!;
    expect(goal.materials.map((m) => [m.key, m.needed])).toEqual([
      ['truegold', 396],
      ['tempered_truegold', 30],
    ]);
    expect(goal.confidence).toBe('medium-high');
    expect(goal.totals_range).toEqual({ tempered_truegold: { used: 30, lowest: 30, highest: 32 } });
    expect(goal.notes).toEqual([
      'Sources disagree on Tempered Truegold for TG5-4 -> TG6: 4 (kingshotdata_kr, zikowang, audit_command_center_source) is used; also published: 5 (aistra). See totals_range.',
      'Sources disagree on Tempered Truegold for TG6-4 -> TG7: 6 (kingshotdata_kr, zikowang, audit_command_center_source) is used; also published: 7 (aistra). See totals_range.',
    ]);
  });

  it('a goal that crosses no disputed step has neither dispute notes nor a totals range', () => {
    // TG6 -> TG6-4 on the Command Center lies between its disputed steps (TG5-4 -> TG6 and TG6-4 -> TG7).
    const past = report(
      [{ system: 'truegold', building: 'command_center', target: 'TG6-4', active: true }],
      { buildings: { ...DEMO_PLAYER.profile.buildings, command_center: 'TG6' } },
      {},
    ).goals[0]!;
    expect(past.notes).toEqual([]);
    expect(past.totals_range).toBeUndefined();
    expect(past.confidence).toBe('high');
  });

  it('a Town Center below 30 is counted from 30, and says so', () => {
    const r = report(
      [{ system: 'truegold', building: 'town_center', target: 'TG1', active: true }],
      { town_center_level: 25 },
      {},
    );
    expect(r.goals[0]!.from).toBe('30');
    expect(r.goals[0]!.notes[0]).toContain('level 25');
  });

  it('the demo player: per-goal figures and the combined bottleneck (Charm Designs 500/2340 = 0.213)', () => {
    const r = goalsReport({
      goals: DEMO_PLAYER.goals.map((goal, i) => ({ id: i + 1, goal })),
      profile: { value: DEMO_PLAYER.profile, updatedAt: 0 },
      inventory: { value: DEMO_PLAYER.inventory, updatedAt: 0 },
    });
    expect(r.goals.map((g) => [g.title, g.readiness])).toEqual([
      ['Top (Governor Gear): Gold T1 ★2 → Gold T3 ★3', 0.235],
      ['Town Center: TG3 → TG5', 1],
      ['Top charm 1: 11 → 14', 0.213],
      ['Amadeus stars: 4★ 3/6 → 5★ 6/6', 0.23],
      ['Amadeus Exclusive Gear: 6 → 8', 0.533],
      ['Amadeus helmet Mastery Forging: +8 → +12', 0.333],
      ['Helga stars: 5★ 6/6 → 5★ 6/6', 1],
    ]);
    expect(r.combined).toMatchObject({ readiness: 0.213, ready: false });
    expect(r.inactive_goals).toBe(1);
  });
});
