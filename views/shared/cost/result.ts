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
 * their one-range form (a list of ranges, `ranges`, has no steps of its own and is not shown by these views).
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
  Pick<CostToolOutput, 'from' | 'to' | 'steps' | 'materials' | 'confidence' | 'notes' | 'gaps' | 'data_version'>
> & {
  totals: Record<string, Amount>;
  sources: ReferenceSources;
  [field: string]: unknown;
};

const isAmounts = (v: unknown): v is Record<string, Amount> =>
  isObject(v) && Object.values(v).every((x) => x === null || isNumber(x));

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
    ['from', isString(v.from), 'is not a string'],
    ['to', isString(v.to), 'is not a string'],
    ['steps', Array.isArray(v.steps) && v.steps.every(isStep), 'is not a list of steps'],
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
