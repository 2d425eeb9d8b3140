/**
 * Governor Gear: labels like `Gold T2 ★1` (tier, optional T-step, stars), read leniently (`gold t2 *1`,
 * `Gold T2 star 1`), on the 59-level ladder from `not crafted` to `Red T6 ★3`.
 */
import { governorGear } from '../../generated/data/costs/governor-gear.js';
import type { GovernorGearMaterials } from '../../generated/shared-types.js';
import type { GovernorGearCostInput, GovernorGearCostOutput } from '../../generated/tools/governor_gear_cost/types.js';
import { success, unknownLevel, type Outcome } from '../outcomes/failures.js';
import { closest } from '../outcomes/similarity.js';
import { checkQuantity, details, knownTotals, knownUnitTotals, ladderOf } from './ladder.js';
import {
  costCall,
  singleRangeCost,
  targetOrTop,
  toolAnswer,
  unitRange,
  type Budget,
  type PricedRange,
  type UnitRange,
  type WithRequired,
} from './plan.js';
import type { BudgetReach } from '../../generated/shared-types.js';

// The result's type names every key; a key missing here fails to compile where the totals are returned.
const MATERIALS = [
  'satin',
  'gilded_threads',
  'artisans_vision',
] as const satisfies readonly (keyof GovernorGearMaterials)[];

const LADDER = ladderOf(governorGear, 'governor_gear');
const TIERS = ['Green', 'Blue', 'Purple', 'Gold', 'Red'] as const;
const NOT_CRAFTED = new Set(['not crafted', 'none', 'uncrafted', 'not crafted yet', 'no gear']);
const RARITY_ALIASES: Readonly<Record<string, (typeof TIERS)[number]>> = {
  uncommon: 'Green',
  rare: 'Blue',
  epic: 'Purple',
};
const AMBIGUOUS_RARITIES = new Set(['mythic', 'legendary', 'legend', 'myth']);

interface GearLevel {
  tier: number;
  step: number;
  stars: number;
}

/** Structure of every real level, read once from the data labels. */
const LEVELS: readonly (GearLevel & { label: string })[] = LADDER.labels.slice(1).map((label) => {
  const parsed = /^(\w+)(?: T(\d+))? ★(\d+)$/.exec(label);
  if (!parsed) throw new Error(`data: unexpected Governor Gear label "${label}"`);
  return {
    label,
    tier: TIERS.indexOf(parsed[1] as (typeof TIERS)[number]),
    step: Number(parsed[2] ?? 0),
    stars: Number(parsed[3]),
  };
});

/** "Green ★0-★1; Blue ★0-★3; Purple, Purple T1 ★0-★3; ..." derived from the data, for error messages. */
const ALLOWED = (() => {
  const parts = TIERS.map((tier, t) => {
    const own = LEVELS.filter((l) => l.tier === t);
    const maxStep = Math.max(...own.map((l) => l.step));
    const maxStars = Math.max(...own.map((l) => l.stars));
    const steps = maxStep === 0 ? tier : `${tier}, ${tier} T1${maxStep > 1 ? `-T${maxStep}` : ''}`;
    return `${steps} ★0-★${maxStars}`;
  });
  return `"<Tier>[ T<n>] ★<stars>" or "not crafted": ${parts.join('; ')}`;
})();

function normalise(text: string): string {
  return text
    .toLowerCase()
    .replace(/[★☆*]/g, ' star ')
    .replace(/\bstars\b/g, 'star')
    .replace(/\s+/g, ' ')
    .trim();
}

type Parsed =
  | { kind: 'level'; level: GearLevel }
  | { kind: 'not-crafted' }
  | { kind: 'ambiguous'; word: string }
  | { kind: 'unreadable' };

function parse(text: string): Parsed {
  const s = normalise(text);
  if (NOT_CRAFTED.has(s)) return { kind: 'not-crafted' };
  const match = /^([a-z]+)(?: ?t ?(\d{1,2}))?(?: ?star ?(\d{1,2})| (\d{1,2}) ?star)?$/.exec(s);
  if (!match) return { kind: 'unreadable' };
  const word = match[1]!;
  if (AMBIGUOUS_RARITIES.has(word)) return { kind: 'ambiguous', word };
  const tierName = RARITY_ALIASES[word] ?? TIERS.find((t) => t.toLowerCase() === word);
  if (!tierName) return { kind: 'unreadable' };
  return {
    kind: 'level',
    level: { tier: TIERS.indexOf(tierName), step: Number(match[2] ?? 0), stars: Number(match[3] ?? match[4] ?? 0) },
  };
}

