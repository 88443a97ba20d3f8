/** Alerts raised by rules, the cost cap and disputes, with read/unread kept by the source. */
import { useState } from 'react';
import {
  DataSourceError,
  QueryState,
  useDataSource,
  useQuery,
  type InboxItem,
  type InboxKind,
} from '../../../data/index.ts';
import { formatCount, formatDateTime } from '../../../ui/format.ts';
import { HrefLink } from '../../../ui/href-link.tsx';
import { callHref, callListHref } from '../../../ui/links.ts';
import { Panel } from '../../../ui/screen-parts.tsx';

const KIND_WORDS: Record<InboxKind, string> = {
  rule: 'Compliance rule',
  cost: 'Cost cap',
  dispute: 'Disputed evaluation',
};

export function InboxSection() {
  const source = useDataSource();
  const prefs = useQuery((s) => s.preferences(), []);
  const inbox = useQuery((s) => s.inbox(), []);
  const [choice, setChoice] = useState<'all' | 'unread' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const show = choice ?? prefs.data?.inboxShows ?? 'all';
  const mark = (ids: string[], read: boolean) => {
    setProblem(null);
    source.markInboxRead({ ids, read }).then(
      () => undefined, // The inbox reads again by itself (data/read-cache.ts).
      (error: unknown) => setProblem(DataSourceError.from(error).message),
    );
  };
  return (
    <Panel
      title="Inbox"
      subtitle="Alerts raised by compliance rules, the monthly cost cap and disputed evaluations."
      testId="inbox"
    >
      {problem && (
        <p className="an-error" role="alert">
          {problem}
        </p>
      )}
      <QueryState
        query={inbox}
        label="the inbox"
        isEmpty={(items) => items.length === 0}
        empty="No alerts."
      >
        {(items) => {
          const unread = items.filter((i) => !i.read);
          const shown = show === 'unread' ? unread : items;
          return (
            <>
              <div className="st-toolbar">
                <p data-testid="unread-count" data-value={unread.length}>
                  <strong>{formatCount(unread.length)}</strong> unread of{' '}
                  {formatCount(items.length)}
                </p>
                <fieldset className="st-fieldset st-toolbar">
                  <legend className="sr-only">Show</legend>
                  {(['all', 'unread'] as const).map((v) => (
                    <label key={v} className="st-radio">
                      <input
                        type="radio"
                        name="inbox-show"
                        checked={show === v}
                        onChange={() => setChoice(v)}
                      />{' '}
                      {v === 'all' ? 'All' : 'Unread only'}
                    </label>
                  ))}
                </fieldset>
                <button
                  type="button"
                  className="an-button an-button--small"
                  disabled={unread.length === 0}
                  onClick={() =>
                    mark(
                      unread.map((i) => i.id),
                      true,
                    )
                  }
                >
                  Mark all as read
                </button>
              </div>
              {shown.length === 0 ? (
                <p className="muted">Nothing unread.</p>
              ) : (
                <ul className="st-list">
                  {shown.map((item) => (
                    <InboxRow key={item.id} item={item} onMark={(read) => mark([item.id], read)} />
                  ))}
                </ul>
              )}
            </>
          );
        }}
      </QueryState>
    </Panel>
  );
}

function InboxRow({ item, onMark }: { item: InboxItem; onMark: (read: boolean) => void }) {
  const href = item.callId
    ? callHref(item.callId)
    : item.filters
      ? callListHref(item.filters)
      : null;
  return (
    <li
      className="st-item"
      data-unread={item.read ? undefined : ''}
      data-testid="inbox-item"
      data-kind={item.kind}
    >
      <div>
        <p className="st-item__title">
          {!item.read && <span className="sr-only">Unread: </span>}
          {href ? <HrefLink href={href}>{item.title}</HrefLink> : item.title}
        </p>
        <p className="st-item__meta">
          {KIND_WORDS[item.kind]} · {item.severity} · {formatDateTime(item.at)} · {item.detail}
        </p>
      </div>
      <button
        type="button"
        className="an-button an-button--small"
        onClick={() => onMark(!item.read)}
      >
        {item.read ? 'Mark as unread' : 'Mark as read'}
        <span className="sr-only">: {item.title}</span>
      </button>
    </li>
  );
}
