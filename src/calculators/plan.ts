/**
 * Several ranges at once, and how far a budget goes: built once on the ladder engine for every cost tool and for
 * plan_upgrades. A range is a stretch of one ladder for `count` units (pieces, charms) taken together; a list of
 * ranges is priced one by one and added up per material, and a budget is spent on the ranges in the order given.
 */
import type { CostTable } from '../../generated/data/types.js';
import { DATA_VERSION } from '../../generated/data/version.js';
import type { BudgetReach, CostRangeResult, Source } from '../../generated/shared-types.js';
import { failure, rangeReversed, success, type Outcome } from '../outcomes/failures.js';
import {
  costBetween,
  lowestConfidence,
  scaleRange,
  type Amount,
  type Confidence,
  type CostBreakdown,
  type LadderIndex,
  type TotalsRange,
} from './ladder.js';

/** One range of a list, read against its ladder: level indices from <= to, and how many units make it. */
export interface UnitRange {
  table: CostTable;
  index: LadderIndex;
  from: number;
  to: number;
  count: number;
  /** The building or track, for the tools whose ranges differ by one. */
  subject?: string;
}

/** A range with its breakdown (for one unit) and its totals for all its units. */
export interface PricedRange {
  range: UnitRange;
  breakdown: CostBreakdown;
  totals: Record<string, Amount>;
}

/** Materials a player has, by key; a key left out counts as none. */
export type Budget = Readonly<Record<string, number>>;

export function priceRange(range: UnitRange): PricedRange {
  const breakdown = costBetween(range.table, range.index, range.from, range.to);
  const totals = Object.fromEntries(
    Object.entries(breakdown.totals).map(([key, amount]) => [key, amount === null ? null : amount * range.count]),
  );
  return { range, breakdown, totals };
}

/** Per material, the sum over the ranges; unknown (null) when any range needs it in an unknown amount. */
export function sumTotals(keys: readonly string[], all: readonly Record<string, Amount>[]): Record<string, Amount> {
  const out: Record<string, Amount> = Object.fromEntries(keys.map((k) => [k, 0]));
  for (const totals of all)
    for (const key of keys) {
      const sum = out[key]!;
      const amount = totals[key] ?? 0;
      out[key] = sum === null || amount === null ? null : sum + amount;
    }
  return out;
}

/**
 * The totals range over several ranges: per disputed material the total used (every range, disputed or not) and
 * the lowest and highest, each range contributing its own spread.
 */
