/**
 * "What sets each brand apart": per group, the topics its calls are about more often than
 * the other groups' calls, each with a link to exactly those calls.
 */
import { DRIVER_DEFINITION } from '../../../metrics/index.ts';
import { formatCount, formatShare } from '../../../ui/format.ts';
import { HrefLink } from '../../../ui/href-link.tsx';
import { callListHref } from '../../../ui/links.ts';
import type { GroupConcerns } from './concerns.ts';
import { formatLift, formatPoints } from './drivers-table.tsx';

export function ConcernsList(props: { groups: readonly GroupConcerns[]; other: string }) {
  return (
    <div className="rp-concerns" data-testid="report-concerns">
      {props.groups.map((g) => (
        <section key={g.key} className="rp-concern" aria-label={g.label}>
          <h3 className="rp-concern__title">
            {g.label} <span className="muted">· {formatCount(g.calls)} analysed calls</span>
          </h3>
          {g.concerns.length === 0 ? (
            <p className="muted">
              No topic stands out against the other {props.other}: the differences are within the
              noise.
            </p>
          ) : (
            <ol className="rp-list">
              {g.concerns.map((c) => (
                <li key={c.topic}>
                  <strong>{c.topic}</strong>{' '}
                  <HrefLink href={callListHref(c.filters)} testId="concern-calls" value={c.calls}>
                    {formatCount(c.calls)} calls
                  </HrefLink>
                  <p className="muted" title={DRIVER_DEFINITION}>
                    {c.groupRate === null ? '' : formatShare(c.groupRate)} of its calls against{' '}
                    {c.restRate === null ? '' : formatShare(c.restRate)} at the other {props.other}:{' '}
                    {formatPoints(c.difference)}, {formatLift(c.lift)}
                  </p>
                </li>
              ))}
            </ol>
          )}
        </section>
      ))}
    </div>
  );
}
