/**
 * Fake-call insight: how the fake-call score spreads, which signals the flagged calls show,
 * and the evidence per flagged call. The score and its reasons come from the metrics module's
 * one definition (fakeCallAssessment), on the same inputs the corpus used to flag the call.
 */
import { fakeCallAssessment } from '../../../metrics/index.ts';
import type { FakeCallInsightQuery, FakeCallInsights } from '../../customer-insight.ts';
import { fakeSignals } from '../../corpus/across-calls.ts';
import { DISPOSITIONS } from '../../corpus/catalog.ts';
import { callId, type Corpus } from '../../corpus/corpus.ts';
import { DataSourceError } from '../../source.ts';
import { MAX_LIMIT } from '../page.ts';
import { selectCalls } from '../select.ts';
import { FAKE_SCORE_BANDS, FAKE_SIGNALS, fakeSignalsOf, scoreBand } from '../insight-filters.ts';

export function fakeCallInsights(corpus: Corpus, query: FakeCallInsightQuery): FakeCallInsights {
  const evidenceLimit = query.evidence ?? 50;
  if (!Number.isInteger(evidenceLimit) || evidenceLimit < 0 || evidenceLimit > MAX_LIMIT)
    throw new DataSourceError('invalid-query', `evidence must be 0 to ${MAX_LIMIT}`, ['evidence']);
  const c = corpus.cols;
  const settings = corpus.settings.smart;
  const indices = selectCalls(corpus, { ...(query.filters ?? {}), status: 'analysed' });
  const signalNames = FAKE_SIGNALS;
  const signalCounts = new Map(signalNames.map((s) => [s, { flagged: 0, analysed: 0 }]));
  const bands = Array.from({ length: FAKE_SCORE_BANDS }, () => ({ calls: 0, flagged: 0 }));
  const flagged: number[] = [];
  for (const i of indices) {
    const band = bands[scoreBand(c.fakeScore[i]!)]!;
    band.calls += 1;
    const isFlagged = c.fake[i] === 1;
    if (isFlagged) {
      band.flagged += 1;
      flagged.push(i);
    }
    for (const signal of fakeSignalsOf(corpus, i)) {
      const count = signalCounts.get(signal)!;
      count.analysed += 1;
      if (isFlagged) count.flagged += 1;
    }
  }
  flagged.sort((a, b) => c.fakeScore[b]! - c.fakeScore[a]! || b - a);
  return {
    analysedCalls: indices.length,
    flaggedCalls: flagged.length,
    threshold: settings.fakeCallThreshold,
    distribution: bands.map((b, k) => ({ from: k / 10, to: (k + 1) / 10, ...b })),
    signals: signalNames.map((signal) => ({
      signal,
      flaggedCalls: signalCounts.get(signal)!.flagged,
      analysedCalls: signalCounts.get(signal)!.analysed,
    })),
    evidence: flagged.slice(0, evidenceLimit).map((i) => {
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
