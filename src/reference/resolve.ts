/**
 * Turns the `key` argument of a get_* tool into one record, the way Scryfall's named lookup does: the exact key,
 * else an exact name or alias, else one clearly best fuzzy match. Several equally good candidates are an AMBIGUOUS
 * failure that lists them; nothing good enough is a NOT_FOUND failure that lists the closest ones (and says so when
 * the name belongs to another kind of record).
 */
import type { ToolError } from '../../generated/metadata-types.js';
import { keyForm } from '../../shared/normalize.js';
import { failure, type Failure } from '../outcomes/failures.js';
import { closest, editDistance } from '../outcomes/similarity.js';
import { KINDS } from './kinds.js';
import { RECORD_KINDS, type MatchType, type RecordKind, type SearchIndex, type SearchMatch } from './search.js';

/** How a name matched: a key is resolved by names only, never by what a record does or grants. */
export type NameMatchType = Exclude<MatchType, 'skill' | 'reward'>;

/** How the argument was matched when it was not the record's key itself. */
export interface Resolved {
  from: string;
  matched: string;
  match_type: NameMatchType;
}

/** Resolution searches with `namesOnly`, so a skill or reward match cannot reach here; typed, it reads as contains. */
function nameMatchType(type: MatchType): NameMatchType {
  return type === 'skill' || type === 'reward' ? 'contains' : type;
}

export type Resolution<T> = { ok: true; record: T; resolved?: Resolved } | Failure;

/** A fuzzy match resolves on its own only from this score, and only this far ahead of the runner-up. */
const RESOLVE_MIN_SCORE = 0.6;
const RESOLVE_MIN_LEAD = 0.05;
const AMBIGUOUS_WINDOW = 0.1;
const MAX_CANDIDATES = 8;

/** Scores carry three decimals; gaps are compared in whole thousandths so 0.85 - 0.8 is the 0.05 it reads as. */
function thousandths(score: number): number {
  return Math.round(score * 1000);
}

/** The argument as quoted in a message: trimmed, and cut at 60 characters. */
export function quotedInput(input: string): string {
  const trimmed = input.trim();
  return JSON.stringify(trimmed.length > 60 ? `${trimmed.slice(0, 60)}…` : trimmed);
}

function listed(matches: readonly SearchMatch[]): string {
  return matches.map((m) => `${m.key} (${m.name})`).join(', ');
}

export function resolveRecord<T>(
  kind: RecordKind,
  input: string,
  records: ReadonlyMap<string, T>,
  index: SearchIndex,
): Resolution<T> {
  const key = keyForm(input);
  const direct = records.get(key);
  if (direct !== undefined) {
    return input.trim() === key
      ? { ok: true, record: direct }
      : { ok: true, record: direct, resolved: { from: input, matched: key, match_type: 'exact' } };
  }
  const noun = KINDS[kind].singular;
  const allowed = `${article(noun)} ${noun} key from search_database, or the ${noun}'s name or an alias`;
  if (key === '') {
    return failure({
      code: 'INVALID_ARGUMENTS',
      message: `key ${quotedInput(input)} has no letters or digits: give ${allowed} (e.g. ${exampleKey(records)}).`,
      argument: '/key',
      allowed,
      suggestions: [],
    });
  }

  const { matches } = index.search(input, { kinds: [kind], limit: 20, namesOnly: true });
  const exact = matches.filter((m) => m.match_type === 'exact');
  if (exact.length === 1) return found(records, exact[0]!, input);
  if (exact.length > 1) return ambiguous(kind, input, exact, allowed);

  const [top, second] = matches;
  if (top && top.score >= RESOLVE_MIN_SCORE) {
    const behindTop = (m: SearchMatch) => thousandths(top.score) - thousandths(m.score);
    if (!second || behindTop(second) >= thousandths(RESOLVE_MIN_LEAD)) return found(records, top, input);
    return ambiguous(
      kind,
      input,
      matches.filter((m) => behindTop(m) <= thousandths(AMBIGUOUS_WINDOW)).slice(0, MAX_CANDIDATES),
      allowed,
    );
  }
  return notFound(kind, input, matches, records, index, allowed);
}

function found<T>(records: ReadonlyMap<string, T>, match: SearchMatch, input: string): Resolution<T> {
  return {
    ok: true,
    record: records.get(match.key)!,
    resolved: { from: input, matched: match.matched, match_type: nameMatchType(match.match_type) },
  };
}

function ambiguous(kind: RecordKind, input: string, candidates: readonly SearchMatch[], allowed: string): Failure {
  const error: ToolError = {
    code: 'AMBIGUOUS',
    message: `${quotedInput(input)} matches several ${KINDS[kind].plural}: ${listed(candidates)}. Call ${KINDS[kind].tool} again with one of these keys.`,
    argument: '/key',
    allowed,
    suggestions: candidates.map((m) => m.key),
  };
  return failure(error);
}

function notFound<T>(
  kind: RecordKind,
  input: string,
  matches: readonly SearchMatch[],
  records: ReadonlyMap<string, T>,
  index: SearchIndex,
  allowed: string,
): Failure {
  const { singular, plural } = KINDS[kind];
  const near = matches.length > 0 ? matches.slice(0, 3).map((m) => m.key) : closeKeys(keyForm(input), records);
  const parts = [`No ${singular} matches ${quotedInput(input)}.`];
  // The name may be right and the tool wrong: "Valora" is a Master, not a hero.
  const elsewhere = index.search(input, {
    kinds: RECORD_KINDS.filter((k) => k !== kind),
    limit: 1,
    namesOnly: true,
  }).matches[0];
  if (elsewhere && elsewhere.score >= 0.85) {
    const other = KINDS[elsewhere.kind];
    parts.push(
      `${elsewhere.name} is ${article(other.singular)} ${other.singular}: call ${other.tool} with key "${elsewhere.key}".`,
    );
  }
  if (near.length > 0) parts.push(`Closest ${plural}: ${near.join(', ')}.`);
  else parts.push(`No ${singular} name is close to it.`);
  parts.push(`Use search_database to find ${article(singular)} ${singular} by part of its name.`);
  return failure({ code: 'NOT_FOUND', message: parts.join(' '), argument: '/key', allowed, suggestions: near });
}

/**
 * Edits allowed per character of the longer string for a key to be offered as "closest": past it the key is just
 * the least unlike of unrelated names ("zzyzx" is not close to "zoe"), and offering it would mislead.
 */
const CLOSE_EDITS_PER_CHARACTER = 0.4;

/** Up to three keys within the similarity floor, closest first; none when nothing is close. */
function closeKeys<T>(key: string, records: ReadonlyMap<string, T>): string[] {
  return closest(key, [...records.keys()], 3).filter(
    (candidate) =>
      editDistance(key, candidate) <=
      Math.max(1, Math.floor(CLOSE_EDITS_PER_CHARACTER * Math.max(key.length, candidate.length))),
  );
}

function article(word: string): string {
  return /^[aeiou]/i.test(word) ? 'an' : 'a';
}

function exampleKey<T>(records: ReadonlyMap<string, T>): string {
  return `"${records.keys().next().value ?? ''}"`;
}
