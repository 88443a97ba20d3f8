/** Words for the fake-call and churn signals, as the screens name them. */
import type { ChurnSignal, FakeSignal } from '../../../data/index.ts';

export const FAKE_SIGNAL_NAMES: Record<FakeSignal, string> = {
  'no-customer-speech': 'Near-zero customer speech',
  'too-few-turns': 'Fewer than 3 turns',
  'very-short': 'Very short call',
  'long-silence': 'Long silence',
  'redialled-number': 'Redialled by one agent',
  'ivr-or-voicemail-only': 'IVR or voicemail only',
  'disposition-contradicted': 'Disposition contradicted',
};

export const CHURN_SIGNAL_NAMES: Record<ChurnSignal, string> = {
  'cancellation-intent': 'Cancellation intent',
  'competitor-mention': 'Competitor or price comparison',
  'repeated-contact': 'Repeated contact',
  'unresolved-negative-end': 'Unresolved negative ending',
};
