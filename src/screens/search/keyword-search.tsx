import { AppLink, useRouteQuery } from '../../runtime/index.ts';
import { PlannedScreen } from '../parts/planned-screen.tsx';

export default function KeywordSearch() {
  const { key, limit } = useRouteQuery('/search/keywords');
  return (
    <PlannedScreen
      shows={[
        'Calls whose transcripts match the expression: phrases in quotes, AND, OR, NOT, NEAR and a speaker filter',
        'Each hit as a snippet with its time in the call, one click from playing it',
        'Facets to narrow the hits by agent, vendor, date and sentiment',
      ]}
    >
      <section className="card" aria-labelledby="search-query-title">
        <h2 id="search-query-title">Your search</h2>
        {key ? (
          <>
            <p className="quote" data-testid="search-key">
              {key}
            </p>
            <p className="muted">
              {limit ? `Only the top ${limit} calls, ranked by relevance.` : 'All matching calls.'}
            </p>
          </>
        ) : (
          <p className="muted">
            Type words or phrases in the search box at the top, or pick a Quick Search. You can also
            browse <AppLink to="/performance/recordings">all recordings</AppLink>.
          </p>
        )}
      </section>
    </PlannedScreen>
  );
}
