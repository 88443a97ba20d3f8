/**
 * The report card's QA by form section and compliance by rule, each beside the same figure
 * across the peers. A rule's failed calls link to exactly those calls.
 */
import type {
  QaSectionBreakdown,
  QaSectionRow,
  RuleBreakdown,
  RuleBreakdownRow,
} from '../../../data/index.ts';
import { DataTable, type Column } from '../../../ui/data-table.tsx';
import { NO_VALUE, formatCount, formatShare } from '../../../ui/format.ts';
import { HrefLink } from '../../../ui/href-link.tsx';
import { callListHref } from '../../../ui/links.ts';
import { formatPoints } from './drivers-table.tsx';

const share = (v: number | null) => (v === null ? NO_VALUE : formatShare(v));
const gap = (a: number | null, b: number | null) => (a === null || b === null ? null : a - b);

export function SectionsTable(props: { sections: QaSectionBreakdown; peers: QaSectionBreakdown }) {
  const peerOf = (r: QaSectionRow) =>
    props.peers.sections.find((s) => s.sectionId === r.sectionId)?.score ?? null;
  const columns: Column<QaSectionRow>[] = [
    { id: 'title', label: 'Section', rowHeader: true, cell: (r) => r.title },
    { id: 'weight', label: 'Weight', align: 'end', cell: (r) => `×${r.weight}` },
    {
      id: 'score',
      label: 'Score',
      align: 'end',
      cell: (r) => (
        <span>
          {share(r.score)}
          <span className="an-cell-sub">{formatCount(r.scoredCalls)} scored</span>
        </span>
      ),
    },
    { id: 'peers', label: 'Peers', align: 'end', cell: (r) => share(peerOf(r)) },
    {
      id: 'gap',
      label: 'Difference',
      align: 'end',
      cell: (r) => formatPoints(gap(r.score, peerOf(r))),
    },
    {
      id: 'autofail',
      label: 'Auto-fails',
      help: 'Evaluations where an answer of this section was an auto-fail (the whole evaluation scores 0).',
      align: 'end',
      cell: (r) => formatCount(r.autoFailedCalls),
    },
  ];
  return (
    <DataTable
      caption="QA by form section"
      captionHidden
      columns={columns}
      rowCount={props.sections.sections.length}
      row={(i) => props.sections.sections[i]}
      rowKey={(r) => r.sectionId}
      testId="card-sections"
    />
  );
}

export function RulesTable(props: { rules: RuleBreakdown; peers: RuleBreakdown }) {
  const peerOf = (r: RuleBreakdownRow) =>
    props.peers.rows.find((p) => p.ruleId === r.ruleId)?.failureRate ?? null;
  const columns: Column<RuleBreakdownRow>[] = [
    {
      id: 'rule',
      label: 'Rule',
      rowHeader: true,
      cell: (r) => (
        <span>
          {r.ruleName}
          <span className="an-cell-sub">{r.severity}</span>
        </span>
      ),
    },
    {
      id: 'applicable',
      label: 'Calls in scope',
      align: 'end',
      cell: (r) => formatCount(r.applicableCalls),
    },
    {
      id: 'failed',
      label: 'Failed',
      align: 'end',
      cell: (r) =>
        r.failedCalls === 0 ? (
          <span data-testid="rule-failed" data-value={0}>
            0
          </span>
        ) : (
          <HrefLink href={callListHref(r.filters)} testId="rule-failed" value={r.failedCalls}>
            {formatCount(r.failedCalls)}
          </HrefLink>
        ),
    },
    { id: 'rate', label: 'Failure rate', align: 'end', cell: (r) => share(r.failureRate) },
    { id: 'peers', label: 'Peers', align: 'end', cell: (r) => share(peerOf(r)) },
  ];
  return (
    <DataTable
      caption="Compliance by rule"
      captionHidden
      columns={columns}
      rowCount={props.rules.rows.length}
      row={(i) => props.rules.rows[i]}
      rowKey={(r) => r.ruleId}
      testId="card-rules"
    />
  );
}
