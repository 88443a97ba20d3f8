import { describe, expect, it } from 'vitest';
import type {
  AggregateResult,
  CallKpis,
  KpiSummary,
  TimeSeriesResult,
} from '../../../data/index.ts';
import { toCsv } from '../../../ui/csv.ts';
import { csvHeader, csvValue, reportCsv } from './report-csv.ts';
import type { ReportTheme } from './report-theme.ts';

const theme: ReportTheme = {
  id: 'churn',
  title: 'Churn report',
  purpose: '',
  kpis: ['churnRiskCalls', 'ahtMs'],
  outcome: {
    count: 'churnRiskCalls',
    filters: { churnRisk: 'high' },
    label: 'High churn risk',
    noun: 'high-risk calls',
    rateLabel: 'Churn-risk %',
  },
  trendLine: 'customerSentiment',
  breakdowns: ['brand'],
  columns: ['qaScore'],
  distribution: { by: 'churnRisk', title: 'Levels', subtitle: '' },
  concerns: { by: 'brand', plural: 'brands' },
};

const kpis = (calls: number, analysed: number, risk: number, extra: Partial<CallKpis> = {}) =>
  ({
    calls,
    analysedCalls: analysed,
    churnRiskCalls: risk,
    ahtMs: 300_000,
    qaScore: 0.8125,
    customerSentiment: -0.25,
    ...extra,
  }) as unknown as CallKpis;

const brandRows: AggregateResult = {
  by: 'brand',
  partition: true,
  total: kpis(30, 25, 5),
  rows: [
    { key: 'Acme, Inc', label: 'Acme, Inc', metrics: kpis(20, 20, 4), filters: {} },
    { key: '=Evil', label: '=Evil', metrics: kpis(10, 5, 1, { qaScore: null }), filters: {} },
  ],
};

describe('report CSV', () => {
  it('writes values in the unit its header names', () => {
    expect(csvHeader('qaScore')).toBe('QA %');
    expect(csvValue('qaScore', 0.8125)).toBe(81.25);
    expect(csvHeader('fcr')).toBe('FCR (%)');
    expect(csvHeader('ahtMs')).toBe('AHT (seconds)');
    expect(csvValue('ahtMs', 300_000)).toBe(300);
    expect(csvValue('customerSentiment', -0.2504)).toBe(-0.25);
    expect(csvValue('calls', 12)).toBe(12);
    expect(csvValue('qaScore', null)).toBeNull();
  });

  it('has a section per block, with the breakdown rows and their total', () => {
    const rows = reportCsv({
      theme,
      period: { from: '2026-03-01', to: '2026-03-30' },
      filterWords: ['Queue: Billing'],
      summary: { current: kpis(30, 25, 5), previous: kpis(28, 20, 2) } as KpiSummary,
      series: {
        bucket: 'day',
        points: [{ start: '2026-03-01T00:00:00.000Z', end: '', metrics: kpis(3, 2, 1) }],
      } as TimeSeriesResult,
      drivers: [
        {
          kind: 'topic',
          key: 'x',
          label: 'Cancel, now',
          calls: 40,
          outcome: 12,
          filters: {},
          groupRate: 0.3,
          restRate: 0.05,
          difference: 0.25,
          lift: 6,
        },
      ],
      distribution: { ...brandRows, by: 'churnRisk' },
      breakdowns: [{ by: 'brand', result: brandRows }],
      concerns: [
        {
          key: 'A',
          label: 'Acme, Inc',
          calls: 100,
          concerns: [
            {
              topic: 'Billing',
              calls: 50,
              filters: {},
              groupRate: 0.5,
              restRate: 0.2,
              difference: 0.3,
              lift: 2.5,
            },
          ],
        },
      ],
    });
    expect(rows[0]).toEqual(['Churn report']);
    expect(rows).toContainEqual(['Period', '2026-03-01', '2026-03-30']);
    expect(rows).toContainEqual(['Filters', 'Queue: Billing']);
    expect(rows).toContainEqual(['Churn-risk calls', 5, 2]);
    expect(rows).toContainEqual(['AHT (seconds)', 300, 300]);
    expect(rows).toContainEqual(['2026-03-01', 1, 50, -0.25]);
    expect(rows).toContainEqual(['Cancel, now', 'topic', 40, 12, 30, 5, 25, 6]);
    expect(rows).toContainEqual(['Acme, Inc', 'Billing', 50, 50, 20, 30, 2.5]);
    expect(rows).toContainEqual(['Brand', 'Calls', 'Churn-risk calls', 'Churn-risk %', 'QA %']);
    expect(rows).toContainEqual(['Acme, Inc', 20, 4, 20, 81.25]);
    expect(rows).toContainEqual(['=Evil', 10, 1, 20, null]);
    expect(rows).toContainEqual(['All', 30, 5, 20, 81.25]);
    const text = toCsv(rows);
    expect(text).toContain('"Acme, Inc",20,4,20,81.25\r\n');
    expect(text).toContain("'=Evil,10,1,20,\r\n");
    expect(text).toContain('"Cancel, now",topic,40,12,30,5,25,6\r\n');
  });
});
