/**
 * Recording Metadata Upload `/settings/recording-meta-upload` (public): choose a CSV, see it
 * read off the main thread with progress (encoding and separator detected), map its columns to
 * call fields, preview, check every row (row and column of each problem), then import: all
 * rows or none. The history lists every import of the session with undo for the newest one in
 * effect. Reading a file works signed out; checking and importing need a signed-in user.
 */
import { useState } from 'react';
import {
  DataSourceError,
  METADATA_IMPORT_LIMITS,
  changedOnImport,
  importRequestText,
  normaliseImportValue,
  readCsvFile,
  showHiddenCharacters,
  useDataSource,
  type CsvFileSummary,
  type MetadataImport,
} from '../../data/index.ts';
import '../../ui/analytics.css';
import { formatCount, formatShare } from '../../ui/format.ts';
import { Panel } from '../../ui/screen-parts.tsx';
import { SignInGate, useSignedIn } from '../../ui/sign-in-gate.tsx';
import { ImportHistory } from './metadata-upload/import-history.tsx';
import { ImportErrors } from './metadata-upload/import-errors.tsx';
import {
  MAPPABLE_FIELDS,
  guessMapping,
  ignoredColumns,
  mappingProblems,
  type Mapping,
} from './metadata-upload/mapping.ts';
import { MappingForm } from './metadata-upload/mapping-form.tsx';
import { ReadOnlyNotice, useReadOnly } from './parts/read-only-gate.tsx';
import './settings.css';

const PURPOSE =
  'Upload queue, brand, product, language or disposition for recorded calls from a CSV file.';

type Reading =
  | { kind: 'idle' }
  | { kind: 'reading'; fileName: string; share: number }
  | { kind: 'failed'; fileName: string; message: string }
  | { kind: 'read'; file: CsvFileSummary };

type Outcome =
  | { kind: 'none' }
  | { kind: 'busy'; what: 'check' | 'import' }
  | { kind: 'done'; dryRun: boolean; result: MetadataImport }
  /** The file's structure is broken (found before sending): nothing was sent. */
  | { kind: 'unreadable'; rows: number; errors: MetadataImport['errors'] }
  | { kind: 'failed'; message: string };

