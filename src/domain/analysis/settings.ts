import type { AnalyticsSettings } from '../../generated/data.types.ts';
import {
  DEFAULT_REPEAT_WINDOW_DAYS,
  DEFAULT_SILENCE_THRESHOLD_MS,
  DEFAULT_TRANSFER_WINDOW_MINUTES,
} from '../../metrics/index.ts';

/** The analytics settings a new deployment starts with (smart features, cost rates). */
export function defaultSettings(): AnalyticsSettings {
  return {
    smart: {
      silenceThresholdMs: DEFAULT_SILENCE_THRESHOLD_MS,
      repeatWindowDays: DEFAULT_REPEAT_WINDOW_DAYS,
      transferWindowMinutes: DEFAULT_TRANSFER_WINDOW_MINUTES,
      shortCallSeconds: 20,
      churnMediumScore: 0.3,
      churnHighScore: 0.6,
      fakeCallThreshold: 0.6,
    },
    costControl: {
      sampling: [],
      minDurationSec: 0,
      maxDurationSec: 0,
      monthlyCap: 2500,
      alertAtShares: [0.8, 1],
      rates: {
        currency: 'USD',
        speechToTextPerMinute: 0.016,
        analysisPerCall: 0.01,
        storagePerMinute: 0.0008,
      },
    },
  };
}
