/** A change against the previous period, coloured by whether it is good news for the metric. */
import type { KpiKey } from '../../../data/index.ts';
import { metricChange } from '../../../ui/format.ts';

export function Change(props: { metric: KpiKey; value: number | null; previous: number | null }) {
  const change = metricChange(props.metric, props.value, props.previous);
  if (!change) return <span className="muted">–</span>;
  const tone = change.good === true ? 'good' : change.good === false ? 'bad' : 'neutral';
  return (
    <span className="cx-tone" data-tone={tone}>
      <span aria-hidden="true">{change.text}</span>
      <span className="sr-only">{change.spoken}</span>
    </span>
  );
}
