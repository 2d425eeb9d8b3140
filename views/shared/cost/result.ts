/**
 * The result shape the cost tools share (their generated output types: catalog/shared/cost-step*.yaml and the tools'
 * `result` schemas), read defensively (../read.ts).
 */
import type { CostStep as GeneratedCostStep, CostSteps, ReferenceSources } from '../../../generated/shared-types.js';
import type { ToolTypes } from '../../../generated/tools/index.js';
import { isNumber, isObject, isString, isStrings, readFields, type Lenient } from '../read.js';

/** An amount, or null where no source publishes it: shown as unknown, never as a number. */
export type Amount = GeneratedCostStep['cost'][string];

/**
 * The result of every tool whose output is a list of cost steps: the cost tools, as the catalogue declares them, in
 * their one-range form. A list result (`ranges`) has no `from`, `to` or steps of its own, and a budget result
 * (`have` → `reach`) lists its steps only when asked to: readCostResult gives those as empty `steps`.
 */
type CostToolOutput = Required<
  Pick<Extract<ToolTypes[keyof ToolTypes]['output'], { steps?: CostSteps }>, 'from' | 'to' | 'steps'>
> &
  Extract<ToolTypes[keyof ToolTypes]['output'], { steps?: CostSteps }>;

export type CostStep = Lenient<GeneratedCostStep>;

/**
 * A cost result as readCostResult gives it: the fields every cost tool's output has, except that the totals are
 * read by material key whatever the tool, the sources say what they are used for as the reference views' sources
 * do (a source that publishes only part of the range, its `covers`), and the tool's own fields (pieces, charms,
 * totals_per_piece, building, track, ...) are read by name.
 */
export type CostResult = Lenient<
  Pick<CostToolOutput, 'steps' | 'materials' | 'confidence' | 'notes' | 'gaps' | 'data_version'>
> & {
  /** Absent in a list result (each range has its own). */
  from?: string;
  to?: string;
  totals: Record<string, Amount>;
  sources: ReferenceSources;
  /** One entry per range of a list result; empty otherwise. */
  ranges: RangeTotals[];
  /** How far the player's materials go, when the call gave `have`. */
  reach?: Reach;
  /** Per disputed material: the total used and the lowest and highest the published figures make. */
  totals_range: Record<string, { used: number; lowest: number; highest: number }>;
  [field: string]: unknown;
};

/** One range of a list result (catalog/shared/cost-range-result.yaml). */
export interface RangeTotals {
  subject?: string;
  from: string;
  to: string;
  count: number;
  totals: Record<string, Amount>;
  confidence: string;
}

/** One range's line of `reach` (catalog/shared/budget-reach.yaml). */
export interface RangeReach {
  subject?: string;
  reached: string;
  reached_at_highest_figures?: string;
  stopped_by: string;
  next_step: { to: string; cost: Record<string, Amount>; short: Record<string, number> } | null;
}

export interface Reach {
  complete: boolean;
  ranges: RangeReach[];
  spent: Record<string, number>;
  left: Record<string, number>;
  runs_out_first: string | null;
  short_for_all: Record<string, Amount>;
}

const isAmounts = (v: unknown): v is Record<string, Amount> =>
  isObject(v) && Object.values(v).every((x) => x === null || isNumber(x));

const isCounts = (v: unknown): v is Record<string, number> => isObject(v) && Object.values(v).every(isNumber);
const isOptionalString = (v: unknown) => v === undefined || isString(v);

function isRange(v: unknown): v is RangeTotals {
  return (
    isObject(v) &&
    isOptionalString(v.subject) &&
    isString(v.from) &&
    isString(v.to) &&
    isNumber(v.count) &&
    isAmounts(v.totals) &&
    isString(v.confidence)
  );
}

function isRangeReach(v: unknown): v is RangeReach {
  if (!isObject(v) || !isOptionalString(v.subject) || !isString(v.reached) || !isString(v.stopped_by)) return false;
  if (!isOptionalString(v.reached_at_highest_figures)) return false;
  const next = v.next_step;
  return next === null || (isObject(next) && isString(next.to) && isAmounts(next.cost) && isCounts(next.short));
}

