/**
 * What one Progression Goal still costs: the player's current level (read from the profile) to the goal's target,
 * computed by the very calculators the cost tools use. A target at or below the current level is "reached".
 */
import type { ToolError } from '../../generated/metadata-types.js';
import { failure, success, type Outcome } from '../outcomes/failures.js';
import { charmRange } from '../calculators/governor-charm.js';
import { gearRange } from '../calculators/governor-gear.js';
import { shardRange } from '../calculators/hero-shards.js';
import { widgetRange } from '../calculators/hero-widgets.js';
import { scaleRange, type Confidence, type TotalsRange } from '../calculators/ladder.js';
import { forgingRange } from '../calculators/mastery-forging.js';
import { priceRange, type PricedRange, type UnitRange } from '../calculators/plan.js';
import { buildingRange } from '../calculators/truegold.js';
import type { Goal, HeroState, PlayerProfile } from './model.js';

export interface GoalPlan {
  from: string;
  to: string;
  reached: boolean;
  step_count: number;
  /** Material key -> amount still needed (only materials the goal needs). */
  needed: Record<string, number>;
  /** Material key -> display name. */
  materials: Record<string, string>;
  /** The hero whose shards or widgets the goal needs (per-hero materials). */
  hero?: string;
  confidence: Confidence;
  gaps: string[];
  /** How the current level was read, then what the cost tools say about the range's own steps (disputes). */
  notes: string[];
  /** Per disputed material of the range: the total used and the lowest and highest the published figures make. */
  totals_range?: TotalsRange;
  /** The goal's range, priced (absent when the goal is reached): what a budget is spent on. */
  priced?: PricedRange;
}

/** Where a goal's current level comes from: the value and the profile field it was read from. */
interface Current {
  value: string | number | { stars: number; tier: number };
  pointer: string;
  notes: string[];
}

const TRUEGOLD_FIRST_LEVEL = 30;

function heroOf(profile: PlayerProfile | undefined, key: string): { hero: HeroState | undefined; index: number } {
  const index = profile?.heroes.findIndex((h) => h.key === key) ?? -1;
  return { hero: index >= 0 ? profile!.heroes[index] : undefined, index };
}

function currentOf(goal: Goal, profile: PlayerProfile | undefined): Current {
  switch (goal.system) {
    case 'governor_gear':
      return {
        value: profile?.governor_gear[goal.piece]?.level ?? 'not crafted',
        pointer: `/profile/governor_gear/${goal.piece}/level`,
        notes: [],
      };
    case 'governor_charm':
      return {
        value: profile?.governor_gear[goal.piece]?.charms[goal.slot - 1] ?? 0,
        pointer: `/profile/governor_gear/${goal.piece}/charms/${goal.slot - 1}`,
        notes: [],
      };
    case 'truegold': {
      if (goal.building === 'town_center') {
        const level = profile?.town_center_level ?? TRUEGOLD_FIRST_LEVEL;
        if (level >= TRUEGOLD_FIRST_LEVEL) return { value: level, pointer: '/profile/town_center_level', notes: [] };
        return {
          value: TRUEGOLD_FIRST_LEVEL,
          pointer: '/profile/town_center_level',
          notes: [
            `The Town Center is at level ${level}; the costs are counted from level 30, where Truegold upgrades begin (earlier levels cost no Truegold).`,
          ],
        };
      }
      const stored = profile?.buildings[goal.building];
      const fallback = goal.building === 'war_academy' ? 'not built' : TRUEGOLD_FIRST_LEVEL;
      return { value: stored ?? fallback, pointer: `/profile/buildings/${goal.building}`, notes: [] };
    }
    case 'hero_shards': {
      const { hero, index } = heroOf(profile, goal.hero);
      return hero
        ? { value: { stars: hero.stars, tier: hero.sub_tier }, pointer: `/profile/heroes/${index}/stars`, notes: [] }
        : {
            value: 'locked',
            pointer: '/profile/heroes',
            notes: [`${goal.hero} is not in the profile, so the hero counts as locked.`],
          };
    }
    case 'hero_widgets': {
      const { hero, index } = heroOf(profile, goal.hero);
      return {
        value: hero?.exclusive_gear_level ?? 0,
        pointer: hero ? `/profile/heroes/${index}/exclusive_gear_level` : '/profile/heroes',
        notes: [],
      };
    }
    case 'mastery_forging': {
      const { hero, index } = heroOf(profile, goal.hero);
      const piece = hero?.gear[goal.slot];
      const pointer = hero ? `/profile/heroes/${index}/gear/${goal.slot}` : '/profile/heroes';
      if (goal.track === 'mastery') return { value: `+${piece?.mastery ?? 0}`, pointer, notes: [] };
      const enhancement = piece?.enhancement ?? 0;
      if (enhancement > 100) return { value: `Red ${enhancement}`, pointer, notes: [] };
      const notes =
        enhancement < 100
          ? [
              `The ${goal.slot} is at enhancement ${enhancement}; the costs start at Gold 100, where Red Gear Ascension begins (gold enhancement below 100 is not included).`,
            ]
          : [];
      return { value: 'Gold 100', pointer, notes };
    }
  }
}