export default function RecordingMetaUpload() {
  const source = useDataSource();
  const readOnly = useReadOnly('import-metadata');
  const signedIn = useSignedIn();
  const [reading, setReading] = useState<Reading>({ kind: 'idle' });
  const [mapping, setMapping] = useState<Mapping>({ callId: '' });
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'none' });
  const [historyVersion, setHistoryVersion] = useState(0);
  const file = reading.kind === 'read' ? reading.file : null;
  const problems = file ? mappingProblems(mapping, file.header) : {};
  const tooManyRows = file !== null && file.rowCount > METADATA_IMPORT_LIMITS.rows;
  const ready =
    file !== null && Object.keys(problems).length === 0 && file.rowCount > 0 && !tooManyRows;

  const choose = (picked: File | undefined) => {
    setOutcome({ kind: 'none' });
    if (!picked) return setReading({ kind: 'idle' });
    if (picked.size > METADATA_IMPORT_LIMITS.megabytes * 1024 * 1024)
      return setReading({
        kind: 'failed',
        fileName: picked.name,
        message: `it is ${formatMegabytes(picked.size)}; files up to ${METADATA_IMPORT_LIMITS.megabytes} MB are read (split it into smaller files)`,
      });
    setReading({ kind: 'reading', fileName: picked.name, share: 0 });
    readCsvFile(picked, (share) =>
      setReading((r) => (r.kind === 'reading' ? { ...r, share } : r)),
    ).then(
      (summary) => {
        setReading({ kind: 'read', file: summary });
        setMapping(guessMapping(summary.header));
      },
      (error: unknown) =>
        setReading({
          kind: 'failed',
          fileName: picked.name,
          message: error instanceof Error ? error.message : String(error),
        }),
    );
  };

  const send = async (dryRun: boolean) => {
    if (!file || !ready) return;
    setOutcome({ kind: 'busy', what: dryRun ? 'check' : 'import' });
    try {
      const columns = cleanMapping(mapping);
      // Only the mapped columns travel: a wide export stays far under the API's body limit.
      const request = await importRequestText(
        file.text,
        file.delimiter,
        MAPPABLE_FIELDS.flatMap((f) => (columns[f] ? [columns[f]] : [])),
      );
      if (request.errors.length > 0)
        return setOutcome({ kind: 'unreadable', rows: file.rowCount, errors: request.errors });
      const result = await source.importMetadata({
        fileName: file.fileName,
        csv: request.csv,
        delimiter: file.delimiter,
        mapping: columns,
        dryRun,
      });
      setOutcome({ kind: 'done', dryRun, result });
      if (!dryRun) setHistoryVersion((v) => v + 1);
    } catch (error) {
      setOutcome({ kind: 'failed', message: DataSourceError.from(error).message });
    }
  };

  return (
    <div className="an-screen">
      <ReadOnlyNotice purpose={PURPOSE} permission="import-metadata" />
      <Panel
        title="1. Choose a CSV or Excel file"
        subtitle="CSV in UTF-8 or another encoding (detected), comma, semicolon or tab separated; or an Excel workbook (.xlsx, its first sheet). Header row first."
      >
        <p data-testid="upload-limits">
          Files up to {METADATA_IMPORT_LIMITS.megabytes} MB and{' '}
          {formatCount(METADATA_IMPORT_LIMITS.rows)} rows, read in the background; only the columns
          you map are sent.
        </p>
        <div className="st-field">
          <label htmlFor="meta-file">CSV or Excel file</label>
          <input
            id="meta-file"
            type="file"
            accept=".csv,text/csv,text/plain,.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            aria-describedby="meta-file-status"
            onChange={(e) => choose(e.target.files?.[0])}
          />
        </div>
        <div id="meta-file-status" role="status" aria-live="polite">
          {reading.kind === 'reading' && (
            <p>
              <label htmlFor="meta-progress">Reading {reading.fileName}… </label>
              <progress
                id="meta-progress"
                className="st-progress"
                max={1}
                value={reading.share}
              />{' '}
              {formatShare(reading.share, 0)}
            </p>
          )}
          {reading.kind === 'failed' && (
            <p className="an-error">
              {reading.fileName} could not be read: {reading.message}
            </p>
          )}
          {file && (
            <p data-testid="file-summary">
              {file.fileName}: {formatCount(file.rowCount)} rows, {file.header.length} columns,{' '}
              {file.format === 'xlsx'
                ? 'from an Excel workbook'
                : `separated by ${delimiterName(file.delimiter)}, ${file.encoding.toUpperCase()}`}
              .
            </p>
          )}
        </div>
        {file?.notice && (
          <div className="an-notice" role="status" data-testid="encoding-notice">
            {file.notice}
          </div>
        )}
        {file && file.rowCount === 0 && (
          <p className="an-error">The file has a header but no rows to import.</p>
        )}
        {tooManyRows && (
          <p className="an-error" data-testid="too-many-rows">
            The file has {formatCount(file.rowCount)} rows; an import takes at most{' '}
            {formatCount(METADATA_IMPORT_LIMITS.rows)}. Split it into smaller files.
          </p>
        )}
      </Panel>
      {file && (
        <Panel
          title="2. Map the columns and preview"
          subtitle="Which column fills which call field; the call id is required, other fields only change when mapped."
        >
          <MappingForm
            header={file.header}
            mapping={mapping}
            problems={problems}
            onChange={(m) => {
              setMapping(m);
              setOutcome({ kind: 'none' });
            }}
          />
          <IgnoredColumns file={file} mapping={mapping} />
          <Preview file={file} mapping={mapping} />
        </Panel>
      )}
      {file && (
        <Panel
          title="3. Check and import"
          subtitle="Every row is checked: call ids exist, codes are known, nothing is empty. If any row has a problem, nothing is imported."
        >
          {readOnly ? (
            <p className="muted">
              {signedIn
                ? 'Your account cannot check or import metadata (see above).'
                : 'Sign in (above) to check this file against your calls and import it.'}
            </p>
          ) : (
            <div className="st-toolbar">
              <button
                type="button"
                className="an-button"
                disabled={!ready || outcome.kind === 'busy'}
                onClick={() => void send(true)}
              >
                {outcome.kind === 'busy' && outcome.what === 'check'
                  ? 'Checking…'
                  : 'Check every row'}
              </button>
              <button
                type="button"
                className="an-button an-button--primary"
                disabled={!ready || outcome.kind === 'busy'}
                onClick={() => void send(false)}
              >
                {outcome.kind === 'busy' && outcome.what === 'import'
                  ? 'Importing…'
                  : `Import ${formatCount(file.rowCount)} rows`}
              </button>
            </div>
          )}
          <OutcomeView outcome={outcome} />
        </Panel>
      )}
      <SignInGate purpose="The imports of this session, with undo for the newest one still in effect.">
        <ImportHistory version={historyVersion} onUndone={() => setHistoryVersion((v) => v + 1)} />
      </SignInGate>
    </div>
  );
}