function isReach(v: unknown): v is Reach {
  return (
    isObject(v) &&
    typeof v.complete === 'boolean' &&
    Array.isArray(v.ranges) &&
    v.ranges.every(isRangeReach) &&
    isCounts(v.spent) &&
    isCounts(v.left) &&
    (v.runs_out_first === null || isString(v.runs_out_first)) &&
    isAmounts(v.short_for_all)
  );
}

const isTotalsRange = (v: unknown): v is CostResult['totals_range'] =>
  isObject(v) &&
  Object.values(v).every((x) => isObject(x) && isNumber(x.used) && isNumber(x.lowest) && isNumber(x.highest));

function isStep(v: unknown): v is CostStep {
  return (
    isObject(v) &&
    isString(v.from) &&
    isString(v.to) &&
    isAmounts(v.cost) &&
    (v.confidence === undefined || isString(v.confidence)) &&
    (v.note === undefined || isString(v.note)) &&
    (v.unknown === undefined || isStrings(v.unknown))
  );
}

export function readCostResult(input: unknown): CostResult {
  const value = readFields(input, (v) => [
    // A list result has neither (its ranges have them); a budget result leaves its steps out unless asked.
    ['from', v.ranges !== undefined ? v.from === undefined : isString(v.from), 'is not a string'],
    ['to', v.ranges !== undefined ? v.to === undefined : isString(v.to), 'is not a string'],
    [
      'steps',
      v.steps === undefined
        ? v.ranges !== undefined || v.reach !== undefined
        : Array.isArray(v.steps) && v.steps.every(isStep),
      'is not a list of steps',
    ],
    [
      'ranges',
      v.ranges === undefined || (Array.isArray(v.ranges) && v.ranges.every(isRange)),
      'is not a list of ranges',
    ],
    ['reach', v.reach === undefined || isReach(v.reach), 'is not a budget answer'],
    ['totals_range', v.totals_range === undefined || isTotalsRange(v.totals_range), 'is not a table of ranges'],
    ['totals', isAmounts(v.totals), 'is not a table of amounts'],
    ['materials', isObject(v.materials) && Object.values(v.materials).every(isString), 'is not a table of names'],
    ['confidence', isString(v.confidence), 'is not a string'],
    ['notes', v.notes === undefined || isStrings(v.notes), 'is not a list of strings'],
    ['gaps', v.gaps === undefined || isStrings(v.gaps), 'is not a list of strings'],
  ]);
  // A source that publishes only part of the range shows that part where the reference views show what a source is used for.
  const sources = Array.isArray(value.sources)
    ? value.sources
        .filter(
          (x): x is { id: string; ref: string; covers?: unknown } => isObject(x) && isString(x.id) && isString(x.ref),
        )
        .map((x) => ({
          id: x.id,
          ref: x.ref,
          ...(isString(x.covers) ? { used_for: `the steps ${x.covers} only` } : {}),
        }))
    : [];
  return {
    ...value,
    steps: (value.steps as CostStep[] | undefined) ?? [],
    ranges: (value.ranges as RangeTotals[] | undefined) ?? [],
    totals_range: (value.totals_range as CostResult['totals_range'] | undefined) ?? {},
    notes: (value.notes as string[] | undefined) ?? [],
    gaps: (value.gaps as string[] | undefined) ?? [],
    sources,
    data_version: isString(value.data_version) ? value.data_version : '',
  } as CostResult;
}

/** Material keys in display order: the order of `materials`, then any key only the totals name. */
export function materialKeys(result: CostResult): string[] {
  const keys = Object.keys(result.materials);
  for (const key of Object.keys(result.totals)) if (!keys.includes(key)) keys.push(key);
  return keys;
}

export function materialName(result: CostResult, key: string): string {
  return result.materials[key] ?? key.replaceAll('_', ' ');
}

/** Cumulative per-unit amount of one material after each step (index i = after step i): the known amounts only. */
export function cumulative(steps: readonly CostStep[], key: string): number[] {
  let sum = 0;
  return steps.map((step) => (sum += step.cost[key] ?? 0));
}

/** Whether a step's amount of a material is unknown (null, or named in `unknown` by an older result). */
export function isUnknown(step: CostStep, key: string): boolean {
  return step.cost[key] === null || (step.unknown?.includes(key) ?? false);
}

/** Number of steps whose amount of a material no source publishes (a data gap). */
export function unknownSteps(result: CostResult, key: string): number {
  return result.steps.filter((step) => isUnknown(step, key)).length;
}
