/**
 * The engine every cost calculator shares. A ladder is the ordered list of levels of one system; each level
 * carries the cost of the single step that reaches it. The cost between two levels is the sum of the steps
 * after `from` up to and including `to`.
 */
import type { CostTable } from '../../generated/data/types.js';
import { DATA_VERSION } from '../../generated/data/version.js';
import type { Confidence, CostStep, Source, TotalsRange } from '../../generated/shared-types.js';
import { failure, rangeReversed, success, type Outcome } from '../outcomes/failures.js';

export type Ladder = CostTable['ladders'][number];
/** The confidence scale of catalog/shared/confidence.yaml (the cost tables use the same five values). */
export type { Confidence };

const CONFIDENCE_ORDER: readonly Confidence[] = ['high', 'medium-high', 'medium', 'low-medium', 'low'];

/** An amount of a material; null when no source publishes it (a data gap), never a guessed 0. */
export type Amount = number | null;

/** One step of a result: the type generated from catalog/shared/cost-step.yaml, the schema the tools serve. */
export type { CostStep, TotalsRange };

/**
 * The most a disputed step's confidence can be: the sources disagree on one of its amounts, so the figure used is a
 * choice between published figures (a majority, or the newer table), not an agreement.
 */
export const DISPUTED_STEP_CONFIDENCE: Confidence = 'medium-high';

/** The fields every cost tool result shares. */
export interface CostBreakdown {
  from: string;
  to: string;
  step_count: number;
  steps: CostStep[];
  /** Sum over the steps per material; null for a material some step needs in an unknown amount. */
  totals: Record<string, Amount>;
  /** Per disputed material (for one unit): the total used and the lowest and highest the published figures make. */
  totals_range?: TotalsRange;
  materials: Record<string, string>;
  confidence: Confidence;
  notes: string[];
  gaps: string[];
  sources: Source[];
  data_version: string;
}

export function lowestConfidence(values: Iterable<Confidence>, fallback: Confidence): Confidence {
  let worst = -1;
  for (const value of values) worst = Math.max(worst, CONFIDENCE_ORDER.indexOf(value));
  return worst < 0 ? fallback : CONFIDENCE_ORDER[worst]!;
}

/** Looks up a ladder's levels by label, case-insensitively. Built once per ladder at module load. */
export class LadderIndex {
  readonly ladder: Ladder;
  readonly labels: readonly string[];
  readonly #byLabel: ReadonlyMap<string, number>;
  constructor(ladder: Ladder) {
    this.ladder = ladder;
    this.labels = ladder.levels.map((l) => l.label);
    this.#byLabel = new Map(this.labels.map((label, i) => [label.toLowerCase(), i]));
  }
  indexOf(label: string): number | undefined {
    return this.#byLabel.get(label.toLowerCase());
  }
  get top(): string {
    return this.labels[this.labels.length - 1]!;
  }
}

export function ladderOf(table: CostTable, key: string): LadderIndex {
  const ladder = table.ladders.find((l) => l.key === key);
  if (!ladder) throw new Error(`data: ${table.system} has no ladder "${key}"`);
  return new LadderIndex(ladder);
}

/**
 * The part of the ladder a source publishes, as level indices (the steps first+1..last), or undefined when it
 * publishes none of it. A ladder its `covers` gives as {ladder, from, to} has its own bounds; one named by key (or
 * every ladder, when `covers` names none) has the bounds beside `ladders`. Codegen checks that each bound is a level.
 */
function coveredPart(
  covers: CostTable['sources'][number]['covers'],
  index: LadderIndex,
): { first: number; last: number } | undefined {
  let bounds: { from?: string; to?: string } = covers ?? {};
  if (covers?.ladders) {
    const entry = covers.ladders.find((e) => (typeof e === 'string' ? e : e.ladder) === index.ladder.key);
    if (entry === undefined) return undefined;
    if (typeof entry !== 'string') bounds = entry;
  }
  return {
    first: bounds.from === undefined ? 0 : index.indexOf(bounds.from)!,
    last: bounds.to === undefined ? index.labels.length - 1 : index.indexOf(bounds.to)!,
  };
}

/**
 * The sources that publish at least one of the steps from+1..to (level indices), each with the part it covers when
 * that is not the whole range. A range without steps (from = to) names the sources that publish its level, with no
 * part (there is nothing to narrow down).
 */
function sourcesOfSteps(table: CostTable, index: LadderIndex, from: number, to: number): CostBreakdown['sources'] {
  const out: CostBreakdown['sources'] = [];
  for (const source of table.sources) {
    const part = coveredPart(source.covers, index);
    if (!part) continue;
    const entry: CostBreakdown['sources'][number] = { id: source.id, ref: source.ref };
    if (to === from) {
      if (part.first <= from && from <= part.last) out.push(entry);
      continue;
    }
    if (part.last <= from || part.first >= to) continue;
    // Where the source starts after `from`, or stops before `to`, the part it covers is named.
    const start = Math.max(from, part.first);
    if (start > from || part.last < to)
      entry.covers = `${index.labels[start]} -> ${index.labels[Math.min(part.last, to)]}`;
    out.push(entry);
  }
  return out;
}

