/**
 * How long calls take. Real inbound calls have a long tail: most last a few minutes, some
 * half an hour, because the problem is hard, the agent is slow or the customer waits on hold.
 * Talk length and hold are log-normal per scenario and slower for less skilled agents, so
 * handle times (and their SLA statuses) differ between vendors, agents and queues.
 */
import type { Random } from './prng.ts';
import type { Scenario } from './scenario-list.ts';

/** A log-normal draw: the median times e^(sigma·z). */
export function logNormal(rand: Random, median: number, sigma: number): number {
  return median * Math.exp(sigma * rand.gauss());
}

const clamp = (x: number, lo: number, hi: number) => (x < lo ? lo : x > hi ? hi : x);

/** Median minutes of conversation per scenario (before the agent's speed). */
const TALK_MINUTES: Record<Scenario, number> = {
  'billing-dispute': 5,
  'cancellation-intent': 5.5,
  'competitor-mention': 4.5,
  'technical-support': 7,
  'sales-lead': 4,
  'silent-or-fake': 0,
  'repeat-caller': 6.5,
  'information-request': 3,
};

/** Share of calls put on hold and the median hold, seconds, per scenario. */
const HOLD: Record<Scenario, [chance: number, medianS: number]> = {
  'billing-dispute': [0.55, 75],
  'cancellation-intent': [0.45, 60],
  'competitor-mention': [0.4, 55],
  'technical-support': [0.65, 110],
  'sales-lead': [0.25, 40],
  'silent-or-fake': [0, 0],
  'repeat-caller': [0.65, 120],
  'information-request': [0.3, 35],
};

/**
 * Extra back-and-forth exchanges beyond the scenario's own lines, so the conversation lasts
 * about a log-normal number of minutes: a skilled agent (diligence near 1) is quicker.
 */
export function extraExchanges(rand: Random, scenario: Scenario, diligence: number): number {
  const median = TALK_MINUTES[scenario];
  if (median === 0) return 0;
  const minutes = logNormal(rand, median * (1.3 - 0.5 * diligence), 0.62);
  // One exchange (a question, an answer, sometimes a wait while the agent works) ≈ 20 s;
  // the scenario's own lines take about two minutes.
  return Math.round(clamp((minutes - 1.8) * 3, 0, 90));
}

/** Silence while the agent works (looks something up, types a note), ms. */
export function workPauseMs(rand: Random): number {
  return Math.round(clamp(logNormal(rand, 11_000, 0.8), 2_000, 120_000));
}

/** Time on hold (not recorded, part of handle time), ms: 0 for calls never put on hold. */
export function holdMs(rand: Random, scenario: Scenario, skill: number): number {
  const [chance, medianS] = HOLD[scenario];
  if (!rand.chance(chance)) return 0;
  const seconds = logNormal(rand, medianS * (1.35 - 0.7 * skill), 0.95);
  return Math.round(clamp(seconds, 5, 25 * 60)) * 1000;
}

/** Waiting while a transfer connects (a supervisor, another team), ms: added to the hold. */
export function transferHoldMs(rand: Random): number {
  return Math.round(clamp(logNormal(rand, 75, 0.8), 15, 15 * 60)) * 1000;
}

/** Whether the agent transferred the call (the Transfer category's phrase). */
export function transferred(segments: readonly { speaker: string; text: string }[]): boolean {
  return segments.some((s) => s.speaker === 'AGENT' && /\btransfer you\b/i.test(s.text));
}
