/**
 * Saved against proposed KPIs for the same calls, as a table (the preview of a settings
 * change). Each metric's definition is one hover away.
 */
import type { CallKpis, KpiKey } from '../../../data/index.ts';
import { formatMetric } from '../../../ui/format.ts';
import { MetricLabel } from '../../../ui/info-tip.tsx';

export function KpiComparison(props: {
  caption: string;
  metrics: readonly KpiKey[];
  current: CallKpis;
  proposed: CallKpis;
  currency?: string;
}) {
  return (
    <div className="an-table-scroll an-table-scroll--short">
      <table className="an-table st-compare" data-testid="kpi-comparison">
        <caption className="sr-only">{props.caption}</caption>
        <thead>
          <tr>
            <th scope="col">Metric</th>
            <th scope="col" className="st-num">
              Saved settings
            </th>
            <th scope="col" className="st-num">
              After saving
            </th>
          </tr>
        </thead>
        <tbody>
          {props.metrics.map((k) => {
            const before = props.current[k];
            const after = props.proposed[k];
            const changed = before !== after;
            return (
              <tr key={k} data-metric={k} data-changed={changed || undefined}>
                <th scope="row">
                  <MetricLabel metric={k} />
                </th>
                <td className="st-num" data-value={before ?? ''}>
                  {formatMetric(k, before, props.currency)}
                </td>
                <td className="st-num" data-value={after ?? ''}>
                  {formatMetric(k, after, props.currency)}
                  {changed && <span className="sr-only"> (changes)</span>}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
