/**
 * Fake-call insight: how the fake-call score spreads, which signals the flagged calls show,
 * and the evidence per flagged call. The score and its reasons come from the metrics module's
 * one definition (fakeCallAssessment), on the same inputs the corpus used to flag the call.
 */
import { fakeCallAssessment } from '../../../metrics/index.ts';
import type { FakeCallInsightQuery, FakeCallInsights, FakeSignal } from '../../customer-insight.ts';
import { fakeSignals } from '../../corpus/across-calls.ts';
import { DISPOSITIONS } from '../../../domain/dispositions/index.ts';
import { callId, type Corpus } from '../../corpus/corpus.ts';
import { DataSourceError } from '../../source.ts';
import { MAX_LIMIT } from '../page.ts';
import { selectCalls } from '../select.ts';
import { FAKE_SCORE_BANDS, FAKE_SIGNALS, fakeSignalsOf, scoreBand } from '../insight-filters.ts';

/** What the insight counts over the analysed calls of the selection. */
export interface FakeCallCounts {
  analysed: number;
  /** Per score band (scoreBand): its calls and how many of them are flagged. */
  bands: { calls: number; flagged: number }[];
  /** Per signal (FAKE_SIGNALS order): calls showing it, and of those, flagged ones. */
  signals: { flagged: number; analysed: number }[];
}

export function emptyFakeCallCounts(): FakeCallCounts {
  return {
    analysed: 0,
    bands: Array.from({ length: FAKE_SCORE_BANDS }, () => ({ calls: 0, flagged: 0 })),
    signals: FAKE_SIGNALS.map(() => ({ flagged: 0, analysed: 0 })),
  };
}

/** How many flagged calls the answer lists, checked. */
export function evidenceLimit(query: FakeCallInsightQuery): number {
  const limit = query.evidence ?? 50;
  if (!Number.isInteger(limit) || limit < 0 || limit > MAX_LIMIT)
    throw new DataSourceError('invalid-query', `evidence must be 0 to ${MAX_LIMIT}`, ['evidence']);
  return limit;
}

export function fakeCallInsights(corpus: Corpus, query: FakeCallInsightQuery): FakeCallInsights {
  const limit = evidenceLimit(query);
  const c = corpus.cols;
  const indices = selectCalls(corpus, { ...(query.filters ?? {}), status: 'analysed' });
  const counts = emptyFakeCallCounts();
  counts.analysed = indices.length;
  const signalIndex = new Map<FakeSignal, number>(FAKE_SIGNALS.map((s, k) => [s, k]));
  const flagged: number[] = [];
  for (const i of indices) {
    const band = counts.bands[scoreBand(c.fakeScore[i]!)]!;
    band.calls += 1;
    const isFlagged = c.fake[i] === 1;
    if (isFlagged) {
      band.flagged += 1;
      flagged.push(i);
    }
    for (const signal of fakeSignalsOf(corpus, i)) {
      const count = counts.signals[signalIndex.get(signal)!]!;
      count.analysed += 1;
      if (isFlagged) count.flagged += 1;
    }
  }
  // Highest score first, newest first among equals.
  flagged.sort((a, b) => c.fakeScore[b]! - c.fakeScore[a]! || b - a);
  return fakeCallResult(corpus, counts, flagged.slice(0, limit));
}

/** The answer from the counts and the flagged calls to show, in order. */
export function fakeCallResult(
  corpus: Corpus,
  counts: FakeCallCounts,
  evidence: readonly number[],
): FakeCallInsights {
  const c = corpus.cols;
  const settings = corpus.settings.smart;
  return {
    analysedCalls: counts.analysed,
    flaggedCalls: counts.bands.reduce((n, b) => n + b.flagged, 0),
    threshold: settings.fakeCallThreshold,
    distribution: counts.bands.map((b, k) => ({ from: k / 10, to: (k + 1) / 10, ...b })),
    signals: FAKE_SIGNALS.map((signal, k) => ({
      signal,
      flaggedCalls: counts.signals[k]!.flagged,
      analysedCalls: counts.signals[k]!.analysed,
    })),
    evidence: evidence.map((i) => {
      const agent = corpus.cast.agents[c.agent[i]!]!;
      return {
        callId: callId(i),
        startedAt: new Date(c.startMs[i]!).toISOString(),
        agentId: agent.id,
        agentName: agent.name,
        vendorName: corpus.cast.vendors[c.vendor[i]!]!.name,
        dispositionLabel: DISPOSITIONS[c.disposition[i]!]!.label,
        durationMs: c.durationMs[i]!,
        score: c.fakeScore[i]!,
        reasons: fakeCallAssessment(fakeSignals(corpus, i), settings).reasons,
      };
    }),
  };
}
