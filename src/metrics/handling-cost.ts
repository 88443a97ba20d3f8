/**
 * What a vendor charges for handling calls, by its rate card: a fixed price per call plus a
 * price per minute of handle time. Used to price the calls that repeats cost.
 */
export const HANDLING_COST_DEFINITION =
  "Handling cost = calls x the vendor's price per call + handle-time minutes x its price per handled minute (the vendor's rate card).";

export interface HandlingRateCard {
  perCall: number;
  perHandledMinute: number;
}

export function handlingCost(calls: number, handleMs: number, rateCard: HandlingRateCard): number {
  return calls * rateCard.perCall + (handleMs / 60_000) * rateCard.perHandledMinute;
}
