/**
 * The report card's judgements, from numbers the data layer computed: each KPI against the
 * SLA target of the subject's vendor and against its peers (percentile, median), and the
 * strengths and coaching points that follow from them, each with the calls that show it.
 *
 * The rule, stated on the card: a strength is a KPI in the best quarter of the peers; a
 * coaching point is a KPI in the worst quarter or red against its SLA target, a compliance
 * rule failed at least twice as often as across the peers (and at least twice), or a QA form
 * section 10 points or more under the peers.
 */
import type {
  AggregateRow,
  CallFilters,
  CallKpis,
  CallSortField,
  KpiKey,
  QaSectionBreakdown,
  RuleBreakdown,
  SortDirection,
  Vendor,
} from '../../../data/index.ts';
import {
  metricDefinitions,
  peerPercentile,
  quartiles,
  SLA_METRICS,
  slaStatus,
  type SlaStatus,
} from '../../../metrics/index.ts';
import { formatShare } from '../../../ui/format.ts';

export const CARD_KPIS = [
  'ahtMs',
  'qaScore',
  'complianceRate',
  'fcr',
  'customerSentiment',
  'silenceShare',
  'interruptionsPerCall',
  'escalationRate',
  'churnRiskRate',
  'fakeCallRate',
] as const satisfies readonly KpiKey[];
export type CardKpi = (typeof CARD_KPIS)[number];

export const STRENGTH_PERCENTILE = 75;
export const COACHING_PERCENTILE = 25;
/** Fewer peers than this and percentiles say little: no strengths or coaching from them. */
export const MIN_PEERS = 4;
export const RULE_FACTOR = 2;
export const MIN_RULE_FAILURES = 2;
export const SECTION_GAP = 0.1;

export const COACHING_RULE_TEXT =
  'A strength is a KPI in the best quarter of the peers. A coaching point is a KPI in the worst quarter or red against its SLA target, a compliance rule failed at least twice as often as across the peers (and at least twice), or a QA form section 10 points or more under the peers.';

export interface KpiLine {
  metric: CardKpi;
  value: number | null;
  previous: number | null;
  target: number | null;
  status: SlaStatus | null;
  percentile: number | null;
  peerMedian: number | null;
  peers: number;
}

export function kpiLines(
  current: CallKpis,
  previous: CallKpis,
  peers: readonly AggregateRow[],
  subjectKey: string,
  vendor: Vendor | undefined,
): KpiLine[] {
  const others = peers.filter((p) => p.key !== subjectKey);
  return CARD_KPIS.map((metric) => {
    const better = metricDefinitions[metric].better ?? 'higher';
    const slaMetric = SLA_METRICS.find((m) => m === metric);
    const values = others.map((p) => p.metrics[metric]);
    const target = vendor && slaMetric ? vendor.sla[slaMetric] : null;
    return {
      metric,
      value: current[metric],
      previous: previous[metric],
      target,
      status: slaMetric && target !== null ? slaStatus(slaMetric, current[metric], target) : null,
      percentile: peerPercentile(current[metric], values, better),
      peerMedian: quartiles(values)?.median ?? null,
      peers: values.filter((v) => v !== null).length,
    };
  });
}

/** Where the calls that show a point are, and how to order them. */
export interface Evidence {
  filters: CallFilters;
  sort?: { field: CallSortField; direction: SortDirection };
  /** "calls with negative customer sentiment". */
  noun: string;
}

export interface CardPoint {
  id: string;
  tone: 'strength' | 'coaching';
  title: string;
  because: string;
  evidence: Evidence;
}

const sorted = (field: CallSortField, direction: SortDirection, noun: string): Evidence => ({
  filters: { status: 'analysed' },
  sort: { field, direction },
  noun,
});

