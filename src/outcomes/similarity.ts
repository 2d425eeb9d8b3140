/** Closest-match helpers for "did you mean" suggestions. */

/** Optimal string alignment distance (Levenshtein plus adjacent transpositions). */
export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) =>
    Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, d[i - 2]![j - 2]! + 1);
      d[i]![j] = best;
    }
  }
  return d[a.length]![b.length]!;
}

/** The `count` candidates closest to `input` by edit distance on their normalised form; ties keep candidate order. */
export function closest(
  input: string,
  candidates: readonly string[],
  count = 3,
  normalise: (s: string) => string = (s) => s.toLowerCase(),
): string[] {
  const target = normalise(input).slice(0, 64);
  return candidates
    .map((candidate, order) => ({ candidate, order, distance: editDistance(target, normalise(candidate)) }))
    .sort((x, y) => x.distance - y.distance || x.order - y.order)
    .slice(0, count)
    .map((x) => x.candidate);
}
