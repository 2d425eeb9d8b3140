/** Closest-match helpers for "did you mean" suggestions. */

/** Only this much of a name or candidate is compared: a suggestion is for a typo, not for a pasted page. */
const COMPARED_LENGTH = 64;

/**
 * Optimal string alignment distance (Levenshtein plus adjacent transpositions), in three rows of memory. With a
 * `limit`, it stops as soon as every cell of a row is past it and answers `limit + 1`: a candidate already worse
 * than the ones kept costs a row or two, not the whole table.
 */
export function editDistance(a: string, b: string, limit = Infinity): number {
  if (a === b) return 0;
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  const cols = b.length + 1;
  let beforePrevious = new Array<number>(cols).fill(0);
  let previous = Array.from({ length: cols }, (_, j) => j);
  let current = new Array<number>(cols).fill(0);
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let rowBest = i;
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, beforePrevious[j - 2]! + 1);
      current[j] = best;
      if (best < rowBest) rowBest = best;
    }
    // No cell is below the one diagonally above it, so the answer is at least this row's smallest cell.
    if (rowBest > limit) return limit + 1;
    [beforePrevious, previous, current] = [previous, current, beforePrevious];
  }
  return Math.min(previous[b.length]!, limit + 1);
}

/** The `count` candidates closest to `input` by edit distance on their normalised form; ties keep candidate order. */
export function closest(
  input: string,
  candidates: readonly string[],
  count = 3,
  normalise: (s: string) => string = (s) => s.toLowerCase(),
): string[] {
  if (count <= 0) return [];
  const target = normalise(input.slice(0, COMPARED_LENGTH * 2)).slice(0, COMPARED_LENGTH);
  // Kept sorted by distance then order; a candidate is measured only against the worst one kept.
  const kept: { candidate: string; order: number; distance: number }[] = [];
  candidates.forEach((candidate, order) => {
    const limit = kept.length < count ? Infinity : kept[kept.length - 1]!.distance - 1;
    if (limit < 0) return;
    const compared = normalise(candidate.slice(0, COMPARED_LENGTH * 2)).slice(0, COMPARED_LENGTH);
    const distance = editDistance(target, compared, limit);
    if (distance > limit) return;
    const at = kept.findIndex((k) => k.distance > distance);
    kept.splice(at === -1 ? kept.length : at, 0, { candidate, order, distance });
    if (kept.length > count) kept.pop();
  });
  return kept.map((k) => k.candidate);
}
