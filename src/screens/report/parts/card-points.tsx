/**
 * Strengths and coaching points of a report card, each with the calls that show it: how many
 * there are (a link to exactly that list, in the order that shows the point) and the first few
 * calls, each a link to the call page.
 */
import { QueryState, useQuery, type CallFilters } from '../../../data/index.ts';
import { formatCount, formatDateTime } from '../../../ui/format.ts';
import { HrefLink } from '../../../ui/href-link.tsx';
import { callHref, callListHref } from '../../../ui/links.ts';
import type { CardPoint, Evidence } from './scorecard.ts';

const EXAMPLES = 3;

/** The call list of the evidence, sorted the way that shows the point. */
export function evidenceHref(filters: CallFilters, evidence: Evidence): string {
  const base = callListHref({ ...filters, ...evidence.filters });
  if (!evidence.sort) return base;
  const [path, query = ''] = base.split('?', 2) as [string, string?];
  const params = new URLSearchParams(query);
  params.set('sort', evidence.sort.field);
  params.set('dir', evidence.sort.direction);
  return `${path}?${params.toString()}`;
}

export function CardPoints(props: {
  points: readonly CardPoint[];
  /** The subject's calls in the period. */
  filters: CallFilters;
  empty: string;
  testId: string;
}) {
  if (props.points.length === 0) return <p className="muted">{props.empty}</p>;
  return (
    <ul className="rp-list" data-testid={props.testId}>
      {props.points.map((point) => (
        <li key={point.id}>
          <strong>{point.title}</strong>
          <p>{point.because}</p>
          <PointCalls point={point} filters={props.filters} />
        </li>
      ))}
    </ul>
  );
}

function PointCalls({ point, filters }: { point: CardPoint; filters: CallFilters }) {
  const evidence = { ...filters, ...point.evidence.filters };
  const calls = useQuery(
    (s) =>
      s.calls({
        filters: evidence,
        ...(point.evidence.sort ? { sort: point.evidence.sort } : {}),
        limit: EXAMPLES,
      }),
    [JSON.stringify(evidence), JSON.stringify(point.evidence.sort ?? null)],
  );
  return (
    <QueryState
      query={calls}
      label="the calls"
      isEmpty={(page) => page.total === 0}
      empty={`No ${point.evidence.noun} in this period.`}
    >
      {(page) => (
        <div className="rp-calls">
          <HrefLink
            href={evidenceHref(filters, point.evidence)}
            testId="point-calls"
            value={page.total}
          >
            {formatCount(page.total)} {point.evidence.noun} →
          </HrefLink>
          {page.items.map((row) => (
            <HrefLink
              key={row.id}
              href={callHref(row.id)}
              aria-label={`Call of ${formatDateTime(row.startedAt)} with ${row.customerName}`}
            >
              {formatDateTime(row.startedAt)} · {row.customerName}
            </HrefLink>
          ))}
        </div>
      )}
    </QueryState>
  );
}
