/**
 * The fake-call and churn signals of a call as SQL conditions over the call tables, one per
 * signal of metrics' fakeCallAssessment and churnRisk, on the same stored columns the engine
 * gives those functions (across-calls' fakeSignals, insight-filters' churnSignalsOf) and with
 * the metrics module's own thresholds. Like the KPI contributions (kpi-totals.ts), the SQL is
 * held to the metrics functions by a test: insight-signals.test.ts runs hand-made calls at
 * every threshold through both and requires the same signals.
 */
import {
  LONG_SILENCE_SHARE,
  MIN_TURNS,
  NO_CUSTOMER_SPEECH_MS,
  REDIAL_THRESHOLD,
  REPEATED_CONTACT_THRESHOLD,
  type FakeCallSettings,
} from '../../src/metrics/index.ts';
import type { ChurnSignal, FakeSignal } from '../../src/data/customer-insight.ts';
import { SALE_CODES } from '../../src/domain/dispositions/index.ts';
import { SIGNAL_BITS } from '../../src/data/corpus/corpus.ts';
import { CHURN_SIGNALS, FAKE_SIGNALS } from '../../src/data/engine/insight-filters.ts';

const bit = (name: keyof typeof SIGNAL_BITS) => `bitAnd(signals, ${SIGNAL_BITS[name]}) != 0`;

/** Each fake-call signal's condition (very-short reads the short-call limit of the settings). */
const FAKE_SIGNAL_SQL: Record<FakeSignal, (settings: FakeCallSettings) => string> = {
  'no-customer-speech': () => `customer_talk_ms < ${NO_CUSTOMER_SPEECH_MS}`,
  'too-few-turns': () => `turns < ${MIN_TURNS}`,
  'very-short': (s) => `duration_ms < ${s.shortCallSeconds * 1000}`,
  'long-silence': () => `if(duration_ms > 0, silence_ms / duration_ms, 0) > ${LONG_SILENCE_SHARE}`,
  'redialled-number': () => `same_day_dials >= ${REDIAL_THRESHOLD}`,
  'ivr-or-voicemail-only': () => `(agent_turns = 0 OR ${bit('voicemail')})`,
  'disposition-contradicted': () =>
    `(disposition IN (${[...SALE_CODES].join(', ') || '-1'}) AND NOT ${bit('purchaseTalk')})`,
};

const CHURN_SIGNAL_SQL: Record<ChurnSignal, string> = {
  'cancellation-intent': bit('cancellationIntent'),
  'competitor-mention': bit('competitorMention'),
  'repeated-contact': `contacts_in30_days >= ${REPEATED_CONTACT_THRESHOLD}`,
  'unresolved-negative-end':
    '(resolved != 1 AND NOT isNaN(customer_end_sentiment) AND customer_end_sentiment <= -1)',
};

/** The fake-call signals' conditions, in FAKE_SIGNALS order. */
export function fakeSignalsSql(settings: FakeCallSettings): string[] {
  return FAKE_SIGNALS.map((s) => `(${FAKE_SIGNAL_SQL[s](settings)})`);
}

/** The churn signals' conditions, in CHURN_SIGNALS order. */
export function churnSignalsSql(): string[] {
  return CHURN_SIGNALS.map((s) => `(${CHURN_SIGNAL_SQL[s]})`);
}
