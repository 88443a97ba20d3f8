/**
 * Quartile bands for a leaderboard column: Q1 is the best quarter of agents for that metric
 * (highest QA, lowest AHT...), Q4 the worst. Ranked on the agents that have a value; equal
 * values share the band of the first of them, so a tie never splits across bands.
 */
export type QuartileBand = 1 | 2 | 3 | 4;

export function quartileBands(
  values: readonly (number | null)[],
  better: 'higher' | 'lower',
): (QuartileBand | null)[] {
  const ranked = values
    .map((value, index) => ({ value, index }))
    .filter(
      (e): e is { value: number; index: number } => e.value !== null && Number.isFinite(e.value),
    )
    .sort((a, b) => (better === 'higher' ? b.value - a.value : a.value - b.value));
  const out: (QuartileBand | null)[] = values.map(() => null);
  const n = ranked.length;
  let bandOfTie: QuartileBand = 1;
  ranked.forEach((entry, rank) => {
    const previous = ranked[rank - 1];
    if (!previous || previous.value !== entry.value) {
      bandOfTie = (Math.floor((rank * 4) / n) + 1) as QuartileBand;
    }
    out[entry.index] = bandOfTie;
  });
  return out;
}

export const BAND_WORDS: Record<QuartileBand, string> = {
  1: 'top quartile',
  2: 'second quartile',
  3: 'third quartile',
  4: 'bottom quartile',
};
