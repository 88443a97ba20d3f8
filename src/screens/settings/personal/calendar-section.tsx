/**
 * The team's calendar: evaluations due, calibration sessions and report deliveries derived from
 * the data, with the entries people scheduled here (date and time, repeat, who), by day. The
 * scheduled ones are listed too, each with edit and delete (a delete can be undone at once).
 * Scheduling, editing and deleting are the quality team's (the `schedule-work` permission):
 * others read the calendar, told who may change it.
 */
import { useState } from 'react';
import { usePermission } from '../../../auth/permissions.ts';
import {
  QueryState,
  useQuery,
  type CalendarEntry,
  type ScheduledEntry,
} from '../../../data/index.ts';
import { formatDateTime, formatDay } from '../../../ui/format.ts';
import { HrefLink } from '../../../ui/href-link.tsx';
import { callHref } from '../../../ui/links.ts';
import { RoleNotice } from '../../../ui/role-notice.tsx';
import { Panel } from '../../../ui/screen-parts.tsx';
import { useAction } from '../../../ui/use-action.ts';
import { KIND_LABELS, ScheduleForm } from './schedule-form.tsx';
import './calendar.css';

const KIND_WORDS: Record<CalendarEntry['kind'], string> = {
  evaluation: 'Evaluation due',
  calibration: 'Calibration',
  report: 'Report delivery',
};

type Editing = { entry: ScheduledEntry | null } | null;

export function CalendarSection() {
  const [reload, setReload] = useState(0);
  const [editing, setEditing] = useState<Editing>(null);
  const [notice, setNotice] = useState<{ text: string; undo?: ScheduledEntry } | null>(null);
  const may = usePermission('schedule-work');
  const data = useQuery(
    async (s) => {
      const [entries, scheduled] = await Promise.all([s.calendar(), s.schedules()]);
      return { entries, scheduled };
    },
    [reload],
  );
  const refresh = () => setReload((r) => r + 1);
  const remove = useAction(async (s, e: ScheduledEntry) => {
    await s.deleteSchedule({ id: e.id, baseVersion: e.version });
    return true;
  });
  const restore = useAction((s, e: ScheduledEntry) => {
    const { version: _v, ...draft } = e;
    return s.saveSchedule(draft);
  });
  const edit = (entry: ScheduledEntry | null) => {
    setNotice(null);
    setEditing({ entry });
  };

  return (
    <Panel
      title="Calendar"
      subtitle="Two weeks ahead: what your team scheduled from today, and what the latest data calls for after its last day. Times in UTC."
      actions={
        !editing &&
        may.allowed && (
          <button type="button" className="an-button an-button--primary" onClick={() => edit(null)}>
            Schedule…
          </button>
        )
      }
      testId="calendar"
    >
      <QueryState
        query={data}
        label="the calendar"
        isEmpty={(d) => d.entries.length === 0 && d.scheduled.length === 0 && !editing}
        empty="Nothing scheduled."
      >
        {(d) => {
          const byId = new Map(d.scheduled.map((e) => [e.id, e]));
          return (
            <div className="st-form">
              <RoleNotice allowance={may} id="calendar-role" />
              {editing && (
                <ScheduleForm
                  key={editing.entry?.id ?? 'new'}
                  entry={editing.entry}
                  defaultDay={new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)}
                  onCancel={() => setEditing(null)}
                  onReload={() => {
                    setEditing(null);
                    refresh();
                  }}
                  onSaved={(saved) => {
                    setEditing(null);
                    setNotice({ text: `“${saved.title}” is on the calendar.` });
                    refresh();
                  }}
                />
              )}
              <p className="st-savebar__status" role="status" data-testid="calendar-status">
                {remove.error
                  ? `Not deleted: ${remove.error.message}`
                  : restore.error
                    ? `Not restored: ${restore.error.message}`
                    : notice?.text}{' '}
                {notice?.undo && !restore.pending && (
                  <button
                    type="button"
                    className="an-button an-button--small"
                    onClick={async () => {
                      const back = notice.undo!;
                      if (await restore.run(back)) {
                        setNotice({ text: `“${back.title}” is back on the calendar.` });
                        refresh();
                      }
                    }}
                  >
                    Undo
                  </button>
                )}
              </p>
              <ScheduledList
                scheduled={d.scheduled}
                busy={remove.pending}
                changeable={may.allowed}
                onEdit={edit}
                onDelete={async (entry) => {
                  setNotice(null);
                  // A deleted entry comes back as a new one with the same id and details.
                  if (await remove.run(entry))
                    setNotice({ text: `“${entry.title}” was deleted.`, undo: entry });
                  // Also after a failure: a conflict means the list here is out of date.
                  refresh();
                }}
              />
              <Days entries={d.entries} scheduled={byId} onEdit={may.allowed ? edit : undefined} />
            </div>
          );
        }}
      </QueryState>
    </Panel>
  );
}

