/**
 * The line above a screen's KPI tiles: the period, the one it is compared with, and how many
 * calls were recorded in it (the number tests compare across screens, in `data-value`).
 */
import type { KpiSummary } from '../data/index.ts';
import { formatCount } from './format.ts';
import { periodLabel } from './period.ts';

export function PeriodLine(props: { summary: KpiSummary; callsTestId: string; testId?: string }) {
  const { summary } = props;
  return (
    <p className="an-period" data-testid={props.testId}>
      <span>{periodLabel(summary.period)}</span>
      <span className="muted">
        {' '}
        · compared with {periodLabel(summary.previousPeriod)} ·{' '}
        <span data-testid={props.callsTestId} data-value={summary.current.calls}>
          {formatCount(summary.current.calls)}
        </span>{' '}
        calls recorded
      </span>
    </p>
  );
}
