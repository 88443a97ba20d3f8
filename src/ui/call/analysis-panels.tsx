/**
 * What the analysis found in one conversation, beside its transcript: the scores, the rule
 * results (failed compliance first) with their evidence, the categories hit, the churn and
 * fake-call reasons. Shared by the call page and the public tools, which show the same
 * analysis. Every piece of evidence is a button to its moment.
 */
import type { CallAnalysis, Evidence, RuleResult } from '../../data/index.ts';
import { formatClock, formatMetric, formatSentiment, formatShare, NO_VALUE } from '../format.ts';
import { MetricLabel } from '../info-tip.tsx';
import { Panel } from '../screen-parts.tsx';
import { SeverityChip } from './severity-chip.tsx';
import './analysis-panels.css';

/** The analysis as these panels read it (repeat contacts and cost belong to stored calls). */
export type ShownAnalysis = Omit<CallAnalysis, 'repeat' | 'cost'>;

export function EvidenceButton({
  evidence,
  onSeek,
}: {
  evidence: Evidence;
  onSeek: (ms: number) => void;
}) {
  return (
    <button type="button" className="an-evidence" onClick={() => onSeek(evidence.beginMs)}>
      <b>{formatClock(evidence.beginMs)}</b>
      <span>“{evidence.text}”</span>
    </button>
  );
}

export function CallScores({
  analysis: a,
  durationMs: duration,
  written = false,
}: {
  analysis: ShownAnalysis;
  durationMs: number;
  /** A chat or e-mail thread: silence, interruptions and talk ratio are voice measures. */
  written?: boolean;
}) {
  const voice: { label: React.ReactNode; value: string; tone?: 'good' | 'bad' }[] = written
    ? []
    : [
        {
          label: <MetricLabel metric="silenceShare" />,
          value: duration > 0 ? formatShare(a.silenceMs / duration) : NO_VALUE,
        },
        {
          label: <MetricLabel metric="interruptionsPerCall">Interruptions</MetricLabel>,
          value: String(a.interruptions.count),
        },
        {
          label: <MetricLabel metric="talkRatio" />,
          value:
            a.talk.customerMs > 0
              ? `${(a.talk.agentMs / a.talk.customerMs).toFixed(2)} : 1`
              : NO_VALUE,
        },
      ];
  const items: { label: React.ReactNode; value: string; tone?: 'good' | 'bad' }[] = [
    {
      label: <MetricLabel metric="customerSentiment" />,
      value:
        a.sentiment.customer.overall === null
          ? NO_VALUE
          : formatSentiment(a.sentiment.customer.overall),
      tone: tone(a.sentiment.customer.overall),
    },
    {
      label: <MetricLabel metric="sentimentTrend" />,
      value: a.sentimentTrend === null ? NO_VALUE : formatSentiment(a.sentimentTrend),
      tone: tone(a.sentimentTrend),
    },
    {
      label: <MetricLabel metric="agentSentiment" />,
      value:
        a.sentiment.agent.overall === null ? NO_VALUE : formatSentiment(a.sentiment.agent.overall),
    },
    { label: <MetricLabel metric="qaScore" />, value: formatMetric('qaScore', a.qaScore) },
    {
      label: <MetricLabel metric="complianceScore" />,
      value: formatMetric('complianceScore', a.complianceScore),
      tone: a.compliant ? undefined : 'bad',
    },
    ...voice,
  ];
  return (
    <Panel title="Scores" testId="call-scores">
      <dl className="an-scores">
        {items.map((item, i) => (
          <div key={i} className="an-scores__item">
            <dt>{item.label}</dt>
            <dd data-tone={item.tone}>{item.value}</dd>
          </div>
        ))}
      </dl>
    </Panel>
  );
}

function tone(score: number | null): 'good' | 'bad' | undefined {
  if (score === null) return undefined;
  return score <= -1 ? 'bad' : score >= 1 ? 'good' : undefined;
}

