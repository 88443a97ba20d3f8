/**
 * Upload Calls `/settings/upload-calls`: a supervisor loads the centre's own calls. Drop or pick
 * transcripts (any format the post-call tool reads) with a metadata file (CSV or JSON) or the
 * fields on the page; each file is read and checked as the ingest API will before anything is
 * sent, with its format named and its problems by field; then the ready calls go through the
 * data source's ingestCalls, in requests under the server's limits, and each comes back
 * accepted, replaced or rejected (which field and why), with a link to the analysed call.
 * Signed out: what the page is for and Sign in; without the ingest role: who may.
 */
import { usePermission } from '../../auth/permissions.ts';
import '../../ui/analytics.css';
import { formatCount } from '../../ui/format.ts';
import { HrefLink } from '../../ui/href-link.tsx';
import { callListHref } from '../../ui/links.ts';
import { Panel } from '../../ui/screen-parts.tsx';
import { SignInGate } from '../../ui/sign-in-gate.tsx';
import { FileDrop } from '../tools/parts/file-drop.tsx';
import '../tools/parts/tools.css';
import { CallFiles } from './upload-calls/call-files.tsx';
import { PageFieldsForm } from './upload-calls/page-fields.tsx';
import { REQUEST_LIMITS } from './upload-calls/selection.ts';
import { useUpload, type Upload } from './upload-calls/use-upload.ts';
import { WaysToLoad } from './upload-calls/ways-to-load.tsx';
import './settings.css';
import './upload-calls/upload-calls.css';

/** Calls a Recordings link lists by id; more would make an address too long to share. */
const LINKED_CALLS = 100;

export default function UploadCalls() {
  return (
    <SignInGate>
      <Allowed />
    </SignInGate>
  );
}

function Allowed() {
  const may = usePermission('ingest-calls');
  if (!may.allowed)
    return (
      <div className="an-screen">
        <p className="an-notice" data-testid="role-refused">
          {may.reason}
        </p>
        <Panel title="How calls get here">
          <WaysToLoad here={false} />
        </Panel>
      </div>
    );
  return <Uploader />;
}

function Uploader() {
  const upload = useUpload();
  const empty = upload.transcripts.length === 0 && upload.metadataFiles.length === 0;
  return (
    <div className="an-screen">
      <Panel
        title="1. Choose transcripts, recordings and their metadata"
        subtitle="Amazon Transcribe (and Call Analytics), Google Speech-to-Text, Azure Speech, WebVTT, SRT or Callscope JSON; a call's id is its file's name without the extension, and its recording (WAV, Opus or MP3) has the same name."
      >
        <FileDrop
          label="Transcripts, recordings and metadata files"
          accept=".json,.vtt,.srt,.txt,.csv,.wav,.opus,.ogg,.mp3,application/json,text/vtt,text/csv,text/plain,audio/wav,audio/ogg,audio/mpeg"
          multiple
          hint={
            <>
              Drop files here or choose them. Metadata: a CSV with a header row{' '}
              <code>id,startedAt,direction,agent,vendor,customer</code> (and any of queue,
              disposition, language, brand, product…), an <code>&lt;id&gt;.meta.json</code>, or a{' '}
              <code>metadata.json</code> list. Recordings: <code>&lt;id&gt;.wav</code>,{' '}
              <code>.opus</code> or <code>.mp3</code>, sent once their call is accepted. Card
              numbers and other personal data are masked before anything is stored, in a WAV
              recording too (silenced where the transcript masked them).
            </>
          }
          onFiles={(files) => void upload.add(files)}
        />
        <div role="status" aria-live="polite" data-testid="upload-progress">
          {upload.reading && <p>Reading files…</p>}
          {upload.checking && (
            <p>
              Checking {formatCount(upload.checking.done)} of {formatCount(upload.checking.total)}{' '}
              calls…
            </p>
          )}
        </div>
        {empty && <WaysToLoad here />}
      </Panel>
      {!empty && (
        <>
          <Panel
            title="2. Metadata on this page"
            subtitle="For every call whose metadata file leaves a field out, or when there is no metadata file. A call's own value wins."
          >
            <PageFieldsForm fields={upload.fields} onChange={upload.setFields} />
          </Panel>
          <MetadataFiles upload={upload} />
          <Panel
            title="3. Check and send"
            subtitle={`Each call is read and checked here as the server will; only calls without a problem are sent, ${formatCount(REQUEST_LIMITS.calls)} at most per request.`}
            actions={
              <button
                type="button"
                className="an-button an-button--small an-button--quiet"
                onClick={upload.clear}
                disabled={upload.sending !== null}
              >
                Clear the list
              </button>
            }
          >
            {upload.unpaired.length > 0 && (
              <p className="an-notice" data-testid="unpaired-recordings">
                No transcript picked has the id of {upload.unpaired.map((f) => f.name).join(', ')}:
                a recording is sent with the transcript of the same name.
              </p>
            )}
            {upload.transcripts.length > 0 ? (
              <CallFiles upload={upload} />
            ) : (
              <p className="muted">No transcript picked yet: add the calls’ transcript files.</p>
            )}
            <SendBar upload={upload} />
            <Report upload={upload} />
          </Panel>
        </>
      )}
    </div>
  );
}

