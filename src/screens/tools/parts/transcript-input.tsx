/**
 * A transcript to analyse, pasted or from one file (any format the post-call tool reads), with
 * the call type that decides which rules apply. Used by the tools that score one conversation.
 */
import { useId, useState, type FormEvent } from 'react';
import type { CallDirection } from '../../../data/index.ts';
import { fieldAria } from '../../../ui/form-field.tsx';
import { CallTypeField } from './call-type-field.tsx';
import { FileDrop } from './file-drop.tsx';
import { readTranscriptFile } from './files.ts';
import { pastedTextProblem } from './input-checks.ts';
import { InputProblem } from './tool-intro.tsx';

export interface TranscriptSubmission {
  name: string;
  text: string;
  direction: CallDirection;
}

export function TranscriptInput(props: {
  onSubmit: (s: TranscriptSubmission) => void;
  /** The worker's message about the last submission, if it could not be read. */
  problem: string | null;
  submitLabel: string;
  initialText?: string;
}) {
  const [text, setText] = useState(props.initialText ?? '');
  const [name, setName] = useState('Your transcript');
  const [direction, setDirection] = useState<CallDirection>('inbound');
  const [local, setLocal] = useState<string | null>(null);
  const ids = { text: useId(), problem: useId() };
  const problem = local ?? props.problem;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const p = pastedTextProblem(text);
    setLocal(p);
    if (!p) props.onSubmit({ name, text, direction });
  };
  return (
    <form className="tool-form" onSubmit={submit} noValidate>
      <label htmlFor={ids.text} className="tool-label">
        Transcript
      </label>
      <textarea
        id={ids.text}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setName('Your transcript');
        }}
        {...fieldAria(problem, problem && ids.problem)}
        placeholder={
          'Agent: Thank you for calling, this call is recorded.\nCustomer: Hi, I was charged twice.'
        }
        spellCheck={false}
      />
      <FileDrop
        label="Or choose a transcript file"
        accept=".json,.vtt,.srt,.txt,text/plain,application/json"
        hint="Amazon Transcribe, Google, Azure Speech, WebVTT, SRT or plain text, up to 1 MB."
        onFiles={async ([file]) => {
          if (!file) return;
          const read = await readTranscriptFile(file);
          if ('problem' in read) {
            setLocal(`${read.name}: ${read.problem}`);
            return;
          }
          setLocal(null);
          setText(read.text);
          setName(read.name);
          props.onSubmit({ name: read.name, text: read.text, direction });
        }}
      />
      {problem && (
        <div id={ids.problem}>
          <InputProblem title="Cannot analyse this transcript.">{problem}</InputProblem>
        </div>
      )}
      <div className="tool-row">
        <CallTypeField value={direction} onChange={setDirection} />
        <button type="submit" className="an-button an-button--primary">
          {props.submitLabel}
        </button>
      </div>
    </form>
  );
}
