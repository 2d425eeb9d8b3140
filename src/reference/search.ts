/**
 * Name search over the reference records: a pure module. The index is built once from the records; a query is
 * normalised (case, punctuation and diacritics do not count) and scored against every name, alias, key and title
 * of the kinds asked for. Ranking is by score, then kind, name and key, so the order is always the same.
 *
 * A term scores, best first: exact (1.0), the query is the start of the term (0.80-0.95; 0.60-0.75 when it only
 * lines up with the spaces removed), every query word matches
 * a word of the term exactly, as a prefix or with a typo (0.55-0.85), the whole query is the term with typos
 * (0.78 minus 0.08 per edit), the start of the term with typos (0.62 minus 0.08 per edit), the term contains the
 * query (0.45-0.60), or the query mentions the whole term among other words (0.50-0.70). Aliases count 0.97 and
 * titles 0.9 of a name. Matches under 0.45 are dropped.
 */
import { compact, normalize } from '../../shared/normalize.js';

export type RecordKind = 'hero' | 'master' | 'item' | 'event';
export const RECORD_KINDS: readonly RecordKind[] = ['hero', 'master', 'item', 'event'];

export interface SearchRecord {
  readonly kind: RecordKind;
  readonly key: string;
  readonly name: string;
  /** Other names: translations, former names, spellings, nicknames. */
  readonly aliases?: readonly string[];
  /** Titles (a Master's "Hunting Master"): they match, at a little less than a name. */
  readonly titles?: readonly string[];
  /**
   * What the record does, in words (a Master's "Weapon Obsession: Extra Forgehammers from each Bear Hunt."): every
   * query word must match one of its words; it ranks below any name.
   */
  readonly skills?: readonly string[];
  /** Names of the items the record grants (an event's rewards): "forgehammer" finds the events that give them. */
  readonly rewards?: readonly string[];
}

export type MatchType = 'exact' | 'prefix' | 'words' | 'typo' | 'contains' | 'mentions' | 'skill' | 'reward';
export type MatchedField = 'name' | 'alias' | 'key' | 'title' | 'skill' | 'reward';

export interface SearchMatch {
  readonly kind: RecordKind;
  readonly key: string;
  readonly name: string;
  /** 0-1, three decimals. */
  readonly score: number;
  /** The name, alias, key or title that matched, as written in the data. */
  readonly matched: string;
  readonly field: MatchedField;
  readonly match_type: MatchType;
}

export interface SearchOptions {
  /** Only these kinds (default: all). */
  readonly kinds?: readonly RecordKind[];
  /** At most this many matches (default 10). */
  readonly limit?: number;
  /** Names, aliases, keys and titles only, not what a record does or grants (resolving a get_* key by name). */
  readonly namesOnly?: boolean;
}

export interface SearchResult {
  readonly matches: readonly SearchMatch[];
  /** Matches above the threshold before `limit` was applied. */
  readonly total: number;
  /** The query as it was matched (normalised, cut to the length limit); empty when nothing searchable was left. */
  readonly normalized: string;
}

/** Longest normalised query that is matched; names are far shorter, so nothing is lost. */
const MAX_QUERY_CHARS = 120;
const MAX_QUERY_WORDS = 16;
const MIN_SCORE = 0.45;
/**
 * What a record does or grants ranks below every name match of the same quality, a skill above a reward (one Master
 * whose skill gives Forgehammers is a better answer than each of the many events that hand some out): a skill
 * whose words contain the query scores 0.52-0.55, an exact reward name 0.5 (rewardScore), any exact name 1.
 */
const FIELD_WEIGHT: Record<MatchedField, number> = { name: 1, key: 1, alias: 0.97, title: 0.9, skill: 0.65, reward: 1 };
/** Fields that say what a record does, not what it is called. */
const DOES_FIELDS: ReadonlySet<MatchedField> = new Set(['skill', 'reward']);
/** Words shorter than this in a skill's text are not matched (of, to, up, +1). */
const MIN_SKILL_WORD = 3;
/** A query word matches a skill's word with a typo only from this length. */
const MIN_SKILL_TYPO_WORD = 8;
/** wordsScore tracks used words in a 31-bit mask; a skill text keeps its first distinct words up to this. */
const MAX_SKILL_WORDS = 30;
const KIND_ORDER: Record<RecordKind, number> = { hero: 0, master: 1, item: 2, event: 3 };

