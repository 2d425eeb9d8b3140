/**
 * Hero stars: positions written `<star>★ <k>/6` (star <star> being filled, <k> of its 6 sub-tiers done), `<n>★` for
 * n full stars, `0★`, or `locked`; or the object {stars, tier}. Internally a position is a count of sub-tiers
 * done (0-30); the ladder is `locked`, `0★`, `1★ 1/6` ... `5★ 6/6`.
 */
import { heroShards } from '../../generated/data/costs/hero-shards.js';
import type { StarPosition } from '../../generated/shared-types.js';
import type { HeroShardsCostInput, HeroShardsCostOutput } from '../../generated/tools/hero_shards_cost/types.js';
import { success, unknownLevel, type Outcome } from '../outcomes/failures.js';
import { details, knownTotals, ladderOf } from './ladder.js';
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
import { closest } from '../outcomes/similarity.js';

/** A position as the tool takes it: a label, or {stars, tier}. */
type Position = string | StarPosition;

// The result's type names every key; a key missing here fails to compile where the totals are returned.
const MATERIALS = ['shards'] as const satisfies readonly (keyof HeroShardsCostOutput['totals'])[];

const LADDER = ladderOf(heroShards, 'hero_shards');
const MAX_STARS = 5;
const SUB_TIERS = 6;
const LOCKED = 'locked';
const ALLOWED =
  '"locked", "0★", "<star>★ <k>/6" with star 1-5 and k 0-6, "<n>★" (n full stars), or {"stars": n, "tier": k}';

/** Ladder index of a sub-tier count (0 = 0★); index 0 is `locked`. */
function ladderIndexOf(subTiers: number): number {
  return subTiers + 1;
}

function labelOf(subTiers: number): string {
  if (subTiers === 0) return '0★';
  const star = Math.ceil(subTiers / SUB_TIERS);
  return `${star}★ ${subTiers - (star - 1) * SUB_TIERS}/6`;
}

type Reading = { stars: number; tier: number | undefined } | 'locked' | undefined;

function read(position: Position): Reading {
  if (typeof position !== 'string') return { stars: position.stars, tier: position.tier };
  const s = position
    .toLowerCase()
    .replace(/[★☆*]/g, ' star ')
    .replace(/\bstars\b/g, 'star')
    .replace(/\s+/g, ' ')
    .trim();
  if (/^(?:locked|not unlocked|unowned|not owned)$/.test(s)) return LOCKED;
  const m = /^(\d{1,2}) ?star(?: ?(?:tier ?)?(\d{1,2})(?: ?\/ ?6)?| full)?$/.exec(s) ?? /^(\d{1,2})$/.exec(s);
  if (!m) return undefined;
  return { stars: Number(m[1]), tier: m[2] === undefined ? undefined : Number(m[2]) };
}

/** Sub-tiers done for a star reading, or a reason it is not a position. */
function subTiersOf(stars: number, tier: number | undefined): number | string {
  if (!Number.isInteger(stars) || stars < 0 || stars > MAX_STARS) return `heroes have 0 to ${MAX_STARS} stars`;
  if (tier === undefined) return stars * SUB_TIERS;
  if (!Number.isInteger(tier) || tier < 0 || tier > SUB_TIERS)
    return `each star has ${SUB_TIERS} sub-tiers (k is 0-${SUB_TIERS})`;
  if (stars === 0) return tier === 0 ? 0 : 'a hero with 0 stars has no sub-tiers; the first sub-tier is "1★ 1/6"';
  return (stars - 1) * SUB_TIERS + tier;
}

function nearest(stars: number, tier: number | undefined): string[] {
  const clampedStars = Math.min(MAX_STARS, Math.max(0, Math.round(stars) || 0));
  if (tier === undefined || clampedStars === 0) return [labelOf(clampedStars * SUB_TIERS)];
  const base = (clampedStars - 1) * SUB_TIERS;
  const within = Math.min(SUB_TIERS, Math.max(0, Math.round(tier) || 0));
  const candidates = [base + within, base + within + 1].filter((p) => p >= 0 && p <= MAX_STARS * SUB_TIERS);
  return [...new Set(candidates.map(labelOf))];
}

