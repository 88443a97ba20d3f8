/**
 * Evaluations of recordings `/call/evaluations-recording`: the review queue (calls sampled by a
 * stated rule: random, low AI score, failed critical rule, disputes); evaluating a call beside
 * its timeline and transcript with the AI's suggested answers and their evidence; the workflow
 * after submitting (the agent acknowledges or disputes, a supervisor resolves); and calibration
 * (several reviewers score one call; their spread is shown).
 */
import { useNavigateTo, useRouteQuery } from '../../runtime/index.ts';
import { usePermission } from '../../auth/permissions.ts';
import { QueryState, useQuery, type ReviewSampling } from '../../data/index.ts';
import '../../ui/analytics.css';
import { DataTable, type Column } from '../../ui/data-table.tsx';
import { NO_VALUE, formatClock, formatDateTime, formatShare } from '../../ui/format.ts';
import { Panel } from '../../ui/screen-parts.tsx';
import { StorageNotice } from '../../ui/storage-notice.tsx';
import type { ReviewQueueItem } from '../../data/index.ts';
import { EvaluateCall } from './parts/evaluate-call.tsx';
import './evaluations.css';

const ROUTE = 'evaluations';

const QUEUES: [ReviewSampling, string][] = [
  ['random', 'Random sample'],
  ['low-ai-score', 'Low AI score'],
  ['failed-critical', 'Failed a critical rule'],
  ['disputes', 'Disputes'],
];

export default function RecordingEvaluations() {
  const query = useRouteQuery(ROUTE);
  const navigateTo = useNavigateTo();
  const sampling = query.queue ?? 'random';
  return (
    <div className="an-screen">
      <StorageNotice />
      {query.call ? (
        <EvaluateCall
          callId={query.call}
          tab={query.tab ?? 'evaluate'}
          onTab={(tab) => navigateTo(ROUTE, { ...query, tab }, { replace: true })}
          onBack={() => navigateTo(ROUTE, { queue: sampling })}
        />
      ) : (
        <ReviewQueue
          sampling={sampling}
          onSampling={(queue) => navigateTo(ROUTE, { queue }, { replace: true })}
          onOpen={(call) => navigateTo(ROUTE, { queue: sampling, call })}
        />
      )}
    </div>
  );
}

function ReviewQueue(props: {
  sampling: ReviewSampling;
  onSampling: (s: ReviewSampling) => void;
  onOpen: (callId: string) => void;
}) {
  const queue = useQuery(
    (s) => s.reviewQueue({ sampling: props.sampling, filters: {}, limit: 100 }),
    [props.sampling],
  );
  // The button names what the signed-in role can do with the call (src/auth/roles.ts).
  const can = {
    evaluate: usePermission('evaluate-calls').allowed,
    resolve: usePermission('resolve-disputes').allowed,
  };
  return (
    <Panel
      title="Review queue"
      subtitle={queue.data?.rule ?? 'Calls picked for a person to review.'}
      actions={
        <div className="an-tabs" role="group" aria-label="Queue">
          {QUEUES.map(([id, label]) => (
            <button
              key={id}
              type="button"
              aria-pressed={props.sampling === id}
              onClick={() => props.onSampling(id)}
            >
              {label}
            </button>
          ))}
        </div>
      }
      testId="review-queue"
    >
      <QueryState
        query={queue}
        label="review queue"
        isEmpty={(q) => q.page.total === 0}
        empty={
          props.sampling === 'disputes'
            ? 'No disputed evaluation is waiting for a supervisor.'
            : 'Every call this rule picks has been reviewed.'
        }
      >
        {(q) => (
          <>
            <p className="an-table-meta">
              {q.page.total.toLocaleString('en')} call{q.page.total === 1 ? '' : 's'} in this queue
              {q.page.total > q.page.items.length ? `; the first ${q.page.items.length}` : ''}.
            </p>
            <DataTable
              caption="Calls to review"
              captionHidden
              columns={queueColumns(props.onOpen, can)}
              rowCount={q.page.items.length}
              row={(i) => q.page.items[i]}
              rowKey={(r) => r.callId}
              rowHeight={56}
              testId="review-queue-table"
            />
          </>
        )}
      </QueryState>
    </Panel>
  );
}

function queueColumns(
  onOpen: (callId: string) => void,
  can: { evaluate: boolean; resolve: boolean },
): Column<ReviewQueueItem>[] {
  const action = (r: ReviewQueueItem) =>
    r.reviewStatus === 'disputed'
      ? can.resolve
        ? 'Resolve'
        : 'Open'
      : can.evaluate
        ? 'Evaluate'
        : 'Open';
  return [
    {
      id: 'call',
      label: 'Call',
      rowHeader: true,
      cell: (r) => (
        <>
          {r.callId}
          <span className="an-cell-sub">{formatDateTime(r.startedAt)}</span>
        </>
      ),
    },
    {
      id: 'agent',
      label: 'Agent',
      cell: (r) => (
        <>
          {r.agentName}
          <span className="an-cell-sub">{r.vendorName}</span>
        </>
      ),
    },
    { id: 'duration', label: 'Duration', align: 'end', cell: (r) => formatClock(r.durationMs) },
    {
      id: 'ai',
      label: 'AI score',
      align: 'end',
      help: 'The QA score the AI gave with the active form.',
      cell: (r) => (r.aiScore === null ? NO_VALUE : formatShare(r.aiScore)),
    },
    {
      id: 'critical',
      label: 'Critical rules failed',
      cell: (r) => (r.failedCritical.length === 0 ? 'None' : r.failedCritical.join(', ')),
    },
    {
      id: 'status',
      label: 'Review',
      cell: (r) => r.reviewStatus ?? 'Not reviewed',
    },
    {
      id: 'open',
      label: 'Open',
      hideLabel: true,
      cell: (r) => (
        <button
          type="button"
          className="an-button an-button--small an-button--primary"
          onClick={() => onOpen(r.callId)}
        >
          {action(r)}
          <span className="sr-only"> {r.callId}</span>
        </button>
      ),
    },
  ];
}