function cleanMapping(mapping: Mapping): MetadataImport['mapping'] {
  const out: MetadataImport['mapping'] = { callId: mapping.callId };
  for (const f of MAPPABLE_FIELDS) if (f !== 'callId' && mapping[f]) out[f] = mapping[f];
  return out;
}

function delimiterName(d: string): string {
  return d === ',' ? 'commas' : d === ';' ? 'semicolons' : d === '\t' ? 'tabs' : 'pipes';
}

function formatMegabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toLocaleString('en', { maximumFractionDigits: 1 })} MB`;
}

/** The columns left out and why, before anything is checked or imported. */
function IgnoredColumns({ file, mapping }: { file: CsvFileSummary; mapping: Mapping }) {
  const ignored = ignoredColumns(file.header, mapping, file.preview);
  if (ignored.length === 0) return null;
  return (
    <div className="an-notice" data-testid="ignored-columns">
      <p>
        {ignored.length === 1 ? 'One column is' : `${ignored.length} columns are`} not imported:
      </p>
      <ul>
        {ignored.map((c) => (
          <li key={c.column}>
            <strong>{c.column}</strong>: {c.reason}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A cell as it will be imported; a cell with hidden characters also shows them, as read. */
function PreviewCell({ raw }: { raw: string }) {
  if (!changedOnImport(raw)) return <td>{raw.trim()}</td>;
  return (
    <td data-hidden-characters="true">
      {normaliseImportValue(raw)}{' '}
      <span className="muted">
        (in the file: <code>{showHiddenCharacters(raw)}</code>)
      </span>
    </td>
  );
}

function Preview({ file, mapping }: { file: CsvFileSummary; mapping: Mapping }) {
  const mapped = MAPPABLE_FIELDS.filter((f) => mapping[f]);
  if (mapped.length === 0) return null;
  const index = (f: (typeof MAPPABLE_FIELDS)[number]) => file.header.indexOf(mapping[f] ?? '');
  return (
    <div className="an-table-scroll">
      <table className="an-table" data-testid="upload-preview">
        <caption>
          First {file.preview.length} of {formatCount(file.rowCount)} rows as they will be imported
        </caption>
        <thead>
          <tr>
            <th scope="col">Row</th>
            {mapped.map((f) => (
              <th key={f} scope="col">
                {f} <span className="muted">← {mapping[f]}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {file.preview.map((cells, r) => (
            <tr key={r}>
              <th scope="row">{r + 2}</th>
              {mapped.map((f) => (
                <PreviewCell key={f} raw={cells[index(f)] ?? ''} />
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function OutcomeView({ outcome }: { outcome: Outcome }) {
  if (outcome.kind === 'failed')
    return (
      <p className="an-error" role="alert">
        {outcome.message}. Nothing was imported; your file and mapping are kept.
      </p>
    );
  if (outcome.kind === 'unreadable')
    return (
      <div data-testid="import-outcome" data-applied="false">
        <p className="an-error" role="alert">
          {formatCount(outcome.errors.length)} problem{outcome.errors.length === 1 ? '' : 's'} in
          the file&apos;s structure: nothing was sent or imported. Fix the file and try again.
        </p>
        <ImportErrors errors={outcome.errors} />
      </div>
    );
  if (outcome.kind !== 'done') return null;
  const { result, dryRun } = outcome;
  if (result.errors.length > 0)
    return (
      <div data-testid="import-outcome" data-applied="false">
        <p className="an-error" role="alert">
          {formatCount(result.errors.length)} problem{result.errors.length === 1 ? '' : 's'} in{' '}
          {formatCount(result.rows)} rows: nothing was imported. Fix the file and try again.
        </p>
        <ImportErrors errors={result.errors} />
      </div>
    );
  return (
    <p role="status" data-testid="import-outcome" data-applied={String(result.applied)}>
      {dryRun
        ? `All ${formatCount(result.rows)} rows are valid: ready to import.`
        : `Imported: ${formatCount(result.changedCalls ?? result.rows)} calls updated. You can undo it in the history below.`}
    </p>
  );
}
