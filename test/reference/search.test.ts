/**
 * Search quality on the real reference data: a table of queries (exact names, case, punctuation, diacritics,
 * aliases, typos, prefixes, wrong kinds, empty and very long input) with the expected top result, plus the order
 * rules and a property test that no input makes search throw or misorder.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { eventsFile, itemsFile, mastersFile, referenceIndex } from '../../src/reference/records.js';
import { keyForm, normalize } from '../../shared/normalize.js';
import { boundedDistance, compareMatches, SearchIndex, type RecordKind } from '../../src/reference/search.js';

type Row = [query: string, kinds: RecordKind[] | undefined, top: string | null, matchType?: string];

// top is "<kind>:<key>" of the first match, or null when nothing may match.
const TABLE: Row[] = [
  // Exact names, whatever the case
  ['Amadeus', undefined, 'hero:amadeus', 'exact'],
  ['amadeus', undefined, 'hero:amadeus', 'exact'],
  ['AMADEUS', undefined, 'hero:amadeus', 'exact'],
  ['Valora', undefined, 'master:valora', 'exact'],
  ['Kingdom of Power', undefined, 'event:kingdom-of-power', 'exact'],
  ['bear hunt', undefined, 'event:bear-hunt', 'exact'],
  ['hall of heroes', undefined, 'event:hall-of-heroes', 'exact'],
  ['mithril', undefined, 'item:mithril', 'exact'],
  // Punctuation, spaces and diacritics do not count
  ['long fei', undefined, 'hero:long-fei', 'exact'],
  ['longfei', undefined, 'hero:long-fei', 'exact'],
  ['Long-Fei', undefined, 'hero:long-fei', 'exact'],
  ['wee & woo', undefined, 'hero:wee-and-woo', 'exact'],
  ['wee and woo', undefined, 'hero:wee-and-woo', 'exact'],
  ['yeon woo', undefined, 'hero:yeonwoo', 'exact'],
  ['zoé', undefined, 'hero:zoe', 'exact'],
  ['ÉRIC', undefined, 'hero:eric', 'exact'],
  ["artisan's vision", undefined, 'item:artisans-vision', 'exact'],
  ['Artisan’s Vision', undefined, 'item:artisans-vision', 'exact'],
  ['artisans vision', undefined, 'item:artisans-vision', 'exact'],
  ['forge hammer', undefined, 'item:forgehammer', 'exact'],
  ["champion's way", undefined, 'event:champions-way', 'exact'],
  ['master’s manuscript', undefined, 'item:masters-manuscript', 'exact'],
  // Aliases, nicknames, former names, translations and titles
  ['mikoto', undefined, 'hero:amane', 'exact'],
  ['weewoo', undefined, 'hero:wee-and-woo', 'exact'],
  ['silk', undefined, 'item:satin', 'exact'],
  ['gold thread', undefined, 'item:gilded-threads', 'exact'],
  ['ttg', undefined, 'item:tempered-truegold', 'exact'],
  ['kvk', undefined, 'event:kingdom-of-power', 'exact'],
  ['champagne festival', undefined, 'event:champagne-fair', 'exact'],
  ['hunting master', undefined, 'master:valora', 'exact'],
  ['bear hunter', undefined, 'master:valora', 'exact'],
  ['battle commander', undefined, 'master:cassia', 'exact'],
  // Typos
  ['amnae', undefined, 'hero:amane', 'words'],
  ['chnko', undefined, 'hero:chenko', 'words'],
  ['casia', undefined, 'master:cassia', 'words'],
  ['guinivere', undefined, 'master:guinevere', 'words'],
  ['artisan vison', undefined, 'item:artisans-vision', 'words'],
  ['gilded thred', undefined, 'item:gilded-threads', 'words'],
  ['viking vengance', undefined, 'event:viking-vengeance', 'words'],
  ['vikng', undefined, 'event:viking-vengeance', 'words'],
  ['tempred truegold', undefined, 'item:tempered-truegold', 'words'],
  // Prefixes and partial names
  ['amad', undefined, 'hero:amadeus', 'prefix'],
  ['jab', undefined, 'hero:jabel', 'prefix'],
  ['am', undefined, 'hero:amane', 'prefix'],
  ['viking ven', undefined, 'event:viking-vengeance', 'prefix'],
  ['tempered', undefined, 'item:tempered-truegold', 'prefix'],
  ['7-day sign-in', undefined, 'event:seven-day-sign-in', 'prefix'],
  ['widget', undefined, 'item:hero-widget', 'exact'],
  ['vengeance', undefined, 'event:viking-vengeance', 'words'],
  ['speed up', undefined, 'item:construction-speedup', 'words'],
  ['shard', ['item'], 'item:hero-specific-shard', 'words'],
  ['mystic', undefined, 'event:mystic-trial', 'prefix'],
  // A name among other words
  ['amadeus exclusive gear', undefined, 'hero:amadeus', 'mentions'],
  ['tell me everything about the hero called jabel please', undefined, 'hero:jabel', 'mentions'],
  // Kind filters, right and wrong
  ['arena', ['item'], 'item:arena-token', 'prefix'],
  ['arena', ['master'], 'master:roman', 'prefix'],
  ['arena', undefined, 'event:arena', 'exact'],
  ['amadeus', ['item'], 'item:vip-exclusive-hero-shard', 'words'],
  ['amadeus', ['event'], null],
  ['satin', ['hero'], null],
  ['valora', ['hero', 'item', 'event'], null],
  // Empty, absurd and very long input
  ['', undefined, null],
  ['   ', undefined, null],
  ['!!! ??? ...', undefined, null],
  ['a', undefined, null],
  ['xyzzy', undefined, null],
  ['🐻🐻🐻', undefined, null],
  ['x'.repeat(5000), undefined, null],
  ['amadeus '.repeat(500), undefined, 'hero:amadeus', 'mentions'],
];

describe('search_database ranking table', () => {
  it('has at least 40 queries', () => expect(TABLE.length).toBeGreaterThanOrEqual(40));

  const cases = TABLE.map(([query, kinds, top, matchType]) => ({
    label: JSON.stringify(query.length > 40 ? `${query.slice(0, 37)}...` : query),
    query,
    kinds,
    top,
    matchType,
  }));
  it.each(cases)('$label (kinds $kinds) -> $top $matchType', ({ query, kinds, top, matchType }) => {
    const { matches } = referenceIndex.search(query, kinds ? { kinds } : {});
    if (top === null) {
      expect(matches).toEqual([]);
      return;
    }
    const first = matches[0];
    expect(first && `${first.kind}:${first.key}`, JSON.stringify(matches.slice(0, 3))).toBe(top);
    if (matchType) expect(first!.match_type).toBe(matchType);
  });
});

describe('scores and order', () => {
  it('gives exact names and keys 1, aliases 0.97 and titles 0.9, and reports what matched as written in the data', () => {
    expect(referenceIndex.search('Amadeus').matches[0]).toMatchObject({ score: 1, field: 'name', matched: 'Amadeus' });
    expect(referenceIndex.search('hero xp').matches[0]).toMatchObject({
      key: 'hero-xp',
      score: 1,
      field: 'key',
      matched: 'hero-xp',
    });
    expect(referenceIndex.search('mikoto').matches[0]).toMatchObject({
      score: 0.97,
      field: 'alias',
      matched: 'Mikoto',
    });
    expect(referenceIndex.search('hunting master').matches[0]).toMatchObject({
      score: 0.9,
      field: 'title',
      matched: 'Hunting Master',
    });
  });

  it('scores a typo below a prefix and a prefix below the exact name', () => {
    const score = (q: string, key: string) => referenceIndex.search(q).matches.find((m) => m.key === key)!.score;
    expect(score('amane', 'amane')).toBe(1);
    expect(score('amadeus', 'amadeus')).toBe(1);
    expect(score('amad', 'amadeus')).toBe(0.886);
    expect(score('amnae', 'amane')).toBe(0.745);
  });

  it('breaks ties by kind, then name, then key', () => {
    const { matches } = referenceIndex.search('speedup');
    expect(matches.map((m) => [m.key, m.score])).toEqual([
      ['construction-speedup', 0.775],
      ['general-speedup', 0.775],
      ['research-speedup', 0.775],
      ['training-speedup', 0.775],
    ]);
    const index = new SearchIndex([
      { kind: 'event', key: 'b', name: 'Twin' },
      { kind: 'hero', key: 'z', name: 'Twin' },
      { kind: 'hero', key: 'a', name: 'Twin' },
    ]);
    expect(index.search('twin').matches.map((m) => `${m.kind}:${m.key}`)).toEqual(['hero:a', 'hero:z', 'event:b']);
  });

  it('applies the limit after ranking and reports the total', () => {
    const all = referenceIndex.search('hero', { limit: 50 });
    const two = referenceIndex.search('hero', { limit: 2 });
    expect(all.total).toBe(all.matches.length);
    expect(two.total).toBe(all.total);
    expect(two.matches).toEqual(all.matches.slice(0, 2));
  });

  it('cuts a very long query to the first 120 normalised characters: a name past them is not searched', () => {
    expect(referenceIndex.search('x'.repeat(5000)).normalized).toBe('x'.repeat(120));
    const long = referenceIndex.search(`Amadeus, ${'x'.repeat(150)} Valora`);
    expect(long.normalized).toBe(`amadeus ${'x'.repeat(112)}`);
    expect(long.matches.map((m) => m.key)).toContain('amadeus');
    expect(long.matches.map((m) => m.key)).not.toContain('valora');
    expect(referenceIndex.search(`Amadeus, ${'x'.repeat(100)} Valora`).matches.map((m) => m.key)).toContain('valora');
  });
});

describe('normalisation and distance', () => {
  it.each([
    ['Artisan’s Vision', 'artisans vision'],
    ['Wee & Woo', 'wee and woo'],
    ['  ÉRIC--the__Great ', 'eric the great'],
    ['Zoë', 'zoe'],
    ['★ Gold T2 ★1', 'gold t2 1'],
    ['!!!', ''],
  ])('normalize(%j) = %j', (given, want) => expect(normalize(given)).toBe(want));

  it.each([
    ['Long Fei', 'long-fei'],
    ['LONG_FEI', 'long-fei'],
    ['wee & woo', 'wee-and-woo'],
  ])('keyForm(%j) = %j', (given, want) => expect(keyForm(given)).toBe(want));

  it.each([
    ['amane', 'amane', 2, 0],
    ['amnae', 'amane', 2, 1],
    ['vikng', 'viking', 2, 1],
    ['kitten', 'sitting', 3, 3],
    ['kitten', 'sitting', 2, 3],
    ['abc', 'abcdef', 2, 3],
  ])('boundedDistance(%s, %s, %i) = %i', (a, b, bound, want) => expect(boundedDistance(a, b, bound)).toBe(want));

  it('never throws and always returns ordered, bounded scores, whatever the input', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 300, unit: 'grapheme' }),
        fc.constantFrom(undefined, ['hero'] as RecordKind[], ['item', 'event'] as RecordKind[]),
        fc.integer({ min: 1, max: 60 }),
        (query, kinds, limit) => {
          const { matches, total } = referenceIndex.search(query, { ...(kinds ? { kinds } : {}), limit });
          expect(matches.length).toBeLessThanOrEqual(Math.min(limit, total));
          for (let i = 0; i < matches.length; i++) {
            expect(matches[i]!.score).toBeGreaterThanOrEqual(0.45);
            expect(matches[i]!.score).toBeLessThanOrEqual(1);
            if (kinds) expect(kinds).toContain(matches[i]!.kind);
            if (i > 0) expect(compareMatches(matches[i - 1]!, matches[i]!)).toBeLessThan(0);
          }
          expect(referenceIndex.search(query, { ...(kinds ? { kinds } : {}), limit })).toEqual({
            matches,
            total,
            normalized: expect.any(String),
          });
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('search by what a record does or grants', () => {
  /** The events that grant an item, from the data (its granted_by and the events' rewards), sorted by name. */
  function grantingEventKeys(itemKey: string): string[] {
    const item = itemsFile.items.find((i) => i.key === itemKey)!;
    const keys = new Set(item.granted_by.map((g) => g.event));
    for (const event of eventsFile.events) if (event.rewards.some((r) => r.item === itemKey)) keys.add(event.key);
    return eventsFile.events
      .filter((e) => keys.has(e.key))
      .sort((a, b) => (a.name < b.name ? -1 : 1))
      .map((e) => e.key);
  }

  it('"forgehammer": the item by name first, then the Master whose skill gives them, then every event granting them', () => {
    const { matches, total } = referenceIndex.search('forgehammer', { limit: 20 });
    const events = grantingEventKeys('forgehammer');
    expect(events).toHaveLength(8);
    expect(total).toBe(10);
    expect(matches.map((m) => [`${m.kind}:${m.key}`, m.score, m.match_type])).toEqual([
      ['item:forgehammer', 1, 'exact'],
      ['master:valora', 0.539, 'skill'],
      ...events.map((key) => [`event:${key}`, 0.5, 'reward']),
    ]);
    const valora = mastersFile.masters.find((m) => m.key === 'valora')!;
    const skill = valora.status === 'full' ? valora.skills.find((s) => s.name === 'Weapon Obsession')! : undefined;
    expect(matches[1]!.matched).toBe(`Weapon Obsession: ${skill!.effect}`);
    expect(matches[2]!.matched).toBe('Forgehammer');
  });

  it('finds the same records for a plural, a typo and the two-word spelling, still below the name', () => {
    const keysOf = (query: string) => referenceIndex.search(query, { limit: 20 }).matches.map((m) => m.key);
    const expected = ['forgehammer', 'valora', ...grantingEventKeys('forgehammer')];
    expect(keysOf('forgehammers')).toEqual(expected);
    expect(keysOf('forgehamer')).toEqual(expected);
    expect(keysOf('forge hammer')).toEqual(expected);
  });

  it('names a Master by a skill name or a word of its effect', () => {
    expect(referenceIndex.search('weapon obsession').matches.map((m) => [m.key, m.match_type])).toEqual([
      ['valora', 'skill'],
    ]);
    expect(referenceIndex.search('relic coins').matches.map((m) => [`${m.kind}:${m.key}`, m.match_type])).toEqual([
      ['item:relic-coins', 'exact'],
      ['master:guinevere', 'skill'],
      ['event:swordland-showdown', 'reward'],
    ]);
  });

  it('does not match a word of a reward name, a bracket of one, or a short typo of a skill word', () => {
    // "speedup" is a word of four item names: the events granting a General Speedup are not listed.
    expect(referenceIndex.search('speedup').matches.every((m) => m.kind === 'item')).toBe(true);
    // "VIP-exclusive shard (Amadeus / Helga)" is granted by Hall of Governors; the bracket does not make it Amadeus.
    expect(referenceIndex.search('amadeus', { kinds: ['event'] }).matches).toEqual([]);
    // Cassia's "Horn of Valor" is not a typo of Valora.
    expect(referenceIndex.search('valora').matches.map((m) => m.key)).toEqual(['valora']);
  });

  it('is left out when resolving a get_* key by name (namesOnly)', () => {
    expect(referenceIndex.search('forgehammer', { kinds: ['event'], namesOnly: true }).matches).toEqual([]);
    expect(referenceIndex.search('weapon obsession', { namesOnly: true }).matches).toEqual([]);
  });
});