function MetadataFiles({ upload }: { upload: Upload }) {
  if (upload.metadataFiles.length === 0) return null;
  const transcriptIds = new Set([...upload.records.values()].map((r) => String(r.metadata.id)));
  return (
    <Panel title="Metadata files" subtitle="A row's id is the name of its call's transcript.">
      <ul className="st-list">
        {upload.metadataFiles.map((m) => {
          const unmatched = m.rows.filter((r) => !transcriptIds.has(String(r.id).trim()));
          return (
            <li key={m.name} className="st-item" data-testid="metadata-file" data-file={m.name}>
              <div>
                <p className="st-item__title">
                  {m.name}: {formatCount(m.rows.length)} call{m.rows.length === 1 ? '' : 's'}
                </p>
                {m.problems.length > 0 && (
                  <ul className="upload-problems">
                    {m.problems.map((p, k) => (
                      <li key={k} className="an-error">
                        {p.row !== undefined && <strong>Line {p.row}: </strong>}
                        {p.message}
                      </li>
                    ))}
                  </ul>
                )}
                {unmatched.length > 0 && upload.transcripts.length > 0 && (
                  <p className="muted">
                    {formatCount(unmatched.length)} row
                    {unmatched.length === 1 ? ' names' : 's name'} no transcript picked:{' '}
                    {unmatched
                      .slice(0, 5)
                      .map((r) => String(r.id))
                      .join(', ')}
                    {unmatched.length > 5 ? '…' : ''}
                  </p>
                )}
              </div>
              <button
                type="button"
                className="an-button an-button--small an-button--quiet"
                onClick={() => upload.remove(m.name)}
                disabled={upload.sending !== null}
                aria-label={`Remove ${m.name}`}
              >
                Remove
              </button>
            </li>
          );
        })}
      </ul>
    </Panel>
  );
}

function SendBar({ upload }: { upload: Upload }) {
  const count = upload.ready.length;
  return (
    <div className="st-savebar">
      <button
        type="button"
        className="an-button an-button--primary"
        disabled={count === 0 || upload.sending !== null || upload.checking !== null}
        onClick={() => void upload.send()}
      >
        {upload.sending ? 'Sending…' : `Send ${formatCount(count)} call${count === 1 ? '' : 's'}`}
      </button>
      <p className="st-savebar__status" role="status" aria-live="polite">
        {upload.sending ? (
          <>
            <label htmlFor="upload-send-progress">
              Sent {formatCount(upload.sending.done)} of {formatCount(upload.sending.total)}{' '}
            </label>
            <progress
              id="upload-send-progress"
              className="st-progress"
              max={upload.sending.total}
              value={upload.sending.done}
            />
          </>
        ) : (
          count === 0 &&
          upload.transcripts.length > 0 &&
          !upload.checking &&
          (upload.outcomes.size > 0
            ? 'Every ready call is sent; fix the problems shown at a file, or add files, to send more.'
            : 'No call is ready to send: fix the problems shown at each file, or add files.')
        )}
      </p>
    </div>
  );
}

/** What became of the calls sent: counts by outcome, and the accepted ones in Recordings. */
function Report({ upload }: { upload: Upload }) {
  const outcomes = upload.transcripts.flatMap((t) => {
    const o = upload.outcomes.get(t.name);
    return o ? [o] : [];
  });
  if (outcomes.length === 0 || upload.sending) return null;
  const accepted = outcomes.flatMap((o) => (o.status === 'accepted' ? [o] : []));
  const replaced = accepted.filter((o) => o.replaced).length;
  const rejected = outcomes.filter((o) => o.status === 'rejected').length;
  const unsent = outcomes.filter((o) => o.status === 'unsent').length;
  const ids = accepted.map((o) => o.callId);
  return (
    <div
      className={unsent + rejected > 0 ? 'an-notice' : ''}
      role="status"
      data-testid="upload-report"
      data-accepted={accepted.length}
      data-rejected={rejected}
      data-unsent={unsent}
    >
      <p>
        {formatCount(accepted.length)} accepted
        {replaced > 0 && ` (${formatCount(replaced)} replacing calls sent before)`},{' '}
        {formatCount(rejected)} rejected
        {unsent > 0 && `, ${formatCount(unsent)} not sent (kept here to send again)`}. Accepted
        calls are analysed and counted on every screen.
      </p>
      {ids.length > 0 && ids.length <= LINKED_CALLS && (
        <p>
          <HrefLink href={callListHref({ callId: ids })} testId="ingested-calls" value={ids.length}>
            Open the {formatCount(ids.length)} accepted call{ids.length === 1 ? '' : 's'} in
            Recordings
          </HrefLink>
        </p>
      )}
    </div>
  );
}