interface Term {
  readonly record: number;
  readonly original: string;
  readonly field: MatchedField;
  readonly weight: number;
  readonly text: string;
  readonly compact: string;
  readonly tokens: readonly string[];
  readonly masks: readonly number[];
  readonly compactMask: number;
}

interface Query {
  readonly text: string;
  readonly compact: string;
  readonly tokens: readonly string[];
  readonly masks: readonly number[];
  readonly compactMask: number;
  /** The compact form as a one-word query. */
  readonly joined: readonly string[];
  readonly joinedMasks: readonly number[];
}

/** One bit per letter (digits share six bits): which characters a string contains. */
function letterMask(text: string): number {
  let mask = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 97 && c <= 122) mask |= 1 << (c - 97);
    else if (c >= 48 && c <= 57) mask |= 1 << (26 + ((c - 48) % 6));
  }
  return mask;
}

function bitCount(value: number): number {
  let v = value - ((value >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/**
 * A cheap lower bound on the edits from `a` to `b` (or to any start of `b`): every letter of `a` that appears
 * nowhere in `b` needs one. Most candidates fail it, so the distance table is rarely computed.
 */
function tooDifferent(aMask: number, bMask: number, budget: number): boolean {
  return bitCount(aMask & ~bMask) > budget;
}

/** How many edits a string of this length may have and still count as a typo of another. */
function typoBudget(length: number): number {
  if (length <= 3) return 0;
  if (length <= 5) return 1;
  if (length <= 9) return 2;
  return 3;
}

/** The same for a typo in the start of a longer name, which is easier to hit by chance. */
function prefixTypoBudget(length: number): number {
  if (length <= 4) return 0;
  if (length <= 7) return 1;
  return 2;
}

/** Short words rarely have their first letter wrong; requiring it keeps "bear" from matching "gear". */
function typoAllowed(query: string, term: string): boolean {
  return query.length > 5 || query[0] === term[0];
}

// Three rolling rows for the optimal-string-alignment distance, reused across calls (the module is synchronous and
// a query must not allocate per comparison: search runs on every keystroke of an agent's tool call).
let rowA = new Int32Array(64);
let rowB = new Int32Array(64);
let rowC = new Int32Array(64);

/**
 * Optimal string alignment distance (Levenshtein plus adjacent transpositions) between `a` and the first `n`
 * characters of `b`, or `bound + 1` as soon as it is certain to exceed `bound`. With `prefixes`, the smallest
 * distance between `a` and any start of `b` from `a.length - 1` to `n` characters long.
 */
function osa(a: string, b: string, bound: number, n: number, prefixes: boolean): number {
  if (n + 1 > rowA.length) {
    rowA = new Int32Array(n + 1);
    rowB = new Int32Array(n + 1);
    rowC = new Int32Array(n + 1);
  }
  let previous2 = rowA;
  let previous = rowB;
  let current = rowC;
  for (let j = 0; j <= n; j++) previous[j] = j;
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let rowMin = i;
    const ai = a.charCodeAt(i - 1);
    for (let j = 1; j <= n; j++) {
      const bj = b.charCodeAt(j - 1);
      let best = previous[j]! + 1;
      const insert = current[j - 1]! + 1;
      if (insert < best) best = insert;
      const change = previous[j - 1]! + (ai === bj ? 0 : 1);
      if (change < best) best = change;
      if (i > 1 && j > 1 && ai === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === bj && previous2[j - 2]! + 1 < best)
        best = previous2[j - 2]! + 1;
      current[j] = best;
      if (best < rowMin) rowMin = best;
    }
    if (rowMin > bound) return bound + 1;
    const spare = previous2;
    previous2 = previous;
    previous = current;
    current = spare;
  }
  let result = previous[n]!;
  if (prefixes) for (let j = Math.max(1, a.length - 1); j < n; j++) if (previous[j]! < result) result = previous[j]!;
  return result > bound ? bound + 1 : result;
}

/** Optimal string alignment distance between `a` and `b`, or `bound + 1` once it is certain to exceed `bound`. */
export function boundedDistance(a: string, b: string, bound: number): number {
  if (Math.abs(a.length - b.length) > bound) return bound + 1;
  if (a === b) return 0;
  return osa(a, b, bound, b.length, false);
}

/** Edits between `query` and the closest start of `term` (one character shorter than the query, as long, or one longer). */
function prefixDistance(query: string, term: string, bound: number): number {
  const n = Math.min(term.length - 1, query.length + 1);
  if (n < Math.max(1, query.length - 1)) return bound + 1;
  return osa(query, term, bound, n, true);
}

/** How well one query word matches one term word: 1 exact, under 1 for a prefix or a typo, 0 not at all. */
function wordQuality(query: string, queryMask: number, term: string, termMask: number): number {
  if (query === term) return 1;
  if (query.length >= 2 && term.startsWith(query)) return 0.7 + 0.25 * (query.length / term.length);
  if (query.length < 4 || !typoAllowed(query, term)) return 0;
  const budget = typoBudget(query.length);
  if (tooDifferent(queryMask, termMask, budget)) return 0;
  const whole = boundedDistance(query, term, budget);
  if (whole <= budget) return 0.75 - 0.1 * whole;
  const startBudget = prefixTypoBudget(query.length);
  if (startBudget === 0 || term.length <= query.length) return 0;
  const start = prefixDistance(query, term, startBudget);
  return start <= startBudget ? 0.5 - 0.1 * start : 0;
}

/** Every query word matched to a different term word (greedily, best first), or -1 when one finds none. */
function wordsScore(
  queryWords: readonly string[],
  queryMasks: readonly number[],
  termWords: readonly string[],
  termMasks: readonly number[],
): number {
  if (queryWords.length > termWords.length || termWords.length > 30) return -1;
  let used = 0;
  let total = 0;
  for (let w = 0; w < queryWords.length; w++) {
    let bestQuality = 0;
    let bestIndex = -1;
    for (let index = 0; index < termWords.length; index++) {
      if (used & (1 << index)) continue;
      const quality = wordQuality(queryWords[w]!, queryMasks[w]!, termWords[index]!, termMasks[index]!);
      if (quality > bestQuality) {
        bestQuality = quality;
        bestIndex = index;
      }
    }
    if (bestIndex < 0) return -1;
    used |= 1 << bestIndex;
    total += bestQuality;
  }
  const coverage = queryWords.length / termWords.length;
  return 0.55 + 0.3 * (total / queryWords.length) * (0.5 + 0.5 * coverage);
}

/** Whether every word of the term appears among the query's words (a longer word may carry one typo). */
function mentions(queryWords: readonly string[], termWords: readonly string[]): boolean {
  for (const word of termWords) {
    let found = false;
    for (const q of queryWords) {
      if (q === word || (word.length >= 6 && q[0] === word[0] && boundedDistance(q, word, 1) <= 1)) {
        found = true;
        break;
      }
    }
    if (!found) return false;
  }
  return true;
}

// The best score so far and its match type while scoring one term (module state, so scoring allocates nothing).
let bestScore = 0;
let scoredType: MatchType = 'exact';

function consider(score: number, type: MatchType): void {
  if (score > bestScore) {
    bestScore = score;
    scoredType = type;
  }
}

/**
 * A skill's text matches when every query word matches one of its words (exactly, as a prefix such as a plural, or
 * with a typo); how long the text is does not count against it, unlike a name.
 */
function scoreSkill(query: Query, term: Term): number {
  const score = Math.max(
    skillWordsScore(query.tokens, query.masks, term),
    // "forge hammer" is also tried as the one word "forgehammer" (the texts write "Forgehammers").
    query.tokens.length > 1 ? skillWordsScore(query.joined, query.joinedMasks, term) : 0,
  );
  if (score > 0) scoredType = 'skill';
  return score;
}

function skillWordsScore(words: readonly string[], masks: readonly number[], term: Term): number {
  if (words.length > term.tokens.length) return 0;
  let total = 0;
  for (let w = 0; w < words.length; w++) {
    const word = words[w]!;
    if (word.length < MIN_SKILL_WORD) return 0;
    let best = 0;
    for (let index = 0; index < term.tokens.length; index++) {
      const quality = wordQuality(word, masks[w]!, term.tokens[index]!, term.masks[index]!);
      // A skill's text is long and full of ordinary words: a short query word must be the word or its start
      // ("forgehammer" in "forgehammers"); only a long one may carry a typo ("valora" is not "valor").
      if (quality > best && (quality >= 0.7 || word.length >= MIN_SKILL_TYPO_WORD)) best = quality;
    }
    if (best === 0) return 0;
    total += best;
  }
  return 0.55 + 0.3 * (total / words.length);
}

/**
 * A reward matches by the item's whole name only, exactly or with a typo or a plural's "s" ("forgehammers"): a word
 * of it is not enough ("speedup" names four items; the events granting one General Speedup are not what was meant).
 */
function scoreReward(query: Query, term: Term): number {
  if (query.compact === term.compact) return 1;
  const budget = typoBudget(Math.max(query.compact.length, term.compact.length));
  if (query.compact.length < 4 || tooDifferent(query.compactMask, term.compactMask, budget)) return 0;
  const distance = boundedDistance(query.compact, term.compact, budget);
  return distance <= budget ? 0.78 - 0.08 * distance : 0;
}

/**
 * A reward name's score: an exact name 0.5, a plural or a typo (0.7 as a name) still just above the 0.45 floor, so
 * "forgehammers" finds the events as "forgehammer" does, always below a record's own name.
 */
function rewardScore(nameScore: number): number {
  return 0.35 + 0.15 * nameScore;
}

/** The term's best score for the query (0 when nothing matches); its match type is left in `scoredType`. */
function scoreTerm(query: Query, term: Term): number {
  if (term.field === 'skill') return scoreSkill(query, term);
  if (term.field === 'reward') return scoreReward(query, term);
  if (query.text === term.text || query.compact === term.compact) {
    scoredType = 'exact';
    return 1;
  }
  bestScore = 0;
  const qc = query.compact;
  const isPrefix = qc.length >= 2 && term.compact.startsWith(qc);
  if (isPrefix) {
    // "viking ven" starts "viking vengeance" word for word; "trial" only starts "tri alliance clash" once the spaces go.
    const wordForWord = term.text.startsWith(query.text);
    consider((wordForWord ? 0.8 : 0.6) + 0.15 * (qc.length / term.compact.length), 'prefix');
  }

  // Every query word matches a different word of the term ("speed up" is also tried as the one word "speedup").
  consider(wordsScore(query.tokens, query.masks, term.tokens, term.masks), 'words');
  if (query.tokens.length > 1) consider(wordsScore(query.joined, query.joinedMasks, term.tokens, term.masks), 'words');

  const budget = typoBudget(Math.max(qc.length, term.compact.length));
  if (qc.length >= 4 && typoAllowed(qc, term.compact) && !tooDifferent(query.compactMask, term.compactMask, budget)) {
    const whole = boundedDistance(qc, term.compact, budget);
    if (whole <= budget) consider(0.78 - 0.08 * whole, 'typo');
    else if (term.compact.length > qc.length + 1) {
      const startBudget = prefixTypoBudget(qc.length);
      if (startBudget > 0) {
        const start = prefixDistance(qc, term.compact, startBudget);
        if (start <= startBudget) consider(0.62 - 0.08 * start, 'typo');
      }
    }
  }
  if (qc.length >= 3 && !isPrefix && term.compact.includes(qc))
    consider(0.45 + 0.15 * (qc.length / term.compact.length), 'contains');

  // The query names the whole term among other words ("amadeus exclusive gear").
  if (query.tokens.length > term.tokens.length && term.compact.length >= 4 && mentions(query.tokens, term.tokens)) {
    consider(0.5 + 0.2 * (term.tokens.length / query.tokens.length), 'mentions');
  }
  return bestScore;
}

function parseQuery(raw: string): Query {
  let text = normalize(raw).slice(0, MAX_QUERY_CHARS).trim();
  const tokens = text === '' ? [] : text.split(' ').slice(0, MAX_QUERY_WORDS);
  text = tokens.join(' ');
  const joinedText = compact(text);
  const compactMask = letterMask(joinedText);
  return {
    text,
    compact: joinedText,
    tokens,
    masks: tokens.map(letterMask),
    compactMask,
    joined: [joinedText],
    joinedMasks: [compactMask],
  };
}

function stripParenthetical(name: string): string {
  return name.replace(/\s*\([^)]*\)\s*/g, ' ').trim();
}

export class SearchIndex {
  readonly records: readonly SearchRecord[];
  readonly #terms: readonly Term[];

  constructor(records: readonly SearchRecord[]) {
    this.records = records;
    const terms: Term[] = [];
    records.forEach((record, index) => {
      const seen = new Set<string>();
      const add = (original: string, field: MatchedField) => {
        const text = normalize(original);
        if (text === '' || seen.has(`${field}:${text}`)) return;
        seen.add(`${field}:${text}`);
        const tokens =
          field === 'skill'
            ? [...new Set(text.split(' ').filter((w) => w.length >= MIN_SKILL_WORD))].slice(0, MAX_SKILL_WORDS)
            : text.split(' ');
        const joined = compact(text);
        terms.push({
          record: index,
          original,
          field,
          weight: FIELD_WEIGHT[field],
          text,
          compact: joined,
          tokens,
          masks: tokens.map(letterMask),
          compactMask: letterMask(joined),
        });
      };
      add(record.name, 'name');
      add(stripParenthetical(record.name), 'name');
      add(record.key, 'key');
      for (const alias of record.aliases ?? []) add(alias, 'alias');
      for (const title of record.titles ?? []) add(title, 'title');
      for (const skill of record.skills ?? []) add(skill, 'skill');
      // "VIP-exclusive shard (Amadeus / Helga)": the bracket says whose, and is not what the event grants by name.
      for (const reward of record.rewards ?? []) add(stripParenthetical(reward), 'reward');
    });
    this.#terms = terms;
  }

  search(raw: string, options: SearchOptions = {}): SearchResult {
    const query = parseQuery(raw);
    if (query.text === '') return { matches: [], total: 0, normalized: '' };
    const kinds = options.kinds && options.kinds.length > 0 ? new Set(options.kinds) : undefined;
    const bestPerRecord = new Map<number, { score: number; term: Term; type: MatchType }>();
    for (const term of this.#terms) {
      if (kinds && !kinds.has(this.records[term.record]!.kind)) continue;
      if (options.namesOnly && DOES_FIELDS.has(term.field)) continue;
      const termScore = scoreTerm(query, term);
      if (termScore === 0) continue;
      const score = term.field === 'reward' ? rewardScore(termScore) : termScore * term.weight;
      const type: MatchType = term.field === 'reward' ? 'reward' : scoredType;
      const current = bestPerRecord.get(term.record);
      if (!current || score > current.score) bestPerRecord.set(term.record, { score, term, type });
    }
    const matches: SearchMatch[] = [];
    for (const [index, { score, term, type }] of bestPerRecord) {
      const rounded = Math.round(score * 1000) / 1000;
      if (rounded < MIN_SCORE) continue;
      const record = this.records[index]!;
      matches.push({
        kind: record.kind,
        key: record.key,
        name: record.name,
        score: rounded,
        matched: term.original,
        field: term.field,
        match_type: type,
      });
    }
    matches.sort(compareMatches);
    const limit = Math.max(1, Math.floor(options.limit ?? 10));
    return { matches: matches.slice(0, limit), total: matches.length, normalized: query.text };
  }
}

/** Score (high first), then kind (hero, master, item, event), then name and key: a total, stable order. */
export function compareMatches(a: SearchMatch, b: SearchMatch): number {
  return (
    b.score - a.score ||
    KIND_ORDER[a.kind] - KIND_ORDER[b.kind] ||
    compareText(a.name, b.name) ||
    compareText(a.key, b.key)
  );
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
