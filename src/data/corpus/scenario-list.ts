/**
 * The demo's call scenarios, in the order their index is stored (a call's scenario column). A
 * leaf of its own so the pacing (pace.ts) and the scripts (scenarios.ts) both read it.
 */
export const SCENARIOS = [
  'billing-dispute',
  'cancellation-intent',
  'competitor-mention',
  'technical-support',
  'sales-lead',
  'silent-or-fake',
  'repeat-caller',
  'information-request',
] as const;
export type Scenario = (typeof SCENARIOS)[number];
