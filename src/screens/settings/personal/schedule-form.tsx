/**
 * Scheduling an evaluation, a calibration session or a report delivery: kind, title, date and
 * time (UTC, as the calendar shows), repeat, who, and for evaluations and calibrations the call.
 * The source checks the whole entry again; its problems are shown at their fields, a conflict
 * (changed in another tab) says so and offers the stored version, and the draft stays on any
 * failure.
 */
import { useMemo, useState } from 'react';
import { useStoredUser } from '../../../auth/index.ts';
import type {
  CalendarKind,
  ScheduleDraft,
  ScheduleRepeat,
  ScheduledEntry,
} from '../../../data/index.ts';
import { Field as SharedField, type FieldProps } from '../../../ui/form-field.tsx';
import { fieldProblems, useAction } from '../../../ui/use-action.ts';

export const KIND_LABELS: Record<CalendarKind, string> = {
  evaluation: 'Evaluation',
  calibration: 'Calibration session',
  report: 'Report delivery',
};

const REPEAT_LABELS: Record<ScheduleRepeat, string> = {
  none: 'Once',
  daily: 'Every day',
  weekdays: 'Every weekday (Monday to Friday)',
  weekly: 'Every week',
  monthly: 'Every month',
};

interface Fields {
  kind: CalendarKind;
  title: string;
  date: string;
  time: string;
  repeat: ScheduleRepeat;
  who: string;
  callId: string;
  notes: string;
}

function fieldsOf(entry: ScheduledEntry | null, day: string): Fields {
  if (!entry)
    return {
      kind: 'calibration',
      title: '',
      date: day,
      time: '14:00',
      repeat: 'none',
      who: '',
      callId: '',
      notes: '',
    };
  return {
    kind: entry.kind,
    title: entry.title,
    date: entry.at.slice(0, 10),
    time: entry.at.slice(11, 16),
    repeat: entry.repeat,
    who: entry.who.join(', '),
    callId: entry.callId ?? '',
    notes: entry.notes ?? '',
  };
}

/**
 * Checks the page can make before asking the source: a date and time that exist, and not in the
 * past when they are new (an edit may keep the first occurrence of a repeat that has begun).
 */
function localProblems(f: Fields, before: Fields | null, now: number): Map<string, string> {
  const out = new Map<string, string>();
  const at = Date.parse(`${f.date}T${f.time}:00Z`);
  const moved = !before || before.date !== f.date || before.time !== f.time;
  if (!f.date || !f.time || Number.isNaN(at)) out.set('at', 'choose a date and a time');
  else if (moved && at < now) out.set('at', 'this time has passed: choose a later one');
  return out;
}

/** The fields a problem's key (the source's field path, or `at`) is about. */
const FIELDS_OF_PROBLEM: Record<string, (keyof Fields)[]> = { at: ['date', 'time'] };

/**
 * The problems that still describe the form: one stops showing as soon as a field it is about
 * changed since the save that found it (a filled-in Title loses its "must not be empty"). The
 * source checks again on the next save.
 */
function standingProblems(
  problems: Map<string, string>,
  attempted: Fields | null,
  fields: Fields,
): Map<string, string> {
  if (!attempted) return problems;
  return new Map(
    [...problems].filter(([key]) =>
      (FIELDS_OF_PROBLEM[key] ?? [key.split('.')[0] as keyof Fields]).every(
        (f) => !(f in fields) || fields[f] === attempted[f],
      ),
    ),
  );
}

