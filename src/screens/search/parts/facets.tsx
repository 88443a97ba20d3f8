/**
 * Facets of a search: agent, vendor, week and customer sentiment, each with its count of
 * matching calls. Choosing one narrows the search (a filter on the source); the chosen value
 * stays listed with a way back.
 */
import { useState } from 'react';
import type { CallFilters, FacetCount, SearchResult, SentimentBand } from '../../../data/index.ts';
import { formatCount, formatDay } from '../../../ui/format.ts';

export interface FacetChoice {
  agent?: FacetCount;
  vendor?: FacetCount;
  /** Monday of the chosen week (YYYY-MM-DD). */
  week?: FacetCount;
  sentiment?: FacetCount;
}

const DAY_MS = 86_400_000;

/** The source filters of the chosen facets. */
export function facetFilters(choice: FacetChoice): CallFilters {
  const filters: CallFilters = {};
  if (choice.agent) filters.agentId = choice.agent.key;
  if (choice.vendor) filters.vendorId = choice.vendor.key;
  if (choice.sentiment) filters.sentiment = choice.sentiment.key as SentimentBand;
  if (choice.week) {
    const from = Date.parse(`${choice.week.key}T00:00:00.000Z`);
    filters.from = choice.week.key;
    filters.to = new Date(from + 7 * DAY_MS).toISOString().slice(0, 10);
  }
  return filters;
}

/** Entries a facet lists before "Show all". */
const SHOWN = 8;

/** Day counts summed into weeks starting on Monday (UTC), oldest first. */
export function weeksOf(days: readonly FacetCount[]): FacetCount[] {
  const weeks = new Map<string, number>();
  for (const d of days) {
    const ms = Date.parse(`${d.key}T00:00:00.000Z`);
    if (Number.isNaN(ms)) continue;
    const weekday = (new Date(ms).getUTCDay() + 6) % 7;
    const monday = new Date(ms - weekday * DAY_MS).toISOString().slice(0, 10);
    weeks.set(monday, (weeks.get(monday) ?? 0) + d.count);
  }
  return [...weeks.entries()]
    .sort((a, b) => a[0].localeCompare(b[0]))
    .map(([key, count]) => ({ key, label: `Week of ${formatDay(key)}`, count }));
}

const FILTERABLE_SENTIMENT = new Set(['negative', 'neutral', 'positive']);

export function Facets(props: {
  result: SearchResult;
  choice: FacetChoice;
  onChoose: (next: FacetChoice) => void;
}) {
  const { result, choice, onChoose } = props;
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const groups: { name: keyof FacetChoice; title: string; items: FacetCount[] }[] = [
    {
      name: 'sentiment',
      title: 'Customer sentiment',
      items: result.facets.sentiment.filter((f) => FILTERABLE_SENTIMENT.has(f.key)),
    },
    { name: 'vendor', title: 'Vendor', items: result.facets.vendor },
    { name: 'agent', title: 'Agent', items: result.facets.agent },
    // Newest first: the top hits are usually recent, and so is what a user looks for.
    { name: 'week', title: 'Week', items: weeksOf(result.facets.day).reverse() },
  ];
  return (
    <div className="an-facets" data-testid="search-facets">
      {groups.map((group) => {
        const chosen = choice[group.name];
        const max = Math.max(1, ...group.items.map((i) => i.count));
        return (
          <section key={group.name} className="an-facet" aria-label={group.title}>
            <h3 className="an-facet__title">{group.title}</h3>
            {chosen ? (
              <p className="an-facet__chosen">
                <span className="an-filter-chip">
                  {chosen.label}
                  <button
                    type="button"
                    aria-label={`Remove ${group.title.toLowerCase()} filter: ${chosen.label}`}
                    onClick={() => {
                      const next = { ...choice };
                      delete next[group.name];
                      onChoose(next);
                    }}
                  >
                    <svg viewBox="0 0 12 12" width="10" height="10" aria-hidden="true">
                      <path d="M2.5 2.5l7 7M9.5 2.5l-7 7" stroke="currentColor" strokeWidth="1.6" />
                    </svg>
                  </button>
                </span>
              </p>
            ) : group.items.length === 0 ? (
              <p className="muted an-facet__none">None</p>
            ) : (
              <>
                <ul className="an-facet__list" id={`facet-${group.name}`}>
                  {group.items
                    .slice(0, expanded.has(group.name) ? undefined : SHOWN)
                    .map((item) => (
                      <li key={item.key}>
                        <button
                          type="button"
                          className="an-facet__item"
                          onClick={() => onChoose({ ...choice, [group.name]: item })}
                        >
                          <span className="an-facet__label">{item.label}</span>
                          <span className="an-facet__count">{formatCount(item.count)}</span>
                          <span className="an-facet__bar" aria-hidden="true">
                            <span style={{ width: `${(item.count / max) * 100}%` }} />
                          </span>
                        </button>
                      </li>
                    ))}
                </ul>
                {group.items.length > SHOWN && (
                  <button
                    type="button"
                    className="an-facet__more"
                    aria-controls={`facet-${group.name}`}
                    aria-expanded={expanded.has(group.name)}
                    onClick={() => {
                      const next = new Set(expanded);
                      if (!next.delete(group.name)) next.add(group.name);
                      setExpanded(next);
                    }}
                  >
                    {expanded.has(group.name)
                      ? `Show the first ${SHOWN}`
                      : `Show all ${formatCount(group.items.length)}`}
                  </button>
                )}
              </>
            )}
          </section>
        );
      })}
    </div>
  );
}
