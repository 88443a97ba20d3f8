/** The QA evaluations of a stored call (the call page's own panel; the shared panels are in src/ui/call). */
import type { CallDetail } from '../../../data/index.ts';
import { formatShare, NO_VALUE } from '../../../ui/format.ts';
import { Panel } from '../../../ui/screen-parts.tsx';
import '../../../ui/call/analysis-panels.css';

export function Evaluations({ detail }: { detail: CallDetail }) {
  return (
    <Panel title="Quality evaluations" testId="call-evaluations">
      {detail.evaluations.length === 0 ? (
        <p className="muted">Not evaluated.</p>
      ) : (
        <ul className="an-rules">
          {detail.evaluations.map((e) => (
            <li key={e.id} className="an-rule">
              <div className="an-rule__head">
                <span className="an-rule__name">
                  {e.source === 'ai'
                    ? 'AI evaluation'
                    : e.source === 'human'
                      ? 'Reviewer evaluation'
                      : 'Calibration'}
                </span>
                <span
                  className="an-chip an-chip--plain"
                  data-tone={e.autoFailed ? 'bad' : 'accent'}
                >
                  {e.autoFailed ? 'auto-fail · ' : ''}
                  {e.score === null ? NO_VALUE : formatShare(e.score)}
                </span>
              </div>
              <p className="an-rule__note">
                {e.points} of {e.potential} points · form version {e.formVersion} · {e.status}
              </p>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
