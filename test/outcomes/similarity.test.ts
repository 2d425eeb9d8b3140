/** The edit distance behind "did you mean": exact below its limit, and it stops once a pair is past it. */
import { describe, expect, it } from 'vitest';
import { closest, editDistance } from '../../src/outcomes/similarity.js';

describe('editDistance', () => {
  it.each([
    ['', '', 0],
    ['abc', 'abc', 0],
    ['', 'abc', 3],
    ['kitten', 'sitting', 3],
    ['charms', 'charmz', 1],
    ['form', 'from', 1],
    ['ca', 'abc', 3],
  ])('%j to %j is %i', (a, b, distance) => {
    expect(editDistance(a, b)).toBe(distance);
    expect(editDistance(b, a)).toBe(distance);
  });
  it('answers limit + 1 for a pair past the limit (it stops early rather than filling the table)', () => {
    expect(editDistance('a'.repeat(1000), 'b'.repeat(1000), 3)).toBe(4);
    expect(editDistance('kitten', 'sitting', 3)).toBe(3);
    expect(editDistance('kitten', 'sitting', 2)).toBe(3);
    expect(editDistance('a', 'b'.repeat(50), 5)).toBe(6);
  });
});

describe('closest', () => {
  it('keeps candidate order on ties and takes the nearest first', () => {
    expect(closest('charmz', ['from', 'to', 'charms'], 1)).toEqual(['charms']);
    expect(closest('x', ['ab', 'cd', 'ef'], 2)).toEqual(['ab', 'cd']);
    expect(closest('barrak', ['town_center', 'embassy', 'barracks'], 2)).toEqual(['barracks', 'embassy']);
  });
  it('compares at most 64 characters of a long candidate', () => {
    expect(closest('a'.repeat(64), ['a'.repeat(10_000), 'b'], 1)).toEqual(['a'.repeat(10_000)]);
  });
});