function labelOf(level: GearLevel): string {
  return `${TIERS[level.tier]}${level.step > 0 ? ` T${level.step}` : ''} ★${level.stars}`;
}

/** Real levels nearest to a well-formed but non-existent one: same tier first, then closest T-step, then stars. */
function nearestLevels(level: GearLevel): string[] {
  return LEVELS.map((l, order) => ({
    l,
    order,
    score: (l.tier === level.tier ? 0 : 100) + Math.abs(l.step - level.step) * 4 + Math.abs(l.stars - level.stars),
  }))
    .sort((a, b) => a.score - b.score || a.order - b.order)
    .slice(0, 3)
    .map((x) => x.l.label);
}

function levelReason(level: GearLevel): string {
  const own = LEVELS.filter((l) => l.tier === level.tier);
  const tier = TIERS[level.tier]!;
  const maxStep = Math.max(...own.map((l) => l.step));
  if (level.step > maxStep) return maxStep === 0 ? `${tier} has no T-steps` : `${tier} goes up to T${maxStep}`;
  const maxStars = Math.max(...own.filter((l) => l.step === level.step).map((l) => l.stars));
  return `${labelOf({ ...level, stars: 0 }).replace(' ★0', '')} goes up to ★${maxStars}`;
}

/** Ladder index of a label, or a failure naming the nearest real levels. */
export function gearLevelIndex(argument: string, text: string): Outcome<number> {
  const parsed = parse(text);
  const what = 'a Governor Gear level';
  switch (parsed.kind) {
    case 'not-crafted':
      return success(0);
    case 'ambiguous':
      return unknownLevel(
        argument,
        text,
        what,
        ALLOWED,
        ['Gold ★0', 'Red ★0'],
        `"${parsed.word}" means Gold on some sites and Red on others; name the colour instead`,
      );
    case 'unreadable':
      return unknownLevel(argument, text, what, ALLOWED, closest(text, LADDER.labels, 3, normalise));
    case 'level': {
      const index = LADDER.indexOf(labelOf(parsed.level));
      if (index !== undefined) return success(index);
      return unknownLevel(argument, text, what, ALLOWED, nearestLevels(parsed.level), levelReason(parsed.level));
    }
  }
}

type GearRange = { from: string; to?: string; pieces?: number };

/** One range of pieces read against the ladder; `at` is where it sits in the arguments ('' or `/ranges/<i>`). */
export function gearRange(range: GearRange, at: string, hasBudget: boolean): Outcome<UnitRange> {
  const target = targetOrTop(`${at}/to`, range.to, hasBudget, LADDER);
  if (!target.ok) return target;
  return unitRange(governorGear, LADDER, {
    count: checkQuantity(`${at}/pieces`, range.pieces, governorGear.per!),
    from: gearLevelIndex(`${at}/from`, range.from),
    to: range.to === undefined ? 'top' : gearLevelIndex(`${at}/to`, range.to),
  });
}

/** A one-range result: the tool's result with the single-range fields present. */
export type GovernorGearCostSingle = WithRequired<
  GovernorGearCostOutput,
  'from' | 'to' | 'pieces' | 'step_count' | 'steps' | 'totals_per_piece'
>;

function singleResult(priced: PricedRange, reach: BudgetReach | undefined): GovernorGearCostSingle {
  const b = priced.breakdown;
  const totals = knownUnitTotals(b, MATERIALS, priced.range.count);
  return {
    from: b.from,
    to: b.to,
    pieces: priced.range.count,
    step_count: b.step_count,
    totals: totals.all,
    totals_per_piece: totals.perUnit,
    ...details(b, priced.range.count),
    ...(reach ? { reach } : {}),
  };
}

/** One range (the single arguments), with how far `have` takes it when given. */
export const governorGearCost: (input: GearRange & { have?: Budget }) => Outcome<GovernorGearCostSingle> =
  singleRangeCost(gearRange, MATERIALS, singleResult);

/** The tool: one range or a list (`ranges`), with a budget (`have`) applying to the list as a whole. */
export function governorGearCostTool(input: GovernorGearCostInput): Outcome<GovernorGearCostOutput> {
  const call = costCall(input, () => ({ from: input.from!, to: input.to, pieces: input.pieces }), gearRange, MATERIALS);
  return toolAnswer(call, input, (totals) => knownTotals(totals, MATERIALS), singleResult);
}
