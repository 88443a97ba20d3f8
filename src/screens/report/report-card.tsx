/**
 * Report card `/report/reportcard?agent=|team=|vendor=`: one agent's, team's or vendor's card
 * for a period. KPIs against the vendor's SLA targets and against the peers (percentile),
 * QA by form section, compliance by rule, strengths and coaching points with the calls that
 * show them, and the trend; the subject is chosen by search and kept in the address;
 * printable. Peers are every agent (team, vendor) with calls in the same period.
 */
import { useMemo } from 'react';
import {
  QueryState,
  useQuery,
  type CallFilters,
  type QaSectionBreakdown,
  type RuleBreakdown,
} from '../../data/index.ts';
import '../../ui/analytics.css';
import { TimeChart } from '../../ui/charts/time-chart.tsx';
import { FilterBar } from '../../ui/filter-bar.tsx';
import { filteredPeriod } from '../../ui/filtered-period.ts';
import {
  formatCompact,
  formatCount,
  formatDay,
  formatMetric,
  formatSentiment,
  formatShortDay,
} from '../../ui/format.ts';
import { HrefLink } from '../../ui/href-link.tsx';
import { InfoTip } from '../../ui/info-tip.tsx';
import { callListHref } from '../../ui/links.ts';
import { periodLabel, timeBucket, type Period } from '../../ui/period.ts';
import {
  FilteredScreen,
  IgnoredParams,
  Panel,
  type CorpusContext,
} from '../../ui/screen-parts.tsx';
import { useUrlFilters, type UrlFilters } from '../../ui/use-url-filters.ts';
import { CardPoints } from './parts/card-points.tsx';
import { KpiLinesTable } from './parts/kpi-lines-table.tsx';
import { ReportActions } from './parts/report-actions.tsx';
import { COACHING_RULE_TEXT, cardPoints, kpiLines } from './parts/scorecard.ts';
import { RulesTable, SectionsTable } from './parts/scorecard-tables.tsx';
import { SubjectPicker } from './parts/subject-picker.tsx';
import {
  KIND_NOUNS,
  resolveSubject,
  subjectFilters,
  subjectOptions,
  type Subject,
} from './parts/subject.ts';
import './parts/report.css';

const PARAMS = ['from', 'to', 'agent', 'team', 'vendor'] as const;
/** Evaluations read per QA-by-section figure (their answers are rebuilt from the transcript). */
const SECTION_SAMPLE = 200;

export default function ReportCard() {
  const url = useUrlFilters(PARAMS);
  return (
    <FilteredScreen problems={url.problems}>
      {(ctx) => <CardScreen context={ctx} url={url} />}
    </FilteredScreen>
  );
}

function CardScreen({ context, url }: { context: CorpusContext; url: UrlFilters }) {
  const options = useMemo(() => subjectOptions(context.catalog), [context.catalog]);
  const { subject, problems } = resolveSubject(url.filters, options);
  const { period, bar } = filteredPeriod(url, context);
  const choose = (s: Subject) =>
    url.setParams(
      {
        agent: s.kind === 'agent' ? s.key : undefined,
        team: s.kind === 'team' ? s.key : undefined,
        vendor: s.kind === 'vendor' ? s.key : undefined,
      },
      { push: true },
    );
  return (
    <div className="rp-report" data-testid="report-card">
      <IgnoredParams problems={problems} />
      <div className="rp-toolbar rp-toolbar--card">
        <SubjectPicker options={options} current={subject} onChoose={choose} />
        <FilterBar {...bar} fields={[]} />
        <ReportActions onDownload={undefined} printOnly testId="card" />
      </div>
      {subject ? (
        <Card subject={subject} period={period} />
      ) : (
        <Panel title="Whom is the card about?">
          <p>
            Type the name of an agent, a team or a vendor above. The card shows their KPIs against
            the SLA targets and their peers, QA by form section, compliance by rule, strengths and
            coaching points with the calls that show them, and the trend, for the period you choose.
            It prints on paper or as a PDF.
          </p>
        </Panel>
      )}
    </div>
  );
}

interface Judgement {
  rules: RuleBreakdown;
  peerRules: RuleBreakdown;
  sections: QaSectionBreakdown;
  peerSections: QaSectionBreakdown;
}