/** The reasons of the ladder's lowered confidence that touch the steps from+1..to, once each, in data order. */
function confidenceReasons(index: LadderIndex, from: number, to: number): string[] {
  const reasons: string[] = [];
  for (const entry of index.ladder.confidence_reasons ?? []) {
    const first = entry.from === undefined ? 1 : index.indexOf(entry.from)!;
    const last = entry.to === undefined ? index.labels.length - 1 : index.indexOf(entry.to)!;
    if (first <= to && last > from && !reasons.includes(entry.reason)) reasons.push(entry.reason);
  }
  return reasons;
}

type Dispute = NonNullable<Ladder['levels'][number]['disputed']>[string];

/** "Sources disagree on Tempered Truegold for TG5-4 -> TG6: 4 (kingshotdata_kr, zikowang) is used; 5 (aistra)." */
function disputeNote(material: string, step: CostStep, used: number, dispute: Dispute): string {
  const others = dispute.others.map((o) => `${o.value} (${o.sources.join(', ')})`).join('; ');
  return `Sources disagree on ${material} for ${step.from} -> ${step.to}: ${used} (${dispute.used_by.join(', ')}) is used; also published: ${others}. See totals_range.`;
}

/** The totals range of the disputed materials whose total is known (an unknown total has no range to give). */
function rangeOfTotals(
  totals: Record<string, Amount>,
  differences: Record<string, { lowest: number; highest: number }>,
): TotalsRange | undefined {
  const out: TotalsRange = {};
  for (const [key, d] of Object.entries(differences)) {
    const used = totals[key];
    if (typeof used !== 'number') continue;
    out[key] = { used, lowest: used + d.lowest, highest: used + d.highest };
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/** The breakdown from level index `from` to level index `to` (from <= to) on one ladder, for a single unit. */
export function costBetween(table: CostTable, index: LadderIndex, from: number, to: number): CostBreakdown {
  const { levels } = index.ladder;
  const names = Object.fromEntries(table.materials.map((m) => [m.key, m.name]));
  const totals: Record<string, Amount> = Object.fromEntries(table.materials.map((m) => [m.key, 0]));
  const steps: CostStep[] = [];
  const gaps: string[] = [];
  const confidences: Confidence[] = [];
  // Differences from the totals per disputed material, turned into totals once the totals are known.
  const ranges: Record<string, { used: number; lowest: number; highest: number }> = {};
  const disputes: string[] = [];
  for (let i = from + 1; i <= to; i++) {
    const level = levels[i]!;
    const step: CostStep = { from: levels[i - 1]!.label, to: level.label, cost: { ...level.cost } };
    for (const [key, amount] of Object.entries(level.cost ?? {})) {
      const sum = totals[key] ?? 0;
      totals[key] = sum === null ? null : sum + amount;
    }
    if (level.confidence) step.confidence = level.confidence;
    if (level.note) step.note = level.note;
    if (level.unknown && level.unknown.length > 0) {
      // An unknown amount makes the material's total unknown: a partial sum would read as the whole cost.
      for (const key of level.unknown) {
        step.cost[key] = null;
        totals[key] = null;
      }
      step.unknown = [...level.unknown];
      const what = level.unknown.map((k) => names[k] ?? k).join(' and ');
      const which = level.unknown.length === 1 ? `the ${what} total is` : `the totals of ${what} are`;
      gaps.push(`${what} for ${step.from} -> ${step.to}: no source publishes this cost, so ${which} unknown (null).`);
    }
    let confidence = level.confidence ?? index.ladder.confidence;
    if (level.disputed) {
      step.disputed = {};
      for (const [key, dispute] of Object.entries(level.disputed)) {
        const used = level.cost![key]!;
        const published = [used, ...dispute.others.map((o) => o.value)].sort((a, b) => a - b);
        step.disputed[key] = published;
        const sum = (ranges[key] ??= { used: 0, lowest: 0, highest: 0 });
        sum.lowest += published[0]! - used;
        sum.highest += published[published.length - 1]! - used;
        disputes.push(disputeNote(names[key] ?? key, step, used, dispute));
      }
      confidence = lowestConfidence([confidence, DISPUTED_STEP_CONFIDENCE], confidence);
    }
    confidences.push(confidence);
    steps.push(step);
  }
  const totalsRange = rangeOfTotals(totals, ranges);
  return {
    from: levels[from]!.label,
    to: levels[to]!.label,
    step_count: steps.length,
    steps,
    totals,
    ...(totalsRange ? { totals_range: totalsRange } : {}),
    materials: names,
    confidence: lowestConfidence(confidences, index.ladder.confidence),
    notes: [...table.notes, ...confidenceReasons(index, from, to), ...disputes],
    gaps,
    sources: sourcesOfSteps(table, index, from, to),
    data_version: DATA_VERSION,
  };
}

/** The breakdown between two looked-up levels, or the first failure (an unknown level, or `from` above `to`). */
export function breakdownBetween(
  table: CostTable,
  index: LadderIndex,
  from: Outcome<number>,
  to: Outcome<number>,
): Outcome<CostBreakdown> {
  if (!from.ok) return from;
  if (!to.ok) return to;
  if (from.value > to.value) return rangeReversed(index.labels[from.value]!, index.labels[to.value]!);
  return success(costBetween(table, index, from.value, to.value));
}

/**
 * Narrows a totals record to a system's material keys (a missing key means none of that material is needed),
 * keeping unknown amounts null. For the tables whose result schema allows unknown amounts.
 */
export function pickTotals<K extends string>(totals: Record<string, Amount>, keys: readonly K[]): Record<K, Amount> {
  return Object.fromEntries(keys.map((k) => [k, totals[k] === undefined ? 0 : totals[k]])) as Record<K, Amount>;
}

/**
 * The same for a table that has no unknown amounts (its data declares none; codegen's data checks and the
 * calculator tests hold it to that), so its result schema promises integers.
 */
export function knownTotals<K extends string>(totals: Record<string, Amount>, keys: readonly K[]): Record<K, number> {
  const picked = pickTotals(totals, keys);
  for (const key of keys)
    if (picked[key] === null)
      throw new Error(`data: the amount of ${key} is unknown in a table whose results promise a number`);
  return picked as Record<K, number>;
}

/** Totals for one unit and for `count` units (pieces, charms); an unknown amount stays unknown for any count. */
export function unitTotals<K extends string>(
  b: CostBreakdown,
  keys: readonly K[],
  count: number,
): { perUnit: Record<K, Amount>; all: Record<K, Amount> } {
  const perUnit = pickTotals(b.totals, keys);
  const all = Object.fromEntries(keys.map((k) => [k, perUnit[k] === null ? null : perUnit[k] * count])) as Record<
    K,
    Amount
  >;
  return { perUnit, all };
}

/** `unitTotals` for a table without unknown amounts. */
export function knownUnitTotals<K extends string>(
  b: CostBreakdown,
  keys: readonly K[],
  count: number,
): { perUnit: Record<K, number>; all: Record<K, number> } {
  const perUnit = knownTotals(b.totals, keys);
  const all = Object.fromEntries(keys.map((k) => [k, perUnit[k] * count])) as Record<K, number>;
  return { perUnit, all };
}

/** The descriptive part of a breakdown, in the order results list it (after the totals, steps near the end). */
export function details(
  b: CostBreakdown,
  count = 1,
): Pick<
  CostBreakdown,
  'totals_range' | 'materials' | 'confidence' | 'gaps' | 'notes' | 'steps' | 'sources' | 'data_version'
> {
  return {
    ...(b.totals_range ? { totals_range: scaleRange(b.totals_range, count) } : {}),
    materials: b.materials,
    confidence: b.confidence,
    gaps: b.gaps,
    notes: b.notes,
    steps: b.steps,
    sources: b.sources,
    data_version: b.data_version,
  };
}

/** A totals range for `count` units. */
export function scaleRange(range: TotalsRange, count: number): TotalsRange {
  return Object.fromEntries(
    Object.entries(range).map(([key, r]) => [
      key,
      { used: r.used * count, lowest: r.lowest * count, highest: r.highest * count },
    ]),
  );
}

/** How many units (pieces, charms) an upgrade is for: a whole number from 1 to the table's maximum, default 1. */
export function checkQuantity(
  argument: string,
  value: number | undefined,
  per: { plural: string; max: number },
): Outcome<number> {
  const count = value ?? 1;
  if (Number.isInteger(count) && count >= 1 && count <= per.max) return success(count);
  const nearest = Number.isFinite(count) ? Math.min(per.max, Math.max(1, Math.round(count))) : 1;
  return failure({
    code: 'INVALID_ARGUMENTS',
    message: `${per.plural} must be a whole number from 1 to ${per.max}, not ${String(value)}.`,
    argument,
    allowed: `1-${per.max}`,
    suggestions: [String(nearest)],
  });
}

/** Ladder index of a numeric level on a ladder labelled "0", "1", ... (charms, Exclusive Gear). */
export function numericLevelIndex(argument: string, value: number, index: LadderIndex, what: string): Outcome<number> {
  const found = Number.isInteger(value) ? index.indexOf(String(value)) : undefined;
  if (found !== undefined) return success(found);
  const top = Number(index.top);
  const nearest = Number.isFinite(value) ? Math.min(top, Math.max(0, Math.round(value))) : 0;
  return failure({
    code: 'LEVEL_OUT_OF_RANGE',
    message: `${String(value)} is not ${what}: levels are whole numbers from 0 to ${top}. Nearest valid: ${nearest}.`,
    argument,
    allowed: `0-${top}`,
    suggestions: [String(nearest)],
  });
}
