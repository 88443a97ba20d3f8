import { describe, expect, it } from 'vitest';
import type {
  AggregateRow,
  CallKpis,
  QaSectionBreakdown,
  RuleBreakdown,
  Vendor,
} from '../../../data/index.ts';
import { cardPoints, kpiLines, type KpiLine } from './scorecard.ts';

const kpis = (values: Partial<CallKpis>) => values as CallKpis;
const peer = (key: string, values: Partial<CallKpis>) =>
  ({ key, label: key, metrics: kpis(values), filters: {} }) as AggregateRow;
const vendor = { sla: { ahtMs: 300_000, qaScore: 0.8, complianceRate: 0.9, fcr: 0.7 } } as Vendor;

describe('report card KPIs', () => {
  const peers = [
    peer('me', { qaScore: 0.9, ahtMs: 400_000 }),
    peer('a', { qaScore: 0.7, ahtMs: 300_000 }),
    peer('b', { qaScore: 0.8, ahtMs: 320_000 }),
    peer('c', { qaScore: 0.85, ahtMs: 350_000 }),
    peer('d', { qaScore: null, ahtMs: 380_000 }),
  ];
  const lines = kpiLines(
    kpis({ qaScore: 0.9, ahtMs: 400_000 }),
    kpis({ qaScore: 0.8, ahtMs: 390_000 }),
    peers,
    'me',
    vendor,
  );
  const qa = lines.find((l) => l.metric === 'qaScore')!;
  const aht = lines.find((l) => l.metric === 'ahtMs')!;

  it('places the subject among the other peers, in the good direction', () => {
    // QA 0.9 beats 0.7, 0.8, 0.85 (d has none): 100th percentile of 3 peers, median 0.8.
    expect(qa.percentile).toBe(100);
    expect(qa.peers).toBe(3);
    expect(qa.peerMedian).toBe(0.8);
    // AHT 400 s is the longest of 5 (lower is better): beats nobody.
    expect(aht.percentile).toBe(0);
    expect(aht.peerMedian).toBe(335_000);
  });

  it('compares with the vendor’s SLA target', () => {
    expect(qa.target).toBe(0.8);
    expect(qa.status).toBe('green');
    expect(aht.target).toBe(300_000);
    expect(aht.status).toBe('red');
    expect(lines.find((l) => l.metric === 'customerSentiment')!.target).toBeNull();
  });
});

describe('strengths and coaching points', () => {
  const line = (metric: KpiLine['metric'], percentile: number, status: KpiLine['status'] = null) =>
    ({
      metric,
      value: 1,
      previous: 1,
      target: null,
      status,
      percentile,
      peerMedian: 1,
      peers: 10,
    }) as KpiLine;
  const rules = (rate: number, failed: number): RuleBreakdown => ({
    analysedCalls: 50,
    rows: [
      {
        ruleId: 'r1',
        ruleName: 'Disclosure',
        severity: 'critical',
        applicableCalls: 50,
        failedCalls: failed,
        failureRate: rate,
        filters: { failedRuleId: 'r1' },
      },
    ],
  });
  const sections = (score: number): QaSectionBreakdown => ({
    formId: 'f',
    formName: 'Form',
    formVersion: 1,
    evaluatedCalls: 10,
    sampledCalls: 10,
    sections: [
      { sectionId: 's1', title: 'Opening', weight: 1, score, scoredCalls: 10, autoFailedCalls: 0 },
    ],
  });
  const fmt = (_: unknown, v: number | null) => String(v);

  it('finds strengths in the best quarter and coaching points in the worst or red', () => {
    const out = cardPoints({
      kpis: [
        line('qaScore', 90),
        line('fcr', 80),
        line('ahtMs', 10),
        line('customerSentiment', 50),
        line('complianceRate', 40, 'red'),
      ],
      rules: rules(0.1, 5),
      peerRules: rules(0.04, 40),
      sections: sections(0.6),
      peerSections: sections(0.75),
      formatValue: fmt,
    });
    expect(out.strengths.map((p) => p.id)).toEqual(['kpi-qaScore', 'kpi-fcr']);
    expect(out.coaching.map((p) => p.id)).toEqual([
      'kpi-ahtMs',
      'kpi-complianceRate',
      'rule-r1',
      'section-s1',
    ]);
    const rule = out.coaching.find((p) => p.id === 'rule-r1')!;
    expect(rule.evidence.filters).toEqual({ failedRuleId: 'r1' });
    expect(rule.because).toContain('10.0%');
    expect(out.coaching[0]!.evidence.sort).toEqual({ field: 'handleTimeMs', direction: 'desc' });
  });

  it('leaves out a rule under twice the peers or failed once, and a section under 10 points behind', () => {
    const out = cardPoints({
      kpis: [],
      rules: rules(0.07, 5),
      peerRules: rules(0.04, 40),
      sections: sections(0.7),
      peerSections: sections(0.75),
      formatValue: fmt,
    });
    expect(out.coaching).toEqual([]);
    const once = cardPoints({
      kpis: [],
      rules: rules(0.5, 1),
      peerRules: rules(0.04, 40),
      sections: sections(0.7),
      peerSections: sections(0.75),
      formatValue: fmt,
    });
    expect(once.coaching).toEqual([]);
  });

  it('says nothing from percentiles with too few peers', () => {
    const few = { ...line('qaScore', 100), peers: 3 };
    const out = cardPoints({
      kpis: [few],
      rules: { analysedCalls: 0, rows: [] },
      peerRules: { analysedCalls: 0, rows: [] },
      sections: sections(0.7),
      peerSections: sections(0.7),
      formatValue: fmt,
    });
    expect(out.strengths).toEqual([]);
  });
});