/** The goal's range, read by the cost tools' own range readers (same labels, same messages) and priced. */
function compute(goal: Goal, from: Current['value']): Outcome<PricedRange> {
  const range = rangeOf(goal, from);
  return range.ok ? success(priceRange(range.value)) : range;
}

function rangeOf(goal: Goal, from: Current['value']): Outcome<UnitRange> {
  switch (goal.system) {
    case 'governor_gear':
      return gearRange({ from: String(from), to: goal.target }, '', false);
    case 'governor_charm':
      return charmRange({ from: Number(from), to: goal.target }, '', false);
    case 'truegold':
      return buildingRange({ building: goal.building, from: from as string | number, to: goal.target }, '', false);
    case 'hero_shards':
      return shardRange({ from: from as string | { stars: number; tier: number }, to: goal.target }, '', false);
    case 'hero_widgets':
      return widgetRange({ from: Number(from), to: goal.target }, '', false);
    case 'mastery_forging':
      return forgingRange({ track: goal.track, from: from as string, to: goal.target }, '', false);
  }
}

/** A calculator failure re-pointed at the field of the player's data at fault (`/goals/<i>/target`, a profile field). */
function repoint(error: ToolError, goalPointer: string, current: Current): ToolError {
  const argument =
    error.argument === '/from' ? current.pointer : error.argument === '/to' ? `${goalPointer}/target` : goalPointer;
  return { ...error, argument };
}

/**
 * The plan for one goal, or a failure whose `argument` is the JSON pointer (into the player's data file) of the
 * value that cannot be read: the goal's target or the profile field holding the current level.
 */
export function planGoal(goal: Goal, profile: PlayerProfile | undefined, goalPointer: string): Outcome<GoalPlan> {
  const current = currentOf(goal, profile);
  const hero = goal.system === 'hero_shards' || goal.system === 'hero_widgets' ? goal.hero : undefined;
  const outcome = compute(goal, current.value);
  if (!outcome.ok && outcome.error.code === 'RANGE_REVERSED') {
    // Already past the target: nothing left to spend. Both ends are still read by the calculator for their labels.
    const at = compute({ ...goal, target: current.value } as Goal, current.value);
    const target = compute(goal, goal.target);
    if (at.ok && target.ok) {
      const b = at.value.breakdown;
      return success({
        from: b.from,
        to: target.value.breakdown.to,
        reached: true,
        step_count: 0,
        needed: {},
        materials: b.materials,
        ...(hero ? { hero } : {}),
        confidence: b.confidence,
        gaps: [],
        notes: current.notes,
      });
    }
  }
  if (!outcome.ok) return failure(repoint(outcome.error, goalPointer, current));
  const b = outcome.value.breakdown;
  const { table, count } = outcome.value.range;
  return success({
    from: b.from,
    to: b.to,
    reached: b.step_count === 0,
    step_count: b.step_count,
    // An unknown amount (null) cannot be compared with the inventory: the goal's gaps name it instead.
    needed: Object.fromEntries(
      Object.entries(b.totals).filter(
        (entry): entry is [string, number] => typeof entry[1] === 'number' && entry[1] > 0,
      ),
    ),
    materials: b.materials,
    ...(hero ? { hero } : {}),
    confidence: b.confidence,
    gaps: b.gaps,
    // As a list answer of the cost tools: the notes about the range's own steps (why the confidence is lowered, each
    // dispute with its steps and sources), not the table's general notes.
    notes: [...current.notes, ...b.notes.filter((note) => !table.notes.includes(note))],
    ...(b.totals_range ? { totals_range: scaleRange(b.totals_range, count) } : {}),
    ...(b.step_count > 0 ? { priced: outcome.value } : {}),
  });
}
