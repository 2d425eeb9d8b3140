/**
 * Truegold buildings: levels past 30 written `30`, `30-2`, `TG1`, `TG4-3` ... `TG10`, or as the game's numeric
 * level 30-80 (30-k = 30+k, TGn = 30+5n, TGn-k = 30+5n+k), on one ladder per building.
 */
import { truegold } from '../../generated/data/costs/truegold.js';
import type { TruegoldMaterials } from '../../generated/shared-types.js';
import type {
  TruegoldUpgradeCostInput,
  TruegoldUpgradeCostOutput,
} from '../../generated/tools/truegold_upgrade_cost/types.js';
import { success, unknownLevel, unknownValue, type Outcome } from '../outcomes/failures.js';
import { details, LadderIndex, knownTotals } from './ladder.js';
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

// The result's type names every key; a key missing here fails to compile where the totals are returned.
const MATERIALS = ['truegold', 'tempered_truegold'] as const satisfies readonly (keyof TruegoldMaterials)[];

const BUILDINGS: ReadonlyMap<string, LadderIndex> = new Map(truegold.ladders.map((l) => [l.key, new LadderIndex(l)]));
const BUILDING_KEYS = [...BUILDINGS.keys()];
const NOT_BUILT = 'not built';

function squash(text: string): string {
  return text.toLowerCase().replace(/[\s_-]+/g, '');
}

/** Building by key, title or alias (`town_center`, `Town Center`, `TC`). */
export function findBuilding(argument: string, name: string): Outcome<LadderIndex> {
  const wanted = squash(name);
  for (const index of BUILDINGS.values()) {
    const names = [index.ladder.key, index.ladder.title, ...(index.ladder.aliases ?? [])];
    if (names.some((n) => squash(n) === wanted)) return success(index);
  }
  return unknownValue(argument, name, 'a Truegold building', BUILDING_KEYS, closest(name, BUILDING_KEYS, 3, squash));
}

/** The game's numeric level of a label (`not built` sorts just below TG1). */
function numericLevel(label: string): number {
  if (label === NOT_BUILT) return 34.5;
  const sub = /^30-(\d)$/.exec(label);
  if (sub) return 30 + Number(sub[1]);
  const tg = /^TG(\d+)(?:-(\d))?$/.exec(label);
  if (tg) return 30 + 5 * Number(tg[1]) + Number(tg[2] ?? 0);
  return Number(label);
}

function labelOfNumeric(level: number): string {
  if (level < 30) return String(level);
  if (level <= 34) return level === 30 ? '30' : `30-${level - 30}`;
  const stage = Math.floor((level - 30) / 5);
  const sub = (level - 30) % 5;
  return sub === 0 ? `TG${stage}` : `TG${stage}-${sub}`;
}

/** The game's label of a numeric building level: `25`, `30-2`, `TG3`, `TG4-1`. */
export function buildingLevelLabel(level: number): string {
  return labelOfNumeric(level);
}

/** The game's numeric level of a canonical label (`TG4-2` = 52); `not built` has none (NaN is never stored). */
export function buildingLevelNumber(label: string): number {
  return numericLevel(label);
}

/** A canonical label for what the player wrote, or undefined when it cannot be read as a level at all. */
function canonical(value: string | number): string | undefined {
  if (typeof value === 'number') return Number.isInteger(value) && value >= 30 ? labelOfNumeric(value) : undefined;
  const s = value
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^(?:level|lvl|lv)\.? ?/, '');
  if (/^(?:not built|none|unbuilt|not yet built)$/.test(s)) return NOT_BUILT;
  if (/^\d{1,3}$/.test(s)) return Number(s) >= 30 ? labelOfNumeric(Number(s)) : undefined;
  const sub = /^30 ?- ?(\d)$/.exec(s);
  if (sub) return `30-${sub[1]}`;
  const tg = /^tg ?(\d{1,2})(?: ?[-. ] ?(\d))?$/.exec(s);
  if (tg) return tg[2] === undefined ? `TG${Number(tg[1])}` : `TG${Number(tg[1])}-${tg[2]}`;
  return undefined;
}

