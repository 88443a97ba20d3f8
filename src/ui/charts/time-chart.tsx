/**
 * Volume and a rate over time: bars for a count (calls per day) on the left axis and a line for
 * an average (customer sentiment) on the right axis. Hand-drawn SVG styled by CSS classes, so
 * it follows the accent colour and the light/dark mode without any JavaScript theming.
 *
 * Readable without sight or a mouse: the figure has a written summary and a data table (with a
 * link to each bucket's calls), and the plot itself is one tab stop where the arrow keys move
 * between buckets (announced politely) and Enter opens the bucket's calls.
 */
import { useId, useMemo, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Link } from '../../runtime/link.tsx';
import { niceTicks, linear, linePath } from './scale.ts';
import { useWidth } from './use-width.ts';

export interface TimePoint {
  /** Bucket start (ISO). */
  start: string;
  volume: number;
  line: number | null;
  /** Where the bucket's calls are listed. */
  href: string;
}

export interface TimeChartProps {
  title: string;
  points: readonly TimePoint[];
  volumeLabel: string;
  lineLabel: string;
  formatVolume: (v: number) => string;
  formatLine: (v: number | null) => string;
  /** Short bucket label for axes ("14 Mar"). */
  formatBucket: (iso: string) => string;
  /** Long bucket label for tooltips and the table ("14 Mar 2026"). */
  formatBucketLong: (iso: string) => string;
  /** The written summary under the chart. */
  summary: string;
  height?: number;
  /** Right-axis ticks when the default (around zero, for sentiment) does not fit, e.g. a rate. */
  lineTicks?: readonly number[];
  /**
   * The least the line's axis spans (default -1..1, for sentiment). A share such as a rate
   * passes { min: 0, max: 0.1 }, so its axis starts at 0 and small rates are not flattened.
   */
  lineRange?: { min: number; max: number };
}

const DEFAULT_LINE_RANGE = { min: -1, max: 1 };
const MARGIN = { top: 16, right: 48, bottom: 30, left: 48 };

