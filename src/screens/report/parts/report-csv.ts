/**
 * The report as CSV: one file, a section per block of the page (summary, trend, drivers, each
 * breakdown), separated by an empty row, each with its own header row. Values are plain
 * numbers in the unit named in the header (shares in %, durations in seconds), so a
 * spreadsheet can compute with them; names stay as shown.
 */
import {
  metricDefinitions,
  type AggregateResult,
  type CallKpis,
  type Dimension,
  type KpiKey,
  type KpiSummary,
  type TimeSeriesResult,
} from '../../../data/index.ts';
import type { CsvCell } from '../../../ui/csv.ts';
import type { GroupConcerns } from './concerns.ts';
import type { DriverRow } from './drivers.ts';
import { dimensionLabel, outcomeRate, type ReportTheme } from './report-theme.ts';

export interface ReportSnapshot {
  theme: ReportTheme;
  /** Inclusive days, as shown. */
  period: { from: string; to: string };
  /** The global filters in words ("Vendor: Northwind"), empty when none. */
  filterWords: readonly string[];
  summary: KpiSummary;
  series: TimeSeriesResult;
  drivers: readonly DriverRow[];
  distribution: AggregateResult;
  breakdowns: readonly { by: Dimension; result: AggregateResult }[];
  concerns?: readonly GroupConcerns[];
}

const round = (value: number, digits: number) => {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
};

/** A metric's column header with the unit of its CSV values. */
export function csvHeader(metric: KpiKey): string {
  const { label, unit } = metricDefinitions[metric];
  if (unit === 'share') return label.endsWith('%') ? label : `${label} (%)`;
  if (unit === 'duration') return `${label} (seconds)`;
  return label;
}

/** A metric's value in the unit its header names. */
export function csvValue(metric: KpiKey, value: number | null): CsvCell {
  if (value === null || !Number.isFinite(value)) return null;
  switch (metricDefinitions[metric].unit) {
    case 'share':
      return round(value * 100, 2);
    case 'duration':
      return round(value / 1000, 1);
    case 'count':
      return value;
    case 'money':
      return round(value, 4);
    default:
      return round(value, 3);
  }
}

const points = (share: number | null) => (share === null ? null : round(share * 100, 2));

export function reportCsv(s: ReportSnapshot): CsvCell[][] {
  const { theme } = s;
  const rateLabel = theme.outcome.rateLabel;
  const rateHeader = rateLabel.endsWith('%') ? rateLabel : `${rateLabel} (%)`;
  const metricsRow = (m: CallKpis) => [
    csvValue('calls', m.calls),
    csvValue(theme.outcome.count, m[theme.outcome.count]),
    points(outcomeRate(theme.outcome, m)),
    ...theme.columns.map((k) => csvValue(k, m[k])),
  ];
  const rows: CsvCell[][] = [
    [theme.title],
    ['Period', s.period.from, s.period.to],
    ['Filters', s.filterWords.length > 0 ? s.filterWords.join('; ') : 'None'],
    [],
    ['Summary', 'This period', 'Previous period'],
  ];
  for (const k of ['calls', ...theme.kpis] as KpiKey[])
    rows.push([
      csvHeader(k),
      csvValue(k, s.summary.current[k]),
      csvValue(k, s.summary.previous[k]),
    ]);

  rows.push([], ['Trend', csvHeader(theme.outcome.count), rateHeader, csvHeader(theme.trendLine)]);
  for (const p of s.series.points)
    rows.push([
      p.start.slice(0, 10),
      csvValue(theme.outcome.count, p.metrics[theme.outcome.count]),
      points(outcomeRate(theme.outcome, p.metrics)),
      csvValue(theme.trendLine, p.metrics[theme.trendLine]),
    ]);

  rows.push(
    [],
    [
      `Top drivers of ${theme.outcome.label.toLowerCase()}`,
      'Kind',
      'Analysed calls',
      theme.outcome.noun,
      'Rate with (%)',
      'Rate in other calls (%)',
      'Difference (pp)',
      'Lift',
    ],
  );
  for (const d of s.drivers)
    rows.push([
      d.label,
      d.kind,
      d.calls,
      d.outcome,
      points(d.groupRate),
      points(d.restRate),
      points(d.difference),
      d.lift === null ? null : round(d.lift, 2),
    ]);

  rows.push([], [dimensionLabel(s.distribution.by), 'Analysed calls']);
  for (const r of s.distribution.rows) rows.push([r.label, r.metrics.analysedCalls]);

  if (s.concerns && theme.concerns) {
    rows.push(
      [],
      [
        dimensionLabel(theme.concerns.by),
        'Topic',
        'Analysed calls',
        'Share of its calls (%)',
        `Share at other ${theme.concerns.plural} (%)`,
        'Difference (pp)',
        'Lift',
      ],
    );
    for (const g of s.concerns)
      for (const c of g.concerns)
        rows.push([
          g.label,
          c.topic,
          c.calls,
          points(c.groupRate),
          points(c.restRate),
          points(c.difference),
          c.lift === null ? null : round(c.lift, 2),
        ]);
  }

  for (const { by, result } of s.breakdowns) {
    rows.push(
      [],
      [
        dimensionLabel(by),
        csvHeader('calls'),
        csvHeader(theme.outcome.count),
        rateHeader,
        ...theme.columns.map(csvHeader),
      ],
    );
    for (const r of result.rows) rows.push([r.label, ...metricsRow(r.metrics)]);
    rows.push(['All', ...metricsRow(result.total)]);
  }
  return rows;
}