function levelIndex(argument: string, value: string | number, building: LadderIndex): Outcome<number> {
  const what = `${/^[AEIOU]/.test(building.ladder.title) ? 'an' : 'a'} ${building.ladder.title} level`;
  const builtAtTg1 = building.labels[0] === NOT_BUILT;
  const start = builtAtTg1 ? `"${NOT_BUILT}", TG1` : '30, 30-1..30-4, TG1';
  const allowed = `${start}, TG1-1..TG1-4, TG2, ... up to ${building.top} (five steps per stage), or the numeric level ${builtAtTg1 ? 35 : 30}-${numericLevel(building.top)}`;
  const label = canonical(value);
  if (label === undefined)
    return unknownLevel(argument, value, what, allowed, closest(String(value), building.labels, 3));
  const found = building.indexOf(label);
  if (found !== undefined) return success(found);
  const wanted = numericLevel(label);
  const tooDeep = /^TG(\d+)-(\d)$/.exec(label);
  const nearest =
    tooDeep && Number(tooDeep[2]) > 4
      ? [`TG${tooDeep[1]}-4`, `TG${Number(tooDeep[1]) + 1}`].filter((l) => building.indexOf(l) !== undefined)
      : building.labels
          .map((l, order) => ({ l, order, distance: Math.abs(numericLevel(l) - wanted) }))
          .sort((a, b) => a.distance - b.distance || a.order - b.order)
          .slice(0, 2)
          .map((x) => x.l);
  let reason: string | undefined;
  if (builtAtTg1 && wanted < 35)
    reason = `the ${building.ladder.title} is built directly at TG1, so its levels start there (use "${NOT_BUILT}" before it is built)`;
  else if (wanted > numericLevel(building.top)) reason = `the data goes up to ${building.top}`;
  else if (tooDeep) reason = 'each stage has the sub-levels -1 to -4 only';
  else if (label === NOT_BUILT)
    reason = `the ${building.ladder.title} exists from level 30; only the War Academy starts "${NOT_BUILT}"`;
  return unknownLevel(argument, value, what, allowed, nearest, reason);
}

/**
 * Whether a note of the Truegold table concerns this building: a note that names no building is about them all;
 * one that does is about the first it names ("The War Academy ... uses the Barracks table" is the War Academy's).
 */
function concerns(note: string, building: LadderIndex): boolean {
  const named = [...BUILDINGS.values()]
    .map((index) => ({ index, at: note.indexOf(index.ladder.title) }))
    .filter((n) => n.at >= 0)
    .sort((a, b) => a.at - b.at);
  return named.length === 0 || named[0]!.index === building;
}

type BuildingRange = { building: string; from: string | number; to?: string | number };

/** One building's range; `at` is where it sits in the arguments ('' or `/ranges/<i>`). */
export function buildingRange(range: BuildingRange, at: string, hasBudget: boolean): Outcome<UnitRange> {
  const building = findBuilding(`${at}/building`, range.building);
  if (!building.ok) return building;
  const index = building.value;
  const target = targetOrTop(`${at}/to`, range.to, hasBudget, index);
  if (!target.ok) return target;
  return unitRange(
    truegold,
    index,
    {
      from: levelIndex(`${at}/from`, range.from, index),
      to: range.to === undefined ? 'top' : levelIndex(`${at}/to`, range.to, index),
    },
    index.ladder.title,
  );
}

/** A one-range result: the tool's result with the single-range fields present. */
export type TruegoldUpgradeCostSingle = WithRequired<
  TruegoldUpgradeCostOutput,
  'building' | 'from' | 'to' | 'step_count' | 'steps'
>;

function singleResult(priced: PricedRange, reach: BudgetReach | undefined): TruegoldUpgradeCostSingle {
  const b = priced.breakdown;
  const { ladder } = priced.range.index;
  return {
    building: { key: ladder.key, name: ladder.title },
    from: b.from,
    to: b.to,
    step_count: b.step_count,
    totals: knownTotals(b.totals, MATERIALS),
    ...details(b),
    // The table's notes are about buildings; the confidence reasons after them are this ladder's own.
    notes: b.notes.filter((note) => !truegold.notes.includes(note) || concerns(note, priced.range.index)),
    ...(reach ? { reach } : {}),
  };
}

/** One range (the single arguments), with how far `have` takes it when given. */
export const truegoldUpgradeCost: (input: BuildingRange & { have?: Budget }) => Outcome<TruegoldUpgradeCostSingle> =
  singleRangeCost(buildingRange, MATERIALS, singleResult);

/** The tool: one range or a list (`ranges`), with a budget (`have`) applying to the list as a whole. */
export function truegoldUpgradeCostTool(input: TruegoldUpgradeCostInput): Outcome<TruegoldUpgradeCostOutput> {
  if (input.ranges === undefined && input.from !== undefined && input.building === undefined)
    return unknownValue('/building', '(missing)', 'a Truegold building', BUILDING_KEYS, BUILDING_KEYS.slice(0, 3));
  const call = costCall(
    input,
    () => ({ building: input.building!, from: input.from!, to: input.to }),
    buildingRange,
    MATERIALS,
  );
  return toolAnswer(call, input, (totals) => knownTotals(totals, MATERIALS), singleResult);
}