export function ScheduleForm(props: {
  /** The entry being edited, or null for a new one. */
  entry: ScheduledEntry | null;
  /** The day a new entry starts on (YYYY-MM-DD). */
  defaultDay: string;
  onSaved: (entry: ScheduledEntry) => void;
  onCancel: () => void;
  /** Reloads the stored entries (after a conflict). */
  onReload: () => void;
}) {
  const user = useStoredUser();
  const [fields, setFields] = useState(() => fieldsOf(props.entry, props.defaultDay));
  const [checked, setChecked] = useState<Map<string, string>>(new Map());
  /** The fields as they were when last saved (or checked), which the problems describe. */
  const [attempted, setAttempted] = useState<Fields | null>(null);
  const save = useAction((s, draft: ScheduleDraft) => s.saveSchedule(draft));
  const problems = useMemo(() => {
    const fromSource = save.error?.code === 'invalid-query' ? fieldProblems(save.error) : new Map();
    return standingProblems(new Map([...fromSource, ...checked]), attempted, fields);
  }, [save.error, checked, attempted, fields]);
  const set = (patch: Partial<Fields>) => setFields((f) => ({ ...f, ...patch }));
  const forCall = fields.kind !== 'report';

  const submit = async () => {
    const before = props.entry ? fieldsOf(props.entry, props.defaultDay) : null;
    const local = localProblems(fields, before, Date.now());
    setChecked(local);
    setAttempted(fields);
    if (local.size > 0) return;
    const draft: ScheduleDraft = {
      id: props.entry?.id ?? `schedule-${crypto.randomUUID()}`,
      kind: fields.kind,
      title: fields.title,
      at: `${fields.date}T${fields.time}:00.000Z`,
      repeat: fields.repeat,
      who: fields.who.split(',').map((p) => p.trim()),
      ...(forCall && fields.callId.trim() ? { callId: fields.callId.trim() } : {}),
      ...(fields.notes.trim() ? { notes: fields.notes } : {}),
      createdBy: user?.name ?? 'Signed-in user',
      ...(props.entry ? { baseVersion: props.entry.version } : {}),
    };
    const saved = await save.run(draft);
    if (saved) props.onSaved(saved);
  };

  return (
    <form
      className="st-form sc-form"
      noValidate
      aria-label={props.entry ? `Edit “${props.entry.title}”` : 'Schedule'}
      data-testid="schedule-form"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <div className="st-fields">
        <Choice
          label="What"
          value={fields.kind}
          labels={KIND_LABELS}
          error={problems.get('kind')}
          onChange={(kind) => set({ kind })}
        />
        <Field label="Title" error={problems.get('title')}>
          {(p) => (
            <input
              {...p}
              className="an-input"
              value={fields.title}
              onChange={(e) => set({ title: e.target.value })}
            />
          )}
        </Field>
        <Field label="Date (UTC)" error={problems.get('at')}>
          {(p) => (
            <input
              {...p}
              type="date"
              className="an-input"
              value={fields.date}
              onChange={(e) => set({ date: e.target.value })}
            />
          )}
        </Field>
        <Field label="Time (UTC)">
          {(p) => (
            <input
              {...p}
              type="time"
              className="an-input"
              value={fields.time}
              onChange={(e) => set({ time: e.target.value })}
            />
          )}
        </Field>
        <Choice
          label="Repeat"
          value={fields.repeat}
          labels={REPEAT_LABELS}
          error={problems.get('repeat')}
          onChange={(repeat) => set({ repeat })}
        />
        <Field
          label={fields.kind === 'report' ? 'Sent to' : 'Who takes part'}
          help="Names or emails, separated by commas."
          error={problems.get('who')}
        >
          {(p) => (
            <input
              {...p}
              className="an-input"
              value={fields.who}
              onChange={(e) => set({ who: e.target.value })}
            />
          )}
        </Field>
        {forCall && (
          <Field
            label="Call (optional)"
            help="The call to evaluate or calibrate on, e.g. call-000123."
            error={problems.get('callId')}
          >
            {(p) => (
              <input
                {...p}
                className="an-input"
                value={fields.callId}
                onChange={(e) => set({ callId: e.target.value })}
              />
            )}
          </Field>
        )}
        <Field label="Notes (optional)" error={problems.get('notes')}>
          {(p) => (
            <textarea
              {...p}
              className="an-input"
              rows={2}
              value={fields.notes}
              onChange={(e) => set({ notes: e.target.value })}
            />
          )}
        </Field>
      </div>
      {save.error && save.error.code !== 'invalid-query' && (
        <div className="an-notice" role="alert">
          <strong>{save.error.code === 'conflict' ? 'Changed elsewhere. ' : 'Not saved. '}</strong>
          {save.error.message}. Your entry is kept here.{' '}
          {save.error.code === 'conflict' && (
            <button type="button" className="an-button an-button--small" onClick={props.onReload}>
              Load the stored version (drops this edit)
            </button>
          )}
        </div>
      )}
      <div className="st-savebar">
        <button type="submit" className="an-button an-button--primary" disabled={save.pending}>
          {save.pending ? 'Saving…' : props.entry ? 'Save changes' : 'Schedule'}
        </button>
        <button type="button" className="an-button" onClick={props.onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** A select of fixed choices, each with its words. */
function Choice<T extends string>(props: {
  label: string;
  value: T;
  labels: Record<T, string>;
  error?: string;
  onChange: (value: T) => void;
}) {
  return (
    <Field label={props.label} error={props.error}>
      {(p) => (
        <select
          {...p}
          className="an-input"
          value={props.value}
          onChange={(e) => props.onChange(e.target.value as T)}
        >
          {(Object.entries(props.labels) as [T, string][]).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** A labelled control of this form (a settings field), its problem and help tied to it. */
function Field(props: Omit<FieldProps, 'className' | 'helpClassName'>) {
  return <SharedField {...props} className="st-field" helpClassName="st-field__help" />;
}
