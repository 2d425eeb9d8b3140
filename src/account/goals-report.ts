/**
 * get_my_goals as a pure function: the active goals planned from the profile's current levels, each compared with
 * the inventory, and all of them together against the one inventory.
 */
import { DATA_VERSION } from '../../generated/data/version.js';
import type { GetMyGoalsOutput } from '../../generated/tools/index.js';
import { findBuilding } from '../calculators/truegold.js';
import { heroes } from '../reference/records.js';
import { reachOf, type Budget } from '../calculators/plan.js';
import { planGoal, type GoalPlan } from './goal-plan.js';
import type { Goal, Inventory, PlayerProfile, StoredGoal } from './model.js';
import { inventoryAmount, materialReadiness, overallReadiness, type MaterialReadiness } from './readiness.js';

/** Gear pieces are keys such as `top` and `pants`: shown capitalised. */
function pieceName(piece: string): string {
  return piece.charAt(0).toUpperCase() + piece.slice(1);
}

function heroName(key: string): string {
  return heroes.get(key)?.name ?? key;
}

function buildingName(key: string): string {
  const building = findBuilding('/building', key);
  return building.ok ? building.value.ladder.title : key;
}

export function subjectOf(goal: Goal): string {
  switch (goal.system) {
    case 'governor_gear':
      return `${pieceName(goal.piece)} (Governor Gear)`;
    case 'governor_charm':
      return `${pieceName(goal.piece)} charm ${goal.slot}`;
    case 'truegold':
      return buildingName(goal.building);
    case 'hero_shards':
      return `${heroName(goal.hero)} stars`;
    case 'hero_widgets':
      return `${heroName(goal.hero)} Exclusive Gear`;
    case 'mastery_forging':
      return `${heroName(goal.hero)} ${goal.slot} ${goal.track === 'mastery' ? 'Mastery Forging' : 'Red Gear'}`;
  }
}

function iso(seconds: number | undefined): string | null {
  return seconds === undefined ? null : new Date(seconds * 1000).toISOString().replace('.000Z', 'Z');
}

export interface GoalsInput {
  goals: readonly StoredGoal[];
  profile?: { value: PlayerProfile; updatedAt: number };
  inventory?: { value: Inventory; updatedAt: number };
}

type GoalEntry = GetMyGoalsOutput['goals'][number];
type ReachableNow = NonNullable<GoalEntry['reachable_now']>;

export const INVENTORY_ORDER =
  'The goals take the saved inventory in their order: each takes every step it can afford before the next goal starts on what is left (reachable_now).';

/**
 * The inventory as the goals draw on it, in their order: what each goal's steps take is gone for the goals after
 * it. Shards and widgets are kept per hero.
 */
class SharedInventory {
  readonly #left = new Map<string, number>();
  readonly inventory: Inventory | undefined;
  constructor(inventory: Inventory | undefined) {
    this.inventory = inventory;
  }
  #slot = (key: string, hero: string | undefined) => `${key}|${hero ?? ''}`;
  budgetFor(keys: readonly string[], hero: string | undefined): Budget {
    return Object.fromEntries(
      keys.map((key) => [key, this.#left.get(this.#slot(key, hero)) ?? inventoryAmount(this.inventory, key, hero)]),
    );
  }
  take(spent: Record<string, number>, hero: string | undefined, budget: Budget): void {
    for (const [key, amount] of Object.entries(spent)) this.#left.set(this.#slot(key, hero), budget[key]! - amount);
  }
}

/** How far what is left of the inventory takes one goal now; takes what those steps spend. */
function reachableNow(plan: GoalPlan, shared: SharedInventory): ReachableNow {
  if (!plan.priced) return { level: plan.to, stopped_by: 'target', next_step: null };
  const keys = plan.priced.range.table.materials.map((m) => m.key);
  const budget = shared.budgetFor(keys, plan.hero);
  const reach = reachOf([plan.priced], keys, budget, plan.priced.totals);
  shared.take(reach.spent, plan.hero, budget);
  const r = reach.ranges[0]!;
  return {
    level: r.reached,
    ...(r.reached_at_highest_figures ? { reached_at_highest_figures: r.reached_at_highest_figures } : {}),
    stopped_by: r.stopped_by,
    next_step: r.next_step ? { from: r.reached, to: r.next_step.to, short: r.next_step.short } : null,
  };
}

export function goalsReport(input: GoalsInput): GetMyGoalsOutput {
  const profile = input.profile?.value;
  const inventory = input.inventory?.value;
  const active = input.goals.filter((g) => g.goal.active);
  const goals: GoalEntry[] = [];
  const shared = new SharedInventory(inventory);
  const combined = new Map<string, { key: string; name: string; hero?: string; needed: number }>();

  for (const { id, goal } of active) {
    const subject = subjectOf(goal);
    const planned = planGoal(goal, profile, `/goals/${id}`);
    if (!planned.ok) {
      // Data imported through the CLI is validated, so this only happens if the cost data changed under it.
      goals.push({
        id,
        title: `${subject}: target ${String(goal.target)}`,
        system: goal.system,
        subject,
        from: '?',
        to: String(goal.target),
        status: 'in_progress',
        step_count: 0,
        materials: [],
        readiness: 0,
        ready: false,
        confidence: 'low',
        gaps: [planned.error.message],
        notes: [],
        ...(goal.note ? { note: goal.note } : {}),
      });
      continue;
    }
    const plan = planned.value;
    const materials: MaterialReadiness[] = Object.entries(plan.needed).map(([key, needed]) => {
      const name = plan.hero ? `${plan.materials[key] ?? key} (${heroName(plan.hero)})` : (plan.materials[key] ?? key);
      const slot = `${key}|${plan.hero ?? ''}`;
      const sum = combined.get(slot) ?? { key, name, ...(plan.hero ? { hero: plan.hero } : {}), needed: 0 };
      sum.needed += needed;
      combined.set(slot, sum);
      return materialReadiness(key, name, needed, inventory, plan.hero);
    });
    const readiness = overallReadiness(materials);
    goals.push({
      id,
      title: `${subject}: ${plan.from} → ${plan.to}`,
      system: goal.system,
      subject,
      from: plan.from,
      to: plan.to,
      status: plan.reached ? 'reached' : 'in_progress',
      step_count: plan.step_count,
      materials,
      readiness,
      ready: readiness === 1,
      confidence: plan.confidence,
      gaps: plan.gaps,
      notes: plan.notes,
      ...(plan.totals_range ? { totals_range: plan.totals_range } : {}),
      ...(goal.note ? { note: goal.note } : {}),
      reachable_now: reachableNow(plan, shared),
    });
  }

  const combinedMaterials = [...combined.values()].map((m) =>
    materialReadiness(m.key, m.name, m.needed, inventory, m.hero),
  );
  const combinedReadiness = overallReadiness(combinedMaterials);
  return {
    goals,
    combined: { materials: combinedMaterials, readiness: combinedReadiness, ready: combinedReadiness === 1 },
    inventory_order: INVENTORY_ORDER,
    inactive_goals: input.goals.length - active.length,
    profile_updated_at: iso(input.profile?.updatedAt),
    inventory_updated_at: iso(input.inventory?.updatedAt),
    data_version: DATA_VERSION,
  };
}

export { iso as isoSeconds };
