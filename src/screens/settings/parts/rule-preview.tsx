/**
 * The live preview of a draft rule: evaluated in the data worker on every analysed call of the
 * chosen period (all of them, not a sample), a moment after typing stops. Shows the hits with a
 * link to exactly those calls (the list's total equals the count), the pass rate against the
 * saved version's over the same calls, and example hits with the evidence highlighted.
 */
import { useEffect, useState } from 'react';
import {
  DataSourceError,
  ruleDraftProblems,
  useQuery,
  type Evidence,
  type RuleDraft,
  type RulePreview,
  type RuleStats,
} from '../../../data/index.ts';
import { NO_VALUE, formatCount, formatDateTime, formatShare } from '../../../ui/format.ts';
import { callHref, callListHref } from '../../../ui/links.ts';
import { periodLabel, type Period } from '../../../ui/period.ts';
import { problemsAtFields } from './problems-at-fields.ts';

/** Typing pauses shorter than this do not start a preview. */
const DEBOUNCE_MS = 350;

export function useDebounced<T>(value: T, ms = DEBOUNCE_MS): T {
  const [current, setCurrent] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setCurrent(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return current;
}

export interface PreviewState {
  preview: RulePreview | undefined;
  error: DataSourceError | null;
  loading: boolean;
}

export function useRulePreview(draft: RuleDraft, period: Period): PreviewState {
  const key = useDebounced(JSON.stringify({ draft, period }));
  const query = useQuery(
    (s, signal) => {
      const { draft: d, period: p } = JSON.parse(key) as { draft: RuleDraft; period: Period };
      // Only a draft that passes the form's checks is sent: the problems are shown at the
      // fields instead of asking the source to refuse it (a new rule is incomplete at first).
      const problems = ruleDraftProblems(d);
      if (problems.length > 0)
        return Promise.reject(
          new DataSourceError('invalid-query', 'The rule is not complete yet', problems),
        );
      // A newer draft aborts this preview: the worker stops computing it (between chunks).
      return s.previewRule({ rule: d, filters: p, sampleSize: 1_000_000, examples: 5 }, { signal });
    },
    [key],
  );
  return {
    preview: query.status === 'error' ? undefined : query.data,
    error: query.error,
    loading: query.status === 'loading',
  };
}

export function RulePreviewPanel(props: {
  state: PreviewState;
  period: Period;
  saved: RuleStats | undefined;
  kind: RuleDraft['kind'];
  terms: readonly string[];
}) {
  const { state, period, saved, kind } = props;
  const p = state.preview;
  const passRate = p && p.applicableCalls > 0 ? 1 - p.hits / p.applicableCalls : null;
  const savedPass = saved?.hitRate == null ? null : 1 - saved.hitRate;
  return (
    <div aria-busy={state.loading} data-testid="rule-preview">
      <p className="an-panel__subtitle">
        Every analysed call of {periodLabel(period)}. {state.loading ? 'Updating…' : ''}
      </p>
      {state.error && state.error.code === 'invalid-query' && (
        <p className="rb-error" role="status">
          The rule is not complete yet: {problemsAtFields(state.error).size} problem
          {problemsAtFields(state.error).size === 1 ? '' : 's'} shown at the fields.
        </p>
      )}
      {state.error && state.error.code !== 'invalid-query' && (
        <p className="rb-error" role="status">
          The preview failed: {state.error.message}
        </p>
      )}
      {p && (
        <>
          <div className="rb-figures" role="status" aria-live="polite">
            <Figure label={kind === 'compliance' ? 'Calls failing' : 'Calls tagged'}>
              {p.hits > 0 ? (
                <a href={callListHref({ callId: p.hitCallIds })} data-testid="preview-hits">
                  {formatCount(p.hits)}
                </a>
              ) : (
                <span data-testid="preview-hits">0</span>
              )}
            </Figure>
            <Figure label="Calls in scope">{formatCount(p.applicableCalls)}</Figure>
            {kind === 'compliance' && (
              <Figure label="Pass rate">
                {passRate === null ? NO_VALUE : formatShare(passRate)}
                {savedPass !== null && passRate !== null && (
                  <span className="an-cell-sub">
                    saved version {formatShare(savedPass)} ({signedPoints(passRate - savedPass)})
                  </span>
                )}
              </Figure>
            )}
          </div>
          {p.examples.length > 0 && (
            <>
              <h3 className="rb-subhead">Example hits</h3>
              <ul className="rb-examples">
                {p.examples.map((e) => (
                  <li key={e.callId} className="rb-example">
                    <a href={callHref(e.callId, e.evidence[0]?.beginMs)}>{e.callId}</a>{' '}
                    <span className="an-cell-sub">
                      {e.agentName} · {formatDateTime(e.startedAt)}
                    </span>
                    {e.evidence.length === 0 ? (
                      <p>Hit by absence: none of the terms was said where the rule looks.</p>
                    ) : (
                      e.evidence.map((ev, k) => (
                        <EvidenceText key={k} evidence={ev} terms={props.terms} />
                      ))
                    )}
                  </li>
                ))}
              </ul>
            </>
          )}
        </>
      )}
    </div>
  );
}

function signedPoints(delta: number): string {
  const pp = Math.round(delta * 1000) / 10;
  return `${pp > 0 ? '+' : pp < 0 ? '−' : '±'}${Math.abs(pp)} pp`;
}

function Figure(props: { label: string; children: React.ReactNode }) {
  return (
    <div className="rb-figure">
      <span className="rb-figure__value">{props.children}</span>
      <span className="rb-figure__label">{props.label}</span>
    </div>
  );
}

/** The evidence with the rule's terms marked (whole words, any case). */
function EvidenceText({ evidence, terms }: { evidence: Evidence; terms: readonly string[] }) {
  const words = terms.map((t) => t.trim()).filter(Boolean);
  if (words.length === 0) return <p>{evidence.text}</p>;
  const pattern = new RegExp(
    `\\b(${words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})\\b`,
    'gi',
  );
  const parts = evidence.text.split(pattern);
  return <p>{parts.map((part, k) => (k % 2 === 1 ? <mark key={k}>{part}</mark> : part))}</p>;
}