export function RuleResults({
  results,
  onSeek,
}: {
  results: readonly RuleResult[];
  onSeek: (ms: number) => void;
}) {
  const compliance = results.filter((r) => r.kind === 'compliance');
  const failed = compliance.filter((r) => !r.passed);
  return (
    <Panel
      title="Compliance rules"
      subtitle={
        compliance.length === 0
          ? 'No compliance rule applies to this call.'
          : `${compliance.length - failed.length} of ${compliance.length} passed`
      }
      testId="rule-results"
    >
      <ul className="an-rules">
        {compliance.map((r) => (
          <li key={r.ruleId} className="an-rule" data-passed={r.passed}>
            <div className="an-rule__head">
              <span className="an-rule__icon" aria-hidden="true">
                {r.passed ? '✓' : '✕'}
              </span>
              <span className="an-rule__name">{r.name}</span>
              <span className="sr-only">{r.passed ? 'passed' : 'failed'}</span>
              {!r.passed && <SeverityChip severity={r.severity} />}
            </div>
            {!r.passed &&
              (r.evidence.length > 0 ? (
                <div className="an-rule__evidence">
                  {r.evidence.map((e, i) => (
                    <EvidenceButton key={i} evidence={e} onSeek={onSeek} />
                  ))}
                </div>
              ) : (
                <p className="an-rule__note">Not said anywhere in the call.</p>
              ))}
          </li>
        ))}
      </ul>
    </Panel>
  );
}

export function Categories({
  analysis,
  onSeek,
}: {
  analysis: ShownAnalysis | undefined;
  onSeek: (ms: number) => void;
}) {
  const categories = analysis?.categories ?? [];
  const topics = analysis?.topics ?? [];
  return (
    <Panel title="Categories and topics" testId="call-categories">
      {topics.length > 0 && (
        <p className="an-chips">
          {topics.map((t, i) => (
            <span
              key={t}
              className="an-chip an-chip--plain"
              data-tone={i === 0 ? 'accent' : undefined}
            >
              {t}
            </span>
          ))}
        </p>
      )}
      {categories.length === 0 ? (
        <p className="muted">No category rule matched.</p>
      ) : (
        <ul className="an-rules">
          {categories.map((c) => (
            <li key={c.ruleId} className="an-rule">
              <div className="an-rule__head">
                <span className="an-rule__name">{c.name}</span>
              </div>
              <div className="an-rule__evidence">
                {c.evidence.map((e, i) => (
                  <EvidenceButton key={i} evidence={e} onSeek={onSeek} />
                ))}
              </div>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

export function RiskSignals({
  analysis: a,
  onSeek,
}: {
  analysis: ShownAnalysis;
  onSeek: (ms: number) => void;
}) {
  const churnTone =
    a.churnRisk.level === 'high' ? 'bad' : a.churnRisk.level === 'medium' ? 'warn' : undefined;
  return (
    <Panel title="Churn and fake-call signals" testId="call-risks">
      <div className="an-risk">
        <h3 className="an-risk__title">
          <MetricLabel metric="churnRiskCalls">Churn risk</MetricLabel>
          <span className="an-chip" data-tone={churnTone}>
            {a.churnRisk.level} · {formatShare(a.churnRisk.score, 0)}
          </span>
        </h3>
        {a.churnRisk.reasons.length === 0 ? (
          <p className="muted">No churn signal.</p>
        ) : (
          <ul className="an-reasons">
            {a.churnRisk.reasons.map((r) => (
              <li key={r.signal}>
                {r.description}
                {r.evidence.map((e, i) => (
                  <EvidenceButton key={i} evidence={e} onSeek={onSeek} />
                ))}
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="an-risk">
        <h3 className="an-risk__title">
          <MetricLabel metric="fakeCalls">Fake-call score</MetricLabel>
          <span className="an-chip" data-tone={a.fakeCall.flagged ? 'bad' : undefined}>
            {a.fakeCall.flagged ? 'flagged · ' : ''}
            {formatShare(a.fakeCall.score, 0)}
          </span>
        </h3>
        {a.fakeCall.reasons.length === 0 ? (
          <p className="muted">No fake-call signal.</p>
        ) : (
          <ul className="an-reasons">
            {a.fakeCall.reasons.map((r) => (
              <li key={r.signal}>{r.description}</li>
            ))}
          </ul>
        )}
      </div>
      {a.escalation.escalated && (
        <div className="an-risk">
          <h3 className="an-risk__title">
            <MetricLabel metric="escalatedCalls">Escalated</MetricLabel>
          </h3>
          <p>{a.escalation.reasons.map((r) => r.replace('-', ' ')).join(', ')}</p>
        </div>
      )}
    </Panel>
  );
}
