/** Levenshtein edit distance (insertions, deletions, substitutions), case-insensitive. */
export function editDistance(a: string, b: string): number {
  const s = a.toLowerCase();
  const t = b.toLowerCase();
  if (s === t) return 0;
  let previous = Array.from({ length: t.length + 1 }, (_, j) => j);
  for (let i = 1; i <= s.length; i++) {
    const current = [i];
    for (let j = 1; j <= t.length; j++) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      current[j] = Math.min(
        (previous[j] as number) + 1,
        (current[j - 1] as number) + 1,
        (previous[j - 1] as number) + cost,
      );
    }
    previous = current;
  }
  return previous[t.length] as number;
}

/**
 * The candidate closest to `input`, if it is close enough to be a plausible misspelling
 * (at most a third of the longer name, and at least 2 edits allowed so short names still match).
 * Ties go to the earlier candidate, so the result is stable.
 */
export function closestName(input: string, candidates: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    if (candidate === input) continue;
    const distance = editDistance(input, candidate);
    const allowed = Math.max(2, Math.floor(Math.max(input.length, candidate.length) / 3));
    if (distance <= allowed && distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

/** ` (did you mean "x"?)` or the empty string. */
export function didYouMean(input: string, candidates: Iterable<string>): string {
  const best = closestName(input, candidates);
  return best === undefined ? '' : ` (did you mean "${best}"?)`;
}
