/**
 * Post-call analysis (`/tool/post-call-analysis`): transcript files as speech-to-text services
 * produce them (Amazon Transcribe, Google Speech-to-Text / CCAI, Azure Speech batch, WebVTT,
 * SRT, plain text), each analysed like a call; the recording beside a transcript plays with the
 * transcript following it. Many files become a sortable table with their KPIs and a CSV export.
 * A file that cannot be read gets its own message; the others still work. Signed out too.
 */
import { useEffect, useMemo, useState } from 'react';
import { getToolsClient, type ToolResult } from '../../data/index.ts';
import { toCsv } from '../../ui/csv.ts';
import '../../ui/analytics.css';
import { Panel } from '../../ui/screen-parts.tsx';
import { ConversationResult } from './parts/conversation-result.tsx';
import { FileDrop } from './parts/file-drop.tsx';
import { download, isAudio, pairRecordings, readTranscriptFile } from './parts/files.ts';
import { CallsTable, callsCsv } from './parts/calls-table.tsx';
import { InputProblem, ToolIntro } from './parts/tool-intro.tsx';
import { useToolTask } from './parts/use-tool-task.ts';
import './parts/tools.css';

interface Batch {
  results: ToolResult[];
  /** Object URLs of the recordings, by transcript name. */
  audio: Map<string, string>;
  /** Recordings without a transcript. */
  unpaired: string[];
}

async function analyseFiles(files: File[]): Promise<Batch> {
  const recordings = files.filter(isAudio);
  const transcripts = files.filter((f) => !isAudio(f));
  const read = await Promise.all(transcripts.map(readTranscriptFile));
  const readable = read.flatMap((r) => ('text' in r ? [r] : []));
  const analysed = readable.length > 0 ? await getToolsClient().analyseMany(readable) : [];
  const byName = new Map(analysed.map((r) => [r.name, r]));
  const results: ToolResult[] = read.map((r) =>
    'problem' in r ? { ok: false, name: r.name, message: r.problem } : byName.get(r.name)!,
  );
  const pairs = pairRecordings(transcripts, recordings);
  const audio = new Map([...pairs].map(([name, file]) => [name, URL.createObjectURL(file)]));
  const paired = new Set(pairs.values());
  return { results, audio, unpaired: recordings.filter((r) => !paired.has(r)).map((r) => r.name) };
}

export default function PostCallAnalysis() {
  const task = useToolTask(analyseFiles);
  const [selected, setSelected] = useState<string | null>(null);
  const batch = task.state.status === 'done' ? task.state.value : null;

  // Recordings are object URLs of the visitor's files: release them with their batch.
  useEffect(() => {
    if (!batch) return;
    return () => batch.audio.forEach((url) => URL.revokeObjectURL(url));
  }, [batch]);

  const ok = useMemo(() => (batch?.results ?? []).flatMap((r) => (r.ok ? [r] : [])), [batch]);
  const failed = (batch?.results ?? []).flatMap((r) => (r.ok ? [] : [r]));
  const shown = ok.length === 1 ? ok[0] : ok.find((r) => r.name === selected);

  return (
    <div className="an-screen">
      <ToolIntro>
        Drop transcripts from your speech-to-text service, one call per file: Amazon Transcribe JSON
        (with speaker labels), Google Speech-to-Text or CCAI JSON, Azure Speech batch JSON, WebVTT
        or SRT captions with speaker tags, or plain text. Add the recording with the same name to
        play it with the transcript.
      </ToolIntro>
      <Panel title="Files">
        <FileDrop
          label="Choose or drop files"
          accept=".json,.vtt,.srt,.txt,text/plain,application/json,audio/*"
          multiple
          hint="Transcripts up to 1 MB each; recordings (WAV, MP3, M4A, OGG, WebM) are only played, never uploaded."
          onFiles={(files) => {
            if (files.length === 0) return;
            setSelected(null);
            task.start(files);
          }}
        />
        <div aria-live="polite">
          {task.state.status === 'running' && <p className="muted">Reading and analysing…</p>}
          {task.state.status === 'failed' && (
            <InputProblem title="The files could not be analysed.">
              {task.state.message}
            </InputProblem>
          )}
          {batch && (
            <p className="tool-hint" data-testid="files-summary">
              {ok.length} of {batch.results.length} transcript
              {batch.results.length === 1 ? '' : 's'} analysed.
            </p>
          )}
        </div>
        {failed.length > 0 && (
          <ul className="tool-files" data-testid="file-problems">
            {failed.map((r) => (
              <li key={r.name}>
                <InputProblem title={`${r.name}:`}>{r.message}</InputProblem>
              </li>
            ))}
          </ul>
        )}
        {batch && batch.unpaired.length > 0 && (
          <p className="tool-hint">
            No transcript matches {batch.unpaired.join(', ')}: give the recording the transcript’s
            name (call-17.json and call-17.wav).
          </p>
        )}
      </Panel>
      {ok.length > 1 && (
        <Panel
          title="Calls"
          subtitle="Select a call to open its analysis."
          actions={
            <button
              type="button"
              className="an-button an-button--small"
              onClick={() => download('call-analysis.csv', toCsv(callsCsv(ok)))}
            >
              Export CSV
            </button>
          }
        >
          <CallsTable results={ok} selected={shown?.name ?? null} onSelect={setSelected} />
        </Panel>
      )}
      {shown && (
        <ConversationResult
          key={shown.name}
          title={shown.name}
          formatName={shown.formatName}
          conversation={shown.conversation}
          audioUrl={batch?.audio.get(shown.name)}
        />
      )}
    </div>
  );
}
