import { safeDivide } from './ratio.ts';

export const AHT_DEFINITION =
  'Average handle time = (talk + hold + after-call work) / handled calls. Talk is the recorded conversation after the IVR; handled calls are the analysed calls of the selection.';

/** Handle time of one call: talk (recording minus IVR) + hold + after-call work. */
export function handleTimeMs(call: {
  durationMs: number;
  ivrMs: number;
  holdMs: number;
  acwMs: number;
}): number {
  return Math.max(0, call.durationMs - call.ivrMs) + call.holdMs + call.acwMs;
}

/** AHT from the summed handle time of the handled calls. */
export function averageHandleTimeMs(totalHandleMs: number, handledCalls: number): number | null {
  return safeDivide(totalHandleMs, handledCalls);
}