export function TimeChart(props: TimeChartProps) {
  const { points, height = 280, lineRange = DEFAULT_LINE_RANGE } = props;
  const [box, width] = useWidth<HTMLDivElement>(720);
  const [active, setActive] = useState<number | null>(null);
  const navigate = useNavigate();
  const liveId = useId();
  const tableId = useId();

  const geometry = useMemo(() => {
    const innerW = Math.max(10, width - MARGIN.left - MARGIN.right);
    const innerH = height - MARGIN.top - MARGIN.bottom;
    const maxVolume = Math.max(1, ...points.map((p) => p.volume));
    const volumeTicks = niceTicks(0, maxVolume, 4);
    const lineValues = points.map((p) => p.line).filter((v): v is number => v !== null);
    const lo = Math.min(0, ...lineValues);
    const hi = Math.max(0, ...lineValues);
    // At least one point of scale either way, so small day-to-day noise does not look dramatic.
    const lineTicks =
      props.lineTicks ?? niceTicks(Math.min(lo, lineRange.min), Math.max(hi, lineRange.max), 4);
    const band = innerW / Math.max(1, points.length);
    const x = (i: number) => MARGIN.left + band * i + band / 2;
    const yVolume = linear(
      [0, volumeTicks[volumeTicks.length - 1]!],
      [MARGIN.top + innerH, MARGIN.top],
    );
    const yLine = linear(
      [lineTicks[0]!, lineTicks[lineTicks.length - 1]!],
      [MARGIN.top + innerH, MARGIN.top],
    );
    const barW = Math.max(1, Math.min(28, band * 0.64));
    const labelEvery = Math.max(1, Math.ceil(points.length / Math.max(2, Math.floor(innerW / 72))));
    return { innerW, innerH, volumeTicks, lineTicks, band, x, yVolume, yLine, barW, labelEvery };
  }, [points, width, height, props.lineTicks, lineRange.min, lineRange.max]);

  const { volumeTicks, lineTicks, x, yVolume, yLine, barW, band, labelEvery } = geometry;
  const linePoints = points.map((p, i) => ({ x: x(i), y: p.line === null ? null : yLine(p.line) }));
  const bottom = MARGIN.top + geometry.innerH;
  const activePoint = active === null ? undefined : points[active];

  const indexAt = (clientX: number, target: SVGSVGElement) => {
    const rect = target.getBoundingClientRect();
    const px = ((clientX - rect.left) / rect.width) * width;
    const i = Math.floor((px - MARGIN.left) / band);
    return Math.min(points.length - 1, Math.max(0, i));
  };
  const onPointerMove = (event: PointerEvent<SVGSVGElement>) =>
    setActive(indexAt(event.clientX, event.currentTarget));
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const last = points.length - 1;
    const moves: Record<string, number> = {
      ArrowRight: Math.min(last, (active ?? -1) + 1),
      ArrowLeft: Math.max(0, (active ?? last + 1) - 1),
      Home: 0,
      End: last,
    };
    if (event.key in moves) {
      event.preventDefault();
      setActive(moves[event.key]!);
    } else if (event.key === 'Enter' && activePoint) {
      navigate(activePoint.href);
    }
  };

  const tooltipLeft =
    active === null ? 0 : Math.min(Math.max(x(active), 90), Math.max(90, width - 90));

  return (
    <figure className="an-chart">
      <div
        ref={box}
        className="an-chart__plot"
        tabIndex={0}
        role="group"
        aria-label={`${props.title}. Arrow keys move between days, Enter lists the day's calls.`}
        aria-describedby={liveId}
        onKeyDown={onKeyDown}
        onBlur={() => setActive(null)}
      >
        <svg
          width={width}
          height={height}
          viewBox={`0 0 ${width} ${height}`}
          aria-hidden="true"
          onPointerMove={onPointerMove}
          onPointerLeave={() => setActive(null)}
          onClick={() => activePoint && navigate(activePoint.href)}
        >
          {volumeTicks.map((t) => (
            <g key={`v${t}`}>
              <line
                className="an-grid"
                x1={MARGIN.left}
                x2={width - MARGIN.right}
                y1={yVolume(t)}
                y2={yVolume(t)}
              />
              <text
                className="an-axis"
                x={MARGIN.left - 8}
                y={yVolume(t)}
                dy="0.32em"
                textAnchor="end"
              >
                {props.formatVolume(t)}
              </text>
            </g>
          ))}
          {lineTicks.map((t) => (
            <text
              key={`l${t}`}
              className="an-axis an-axis--line"
              x={width - MARGIN.right + 8}
              y={yLine(t)}
              dy="0.32em"
            >
              {props.formatLine(t)}
            </text>
          ))}
          <line
            className="an-zero"
            x1={MARGIN.left}
            x2={width - MARGIN.right}
            y1={yLine(0)}
            y2={yLine(0)}
          />
          {points.map((p, i) => (
            <rect
              key={p.start}
              className="an-bar"
              data-active={i === active || undefined}
              x={x(i) - barW / 2}
              y={yVolume(p.volume)}
              width={barW}
              height={Math.max(0, bottom - yVolume(p.volume))}
              rx={Math.min(3, barW / 3)}
            />
          ))}
          <path className="an-line" d={linePath(linePoints)} />
          {points.map((p, i) =>
            i % labelEvery === 0 ? (
              <text
                key={`x${p.start}`}
                className="an-axis"
                x={x(i)}
                y={bottom + 20}
                textAnchor="middle"
              >
                {props.formatBucket(p.start)}
              </text>
            ) : null,
          )}
          {active !== null && (
            <g>
              <line
                className="an-cursor"
                x1={x(active)}
                x2={x(active)}
                y1={MARGIN.top}
                y2={bottom}
              />
              {linePoints[active]?.y != null && (
                <circle
                  className="an-line-dot"
                  cx={x(active)}
                  cy={linePoints[active]!.y!}
                  r={4.5}
                />
              )}
            </g>
          )}
        </svg>
        {activePoint && (
          <div className="an-chart__tip" style={{ left: tooltipLeft }} aria-hidden="true">
            <strong>{props.formatBucketLong(activePoint.start)}</strong>
            <span>
              <span aria-hidden="true" className="an-key an-key--bar" /> {props.volumeLabel}{' '}
              <b>{props.formatVolume(activePoint.volume)}</b>
            </span>
            <span>
              <span aria-hidden="true" className="an-key an-key--line" /> {props.lineLabel}{' '}
              <b>{props.formatLine(activePoint.line)}</b>
            </span>
          </div>
        )}
        <p id={liveId} className="sr-only" aria-live="polite">
          {activePoint
            ? `${props.formatBucketLong(activePoint.start)}: ${props.volumeLabel} ${props.formatVolume(activePoint.volume)}, ${props.lineLabel} ${props.formatLine(activePoint.line)}.`
            : ''}
        </p>
      </div>
      <figcaption className="an-chart__caption">
        <span className="an-legend">
          <span>
            <span aria-hidden="true" className="an-key an-key--bar" /> {props.volumeLabel} (left
            axis)
          </span>
          <span>
            <span aria-hidden="true" className="an-key an-key--line" /> {props.lineLabel} (right
            axis)
          </span>
        </span>
        <span className="an-chart__summary">{props.summary}</span>
      </figcaption>
      <details className="an-details">
        <summary>Show the data as a table</summary>
        <div
          className="an-table-scroll an-table-scroll--short"
          tabIndex={0}
          role="region"
          aria-labelledby={tableId}
        >
          <table className="an-table">
            <caption id={tableId} className="sr-only">
              {props.title}
            </caption>
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col" className="an-num">
                  {props.volumeLabel}
                </th>
                <th scope="col" className="an-num">
                  {props.lineLabel}
                </th>
              </tr>
            </thead>
            <tbody>
              {points.map((p) => (
                <tr key={p.start}>
                  <th scope="row">
                    <Link to={p.href}>{props.formatBucketLong(p.start)}</Link>
                  </th>
                  <td className="an-num">{props.formatVolume(p.volume)}</td>
                  <td className="an-num">{props.formatLine(p.line)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
