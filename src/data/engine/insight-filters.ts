/**
 * The call filters of the customer-insight screens: fake-call score band, fake-call signal and
 * churn signal. Each is decided by the same function the Fake Call and Churn VOC views count
 * with (scoreBand, fakeSignalsOf, churnSignalsOf below), so a count there equals the call list
 * it drills to. Self-contained: compileFilters only asks this module for its tests.
 */
import {
  CHURN_SIGNAL_WEIGHTS,
  FAKE_SIGNAL_WEIGHTS,
  churnRisk,
  fakeCallAssessment,
} from '../../metrics/index.ts';
import type { ChurnSignal, FakeSignal } from '../customer-insight.ts';
import { fakeSignals } from '../corpus/across-calls.ts';
import { SIGNAL_BITS, type Corpus } from '../corpus/corpus.ts';
import { asList } from '../filters.ts';
import { DataSourceError, type CallFilters } from '../source.ts';

export const FAKE_SIGNALS = Object.keys(FAKE_SIGNAL_WEIGHTS) as FakeSignal[];
export const CHURN_SIGNALS = Object.keys(CHURN_SIGNAL_WEIGHTS) as ChurnSignal[];
/** Bands of the fake-call score: ten of 0.1 from 0 to 1. */
export const FAKE_SCORE_BANDS = 10;

/** Ten bands of 0.1 from 0 to 1; a score of exactly 1 falls in the last. */
export function scoreBand(score: number): number {
  return Math.min(FAKE_SCORE_BANDS - 1, Math.max(0, Math.floor(score * 10 + 1e-9)));
}

/** The fake-call signals of call i, by the one fake-call rule, from its stored columns. */
export function fakeSignalsOf(corpus: Corpus, i: number): FakeSignal[] {
  return fakeCallAssessment(fakeSignals(corpus, i), corpus.settings.smart).reasons.map(
    (r) => r.signal,
  );
}

const PRESENT = [{ segment: 0, beginMs: 0, endMs: 0, text: '' }];

/** The churn signals of call i, by the one churn rule, from its stored columns. */
export function churnSignalsOf(corpus: Corpus, i: number): ChurnSignal[] {
  const c = corpus.cols;
  const signals = c.signals[i]!;
  const end = c.customerEndSentiment[i]!;
  const risk = churnRisk(
    {
      cancellationIntent: signals & SIGNAL_BITS.cancellationIntent ? PRESENT : [],
      competitorMention: signals & SIGNAL_BITS.competitorMention ? PRESENT : [],
      contactsIn30Days: c.contactsIn30Days[i]!,
      endSentiment: Number.isNaN(end) ? null : end,
      endEvidence: [],
      resolved: c.resolved[i] === 1,
    },
    corpus.settings.smart,
  );
  return risk.reasons.map((r) => r.signal);
}

type Test = (i: number) => boolean;

function known<T extends string | number>(
  values: readonly T[] | undefined,
  allowed: readonly T[],
  field: string,
): readonly T[] | undefined {
  if (values === undefined) return undefined;
  const bad = values.filter((v) => !allowed.includes(v));
  if (bad.length > 0)
    throw new DataSourceError('invalid-query', `filters.${field} has unknown values`, [
      `filters.${field}: must be one of ${allowed.join(', ')} (not ${bad.join(', ')})`,
    ]);
  return values;
}

/** Tests of the insight filters (each applies to analysed calls only, like the views). */
export function insightFilterTests(corpus: Corpus, filters: CallFilters): Test[] {
  const tests: Test[] = [];
  const bands = known(
    asList(filters.fakeScoreBand),
    Array.from({ length: FAKE_SCORE_BANDS }, (_, k) => k),
    'fakeScoreBand',
  );
  if (bands) {
    const score = corpus.cols.fakeScore;
    tests.push((i) => bands.includes(scoreBand(score[i]!)));
  }
  const fake = known(asList(filters.fakeSignal), FAKE_SIGNALS, 'fakeSignal');
  if (fake) tests.push((i) => fakeSignalsOf(corpus, i).some((s) => fake.includes(s)));
  const churn = known(asList(filters.churnSignal), CHURN_SIGNALS, 'churnSignal');
  if (churn) tests.push((i) => churnSignalsOf(corpus, i).some((s) => churn.includes(s)));
  return tests;
}
