/**
 * plan_upgrades: upgrades of different cost systems added up in one answer, a budget spent on them in order, and
 * two plans compared per material. Each entry is read by its system's own range reader (the cost tools' readers),
 * so the numbers and the error messages are the cost tools' own; the sums, disputes and reach are the shared
 * engine's (./plan.ts).
 */
import { COST_TABLES } from '../../generated/cost-systems.js';
import { DATA_VERSION } from '../../generated/data/version.js';
import type { PlanUpgradesInput, PlanUpgradesOutput } from '../../generated/tools/plan_upgrades/types.js';
import { success, unknownValue, type Outcome } from '../outcomes/failures.js';
import { closest } from '../outcomes/similarity.js';
import { charmRange } from './governor-charm.js';
import { gearRange } from './governor-gear.js';
import { shardRange } from './hero-shards.js';
import { widgetRange } from './hero-widgets.js';
import { lowestConfidence, type Amount } from './ladder.js';
import { forgingRange } from './mastery-forging.js';
import { allOf, priceRange, reachOf, sumRanges, sumTotals, type PricedRange, type UnitRange } from './plan.js';
import { buildingRange } from './truegold.js';

type Entry = PlanUpgradesInput['plan'][number];
type System = Entry['system'];
type Comparison = NonNullable<PlanUpgradesOutput['comparison']>;

/** Every material key any cost table has: what `have` may name. */
const ALL_MATERIALS: readonly string[] = [
  ...new Set(Object.values(COST_TABLES).flatMap((table) => table.materials.map((m) => m.key))),
];

/** A charm or widget level written as digits ("12") is the number the charm and widget readers take. */
function numeric(value: Entry['from'] | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'number') return value;
  return typeof value === 'string' && /^\s*\d{1,3}\s*$/.test(value) ? Number(value) : Number.NaN;
}

