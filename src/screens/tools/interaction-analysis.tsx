/**
 * Interaction analysis (`/tool/intraction-analysis`): chat and e-mail threads (JSON or CSV of
 * messages with author and time) analysed like calls (sentiment, categories, the rules that
 * apply to text), and each customer's journey across channels when threads share a customer
 * id. Signed out too; nothing leaves the browser.
 */
import { useId, useState } from 'react';
import {
  getToolsClient,
  type CustomerJourney,
  type ThreadAnalysis,
  type ThreadsResult,
} from '../../data/index.ts';
import '../../ui/analytics.css';
import '../../ui/call/analysis-panels.css';
import { DataTable, nextSort, type Column, type TableSort } from '../../ui/data-table.tsx';
import { formatDateTime, formatSentiment, formatShare, NO_VALUE } from '../../ui/format.ts';
import { fieldAria } from '../../ui/form-field.tsx';
import { Panel } from '../../ui/screen-parts.tsx';
import { ConversationResult } from './parts/conversation-result.tsx';
import { FileDrop } from './parts/file-drop.tsx';
import { readTranscriptFile } from './parts/files.ts';
import { pastedTextProblem } from './parts/input-checks.ts';
import { THREADS_EXAMPLE } from './parts/thread-example.ts';
import { InputProblem, ToolIntro } from './parts/tool-intro.tsx';
import { useToolTask } from './parts/use-tool-task.ts';
import './parts/tools.css';

const analyse = (name: string, text: string): Promise<ThreadsResult> =>
  getToolsClient().analyseThreads({ name, text });

export default function InteractionAnalysis() {
  const task = useToolTask(analyse);
  const [text, setText] = useState('');
  const [local, setLocal] = useState<string | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const id = useId();
  const result = task.state.status === 'done' ? task.state.value : null;
  const problem =
    local ??
    (result && !result.ok ? `${result.name}: ${result.message}` : null) ??
    (task.state.status === 'failed' ? task.state.message : null);
  const run = (name: string, value: string) => {
    const p = pastedTextProblem(value);
    setLocal(p);
    setSelected(null);
    if (!p) task.start(name, value);
  };
  const ok = result?.ok ? result : null;
  const shown = ok?.threads.find((t) => t.id === selected) ?? ok?.threads[0];

  return (
    <div className="an-screen">
      <ToolIntro>
        Paste or choose chat and e-mail threads: JSON (a list of messages, or threads with their
        messages) or CSV with a header row. Each message needs an author, a time and its text; a
        role (agent or customer), a thread id, a channel and a customer id are optional. Threads
        that share a customer id become that customer’s journey.
      </ToolIntro>
      <Panel title="Threads">
        <form
          className="tool-form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            run('Pasted threads', text);
          }}
        >
          <div className="tool-row">
            <button
              type="button"
              className="an-button an-button--small an-button--quiet"
              onClick={() => {
                setText(THREADS_EXAMPLE);
                run('Example threads', THREADS_EXAMPLE);
              }}
            >
              Try the example threads
            </button>
          </div>
          <label htmlFor={id} className="tool-label">
            Messages (JSON or CSV)
          </label>
          <textarea
            id={id}
            value={text}
            onChange={(e) => setText(e.target.value)}
            {...fieldAria(problem)}
            placeholder={
              'thread,customer,channel,author,role,time,text\nchat-1,C-1,chat,Jamie,customer,2026-03-02T09:00:00Z,Hi'
            }
            spellCheck={false}
          />
          <FileDrop
            label="Or choose a file"
            accept=".json,.csv,application/json,text/csv"
            hint="JSON or CSV, up to 1 MB."
            onFiles={async ([file]) => {
              if (!file) return;
              const read = await readTranscriptFile(file);
              if ('problem' in read) setLocal(`${read.name}: ${read.problem}`);
              else {
                setText(read.text);
                run(read.name, read.text);
              }
            }}
          />
          {problem && <InputProblem title="Cannot analyse these threads.">{problem}</InputProblem>}
          <div className="tool-row">
            <button type="submit" className="an-button an-button--primary">
              Analyse
            </button>
          </div>
        </form>
        <div aria-live="polite">
          {task.state.status === 'running' && <p className="muted">Analysing…</p>}
          {ok && ok.skipped.length > 0 && (
            <div className="an-notice" data-testid="skipped-rows">
              <strong>
                {ok.skipped.length} message{ok.skipped.length === 1 ? ' was' : 's were'} left out.
              </strong>
              <ul>
                {ok.skipped.map((s) => (
                  <li key={s}>{s}</li>
                ))}
              </ul>
            </div>
          )}
        </div>
      </Panel>
      {ok && ok.journeys.length > 0 && <Journeys journeys={ok.journeys} onOpen={setSelected} />}
      {ok && (
        <Panel title="Threads" subtitle="Select a thread to open its analysis.">
          <ThreadsTable threads={ok.threads} selected={shown?.id ?? null} onSelect={setSelected} />
        </Panel>
      )}
      {shown && (
        <ConversationResult
          key={shown.id}
          title={`${shown.id} · ${shown.channel}${shown.subject ? ` · ${shown.subject}` : ''}`}
          formatName="Message thread"
          conversation={shown.conversation}
          written
        />
      )}
    </div>
  );
}

