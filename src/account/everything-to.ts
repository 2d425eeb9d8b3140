/**
 * "Everything of a kind to at least level L", from the saved profile: every charm to 12, every gear piece to the
 * best piece's level, every Truegold building to TG5. Each unit is planned as a goal would be (goal-plan.ts: the
 * same current-level reading and the same calculators), and the saved inventory is spent on them in order.
 */
import { COST_TABLES } from '../../generated/cost-systems.js';
import type { GetMyGoalsInput, GetMyGoalsOutput } from '../../generated/tools/index.js';
import { CHARM_LADDER } from '../calculators/governor-charm.js';
import { gearLevelIndex } from '../calculators/governor-gear.js';
import { lowestConfidence } from '../calculators/ladder.js';
import { listAnswer, type PricedRange } from '../calculators/plan.js';
import { buildingLevelLabel, findBuilding } from '../calculators/truegold.js';
import { failure, success, type Outcome } from '../outcomes/failures.js';
import { subjectOf } from './goals-report.js';
import { planGoal } from './goal-plan.js';
import type { GearPiece, Goal, Inventory, OtherBuilding, PlayerProfile } from './model.js';
import { inventoryAmount } from './readiness.js';

export type EverythingTo = NonNullable<GetMyGoalsOutput['everything_to']>;
type Request = NonNullable<GetMyGoalsInput['everything_to']>;

const PIECES: readonly GearPiece[] = ['crown', 'pendant', 'top', 'pants', 'bracelet', 'staff'];
const OTHER_BUILDINGS: readonly OtherBuilding[] = [
  'embassy',
  'command_center',
  'infirmary',
  'barracks',
  'stable',
  'range',
  'war_academy',
];
const POINTER = '/everything_to/level';

/** The profile's best level of the kind (`best`): the highest gear piece, charm or building. */
function bestLevel(system: Request['system'], profile: PlayerProfile | undefined): string | number {
  switch (system) {
    case 'governor_charm':
      return Math.max(0, ...PIECES.flatMap((p) => profile?.governor_gear[p]?.charms ?? []));
    case 'governor_gear': {
      const levels = PIECES.map((p) => profile?.governor_gear[p]?.level ?? 'not crafted');
      const ranked = levels.map((l) => ({ l, i: gearLevelIndex(POINTER, l) }));
      return ranked.reduce((a, b) => ((b.i.ok ? b.i.value : -1) > (a.i.ok ? a.i.value : -1) ? b : a)).l;
    }
    case 'truegold': {
      // Buildings share the level scale; the Town Center's is the profile's number, the others labels or numbers.
      const town = findBuilding('/building', 'town_center');
      const numeric = (value: string | number) =>
        town.ok ? (town.value.indexOf(typeof value === 'number' ? buildingLevelLabel(value) : value) ?? -1) : -1;
      const levels: (string | number)[] = [
        Math.max(30, profile?.town_center_level ?? 30),
        ...OTHER_BUILDINGS.map((b) => profile?.buildings[b] ?? 30),
      ];
      return levels.reduce((a, b) => (numeric(b) > numeric(a) ? b : a));
    }
  }
}

/** One goal per unit of the kind, each with the level as its target. */
function goalsFor(system: Request['system'], level: string | number): Goal[] {
  switch (system) {
    case 'governor_charm':
      return PIECES.flatMap((piece) =>
        ([1, 2, 3] as const).map((slot) => ({ system, piece, slot, target: Number(level), active: true })),
      );
    case 'governor_gear':
      return PIECES.map((piece) => ({ system, piece, target: String(level), active: true }));
    case 'truegold':
      return (['town_center', ...OTHER_BUILDINGS] as const).map((building) => ({
        system,
        building,
        target: level,
        active: true,
      }));
  }
}

/** A charm level must be a whole number the ladder has: said here, where the argument is read. */
function checkCharmLevel(level: string | number): Outcome<number> {
  const value = typeof level === 'number' ? level : /^\d{1,2}$/.test(level.trim()) ? Number(level) : Number.NaN;
  if (Number.isInteger(value) && CHARM_LADDER.indexOf(String(value)) !== undefined) return success(value);
  return failure({
    code: 'UNKNOWN_LEVEL',
    message: `${JSON.stringify(level)} is not a Governor Charm level: levels are whole numbers from 0 to ${CHARM_LADDER.top}, or "best".`,
    argument: POINTER,
    allowed: `0-${CHARM_LADDER.top} or best`,
    suggestions: [CHARM_LADDER.top],
  });
}

export function everythingTo(
  request: Request,
  profile: PlayerProfile | undefined,
  inventory: Inventory | undefined,
): Outcome<EverythingTo> {
  let level = request.level === 'best' ? bestLevel(request.system, profile) : request.level;
  if (request.system === 'governor_charm') {
    const charm = checkCharmLevel(level);
    if (!charm.ok) return charm;
    level = charm.value;
  }
  const priced: PricedRange[] = [];
  const subjects: string[] = [];
  let alreadyThere = 0;
  let canonical: string | undefined;
  for (const goal of goalsFor(request.system, level)) {
    const plan = planGoal(goal, profile, '/everything_to');
    if (!plan.ok) {
      const { error } = plan;
      // The level asked for is the goal's target; a profile field that cannot be read keeps its own pointer.
      return failure({ ...error, argument: error.argument === '/everything_to/target' ? POINTER : error.argument });
    }
    canonical ??= plan.value.to;
    if (!plan.value.priced) {
      alreadyThere++;
      continue;
    }
    const subject = subjectOf(goal);
    subjects.push(subject);
    priced.push({ ...plan.value.priced, range: { ...plan.value.priced.range, subject } });
  }
  const keys = COST_TABLES[request.system]!.materials.map((m) => m.key);
  const have = Object.fromEntries(keys.map((key) => [key, inventoryAmount(inventory, key)]));
  const answer = listAnswer(priced, keys, { have });
  return success({
    system: request.system,
    level: canonical ?? String(level),
    upgrades: priced.map((p, i) => ({
      subject: subjects[i]!,
      from: p.breakdown.from,
      to: p.breakdown.to,
      step_count: p.breakdown.step_count,
      totals: p.totals,
    })),
    already_there: alreadyThere,
    totals: answer.totals,
    ...(answer.totals_range ? { totals_range: answer.totals_range } : {}),
    materials: answer.materials,
    reach: answer.reach!,
    confidence: priced.length > 0 ? answer.confidence : lowestConfidence([], 'high'),
    // The tables' general notes belong to the cost tools; the plan keeps those about its own steps.
    notes: answer.notes.filter((n) => !priced.some((p) => p.range.table.notes.includes(n))),
    gaps: answer.gaps,
  });
}
