/**
 * The line under an FCR or repeat % tile saying how many calls are left out because their
 * repeat window is still open (metrics REPEAT_PENDING_DEFINITION), so a recent period's FCR
 * does not look better than it is. Carries the count (data-count) for identity tests: it equals
 * the call list of `repeatPending=true` for the same filters.
 */
import type { ReactNode } from 'react';
import type { CallKpis } from '../data/index.ts';
import { formatCount } from './format.ts';

/** The note for a tile (KpiCard `note`), or undefined when no call is pending. */
export function repeatPendingNote(kpis: Pick<CallKpis, 'repeatPendingCalls'>): ReactNode {
  const pending = kpis.repeatPendingCalls;
  if (pending === 0) return undefined;
  return (
    <span data-testid="repeat-pending" data-count={pending}>
      {formatCount(pending)} pending: repeat window still open, left out
    </span>
  );
}