export function starPositionIndex(argument: string, position: Position): Outcome<number> {
  const reading = read(position);
  const what = 'a hero star position';
  if (reading === LOCKED) return success(0);
  if (reading === undefined)
    return unknownLevel(argument, position, what, ALLOWED, closest(String(position), LADDER.labels, 3));
  const subTiers = subTiersOf(reading.stars, reading.tier);
  if (typeof subTiers === 'string')
    return unknownLevel(
      argument,
      typeof position === 'string' ? position : JSON.stringify(position),
      what,
      ALLOWED,
      nearest(reading.stars, reading.tier),
      subTiers,
    );
  return success(ladderIndexOf(subTiers));
}

function ordinal(n: number): string {
  return `${n}${n === 1 ? 'st' : n === 2 ? 'nd' : n === 3 ? 'rd' : 'th'}`;
}

function fullStars(n: number): string {
  return n === 0 ? 'no full star' : `${n} full ${n === 1 ? 'star' : 'stars'}`;
}

/**
 * A position in words, as the data's labels mean it: `3★ 2/6` is star 3 being filled, so 2 full stars and 2 of the
 * 6 sub-tiers of the 3rd (players also say "2 stars, 2/6 to the 3rd"); `3★ 6/6` is 3 full stars.
 */
function wordsOf(index: number): string {
  if (index === 0) return 'locked: the hero is not unlocked yet';
  const subTiers = index - 1;
  if (subTiers === 0) return 'unlocked with no stars yet (0 of 6 sub-tiers of the 1st star)';
  const full = Math.floor(subTiers / SUB_TIERS);
  const within = subTiers - full * SUB_TIERS;
  if (within === 0)
    return full === MAX_STARS
      ? `${fullStars(full)}, the maximum`
      : `${fullStars(full)} (0 of 6 sub-tiers of the ${ordinal(full + 1)} star)`;
  return `${fullStars(full)} and ${within} of 6 sub-tiers of the ${ordinal(full + 1)} star`;
}

/** A hero's star position read as hero_shards_cost reads it: its label and what it means in words. */
export function starPositionInWords(argument: string, position: Position): Outcome<{ label: string; words: string }> {
  const index = starPositionIndex(argument, position);
  if (!index.ok) return index;
  return success({ label: LADDER.labels[index.value]!, words: wordsOf(index.value) });
}

type ShardRange = { from: Position; to?: Position };

/** One hero's star range; `at` is where it sits in the arguments ('' or `/ranges/<i>`). */
export function shardRange(range: ShardRange, at: string, hasBudget: boolean): Outcome<UnitRange> {
  const target = targetOrTop(`${at}/to`, range.to, hasBudget, LADDER);
  if (!target.ok) return target;
  return unitRange(heroShards, LADDER, {
    from: starPositionIndex(`${at}/from`, range.from),
    to: range.to === undefined ? 'top' : starPositionIndex(`${at}/to`, range.to),
  });
}

/** A one-range result: the tool's result with the single-range fields present. */
export type HeroShardsCostSingle = WithRequired<HeroShardsCostOutput, 'from' | 'to' | 'step_count' | 'steps'>;

function singleResult(priced: PricedRange, reach: BudgetReach | undefined): HeroShardsCostSingle {
  const b = priced.breakdown;
  return {
    from: b.from,
    to: b.to,
    step_count: b.step_count,
    totals: knownTotals(b.totals, MATERIALS),
    ...details(b),
    ...(reach ? { reach } : {}),
  };
}

/** One range (the single arguments), with how far `have` takes it when given. */
export const heroShardsCost: (input: ShardRange & { have?: Budget }) => Outcome<HeroShardsCostSingle> = singleRangeCost(
  shardRange,
  MATERIALS,
  singleResult,
);

/** The tool: one range or a list (`ranges`), with a budget (`have`) applying to the list as a whole. */
export function heroShardsCostTool(input: HeroShardsCostInput): Outcome<HeroShardsCostOutput> {
  const call = costCall(input, () => ({ from: input.from!, to: input.to }), shardRange, MATERIALS);
  return toolAnswer(call, input, (totals) => knownTotals(totals, MATERIALS), singleResult);
}
