/**
 * Automated quality management (`/tool/aqm`): a transcript scored against the product's
 * evaluation form. Each question is answered where a rule or a signal decides it, with the
 * evidence and how sure it is; the rest are left for a person, who can answer them here. The
 * total is the QA score the Evaluations screen uses (auto-fail included). Signed out too.
 */
import { getToolsClient, type AqmResult } from '../../data/index.ts';
import '../../ui/analytics.css';
import { Panel } from '../../ui/screen-parts.tsx';
import { ConversationResult } from './parts/conversation-result.tsx';
import { EvaluationFormView } from './parts/evaluation-form.tsx';
import { EXAMPLES } from './parts/examples.ts';
import { ToolIntro } from './parts/tool-intro.tsx';
import { TranscriptInput, type TranscriptSubmission } from './parts/transcript-input.tsx';
import { useToolTask } from './parts/use-tool-task.ts';
import './parts/tools.css';

const score = (s: TranscriptSubmission): Promise<AqmResult> => getToolsClient().automatedQm(s);

export default function AutomatedQualityManagement() {
  const task = useToolTask(score);
  const result = task.state.status === 'done' ? task.state.value : null;
  const problem =
    result && !result.ok
      ? result.message
      : task.state.status === 'failed'
        ? task.state.message
        : null;
  return (
    <div className="an-screen">
      <ToolIntro>
        Score a call against the quality form without listening to it first: paste its transcript or
        choose a transcript file. Questions a rule or signal can decide are answered with their
        evidence; the rest are yours.
      </ToolIntro>
      <Panel title="Transcript">
        <TranscriptInput
          submitLabel="Score"
          problem={problem}
          initialText={EXAMPLES[0]!.text}
          onSubmit={(s) => task.start(s)}
        />
      </Panel>
      <div aria-live="polite">
        {task.state.status === 'running' && <p className="muted">Scoring…</p>}
      </div>
      {result?.ok && (
        <div className="tool-result">
          <EvaluationFormView
            key={result.name + result.conversation.durationMs}
            evaluation={result.evaluation}
            estimated={{ answers: result.conversation.aiAnswers, score: result.conversation.qa }}
          />
          <ConversationResult
            title={result.name}
            formatName={result.formatName}
            conversation={result.conversation}
          />
        </div>
      )}
    </div>
  );
}
