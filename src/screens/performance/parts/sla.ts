/**
 * Red / amber / green against a vendor's SLA targets. Green meets the target; amber misses it
 * by a little (within AMBER_SHARE_POINTS for shares, within AMBER_AHT_FRACTION over the AHT
 * target), so it is a warning rather than a breach; red misses it by more.
 */
import type { Vendor } from '../../../data/index.ts';

export type SlaMetric = keyof Vendor['sla'];
export type SlaStatus = 'green' | 'amber' | 'red' | 'none';

/** Shares (QA, compliance, FCR) within 3 percentage points under target are amber. */
export const AMBER_SHARE_POINTS = 0.03;
/** AHT up to 10% over target is amber. */
export const AMBER_AHT_FRACTION = 0.1;

export function slaStatus(metric: SlaMetric, value: number | null, target: number): SlaStatus {
  if (value === null || !Number.isFinite(value)) return 'none';
  if (metric === 'ahtMs') {
    if (value <= target) return 'green';
    return value <= target * (1 + AMBER_AHT_FRACTION) ? 'amber' : 'red';
  }
  if (value >= target) return 'green';
  return value >= target - AMBER_SHARE_POINTS ? 'amber' : 'red';
}

export const SLA_STATUS_WORDS: Record<SlaStatus, string> = {
  green: 'meets target',
  amber: 'just misses target',
  red: 'misses target',
  none: 'no data',
};

export const SLA_RULE_TEXT =
  'Green meets the SLA target. Amber misses it narrowly: up to 3 percentage points under a QA, ' +
  'compliance or FCR target, or up to 10% over the AHT target. Red misses it by more.';
