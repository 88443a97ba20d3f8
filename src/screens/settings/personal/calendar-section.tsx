/** Scheduled evaluations, calibration sessions and report deliveries, by day. */
import {
  QueryState,
  useQuery,
  type CalendarEntry,
  type CalendarKind,
} from '../../../data/index.ts';
import { formatDateTime, formatDay } from '../../../ui/format.ts';
import { HrefLink } from '../../../ui/href-link.tsx';
import { callHref } from '../../../ui/links.ts';
import { Panel } from '../../../ui/screen-parts.tsx';

const KIND_WORDS: Record<CalendarKind, string> = {
  evaluation: 'Evaluation due',
  calibration: 'Calibration',
  report: 'Report delivery',
};

export function CalendarSection() {
  const calendar = useQuery((s) => s.calendar(), []);
  return (
    <Panel
      title="Calendar"
      subtitle="The next two weeks after the latest data. Times in UTC."
      testId="calendar"
    >
      <QueryState
        query={calendar}
        label="the calendar"
        isEmpty={(e) => e.length === 0}
        empty="Nothing scheduled."
      >
        {(entries) => (
          <div className="st-form">
            {byDay(entries).map(([day, list]) => (
              <section key={day} aria-label={formatDay(day)}>
                <h3 className="st-label">{formatDay(day)}</h3>
                <ul className="st-list">
                  {list.map((e) => (
                    <li
                      key={e.id}
                      className="st-item"
                      data-testid="calendar-entry"
                      data-kind={e.kind}
                    >
                      <div>
                        <p className="st-item__title">
                          {e.callId ? (
                            <HrefLink href={callHref(e.callId)}>{e.title}</HrefLink>
                          ) : (
                            e.title
                          )}
                        </p>
                        <p className="st-item__meta">
                          {KIND_WORDS[e.kind]} · {formatDateTime(e.at)} · {e.detail}
                        </p>
                      </div>
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </div>
        )}
      </QueryState>
    </Panel>
  );
}

function byDay(entries: readonly CalendarEntry[]): [string, CalendarEntry[]][] {
  const map = new Map<string, CalendarEntry[]>();
  for (const e of entries) {
    const day = e.at.slice(0, 10);
    const list = map.get(day);
    if (list) list.push(e);
    else map.set(day, [e]);
  }
  return [...map];
}
