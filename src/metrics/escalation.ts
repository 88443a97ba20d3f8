import { rate } from './ratio.ts';

export const ESCALATION_DEFINITION =
  'Escalation rate = calls with a supervisor request, a legal threat or a transfer / calls.';

export type EscalationReason = 'supervisor-request' | 'legal-threat' | 'transfer';

export function escalationReasons(signals: {
  supervisorRequest: boolean;
  legalThreat: boolean;
  transfer: boolean;
}): EscalationReason[] {
  const reasons: EscalationReason[] = [];
  if (signals.supervisorRequest) reasons.push('supervisor-request');
  if (signals.legalThreat) reasons.push('legal-threat');
  if (signals.transfer) reasons.push('transfer');
  return reasons;
}

export function escalationRate(escalatedCalls: number, calls: number): number | null {
  return rate(escalatedCalls, calls);
}
