/**
 * A choice of one KPI among a screen's few, each named as the metrics module names it: the
 * inline field a panel carries in its actions (the trend line on Trend analysis, the vendors'
 * trend column on Vendors).
 */
import { metricDefinitions, type KpiKey } from '../data/index.ts';

export function MetricSelect<M extends KpiKey>(props: {
  id: string;
  label: string;
  metrics: readonly M[];
  value: M;
  onChange: (metric: M) => void;
}) {
  return (
    <div className="an-field an-field--inline">
      <label htmlFor={props.id}>{props.label}</label>
      <select
        id={props.id}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value as M)}
      >
        {props.metrics.map((m) => (
          <option key={m} value={m}>
            {metricDefinitions[m].label}
          </option>
        ))}
      </select>
    </div>
  );
}