function Card({ subject, period }: { subject: Subject; period: Period }) {
  const filters: CallFilters & Period = { ...subjectFilters(subject), ...period };
  const key = JSON.stringify(filters);
  const periodKey = JSON.stringify(period);
  const bucket = timeBucket(period);
  const nouns = KIND_NOUNS[subject.kind];

  const summary = useQuery((s) => s.kpis({ filters }), [key]);
  const peers = useQuery(
    (s) => s.aggregate({ filters: period, by: subject.kind }),
    [periodKey, subject.kind],
  );
  const series = useQuery((s) => s.timeSeries({ filters, bucket }), [key, bucket]);
  const judgement = useQuery(
    async (s): Promise<Judgement> => {
      const [rules, peerRules, sections, peerSections] = await Promise.all([
        s.complianceByRule({ filters }),
        s.complianceByRule({ filters: period }),
        s.qaBySection({ filters, sampleSize: SECTION_SAMPLE }),
        s.qaBySection({ filters: period, sampleSize: SECTION_SAMPLE }),
      ]);
      return { rules, peerRules, sections, peerSections };
    },
    [key],
  );

  const lines =
    summary.data && peers.data
      ? kpiLines(
          summary.data.current,
          summary.data.previous,
          peers.data.rows,
          subject.key,
          subject.vendor,
        )
      : undefined;
  const points =
    lines && judgement.data
      ? cardPoints({ kpis: lines, ...judgement.data, formatValue: (m, v) => formatMetric(m, v) })
      : undefined;

  return (
    <>
      <Panel
        title={
          <>
            {subject.label} <span className="muted">· {nouns.one}</span>
          </>
        }
        subtitle={`${subject.detail ? `${subject.detail} · ` : ''}${periodLabel(period)}`}
        testId="card-head"
      >
        <QueryState query={summary} label="the card" isEmpty={() => false}>
          {(s) => (
            <p className="an-period">
              <HrefLink
                href={callListHref({ ...filters, status: 'analysed' })}
                testId="card-calls"
                value={s.current.analysedCalls}
              >
                {formatCount(s.current.analysedCalls)} analysed calls
              </HrefLink>
              <span className="muted">
                {' '}
                of {formatCount(s.current.calls)} recorded · compared with{' '}
                {periodLabel(s.previousPeriod)}
                {subject.vendor ? ` · SLA targets of ${subject.vendor.name}` : ''}
              </span>
            </p>
          )}
        </QueryState>
      </Panel>

      <Panel
        title="KPIs against target and peers"
        subtitle={`Percentile among the ${peers.data ? formatCount(Math.max(0, peers.data.rows.length - 1)) : ''} other ${nouns.many} with calls in the period; 100 is the best.`}
      >
        <QueryState query={peers} label="the peers" isEmpty={() => false}>
          {() =>
            lines ? (
              <KpiLinesTable lines={lines} series={series.data} peerNoun={nouns.many} />
            ) : (
              <span className="an-skeleton" />
            )
          }
        </QueryState>
      </Panel>

      <div className="rp-columns rp-columns--even">
        <Panel
          title="Strengths"
          actions={
            <InfoTip label="How strengths and coaching points are found">
              {COACHING_RULE_TEXT}
            </InfoTip>
          }
        >
          <QueryState query={judgement} label="the strengths" isEmpty={() => false}>
            {() =>
              points ? (
                <CardPoints
                  points={points.strengths}
                  filters={filters}
                  empty={`No KPI in the best quarter of the ${nouns.many} this period.`}
                  testId="card-strengths"
                />
              ) : (
                <span className="an-skeleton" />
              )
            }
          </QueryState>
        </Panel>
        <Panel title="Coaching points">
          <QueryState query={judgement} label="the coaching points" isEmpty={() => false}>
            {() =>
              points ? (
                <CardPoints
                  points={points.coaching}
                  filters={filters}
                  empty="Nothing stands out for coaching this period."
                  testId="card-coaching"
                />
              ) : (
                <span className="an-skeleton" />
              )
            }
          </QueryState>
        </Panel>
      </div>

      <div className="rp-columns rp-columns--even">
        <Panel
          title="QA by form section"
          subtitle={
            judgement.data
              ? `${judgement.data.sections.formName} v${judgement.data.sections.formVersion}: the latest evaluation of the newest ${formatCount(judgement.data.sections.sampledCalls)} of ${formatCount(judgement.data.sections.evaluatedCalls)} evaluated calls; peers: the newest ${formatCount(judgement.data.peerSections.sampledCalls)} of all ${nouns.many}.`
              : 'Section scores of the latest evaluations.'
          }
        >
          <QueryState
            query={judgement}
            label="QA by section"
            isEmpty={(j) => j.sections.evaluatedCalls === 0}
            empty="No evaluated calls in this period."
          >
            {(j) => <SectionsTable sections={j.sections} peers={j.peerSections} />}
          </QueryState>
        </Panel>
        <Panel
          title="Compliance by rule"
          subtitle="Active compliance rules, most severe first: calls in the rule's scope, calls that failed it, and the failure rate across all peers."
        >
          <QueryState
            query={judgement}
            label="compliance by rule"
            isEmpty={(j) => j.rules.rows.length === 0}
            empty="No compliance rule applies to these calls."
          >
            {(j) => <RulesTable rules={j.rules} peers={j.peerRules} />}
          </QueryState>
        </Panel>
      </div>

      <Panel
        title={`Calls and customer sentiment per ${bucket}`}
        subtitle="Bars count analysed calls; the line is the customers' average sentiment. Select a bar to list its calls."
      >
        <QueryState query={series} label="the trend" isEmpty={(r) => r.points.length === 0}>
          {(result) => (
            <TimeChart
              title={`${subject.label}: analysed calls and customer sentiment per ${bucket}`}
              points={result.points.map((p) => ({
                start: p.start,
                volume: p.metrics.analysedCalls,
                line: p.metrics.customerSentiment,
                href: callListHref({ ...filters, from: p.start, to: p.end, status: 'analysed' }),
              }))}
              volumeLabel="Analysed calls"
              lineLabel="Customer sentiment"
              formatVolume={formatCompact}
              formatLine={(v) => (v === null ? '–' : formatSentiment(v))}
              formatBucket={formatShortDay}
              formatBucketLong={(iso) =>
                bucket === 'day' ? formatDay(iso) : `Week of ${formatDay(iso)}`
              }
              summary={`${formatCount(result.points.reduce((n, p) => n + p.metrics.analysedCalls, 0))} analysed calls over ${result.points.length} ${bucket}s.`}
            />
          )}
        </QueryState>
      </Panel>
    </>
  );
}
