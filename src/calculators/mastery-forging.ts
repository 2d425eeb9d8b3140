/**
 * Hero-gear Mastery Forging (+0 to +20) and Red Gear Ascension (Gold 100, Red 101 ... Red 200), per piece, for up
 * to 12 pieces. The data stops at +20 and red 200, and lacks the ascension's own Forgehammer cost; results say so.
 */
import { masteryForging } from '../../generated/data/costs/mastery-forging.js';
import type { MasteryForgingMaterials } from '../../generated/shared-types.js';
import type {
  MasteryForgingCostInput,
  MasteryForgingCostOutput,
} from '../../generated/tools/mastery_forging_cost/types.js';
import { success, unknownLevel, unknownValue, type Outcome } from '../outcomes/failures.js';
import { checkQuantity, details, ladderOf, pickTotals, unitTotals, type LadderIndex } from './ladder.js';
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

// The result's type names every key (an amount, or null where a step's amount is unknown: the ascension's
// Forgehammers); a key missing here fails to compile where the totals are returned.
const MATERIALS = [
  'forgehammers',
  'mythic_gear_pieces',
  'mithril',
  'enhancement_xp',
] as const satisfies readonly (keyof MasteryForgingMaterials)[];
export type ForgingTrack = NonNullable<MasteryForgingCostOutput['track']>;

const TRACKS: Readonly<Record<ForgingTrack, LadderIndex>> = {
  mastery: ladderOf(masteryForging, 'mastery'),
  red_gear: ladderOf(masteryForging, 'red_gear'),
};
const MASTERY_TOP = Number(TRACKS.mastery.top);
const RED_FIRST = 101;
const RED_TOP = Number(TRACKS.red_gear.top.replace('Red ', ''));

type Reading = { track: ForgingTrack; label: string } | { track: ForgingTrack; outOfRange: number } | undefined;

/** Which track a value belongs to, and its canonical label (or how far outside the data it is). */
function read(value: string | number, track: ForgingTrack): Reading {
  const s = typeof value === 'number' ? String(value) : value.toLowerCase().replace(/\s+/g, ' ').trim();
  const mastery =
    /^(?:mastery ?)?\+ ?(\d{1,3})$/.exec(s) ?? (track === 'mastery' ? /^(?:mastery ?)?(\d{1,3})$/.exec(s) : null);
  if (mastery) {
    const level = Number(mastery[1]);
    return level <= MASTERY_TOP ? { track: 'mastery', label: `+${level}` } : { track: 'mastery', outOfRange: level };
  }
  if (/^(?:gold ?\+?100|100)$/.test(s)) return { track: 'red_gear', label: 'Gold 100' };
  if (/^(?:ascended|imbued|just ascended)$/.test(s)) return { track: 'red_gear', label: `Red ${RED_FIRST}` };
  const red = /^(?:red ?)?\+?(\d{1,3})$/.exec(s);
  if (red) {
    const level = Number(red[1]);
    return level >= RED_FIRST && level <= RED_TOP
      ? { track: 'red_gear', label: `Red ${level}` }
      : { track: 'red_gear', outOfRange: level };
  }
  return undefined;
}

function allowedFor(track: ForgingTrack): string {
  return track === 'mastery'
    ? `Mastery levels +0 to +${MASTERY_TOP} (or 0-${MASTERY_TOP})`
    : `Red gear levels "Gold 100" (before ascension), "Red ${RED_FIRST}" (just ascended) to "Red ${RED_TOP}" (or 100-${RED_TOP})`;
}

