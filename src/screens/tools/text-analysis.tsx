/**
 * Text analysis (`/tool/text-analysis`): a transcript pasted or typed by the visitor, analysed
 * in the tools worker exactly as the call page analyses a call: speakers and per-turn
 * sentiment, categories with their evidence, compliance rules with pass/fail and evidence,
 * churn and fake-call signals, talk ratio and a suggested summary. Works signed out.
 */
import { useId, useState, type FormEvent } from 'react';
import { getToolsClient, type CallDirection, type ToolResult } from '../../data/index.ts';
import '../../ui/analytics.css';
import { fieldAria } from '../../ui/form-field.tsx';
import { Panel } from '../../ui/screen-parts.tsx';
import { ConversationResult } from './parts/conversation-result.tsx';
import { EXAMPLES } from './parts/examples.ts';
import { CallTypeField } from './parts/call-type-field.tsx';
import { pastedTextProblem } from './parts/input-checks.ts';
import { InputProblem, ToolIntro } from './parts/tool-intro.tsx';
import { useToolTask } from './parts/use-tool-task.ts';
import './parts/tools.css';

const analyse = (text: string, direction: CallDirection) =>
  getToolsClient().analyse({ name: 'Your transcript', text, direction });

export default function TextAnalysis() {
  const [text, setText] = useState('');
  const [direction, setDirection] = useState<CallDirection>('inbound');
  const [problem, setProblem] = useState<string | null>(null);
  const task = useToolTask(analyse);
  const ids = { text: useId(), hint: useId(), problem: useId() };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const p = pastedTextProblem(text);
    setProblem(p);
    if (p) {
      task.reset();
      return;
    }
    task.start(text, direction);
  };
  const result: ToolResult | null = task.state.status === 'done' ? task.state.value : null;
  const failure =
    problem ??
    (result && !result.ok ? result.message : null) ??
    (task.state.status === 'failed' ? task.state.message : null);

  return (
    <div className="an-screen">
      <ToolIntro>
        Paste a conversation, one turn per line starting with who speaks (“Agent: …”, “Customer: …”,
        optionally after a time such as “[0:12]”), and see what the call analysis finds in it.
      </ToolIntro>
      <Panel title="Transcript">
        <form className="tool-form" onSubmit={submit} noValidate>
          <div className="tool-row" role="group" aria-label="Examples">
            <span className="tool-hint">Try an example:</span>
            {EXAMPLES.map((x) => (
              <button
                key={x.id}
                type="button"
                className="an-button an-button--small an-button--quiet"
                onClick={() => {
                  setText(x.text);
                  setProblem(null);
                  setDirection(x.id === 'sale' ? 'outbound' : 'inbound');
                  task.start(x.text, x.id === 'sale' ? 'outbound' : 'inbound');
                }}
              >
                {x.label}
              </button>
            ))}
          </div>
          <label htmlFor={ids.text} className="tool-label">
            Conversation
          </label>
          <textarea
            id={ids.text}
            value={text}
            onChange={(e) => setText(e.target.value)}
            {...fieldAria(failure, ids.hint, failure && ids.problem)}
            placeholder={
              'Agent: Thank you for calling, this call is recorded.\nCustomer: Hi, I was charged twice.'
            }
            spellCheck={false}
          />
          <p id={ids.hint} className="tool-hint">
            Lines without a speaker continue the turn above. Up to 1 MB.
          </p>
          {failure && (
            <div id={ids.problem}>
              <InputProblem title="Cannot analyse this text.">{failure}</InputProblem>
            </div>
          )}
          <div className="tool-row">
            <CallTypeField value={direction} onChange={setDirection} />
            <button type="submit" className="an-button an-button--primary">
              Analyse
            </button>
            <button
              type="button"
              className="an-button an-button--quiet"
              onClick={() => {
                setText('');
                setProblem(null);
                task.reset();
              }}
            >
              Clear
            </button>
          </div>
        </form>
      </Panel>
      <div aria-live="polite" className="sr-only">
        {task.state.status === 'running' ? 'Analysing…' : result?.ok ? 'Analysis ready.' : ''}
      </div>
      {task.state.status === 'running' && <p className="muted">Analysing…</p>}
      {result?.ok && (
        <ConversationResult
          title="Your transcript"
          formatName={result.formatName}
          conversation={result.conversation}
        />
      )}
    </div>
  );
}
