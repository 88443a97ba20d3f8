/**
 * Cost control applied to the corpus: calls left out by sampling (per queue or vendor) or by
 * the duration limits get the status `excluded` and no analysis. Only calls whose pipeline
 * finished (analysed or excluded) can move between the two; queued, transcribing and failed
 * calls keep their status. Sampling is a per-call draw from the seed, so the same settings
 * always keep the same calls, and lowering a rate only drops calls (a call kept at 30 % is
 * also kept at 50 %).
 */
import type { CostControlSettings } from '../../generated/data.types.ts';
import { EXCLUDED_STATUS, type Corpus } from '../corpus/corpus.ts';
import { hashSeed } from '../corpus/prng.ts';

const SAMPLING_STREAM = 0x5a3c1e;

/** The share of calls analysed for call i: the lowest rate of the rules matching its queue or vendor. */
export function samplingRate(corpus: Corpus, settings: CostControlSettings, i: number): number {
  let rate = 1;
  if (settings.sampling.length === 0) return rate;
  const queue = corpus.queues[corpus.cols.queue[i]!];
  const vendor = corpus.cast.vendors[corpus.cols.vendor[i]!]!.id;
  for (const rule of settings.sampling) {
    const matches = rule.scope === 'queue' ? rule.value === queue : rule.value === vendor;
    if (matches) rate = Math.min(rate, rule.rate);
  }
  return rate;
}

/** Why call i is left out under these settings, or null when it is analysed. */
export function exclusionReason(
  corpus: Corpus,
  settings: CostControlSettings,
  i: number,
): 'short' | 'long' | 'sampled-out' | null {
  const seconds = corpus.cols.durationMs[i]! / 1000;
  if (seconds < settings.minDurationSec) return 'short';
  if (settings.maxDurationSec > 0 && seconds > settings.maxDurationSec) return 'long';
  const draw = hashSeed(corpus.seed ^ SAMPLING_STREAM, i) / 2 ** 32;
  return draw < samplingRate(corpus, settings, i) ? null : 'sampled-out';
}

/**
 * Sets analysed/excluded on every finished call from the corpus's cost-control settings.
 * Returns how many calls became analysed (they need an analysis) and how many were excluded.
 */
export function applyCostControl(corpus: Corpus): { included: number; excluded: number } {
  const { cols, settings } = corpus;
  let included = 0;
  let excluded = 0;
  for (let i = 0; i < corpus.n; i++) {
    const status = cols.status[i]!;
    if (status !== 0 && status !== EXCLUDED_STATUS) continue;
    const next = exclusionReason(corpus, settings.costControl, i) ? EXCLUDED_STATUS : 0;
    if (next === status) continue;
    cols.status[i] = next;
    if (next === 0) included++;
    else excluded++;
  }
  return { included, excluded };
}

/** True when the patch changes which calls are analysed (not just the cap, alerts or rates). */
export function changesSelection(before: CostControlSettings, after: CostControlSettings): boolean {
  return (
    before.minDurationSec !== after.minDurationSec ||
    before.maxDurationSec !== after.maxDurationSec ||
    JSON.stringify(before.sampling) !== JSON.stringify(after.sampling)
  );
}