/** The calls that show a KPI at its best (strength) or worst (coaching). */
export function kpiEvidence(metric: CardKpi, tone: CardPoint['tone']): Evidence {
  const good = tone === 'strength';
  switch (metric) {
    case 'ahtMs':
      return sorted(
        'handleTimeMs',
        good ? 'asc' : 'desc',
        good ? 'shortest calls' : 'longest calls',
      );
    case 'qaScore':
      return {
        filters: { evaluated: true },
        sort: { field: 'qaScore', direction: good ? 'desc' : 'asc' },
        noun: good ? 'best-scored evaluated calls' : 'lowest-scored evaluated calls',
      };
    case 'complianceRate':
      return good
        ? {
            filters: { compliant: true },
            sort: { field: 'complianceScore', direction: 'desc' },
            noun: 'compliant calls',
          }
        : { filters: { compliant: false }, noun: 'non-compliant calls' };
    case 'fcr':
      return good
        ? {
            filters: { resolved: true, followedByRepeat: false },
            noun: 'resolved calls with no repeat',
          }
        : { filters: { followedByRepeat: true }, noun: 'calls followed by a repeat' };
    case 'customerSentiment':
      return good
        ? {
            filters: { sentiment: 'positive' },
            sort: { field: 'customerSentiment', direction: 'desc' },
            noun: 'calls with positive customers',
          }
        : {
            filters: { sentiment: 'negative' },
            sort: { field: 'customerSentiment', direction: 'asc' },
            noun: 'calls with negative customers',
          };
    case 'silenceShare':
      return sorted(
        'silenceShare',
        good ? 'asc' : 'desc',
        good ? 'calls with the least silence' : 'calls with the most silence',
      );
    case 'interruptionsPerCall':
      return sorted(
        'interruptions',
        good ? 'asc' : 'desc',
        good ? 'calls with the fewest interruptions' : 'calls with the most interruptions',
      );
    case 'escalationRate':
      return good
        ? { filters: { escalated: false }, noun: 'calls without escalation' }
        : { filters: { escalated: true }, noun: 'escalated calls' };
    case 'churnRiskRate':
      return good
        ? { filters: { churnRisk: 'low' }, noun: 'low churn-risk calls' }
        : { filters: { churnRisk: 'high' }, noun: 'high churn-risk calls' };
    case 'fakeCallRate':
      return good
        ? { filters: { fakeCall: false }, noun: 'calls not flagged as fake' }
        : { filters: { fakeCall: true }, noun: 'calls flagged as fake' };
  }
}

const ordinal = (p: number) => `${Math.round(p)}th percentile`;

export function cardPoints(input: {
  kpis: readonly KpiLine[];
  rules: RuleBreakdown;
  peerRules: RuleBreakdown;
  sections: QaSectionBreakdown;
  peerSections: QaSectionBreakdown;
  formatValue: (metric: CardKpi, value: number | null) => string;
}): { strengths: CardPoint[]; coaching: CardPoint[] } {
  const strengths: CardPoint[] = [];
  const coaching: CardPoint[] = [];
  for (const line of input.kpis) {
    if (line.percentile === null || line.peers < MIN_PEERS) continue;
    const label = metricDefinitions[line.metric].label;
    const facts = `${input.formatValue(line.metric, line.value)} against a peer median of ${input.formatValue(line.metric, line.peerMedian)} (${ordinal(line.percentile)} of ${line.peers} peers)`;
    if (line.percentile >= STRENGTH_PERCENTILE) {
      strengths.push({
        id: `kpi-${line.metric}`,
        tone: 'strength',
        title: label,
        because: `${facts}.`,
        evidence: kpiEvidence(line.metric, 'strength'),
      });
    } else if (line.percentile <= COACHING_PERCENTILE || line.status === 'red') {
      const sla =
        line.status === 'red' && line.target !== null
          ? `; misses the SLA target of ${input.formatValue(line.metric, line.target)}`
          : '';
      coaching.push({
        id: `kpi-${line.metric}`,
        tone: 'coaching',
        title: label,
        because: `${facts}${sla}.`,
        evidence: kpiEvidence(line.metric, 'coaching'),
      });
    }
  }
  const rank = (p: CardPoint, lines: readonly KpiLine[]) =>
    lines.find((l) => `kpi-${l.metric}` === p.id)?.percentile ?? 50;
  strengths.sort((a, b) => rank(b, input.kpis) - rank(a, input.kpis));
  coaching.sort((a, b) => rank(a, input.kpis) - rank(b, input.kpis));

  for (const rule of input.rules.rows) {
    const peer = input.peerRules.rows.find((r) => r.ruleId === rule.ruleId);
    if (rule.failureRate === null || !peer || peer.failureRate === null) continue;
    if (rule.failedCalls < MIN_RULE_FAILURES) continue;
    if (rule.failureRate < RULE_FACTOR * peer.failureRate) continue;
    coaching.push({
      id: `rule-${rule.ruleId}`,
      tone: 'coaching',
      title: `Compliance: ${rule.ruleName}`,
      because: `Failed on ${formatShare(rule.failureRate)} of the calls it applies to (${rule.failedCalls} of ${rule.applicableCalls}), against ${formatShare(peer.failureRate)} across the peers; severity ${rule.severity}.`,
      evidence: {
        filters: { failedRuleId: rule.ruleId },
        noun: `calls failing "${rule.ruleName}"`,
      },
    });
  }

  for (const section of input.sections.sections) {
    const peer = input.peerSections.sections.find((s) => s.sectionId === section.sectionId);
    if (section.score === null || !peer || peer.score === null) continue;
    if (peer.score - section.score < SECTION_GAP) continue;
    coaching.push({
      id: `section-${section.sectionId}`,
      tone: 'coaching',
      title: `QA: ${section.title}`,
      because: `Section score ${formatShare(section.score)} against ${formatShare(peer.score)} across the peers (${section.scoredCalls} evaluations read).`,
      evidence: {
        filters: { evaluated: true },
        sort: { field: 'qaScore', direction: 'asc' },
        noun: 'lowest-scored evaluated calls',
      },
    });
  }
  return { strengths: strengths.slice(0, 4), coaching: coaching.slice(0, 6) };
}