function text(value: Entry['from'] | undefined): string | undefined {
  return value === undefined ? undefined : typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** One entry read by its system's range reader, its failures pointed at the entry (`/plan/2/from`, `/plan/2/count`). */
function entryRange(entry: Entry, at: string, hasBudget: boolean): Outcome<UnitRange> {
  const range = readEntry(entry, at, hasBudget);
  if (range.ok || !range.error.argument) return range;
  return {
    ok: false,
    error: { ...range.error, argument: range.error.argument.replace(/\/(pieces|charms)$/, '/count') },
  };
}

function readEntry(entry: Entry, at: string, hasBudget: boolean): Outcome<UnitRange> {
  switch (entry.system) {
    case 'governor_gear':
      return gearRange({ from: text(entry.from)!, to: text(entry.to), pieces: entry.count }, at, hasBudget);
    case 'governor_charm':
      return charmRange({ from: numeric(entry.from)!, to: numeric(entry.to), charms: entry.count }, at, hasBudget);
    case 'truegold':
      return buildingRange(
        {
          building: entry.building ?? '(missing)',
          from: typeof entry.from === 'number' ? entry.from : text(entry.from)!,
          to: typeof entry.to === 'number' ? entry.to : text(entry.to),
        },
        at,
        hasBudget,
      );
    case 'hero_shards':
      return shardRange({ from: entry.from as string, to: entry.to as string | undefined }, at, hasBudget);
    case 'hero_widgets':
      return widgetRange({ from: numeric(entry.from)!, to: numeric(entry.to) }, at, hasBudget);
    case 'mastery_forging':
      return forgingRange(
        {
          ...(entry.track ? { track: entry.track } : {}),
          from: typeof entry.from === 'number' ? entry.from : text(entry.from)!,
          to: typeof entry.to === 'number' ? entry.to : text(entry.to),
          pieces: entry.count,
        },
        at,
        hasBudget,
      );
  }
}

/** The material keys a plan's upgrades need, in table order, each once. */
function keysOf(priced: readonly PricedRange[]): string[] {
  return [...new Set(priced.flatMap((p) => p.range.table.materials.map((m) => m.key)))];
}

/** Only the materials the plan needs at all (a total of 0 for a material of the same table is kept). */
function priceAll(entries: readonly Entry[], pointer: string, hasBudget: boolean) {
  const ranges = allOf(entries.map((e, i) => entryRange(e, `${pointer}/${i}`, hasBudget)));
  if (!ranges.ok) return ranges;
  const priced = ranges.value.map(priceRange);
  const keys = keysOf(priced);
  const totals = sumTotals(
    keys,
    priced.map((p) => p.totals),
  );
  return success({ priced, keys, totals, totalsRange: sumRanges(priced, totals) });
}

function upgradeOf(system: System, p: PricedRange): PlanUpgradesOutput['upgrades'][number] {
  const b = p.breakdown;
  return {
    system,
    ...(p.range.subject ? { subject: p.range.subject } : {}),
    from: b.from,
    to: b.to,
    count: p.range.count,
    step_count: b.step_count,
    totals: p.totals,
    ...(b.totals_range
      ? {
          totals_range: Object.fromEntries(
            Object.entries(b.totals_range).map(([k, r]) => [
              k,
              { used: r.used * p.range.count, lowest: r.lowest * p.range.count, highest: r.highest * p.range.count },
            ]),
          ),
        }
      : {}),
    confidence: b.confidence,
  };
}

/** Per material either plan needs: A's and B's amounts, which is more and by how much. */
function compare(
  a: { totals: Record<string, Amount>; totalsRange: PlanUpgradesOutput['totals_range'] },
  b: { totals: Record<string, Amount>; totalsRange: PlanUpgradesOutput['totals_range'] },
): Comparison['materials'] {
  const keys = [...new Set([...Object.keys(a.totals), ...Object.keys(b.totals)])];
  return Object.fromEntries(
    keys.map((key) => {
      const x = a.totals[key] ?? 0;
      const y = b.totals[key] ?? 0;
      if (x === null || y === null) return [key, { a: x, b: y, more: 'unknown' as const, by: null }];
      const more = x === y ? ('same' as const) : x > y ? ('a' as const) : ('b' as const);
      // Within the disputed figures, could the other plan come out ahead (or level)?
      const ax = a.totalsRange?.[key] ?? { lowest: x, highest: x };
      const by = b.totalsRange?.[key] ?? { lowest: y, highest: y };
      const flips =
        more === 'a'
          ? ax.lowest <= by.highest
          : more === 'b'
            ? by.lowest <= ax.highest
            : ax.lowest !== by.highest || by.lowest !== ax.highest;
      const disputed = a.totalsRange?.[key] !== undefined || b.totalsRange?.[key] !== undefined;
      return [key, { a: x, b: y, more, by: Math.abs(x - y), ...(disputed ? { decided_by_dispute: flips } : {}) }];
    }),
  );
}

export function planUpgrades(input: PlanUpgradesInput): Outcome<PlanUpgradesOutput> {
  for (const key of Object.keys(input.have ?? {}))
    if (!ALL_MATERIALS.includes(key))
      return unknownValue(`/have/${key}`, key, 'a material key', [...ALL_MATERIALS], closest(key, ALL_MATERIALS, 3));
  const hasBudget = input.have !== undefined;
  const a = priceAll(input.plan, '/plan', hasBudget);
  if (!a.ok) return a;
  const b = input.compare_with ? priceAll(input.compare_with, '/compare_with', false) : undefined;
  if (b && !b.ok) return b;
  const all = [...a.value.priced, ...(b?.ok ? b.value.priced : [])];
  const materials: Record<string, string> = {};
  for (const p of all) Object.assign(materials, p.breakdown.materials);
  const unique = <T>(values: T[]) => [...new Set(values)];
  return success({
    upgrades: a.value.priced.map((p, i) => upgradeOf(input.plan[i]!.system, p)),
    totals: a.value.totals,
    ...(a.value.totalsRange ? { totals_range: a.value.totalsRange } : {}),
    materials,
    confidence: lowestConfidence(
      a.value.priced.map((p) => p.breakdown.confidence),
      'high',
    ),
    ...(input.have ? { reach: reachOf(a.value.priced, a.value.keys, input.have, a.value.totals) } : {}),
    ...(b?.ok
      ? {
          comparison: {
            b_totals: b.value.totals,
            ...(b.value.totalsRange ? { b_totals_range: b.value.totalsRange } : {}),
            b_confidence: lowestConfidence(
              b.value.priced.map((p) => p.breakdown.confidence),
              'high',
            ),
            materials: compare(a.value, b.value),
          },
        }
      : {}),
    // The tables' general notes are the cost tools' to give; a plan keeps the notes about its own steps (reasons
    // for lowered confidence, disputes), which is what a player needs to weigh the totals.
    notes: unique(all.flatMap((p) => p.breakdown.notes.filter((n) => !p.range.table.notes.includes(n)))),
    gaps: unique(all.flatMap((p) => p.breakdown.gaps)),
    data_version: DATA_VERSION,
  });
}
