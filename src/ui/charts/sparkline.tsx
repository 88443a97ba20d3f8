/**
 * A word-sized trend line. Decorative (aria-hidden): the number beside it and the screen's
 * tables carry the values; `label` gives a short spoken summary when the trend stands alone.
 */
import { linear, linePath } from './scale.ts';

export interface SparklineProps {
  values: readonly (number | null)[];
  width?: number;
  height?: number;
  /** Spoken summary, e.g. "QA trend, 84% to 88% over 13 weeks"; decorative when absent. */
  label?: string;
  /** Colour role: the accent (default) or the good/bad colour of the latest change. */
  tone?: 'accent' | 'good' | 'bad' | 'neutral';
  /** Stretch to the container's width (no end dot, since it would be distorted). */
  fluid?: boolean;
}

export function Sparkline(props: SparklineProps) {
  const { values, width = 96, height = 28, label, tone = 'accent', fluid = false } = props;
  const known = values.filter((v): v is number => v !== null);
  if (known.length < 2) {
    return (
      <svg className="an-spark" width={fluid ? '100%' : width} height={height} aria-hidden="true" />
    );
  }
  const min = Math.min(...known);
  const max = Math.max(...known);
  const pad = 3;
  const x = linear([0, Math.max(1, values.length - 1)], [pad, width - pad]);
  const y = linear(min === max ? [min - 1, max + 1] : [min, max], [height - pad, pad]);
  const points = values.map((v, i) => ({ x: x(i), y: v === null ? null : y(v) }));
  const line = linePath(points);
  const lastIndex = values.length - 1 - [...values].reverse().findIndex((v) => v !== null);
  const lastPoint = points[lastIndex]!;
  const area =
    `${line}L${lastPoint.x.toFixed(1)},${height - pad}` +
    `L${points.find((p) => p.y !== null)!.x.toFixed(1)},${height - pad}Z`;
  return (
    <svg
      className="an-spark"
      data-tone={tone}
      width={fluid ? '100%' : width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      preserveAspectRatio={fluid ? 'none' : undefined}
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    >
      <path className="an-spark__area" d={area} />
      <path className="an-spark__line" d={line} vectorEffect="non-scaling-stroke" />
      {!fluid && <circle className="an-spark__dot" cx={lastPoint.x} cy={lastPoint.y!} r={2.5} />}
    </svg>
  );
}
