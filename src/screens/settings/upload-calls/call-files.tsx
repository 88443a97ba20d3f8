/**
 * One row per transcript picked, in two columns to fit a phone: its call id and format as read,
 * and where it stands (being checked, ready, its problems by field, or once sent: accepted or
 * replaced with a link to the call, rejected with the field and why, not sent with the reason).
 */
import type { IngestCheck } from '../../../data/index.ts';
import { formatClock, formatCount } from '../../../ui/format.ts';
import { HrefLink } from '../../../ui/href-link.tsx';
import { callHref } from '../../../ui/links.ts';
import { idOfFile } from './selection.ts';
import type { RecordingOutcome, SendOutcome, TranscriptEntry, Upload } from './use-upload.ts';

type Status =
  | { kind: 'unreadable' | 'checking' | 'problems' | 'ready' }
  | { kind: 'sent'; outcome: SendOutcome };

const LABEL: Record<string, string> = {
  unreadable: 'Cannot be read',
  checking: 'Checking…',
  problems: 'Not ready',
  ready: 'Ready to send',
  accepted: 'Accepted',
  replaced: 'Replaced',
  rejected: 'Rejected',
  unsent: 'Not sent',
};

export function CallFiles({ upload }: { upload: Upload }) {
  return (
    <div className="an-table-scroll" tabIndex={0} aria-label="Transcripts picked">
      <table className="an-table upload-files">
        <caption className="an-table__caption">
          {formatCount(upload.transcripts.length)} transcript
          {upload.transcripts.length === 1 ? '' : 's'}
        </caption>
        <thead>
          <tr>
            <th scope="col">File</th>
            <th scope="col">Status</th>
          </tr>
        </thead>
        <tbody>
          {upload.transcripts.map((t) => (
            <FileRow key={t.name} entry={t} upload={upload} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function FileRow({ entry, upload }: { entry: TranscriptEntry; upload: Upload }) {
  const check = upload.checkOf(entry.name);
  const status = statusOf(entry, check, upload.outcomes.get(entry.name));
  const key = status.kind === 'sent' ? statusKey(status.outcome) : status.kind;
  const record = upload.records.get(entry.name);
  const id = record ? String(record.metadata.id) : idOfFile(entry.name);
  return (
    <tr data-testid="upload-file" data-file={entry.name} data-status={key}>
      <th scope="row" className="an-rowhead">
        <div className="upload-file">
          <span className="upload-file__name">{entry.name}</span>
          <span className="muted">
            id {id}
            {check?.format && ` · ${check.format}`}
          </span>
          {upload.recordingOf(entry.name) && (
            <span className="muted" data-testid="upload-recording">
              recording {upload.recordingOf(entry.name)!.name}
            </span>
          )}
          <button
            type="button"
            className="an-button an-button--small an-button--quiet"
            onClick={() => upload.remove(entry.name)}
            disabled={upload.sending !== null}
            aria-label={`Remove ${entry.name}`}
          >
            Remove
          </button>
        </div>
      </th>
      <td>
        <p className="upload-file__status">{LABEL[key]}</p>
        <Details
          entry={entry}
          check={check}
          status={status}
          repeated={record !== undefined && upload.repeated.has(id)}
          noRow={upload.metadataFiles.length > 0 && !upload.rowsById.has(id)}
        />
        <RecordingDetails outcome={upload.recordingOutcomes.get(entry.name)} />
      </td>
    </tr>
  );
}

function statusOf(
  entry: TranscriptEntry,
  check: IngestCheck | undefined,
  outcome: SendOutcome | undefined,
): Status {
  if (outcome) return { kind: 'sent', outcome };
  if (entry.text === null) return { kind: 'unreadable' };
  if (!check) return { kind: 'checking' };
  return { kind: check.problems.length > 0 ? 'problems' : 'ready' };
}

function statusKey(outcome: SendOutcome): string {
  return outcome.status === 'accepted' && outcome.replaced ? 'replaced' : outcome.status;
}

function Details(props: {
  entry: TranscriptEntry;
  check: IngestCheck | undefined;
  status: Status;
  repeated: boolean;
  noRow: boolean;
}) {
  const { entry, check, status } = props;
  if (status.kind === 'sent') return <OutcomeDetails outcome={status.outcome} />;
  if (entry.problem) return <p className="an-error">{entry.problem}</p>;
  if (!check) return null;
  const problems = [
    ...check.problems,
    ...(props.repeated
      ? [{ field: 'id', message: 'another transcript picked has this id; keep one of them' }]
      : []),
  ];
  return (
    <>
      {problems.length > 0 && (
        <ul className="upload-problems" data-testid="file-problems">
          {problems.map((p, k) => (
            <li key={k} className="an-error">
              <strong>{p.field}</strong> {p.message}
            </li>
          ))}
        </ul>
      )}
      {problems.length === 0 && (
        <p>
          {formatCount(check.turns)} turns, {formatClock(check.durationMs)}
          {check.redactions > 0 &&
            `, ${formatCount(check.redactions)} personal detail${check.redactions === 1 ? '' : 's'} (card numbers, e-mails…) to mask`}
        </p>
      )}
      {props.noRow && (
        <p className="muted">No metadata file has a row with this id: the fields above apply.</p>
      )}
      {check.notices.map((n, k) => (
        <p key={k} className="muted">
          {n}
        </p>
      ))}
    </>
  );
}

function OutcomeDetails({ outcome }: { outcome: SendOutcome }) {
  if (outcome.status === 'accepted')
    return (
      <p>
        <HrefLink href={callHref(outcome.callId)} testId="ingested-call">
          Open {outcome.callId}
        </HrefLink>
        {outcome.replaced && ' (the call sent before with this id was replaced)'}
        {outcome.redactions > 0 && `; ${formatCount(outcome.redactions)} masked`}
      </p>
    );
  if (outcome.status === 'rejected')
    return (
      <p className="an-error" data-testid="file-problems">
        <strong>{outcome.field}</strong> {outcome.reason}
      </p>
    );
  return <p className="an-error">{outcome.message}. Nothing of it was stored; send it again.</p>;
}

function RecordingDetails({ outcome }: { outcome: RecordingOutcome | undefined }) {
  if (!outcome) return null;
  if (outcome.status === 'refused')
    return (
      <p className="an-error" data-testid="recording-outcome" data-status="refused">
        <strong>recording</strong> not kept: {outcome.message}
      </p>
    );
  const { stored } = outcome;
  const silenced = stored.silenced.length;
  return (
    <p data-testid="recording-outcome" data-status="stored">
      Recording kept ({stored.format}
      {stored.durationMs !== undefined && `, ${formatClock(stored.durationMs)}`})
      {silenced > 0 &&
        `; ${formatCount(silenced)} masked stretch${silenced === 1 ? '' : 'es'} silenced in it`}
    </p>
  );
}