function Journeys({
  journeys,
  onOpen,
}: {
  journeys: readonly CustomerJourney[];
  onOpen: (threadId: string) => void;
}) {
  return (
    <Panel
      title="Customer journeys"
      subtitle="Each customer’s contacts in time order, across channels."
      testId="journeys"
    >
      {journeys.map((j) => (
        <section key={j.customerId} className="tool-answer" aria-label={`Customer ${j.customerId}`}>
          <h3 className="an-risk__title">
            Customer {j.customerId}
            <span className="an-chip an-chip--plain">{j.channels.join(' → ')}</span>
            {j.repeatContacts > 0 && (
              <span className="an-chip an-chip--plain">
                {j.repeatContacts} repeat contact{j.repeatContacts === 1 ? '' : 's'}
              </span>
            )}
          </h3>
          <ol className="tool-files">
            {j.steps.map((s) => (
              <li key={s.threadId}>
                <button type="button" className="an-evidence" onClick={() => onOpen(s.threadId)}>
                  <b>
                    {formatDateTime(s.startedAt)} · {s.channel}
                  </b>
                  <span>
                    {s.subject || s.threadId}: {s.topic ?? 'no category'}, customer{' '}
                    {s.customerSentiment === null
                      ? 'silent'
                      : `sentiment ${formatSentiment(s.customerSentiment)}`}
                    , {s.resolved ? 'resolved' : 'unresolved'}, churn risk {s.churnLevel}
                  </span>
                </button>
              </li>
            ))}
          </ol>
        </section>
      ))}
    </Panel>
  );
}

function ThreadsTable(props: {
  threads: readonly ThreadAnalysis[];
  selected: string | null;
  onSelect: (id: string) => void;
}) {
  const [sort, setSort] = useState<TableSort>({ column: 'startedAt', direction: 'asc' });
  const columns: Column<ThreadAnalysis>[] = [
    {
      id: 'id',
      label: 'Thread',
      rowHeader: true,
      cell: (t) => (
        <button
          type="button"
          className="an-button an-button--small an-button--quiet"
          aria-pressed={t.id === props.selected}
          onClick={() => props.onSelect(t.id)}
        >
          {t.id}
        </button>
      ),
    },
    { id: 'channel', label: 'Channel', cell: (t) => t.channel },
    { id: 'customerId', label: 'Customer', cell: (t) => t.customerId || NO_VALUE },
    {
      id: 'startedAt',
      label: 'Started',
      sortable: true,
      firstSort: 'asc',
      cell: (t) => formatDateTime(t.startedAt),
    },
    { id: 'messages', label: 'Messages', align: 'end', cell: (t) => String(t.messages) },
    {
      id: 'sentiment',
      label: 'Customer sentiment',
      metric: 'customerSentiment',
      align: 'end',
      cell: (t) => {
        const s = t.conversation.analysis.sentiment.customer.overall;
        return s === null ? NO_VALUE : formatSentiment(s);
      },
    },
    { id: 'topic', label: 'Topic', cell: (t) => t.conversation.analysis.topics[0] ?? NO_VALUE },
    {
      id: 'compliance',
      label: 'Compliance score',
      metric: 'complianceScore',
      align: 'end',
      cell: (t) => {
        const c = t.conversation.analysis.complianceScore;
        return c === null ? NO_VALUE : formatShare(c);
      },
    },
    { id: 'churn', label: 'Churn risk', cell: (t) => t.conversation.analysis.churnRisk.level },
  ];
  const rows = [...props.threads].sort(
    (a, b) => a.startedAt.localeCompare(b.startedAt) * (sort.direction === 'asc' ? 1 : -1),
  );
  return (
    <DataTable
      caption="Threads"
      captionHidden
      columns={columns}
      rowCount={rows.length}
      row={(i) => rows[i]}
      rowKey={(t) => t.id}
      sort={sort}
      onSort={(c) => setSort(nextSort(sort, c))}
      testId="threads-table"
    />
  );
}