function levelIndex(argument: string, value: string | number, track: ForgingTrack): Outcome<number> {
  const reading = read(value, track);
  const what = track === 'mastery' ? 'a Mastery Forging level' : 'a Red Gear level';
  if (reading === undefined) {
    const suggestions = track === 'mastery' ? ['+0', `+${MASTERY_TOP}`] : ['Gold 100', `Red ${RED_TOP}`];
    return unknownLevel(argument, value, what, allowedFor(track), suggestions);
  }
  if (reading.track !== track) {
    return unknownLevel(
      argument,
      value,
      what,
      allowedFor(track),
      [],
      `it is a ${reading.track === 'mastery' ? 'Mastery Forging' : 'Red Gear'} level; call again with "track": "${reading.track}"`,
    );
  }
  if ('outOfRange' in reading) {
    if (track === 'mastery') {
      return unknownLevel(
        argument,
        value,
        what,
        allowedFor(track),
        [`+${MASTERY_TOP}`],
        `the data stops at +${MASTERY_TOP} (no source lists higher Mastery levels)`,
      );
    }
    const suggestion =
      reading.outOfRange > RED_TOP ? `Red ${RED_TOP}` : reading.outOfRange === 100 ? 'Gold 100' : `Red ${RED_FIRST}`;
    const reason =
      reading.outOfRange > RED_TOP
        ? `red gear goes up to ${RED_TOP}`
        : `red enhancement runs from ${RED_FIRST} (after ascending a gold piece at 100) to ${RED_TOP}`;
    return unknownLevel(argument, value, what, allowedFor(track), [suggestion], reason);
  }
  return success(TRACKS[track].indexOf(reading.label)!);
}

type ForgingRange = { track?: string; from: string | number; to?: string | number; pieces?: number };

function readTrack(argument: string, name: string): Outcome<ForgingTrack> {
  if (name === 'mastery' || name === 'red_gear') return success(name);
  return unknownValue(
    argument,
    name,
    'a Mastery Forging track',
    ['mastery', 'red_gear'],
    [name.toLowerCase().includes('red') ? 'red_gear' : 'mastery'],
  );
}

/** One range of hero-gear pieces on a track; `at` is where it sits in the arguments ('' or `/ranges/<i>`). */
export function forgingRange(range: ForgingRange, at: string, hasBudget: boolean): Outcome<UnitRange> {
  const track = readTrack(`${at}/track`, range.track ?? 'mastery');
  if (!track.ok) return track;
  const index = TRACKS[track.value];
  const target = targetOrTop(`${at}/to`, range.to, hasBudget, index);
  if (!target.ok) return target;
  return unitRange(
    masteryForging,
    index,
    {
      count: checkQuantity(`${at}/pieces`, range.pieces, masteryForging.per!),
      from: levelIndex(`${at}/from`, range.from, track.value),
      to: range.to === undefined ? 'top' : levelIndex(`${at}/to`, range.to, track.value),
    },
    track.value,
  );
}

/** A one-range result: the tool's result with the single-range fields present. */
export type MasteryForgingCostSingle = WithRequired<
  MasteryForgingCostOutput,
  'track' | 'from' | 'to' | 'pieces' | 'step_count' | 'steps' | 'totals_per_piece'
>;

function singleResult(priced: PricedRange, reach: BudgetReach | undefined): MasteryForgingCostSingle {
  const b = priced.breakdown;
  const totals = unitTotals(b, MATERIALS, priced.range.count);
  return {
    track: priced.range.subject as ForgingTrack,
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
export const masteryForgingCost: (input: ForgingRange & { have?: Budget }) => Outcome<MasteryForgingCostSingle> =
  singleRangeCost(forgingRange, MATERIALS, singleResult);

/** The tool: one range or a list (`ranges`), with a budget (`have`) applying to the list as a whole. */
export function masteryForgingCostTool(input: MasteryForgingCostInput): Outcome<MasteryForgingCostOutput> {
  const call = costCall(
    input,
    () => ({ track: input.track, from: input.from!, to: input.to, pieces: input.pieces }),
    // A list's ranges take the call's track unless they name their own.
    (range: ForgingRange, at, hasBudget) =>
      forgingRange({ ...range, track: range.track ?? input.track }, at, hasBudget),
    MATERIALS,
  );
  return toolAnswer(call, input, (totals) => pickTotals(totals, MATERIALS), singleResult);
}
