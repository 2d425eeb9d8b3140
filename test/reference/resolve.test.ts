/** Key, name and alias resolution for the get_* tools: found, ambiguous (with candidates) and not found (with the closest). */
import { describe, expect, it } from 'vitest';
import { events, heroes, items, masters, referenceIndex } from '../../src/reference/records.js';
import { resolveRecord } from '../../src/reference/resolve.js';

const resolveHero = (key: string) => resolveRecord('hero', key, heroes, referenceIndex);

describe('resolveRecord', () => {
  it.each([
    ['amadeus', 'amadeus', undefined],
    ['long-fei', 'long-fei', undefined],
    ['Long Fei', 'long-fei', { from: 'Long Fei', matched: 'long-fei', match_type: 'exact' }],
    ['LONG_FEI', 'long-fei', { from: 'LONG_FEI', matched: 'long-fei', match_type: 'exact' }],
    ['Wee & Woo', 'wee-and-woo', { from: 'Wee & Woo', matched: 'wee-and-woo', match_type: 'exact' }],
    ['mikoto', 'amane', { from: 'mikoto', matched: 'Mikoto', match_type: 'exact' }],
    ['amnae', 'amane', { from: 'amnae', matched: 'Amane', match_type: 'words' }],
    ['amad', 'amadeus', { from: 'amad', matched: 'Amadeus', match_type: 'prefix' }],
  ])('get_hero %j -> %s', (input, key, resolved) => {
    const result = resolveHero(input);
    expect(result.ok && result.record.key).toBe(key);
    expect(result.ok && result.resolved).toEqual(resolved);
  });

  it('resolves names, titles and aliases of the other kinds', () => {
    const key = (r: { ok: boolean; record?: { key: string } } | { ok: false }) =>
      'record' in r ? r.record?.key : undefined;
    expect(key(resolveRecord('master', 'Bear Hunter', masters, referenceIndex))).toBe('valora');
    expect(key(resolveRecord('item', 'Silk', items, referenceIndex))).toBe('satin');
    expect(key(resolveRecord('item', "Artisan's Vision", items, referenceIndex))).toBe('artisans-vision');
    expect(key(resolveRecord('event', 'KvK', events, referenceIndex))).toBe('kingdom-of-power');
  });

  it('is AMBIGUOUS when several records match about equally, listing their keys', () => {
    const result = resolveRecord('item', 'speedup', items, referenceIndex);
    expect(result).toEqual({
      ok: false,
      error: {
        code: 'AMBIGUOUS',
        message:
          '"speedup" matches several items: construction-speedup (Construction Speedup), general-speedup (General Speedup), research-speedup (Research Speedup), training-speedup (Training Speedup). Call get_item again with one of these keys.',
        argument: '/key',
        allowed: "an item key from search_database, or the item's name or an alias",
        suggestions: ['construction-speedup', 'general-speedup', 'research-speedup', 'training-speedup'],
      },
    });
    const heroesStartingAm = resolveHero('am');
    expect(!heroesStartingAm.ok && heroesStartingAm.error.suggestions).toEqual(['amane', 'amadeus']);
  });

  it('resolves a lead of exactly 0.05 and keeps candidates exactly 0.1 behind, counting in thousandths', () => {
    // Fixed scores stand in for the index: 0.85 - 0.8 and 0.9 - 0.8 are not 0.05 and 0.1 in floating point.
    const withScores = (...scores: number[]) =>
      ({
        search: () => ({
          total: scores.length,
          normalized: 'q',
          matches: scores.map((score, i) => ({
            kind: 'hero',
            key: [...heroes.keys()][i]!,
            name: 'x',
            score,
            matched: 'x',
            field: 'name',
            match_type: 'typo',
          })),
        }),
      }) as unknown as typeof referenceIndex;
    const [first, second, third] = [...heroes.keys()];
    expect(resolveRecord('hero', 'q', heroes, withScores(0.85, 0.8))).toMatchObject({
      ok: true,
      record: { key: first },
    });
    expect(resolveRecord('hero', 'q', heroes, withScores(0.85, 0.801))).toMatchObject({
      ok: false,
      error: { code: 'AMBIGUOUS' },
    });
    const window = resolveRecord('hero', 'q', heroes, withScores(0.9, 0.88, 0.8, 0.799));
    expect(!window.ok && window.error.suggestions).toEqual([first, second, third]);
  });

  it('is NOT_FOUND naming the right tool when the name is another kind, and offers no unrelated hero as closest', () => {
    const valora = resolveHero('Valora');
    expect(!valora.ok && valora.error).toEqual({
      code: 'NOT_FOUND',
      message:
        'No hero matches "Valora". Valora is a Master: call get_master with key "valora". No hero name is close to it. Use search_database to find a hero by part of its name.',
      argument: '/key',
      allowed: "a hero key from search_database, or the hero's name or an alias",
      suggestions: [],
    });
    const satin = resolveRecord('event', 'satin', events, referenceIndex);
    expect(!satin.ok && satin.error.code).toBe('NOT_FOUND');
    expect(!satin.ok && satin.error.message).toContain('Satin is an item: call get_item with key "satin".');
    expect(!satin.ok && satin.error.message).toContain('Use search_database to find an event by part of its name.');
  });

  it('offers closest keys only within the similarity floor: none for nonsense, a near key for a near miss', () => {
    for (const nonsense of ['zzyzx', 'qwertyuiop', 'xq', 'dragon scale', 'blorptastic']) {
      const result = resolveHero(nonsense);
      expect(!result.ok && result.error.suggestions, nonsense).toEqual([]);
      expect(!result.ok && result.error.message, nonsense).toContain('No hero name is close to it.');
    }
    // Too short for the index's typo rules, but two edits from a five-letter key (the floor is 40%: two).
    const nearMiss = resolveHero('jbl');
    expect(!nearMiss.ok && nearMiss.error.suggestions).toEqual(['jabel']);
    expect(!nearMiss.ok && nearMiss.error.message).toContain('Closest heroes: jabel.');
  });

  it('rejects a key without letters or digits, and cuts a long one short in the message', () => {
    const empty = resolveHero(' -- ');
    expect(!empty.ok && empty.error.code).toBe('INVALID_ARGUMENTS');
    const long = resolveHero('q'.repeat(100));
    expect(!long.ok && long.error.message).toContain(`"${'q'.repeat(60)}…"`);
  });
});
