/**
 * One KPI tile: the value, its change against the previous period (coloured by whether the
 * change is good news for this metric), a daily trend, and a link to exactly the calls behind
 * it. The whole tile is clickable through its one link; the definition button sits above it.
 */
import { useId, type ReactNode } from 'react';
import { Link } from '../runtime/link.tsx';
import { metricDefinitions, type KpiKey } from '../data/index.ts';
import { formatCount, formatMetric, metricChange } from './format.ts';
import { MetricTip } from './info-tip.tsx';
import { Sparkline } from './charts/sparkline.tsx';

const TREND_HEIGHT = 36;

export interface KpiCardProps {
  metric: KpiKey;
  value: number | null;
  previous: number | null;
  /** What the previous period was, for the change line: "previous 30 days". */
  previousLabel: string;
  /** Daily values for the trend line; an empty list keeps its room while they load. */
  trend?: readonly (number | null)[];
  /** The drill-down list and how many calls it has (equal to what the tile counts). */
  drill: { href: string; count: number; noun: string };
  /** A line under the value ("of 6,540 calls recorded"). */
  note?: ReactNode;
  currency?: string;
}

export function KpiCard(props: KpiCardProps) {
  const { metric, value, previous } = props;
  const def = metricDefinitions[metric];
  const titleId = useId();
  const change = metricChange(metric, value, previous);
  const tone = change?.good === true ? 'good' : change?.good === false ? 'bad' : 'neutral';
  return (
    <article className="an-kpi" aria-labelledby={titleId} data-testid={`kpi-${metric}`}>
      <div className="an-kpi__head">
        <h3 id={titleId} className="an-kpi__title">
          {def.label}
        </h3>
        <MetricTip metric={metric} />
      </div>
      <p className="an-kpi__value" data-value={value ?? ''}>
        {formatMetric(metric, value, props.currency)}
      </p>
      <p className="an-kpi__change" data-tone={tone}>
        {change ? (
          <>
            <span aria-hidden="true" className="an-kpi__arrow">
              {change.direction === 'up' ? '▲' : change.direction === 'down' ? '▼' : '■'}
            </span>
            <span aria-hidden="true">{change.text}</span>
            <span className="sr-only">{change.spoken}</span>
            <span className="an-kpi__versus" aria-hidden="true">
              {' '}
              vs {props.previousLabel}
            </span>
          </>
        ) : (
          <span className="muted">No previous value to compare</span>
        )}
      </p>
      {props.note && <p className="an-kpi__note">{props.note}</p>}
      {props.trend && (
        <div className="an-kpi__trend">
          <Sparkline values={props.trend} width={240} height={TREND_HEIGHT} fluid />
        </div>
      )}
      <Link
        className="an-kpi__link"
        to={props.drill.href}
        data-count={props.drill.count}
        aria-describedby={titleId}
      >
        {formatCount(props.drill.count)} {props.drill.noun}
        <span aria-hidden="true"> →</span>
      </Link>
    </article>
  );
}

/**
 * A tile's shape before its numbers arrive: the same lines (title, value, change, the note when
 * the tile has one, trend, link), so the grid has its final height from the first paint and
 * nothing below it moves when the data comes (no layout shift). Hidden from assistive
 * technology: the loading state announces itself.
 */
export function KpiCardSkeleton(props: { metric: KpiKey; note?: boolean }) {
  return (
    <div className="an-kpi" data-skeleton="">
      <div className="an-kpi__head">
        <h3 className="an-kpi__title">{metricDefinitions[props.metric].label}</h3>
        <span className="an-tip__button" />
      </div>
      <p className="an-kpi__value">{'\u00a0'}</p>
      <p className="an-kpi__change">{'\u00a0'}</p>
      {props.note && <p className="an-kpi__note">{'\u00a0'}</p>}
      <div className="an-kpi__trend">
        <svg className="an-spark" width="100%" height={TREND_HEIGHT} />
      </div>
      <span className="an-kpi__link">{'\u00a0'}</span>
    </div>
  );
}