function ScheduledList(props: {
  scheduled: readonly ScheduledEntry[];
  busy: boolean;
  /** Whether the signed-in account may edit and delete (else the list is read-only). */
  changeable: boolean;
  onEdit: (entry: ScheduledEntry) => void;
  onDelete: (entry: ScheduledEntry) => void;
}) {
  const [confirming, setConfirming] = useState<string | null>(null);
  if (props.scheduled.length === 0) return null;
  return (
    <section aria-labelledby="sc-scheduled" data-testid="scheduled-list">
      <h3 id="sc-scheduled" className="st-label">
        Scheduled by your team ({props.scheduled.length})
      </h3>
      <ul className="st-list">
        {props.scheduled.map((e) => (
          <li key={e.id} className="st-item" data-testid="scheduled-entry" data-id={e.id}>
            <div>
              <p className="st-item__title">{e.title}</p>
              <p className="st-item__meta">
                {KIND_LABELS[e.kind]} · from {formatDateTime(e.at)} · {repeatWords(e)} ·{' '}
                {e.kind === 'report' ? 'to' : 'with'} {e.who.join(', ')} · by {e.createdBy}
              </p>
            </div>
            <div className="sc-actions">
              {!props.changeable ? null : confirming === e.id ? (
                <>
                  <button
                    type="button"
                    className="an-button an-button--small an-button--primary"
                    disabled={props.busy}
                    onClick={() => {
                      setConfirming(null);
                      props.onDelete(e);
                    }}
                  >
                    Delete “{e.title}”
                  </button>
                  <button
                    type="button"
                    className="an-button an-button--small"
                    onClick={() => setConfirming(null)}
                  >
                    Keep it
                  </button>
                </>
              ) : (
                <>
                  <EditButton entry={e} onEdit={props.onEdit} />
                  <button
                    type="button"
                    className="an-button an-button--small"
                    disabled={props.busy}
                    onClick={() => setConfirming(e.id)}
                  >
                    Delete<span className="sr-only"> {e.title}</span>
                  </button>
                </>
              )}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

function EditButton(props: { entry: ScheduledEntry; onEdit: (entry: ScheduledEntry) => void }) {
  return (
    <button
      type="button"
      className="an-button an-button--small"
      onClick={() => props.onEdit(props.entry)}
    >
      Edit<span className="sr-only"> {props.entry.title}</span>
    </button>
  );
}

function repeatWords(e: ScheduledEntry): string {
  return {
    none: 'once',
    daily: 'every day',
    weekdays: 'every weekday',
    weekly: 'every week',
    monthly: 'every month',
  }[e.repeat];
}

function Days(props: {
  entries: readonly CalendarEntry[];
  scheduled: ReadonlyMap<string, ScheduledEntry>;
  /** Absent when the account may not change scheduled entries. */
  onEdit?: (entry: ScheduledEntry) => void;
}) {
  return (
    <>
      {byDay(props.entries).map(([day, list]) => (
        <section key={day} aria-label={formatDay(day)}>
          <h3 className="st-label">{formatDay(day)}</h3>
          <ul className="st-list">
            {list.map((e) => {
              const own = e.scheduleId ? props.scheduled.get(e.scheduleId) : undefined;
              return (
                <li
                  key={e.id}
                  className="st-item"
                  data-testid="calendar-entry"
                  data-kind={e.kind}
                  data-scheduled={e.scheduleId ? '' : undefined}
                >
                  <div>
                    <p className="st-item__title">
                      {e.callId ? (
                        <HrefLink href={callHref(e.callId)}>{e.title}</HrefLink>
                      ) : (
                        e.title
                      )}
                    </p>
                    <p className="st-item__meta">
                      {KIND_WORDS[e.kind]} · {formatDateTime(e.at)} · {e.detail}
                      {e.scheduleId ? ' · scheduled' : ''}
                    </p>
                  </div>
                  {own && props.onEdit && <EditButton entry={own} onEdit={props.onEdit} />}
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </>
  );
}

function byDay(entries: readonly CalendarEntry[]): [string, CalendarEntry[]][] {
  const map = new Map<string, CalendarEntry[]>();
  for (const e of entries) {
    const day = e.at.slice(0, 10);
    const list = map.get(day);
    if (list) list.push(e);
    else map.set(day, [e]);
  }
  return [...map];
}