export function sumRanges(priced: readonly PricedRange[], totals: Record<string, Amount>): TotalsRange | undefined {
  const out: TotalsRange = {};
  for (const p of priced) {
    const range = p.breakdown.totals_range ? scaleRange(p.breakdown.totals_range, p.range.count) : undefined;
    for (const [key, r] of Object.entries(range ?? {})) {
      const used = totals[key];
      if (typeof used !== 'number') continue;
      const sum = (out[key] ??= { used, lowest: used, highest: used });
      sum.lowest += r.lowest - r.used;
      sum.highest += r.highest - r.used;
    }
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/** Each value once, in first-seen order. */
function unique<T>(values: Iterable<T>): T[] {
  return [...new Set(values)];
}

/** The sources of several ranges, once per id; a source that covers different parts of different ranges loses `covers`. */
function mergeSources(all: readonly Source[][]): Source[] {
  const byId = new Map<string, Source>();
  for (const sources of all)
    for (const source of sources) {
      const seen = byId.get(source.id);
      if (!seen) byId.set(source.id, { ...source });
      else if (seen.covers !== source.covers) delete seen.covers;
    }
  return [...byId.values()];
}

type Figure = 'used' | 'highest';

/** A step's cost for `count` units with the figures used, or the highest published where sources disagree. */
function stepCost(range: UnitRange, level: number, figure: Figure): Record<string, Amount> {
  const step = range.index.ladder.levels[level]!;
  const cost: Record<string, Amount> = {};
  for (const [key, amount] of Object.entries(step.cost ?? {})) {
    const others = figure === 'highest' ? (step.disputed?.[key]?.others.map((o) => o.value) ?? []) : [];
    cost[key] = Math.max(amount, ...others) * range.count;
  }
  for (const key of step.unknown ?? []) cost[key] = null;
  return cost;
}

type ReachEntry = BudgetReach['ranges'][number];

interface Walk {
  entries: ReachEntry[];
  spent: Record<string, number>;
  left: Record<string, number>;
  runsOutFirst: string | null;
}

/** Spends `have` on the ranges in order, each taking every step it can afford before the next one starts. */
function walk(priced: readonly PricedRange[], keys: readonly string[], have: Budget, figure: Figure): Walk {
  const left: Record<string, number> = Object.fromEntries(keys.map((k) => [k, have[k] ?? 0]));
  const spent: Record<string, number> = Object.fromEntries(keys.map((k) => [k, 0]));
  let runsOutFirst: string | null = null;
  const entries = priced.map(({ range }): ReachEntry => {
    const labels = range.index.labels;
    let at = range.from;
    let stoppedBy: ReachEntry['stopped_by'] = 'target';
    let next: ReachEntry['next_step'] = null;
    while (at < range.to) {
      const cost = stepCost(range, at + 1, figure);
      const short: Record<string, number> = {};
      let unknown = false;
      for (const [key, amount] of Object.entries(cost)) {
        if (amount === null) unknown = true;
        else if (amount > (left[key] ?? 0)) short[key] = amount - (left[key] ?? 0);
      }
      const shortKeys = Object.keys(short);
      if (shortKeys.length > 0 || unknown) {
        stoppedBy = shortKeys.length > 0 ? 'materials' : 'unknown_amount';
        next = { to: labels[at + 1]!, cost, short };
        if (shortKeys.length > 0 && runsOutFirst === null)
          // The scarcest against this step's need: the largest share of the step's amount that is missing.
          runsOutFirst = shortKeys.reduce((a, b) => (short[b]! / cost[b]! > short[a]! / cost[a]! ? b : a));
        break;
      }
      for (const [key, amount] of Object.entries(cost)) {
        left[key] = (left[key] ?? 0) - amount!;
        spent[key] = (spent[key] ?? 0) + amount!;
      }
      at++;
    }
    return {
      ...(range.subject ? { subject: range.subject } : {}),
      reached: labels[at]!,
      steps_taken: at - range.from,
      stopped_by: stoppedBy,
      next_step: next,
    };
  });
  return { entries, spent, left, runsOutFirst };
}

/** How far `have` takes the ranges (in order), what that spends and leaves, and what is short. */
export function reachOf(
  priced: readonly PricedRange[],
  keys: readonly string[],
  have: Budget,
  totals: Record<string, Amount>,
): BudgetReach {
  const used = walk(priced, keys, have, 'used');
  const highest = walk(priced, keys, have, 'highest');
  const ranges = used.entries.map((entry, i) => {
    const other = highest.entries[i]!;
    return other.reached === entry.reached ? entry : { ...entry, reached_at_highest_figures: other.reached };
  });
  const shortForAll = Object.fromEntries(
    keys.map((k) => {
      const total = totals[k];
      return [k, total === null || total === undefined ? null : Math.max(0, total - (have[k] ?? 0))];
    }),
  );
  return {
    complete: ranges.every((r) => r.stopped_by === 'target'),
    ranges,
    spent: used.spent,
    left: used.left,
    runs_out_first: used.runsOutFirst,
    short_for_all: shortForAll,
  };
}

/** The fields a list answer shares, whatever the tool. */
export interface ListAnswer {
  ranges: CostRangeResult[];
  totals: Record<string, Amount>;
  totals_range?: TotalsRange;
  materials: Record<string, string>;
  confidence: Confidence;
  notes: string[];
  gaps: string[];
  sources: Source[];
  data_version: string;
  reach?: BudgetReach;
}

/** One range's entry in a list answer (steps only when asked: a list answer stays short). */
export function rangeResult(p: PricedRange, includeSteps: boolean): CostRangeResult {
  const b = p.breakdown;
  return {
    ...(p.range.subject ? { subject: p.range.subject } : {}),
    from: b.from,
    to: b.to,
    count: p.range.count,
    step_count: b.step_count,
    totals: p.totals,
    confidence: b.confidence,
    ...(includeSteps ? { steps: b.steps } : {}),
  };
}

/** Several priced ranges as one answer: per range, in total, and (with a budget) how far it goes. */
export function listAnswer(
  priced: readonly PricedRange[],
  keys: readonly string[],
  options: { have?: Budget; includeSteps?: boolean },
): ListAnswer {
  const totals = sumTotals(
    keys,
    priced.map((p) => p.totals),
  );
  const totalsRange = sumRanges(priced, totals);
  const materials: Record<string, string> = {};
  for (const p of priced) Object.assign(materials, p.breakdown.materials);
  return {
    ranges: priced.map((p) => rangeResult(p, options.includeSteps ?? false)),
    totals,
    ...(totalsRange ? { totals_range: totalsRange } : {}),
    materials,
    confidence: lowestConfidence(
      priced.map((p) => p.breakdown.confidence),
      'high',
    ),
    // A list keeps the notes about its own steps (reasons for lowered confidence, disputes); the tables' general
    // notes are in the one-range answers, and a list answer stays short.
    notes: unique(priced.flatMap((p) => p.breakdown.notes.filter((n) => !p.range.table.notes.includes(n)))),
    gaps: unique(priced.flatMap((p) => p.breakdown.gaps)),
    sources: mergeSources(priced.map((p) => p.breakdown.sources)),
    data_version: DATA_VERSION,
    ...(options.have ? { reach: reachOf(priced, keys, options.have, totals) } : {}),
  };
}

/** The ladder's last level when `to` is left out, which only a budget allows ("how far can I go"). */
export function targetOrTop(
  argument: string,
  to: unknown,
  hasBudget: boolean,
  index: LadderIndex,
): Outcome<'top' | 'given'> {
  if (to !== undefined) return success('given');
  if (hasBudget) return success('top');
  return failure({
    code: 'INVALID_ARGUMENTS',
    message: `missing required argument "to": the target level (up to ${index.top}), unless "have" (the materials you have) is given to learn how far they reach.`,
    argument,
    allowed: `a level up to ${index.top}, or leave it out together with "have"`,
    suggestions: [],
  });
}

/**
 * Which form a call takes: one range (`from`, `to` ...) or a list (`ranges`); one of the two, not both.
 */
export function callShape(input: { from?: unknown; ranges?: readonly unknown[] }): Outcome<'single' | 'list'> {
  if (input.ranges !== undefined && input.from !== undefined)
    return failure({
      code: 'INVALID_ARGUMENTS',
      message:
        'Give either "from" (one range) or "ranges" (a list, each with its own from and to), not both: move this range into "ranges".',
      argument: '/ranges',
      allowed: 'one range ("from", "to") or "ranges"',
      suggestions: [],
    });
  if (input.ranges !== undefined) return success('list');
  if (input.from !== undefined) return success('single');
  return failure({
    code: 'INVALID_ARGUMENTS',
    message: '"from" is missing: give the current level ("from", and "to" unless "have" is given), or "ranges".',
    argument: '/from',
    allowed: 'one range ("from", "to") or "ranges"',
    suggestions: [],
  });
}

/** The first failure among outcomes, or all their values. */
export function allOf<T>(outcomes: readonly Outcome<T>[]): Outcome<T[]> {
  const values: T[] = [];
  for (const o of outcomes) {
    if (!o.ok) return o;
    values.push(o.value);
  }
  return success(values);
}

/** A cost tool's call, read and priced: one range (with its reach when a budget is given) or a list. */
export type CostCall =
  { kind: 'single'; priced: PricedRange; reach?: BudgetReach } | { kind: 'list'; answer: ListAnswer };

/**
 * What every cost tool does with its arguments: one range from the single arguments or a list from `ranges` (each
 * read by the tool's `resolve`, pointed at its own place in the arguments), priced, and spent against `have`.
 */
export function costCall<R>(
  input: { from?: unknown; ranges?: readonly R[]; have?: Budget; include_steps?: boolean },
  single: () => R,
  resolve: (range: R, at: string, hasBudget: boolean) => Outcome<UnitRange>,
  keys: readonly string[],
): Outcome<CostCall> {
  const shape = callShape(input);
  if (!shape.ok) return shape;
  const hasBudget = input.have !== undefined;
  if (shape.value === 'list') {
    const ranges = allOf(input.ranges!.map((r, i) => resolve(r, `/ranges/${i}`, hasBudget)));
    if (!ranges.ok) return ranges;
    const options = { ...(input.have ? { have: input.have } : {}), includeSteps: input.include_steps ?? false };
    return success({ kind: 'list', answer: listAnswer(ranges.value.map(priceRange), keys, options) });
  }
  const range = resolve(single(), '', hasBudget);
  if (!range.ok) return range;
  const priced = priceRange(range.value);
  return success({
    kind: 'single',
    priced,
    ...(input.have ? { reach: reachOf([priced], keys, input.have, priced.totals) } : {}),
  });
}

/**
 * A range from looked-up ends: the first failure (the count, an unknown level, `from` above `to`), or the range.
 * `to` is 'top' when it was left out with a budget (the ladder's last level).
 */
export function unitRange(
  table: CostTable,
  index: LadderIndex,
  ends: { from: Outcome<number>; to: Outcome<number> | 'top'; count?: Outcome<number> },
  subject?: string,
): Outcome<UnitRange> {
  const { from, count } = ends;
  if (count && !count.ok) return count;
  if (!from.ok) return from;
  const to = ends.to === 'top' ? success(index.labels.length - 1) : ends.to;
  if (!to.ok) return to;
  if (from.value > to.value) return rangeReversed(index.labels[from.value]!, index.labels[to.value]!);
  return success({
    table,
    index,
    from: from.value,
    to: to.value,
    count: count ? count.value : 1,
    ...(subject ? { subject } : {}),
  });
}

/** A tool's result with the single-range fields (from, to, steps ...) present: what a one-range call returns. */
export type WithRequired<T, K extends keyof T> = T & Required<Pick<T, K>>;

/** How far a budget takes one priced range (undefined without a budget). */
export function singleReach(priced: PricedRange, keys: readonly string[], have: Budget | undefined) {
  return have ? reachOf([priced], keys, have, priced.totals) : undefined;
}

/**
 * A one-range tool result as served: with a budget the steps are left out unless `include_steps` asks for them (the
 * reach is the answer; a whole ladder's steps would bury it).
 */
export function leanSingle<T extends { steps?: unknown }>(
  result: T,
  input: { have?: Budget; include_steps?: boolean },
): T {
  if (!input.have || input.include_steps) return result;
  const { steps: _steps, ...rest } = result;
  return rest as T;
}

/** How a calculator turns one priced range (and the reach of a budget on it) into its tool's one-range result. */
export type SingleResult<S> = (priced: PricedRange, reach: BudgetReach | undefined) => S;

/**
 * A calculator's one-range function: the range read from the single arguments (`read`, errors pointed at `/from`,
 * `/to`, …), priced, and how far `have` takes it when given, shaped by the calculator's `single`.
 */
export function singleRangeCost<R, S>(
  read: (range: R, at: string, hasBudget: boolean) => Outcome<UnitRange>,
  keys: readonly string[],
  single: SingleResult<S>,
): (input: R & { have?: Budget }) => Outcome<S> {
  return (input) => {
    const range = read(input, '', input.have !== undefined);
    if (!range.ok) return range;
    const priced = priceRange(range.value);
    return success(single(priced, singleReach(priced, keys, input.have)));
  };
}

/** A list answer with its totals in the form the tool's result declares (every material key, or unknown as null). */
export type ListResult<Totals> = Omit<ListAnswer, 'totals'> & { totals: Totals };

/**
 * A cost tool's answer to what `costCall` read: a list answer with its totals typed by `totalsOf`, or the one-range
 * result shaped by `single` (lean with a budget: `leanSingle`).
 */
export function toolAnswer<Totals, S extends { steps?: unknown }>(
  call: Outcome<CostCall>,
  input: { have?: Budget; include_steps?: boolean },
  totalsOf: (totals: Record<string, Amount>) => Totals,
  single: SingleResult<S>,
): Outcome<ListResult<Totals> | S> {
  if (!call.ok) return call;
  if (call.value.kind === 'list') {
    const { totals, ...rest } = call.value.answer;
    return success({ totals: totalsOf(totals), ...rest });
  }
  return success(leanSingle(single(call.value.priced, call.value.reach), input));
}
