/**
 * Follows a rule's re-run on history: polls the job, shows a progress bar, offers cancel
 * (which undoes the save) and, once done, where the rule's failures are now listed.
 */
import { useEffect, useRef } from 'react';
import { AppLink } from '../../../runtime/index.ts';
import { useDataSource, type RuleJob } from '../../../data/index.ts';
import { formatCount } from '../../../ui/format.ts';
import { callListHref } from '../../../ui/links.ts';

const POLL_MS = 200;

export function RerunProgress(props: {
  job: RuleJob;
  onUpdate: (job: RuleJob) => void;
  onDone: (job: RuleJob) => void;
}) {
  const { job } = props;
  const source = useDataSource();
  const handlers = useRef(props);
  handlers.current = props;
  useEffect(() => {
    if (job.state !== 'running') return;
    let alive = true;
    const timer = setInterval(async () => {
      const now = await source.ruleJob(job.id).catch(() => null);
      if (!alive || !now) return;
      handlers.current.onUpdate(now);
      if (now.state === 'done') handlers.current.onDone(now);
    }, POLL_MS);
    return () => {
      alive = false;
      clearInterval(timer);
    };
  }, [job.id, job.state, source]);

  const share = job.total > 0 ? job.processed / job.total : 0;
  return (
    <div className="rb-progress an-notice" role="status" data-testid="rerun" data-state={job.state}>
      {job.state === 'running' && (
        <>
          <strong>
            Saved version {job.rule.version}. Re-running it on history: {formatCount(job.processed)}{' '}
            of {formatCount(job.total)} calls
          </strong>
          <progress max={job.total} value={job.processed} aria-label="Re-run on history">
            {Math.round(share * 100)} %
          </progress>
          <div>
            <button
              type="button"
              className="an-button an-button--small"
              onClick={() => void source.cancelRuleJob(job.id).then(props.onUpdate)}
            >
              Cancel (undo this save)
            </button>
          </div>
        </>
      )}
      {job.state === 'done' && (
        <span>
          <strong>
            Version {job.rule.version} saved and re-run on {formatCount(job.total)} calls.
          </strong>{' '}
          {job.rule.kind === 'compliance' ? (
            <>
              See its failures in the{' '}
              <a href={callListHref({ failedRuleId: job.rule.id })}>call list</a> or with every
              failing call on{' '}
              <AppLink route="agents" query={{ compliant: false }}>
                Agents › non-compliant calls
              </AppLink>
              .
            </>
          ) : (
            <a href={callListHref({ category: job.rule.id })}>See the calls it tags.</a>
          )}
        </span>
      )}
      {job.state === 'cancelled' && (
        <strong>{job.message ?? 'Cancelled; nothing was saved.'}</strong>
      )}
      {job.state === 'failed' && (
        <strong>The re-run failed and the save was undone: {job.message}</strong>
      )}
    </div>
  );
}
