/**
 * Keyword search `/search/keywords?key=...&limit=N&from=&to=`: find calls by what was said,
 * over every call or one period (the VOC's rising phrases open it for theirs). Phrases,
 * AND / OR / NOT / NEAR and a speaker filter; each hit shows its snippets with their time and
 * the matched words highlighted, and links to the call at that moment. Facets (agent, vendor,
 * week, sentiment) narrow the hits. The searched text is shown back as text, never as markup.
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { HrefLink as Link } from '../../ui/href-link.tsx';
import { href, useNavigateTo, useRouteQuery } from '../../runtime/index.ts';
import {
  QueryState,
  SearchSyntaxError,
  parseSearchExpression,
  useQuery,
  type CallFilters,
  type SearchResult,
} from '../../data/index.ts';
import '../../ui/analytics.css';
import './search.css';
import { formatCount } from '../../ui/format.ts';
import { fieldAria } from '../../ui/form-field.tsx';
import { IgnoredParams, Panel } from '../../ui/screen-parts.tsx';
import { Facets, facetFilters, type FacetChoice } from './parts/facets.tsx';
import { SavedSearches } from './parts/saved-searches.tsx';
import { SearchHits } from './parts/search-hits.tsx';
import {
  SearchPeriodLine,
  searchPeriod,
  withinPeriod,
  type SearchPeriod,
} from './parts/search-period.tsx';
import { joinSpeaker, splitSpeaker, type SpeakerScope } from './parts/speaker-scope.ts';

/** Calls per page when no `limit` is asked for. */
const PAGE = 20;
const MAX_LIMIT = 500;

const EXAMPLES: { expression: string; meaning: string }[] = [
  { expression: '"cancel my account"', meaning: 'the exact phrase' },
  { expression: 'refund AND manager', meaning: 'both words (AND is also implied by a space)' },
  { expression: 'competitor OR cheaper', meaning: 'either word' },
  { expression: 'cancel NOT retention', meaning: 'the first without the second' },
  { expression: 'price NEAR/5 lower', meaning: 'within 5 words of each other' },
  { expression: 'CUSTOMER:(lawyer OR legal)', meaning: 'said by the customer' },
  { expression: 'refund*', meaning: 'any ending: refund, refunds, refunded' },
];

export default function KeywordSearch() {
  const { key, limit: asked, from, to } = useRouteQuery('keyword-search');
  const period = searchPeriod(from, to);
  const expression = key?.trim() ?? '';
  // A limit outside 1..MAX_LIMIT is ignored, and said so, rather than shown as "Top -5".
  const limit = asked !== undefined && asked >= 1 && asked <= MAX_LIMIT ? asked : undefined;
  const ignored =
    asked !== undefined && limit === undefined
      ? [
          {
            param: 'limit',
            value: String(asked),
            reason: `the number of calls to show must be from 1 to ${MAX_LIMIT}; showing all matches`,
          },
        ]
      : [];
  const problems = [...ignored, ...period.problems];
  return (
    <div className="an-screen an-search">
      <IgnoredParams problems={problems} />
      {/* Keyed by the limit too: a preset with the same words but another limit resets the form. */}
      <SearchForm
        key={`${expression}\u0000${limit ?? ''}`}
        expression={expression}
        limit={limit}
        period={period}
      />
      <SearchPeriodLine days={period.days} expression={expression} limit={limit} />
      {expression ? (
        <Results expression={expression} limit={limit} period={period.filters} />
      ) : (
        <SearchHelp />
      )}
      <SavedSearches expression={expression} filters={period.filters} />
    </div>
  );
}

function SearchForm(props: {
  expression: string;
  limit: number | undefined;
  period: SearchPeriod;
}) {
  const navigateTo = useNavigateTo();
  const id = useId();
  const initial = splitSpeaker(props.expression);
  const [text, setText] = useState(initial.text);
  const [speaker, setSpeaker] = useState<SpeakerScope>(initial.speaker);
  const [top, setTop] = useState(props.limit ? String(props.limit) : '');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const key = joinSpeaker(speaker, text);
    if (!key) {
      setProblem('Type a word or a phrase to search for.');
      return;
    }
    // Check the syntax here, so a typo is pointed at in the box instead of after a round trip.
    try {
      parseSearchExpression(text);
    } catch (error) {
      if (error instanceof SearchSyntaxError) {
        setProblem(
          `${error.message}: ${text.slice(0, error.position)}⟨here⟩${text.slice(error.position)}`,
        );
        return;
      }
      throw error;
    }
    setProblem(null);
    // A new search keeps the period it was limited to (cleared by its own link).
    navigateTo('keyword-search', {
      key,
      limit: top ? Number(top) : undefined,
      ...props.period.days,
    });
  };
  return (
    <form
      className="an-filters an-search__form"
      role="search"
      onSubmit={submit}
      aria-label="Search transcripts"
    >
      <div className="an-field an-field--grow">
        <label htmlFor={`${id}-q`}>Words or phrases</label>
        <input
          id={`${id}-q`}
          type="search"
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder='e.g. "cancel my account" OR competitor'
          {...fieldAria(problem, problem && `${id}-problem`, `${id}-hint`)}
          autoComplete="off"
          spellCheck={false}
        />
      </div>
      <div className="an-field">
        <label htmlFor={`${id}-speaker`}>Said by</label>
        <select
          id={`${id}-speaker`}
          value={speaker}
          onChange={(e) => setSpeaker(e.target.value as SpeakerScope)}
        >
          <option value="">Anyone</option>
          <option value="CUSTOMER">Customer</option>
          <option value="AGENT">Agent</option>
          <option value="IVR">IVR</option>
        </select>
      </div>
      <div className="an-field">
        <label htmlFor={`${id}-top`}>Show</label>
        <select id={`${id}-top`} value={top} onChange={(e) => setTop(e.target.value)}>
          <option value="">All matches</option>
          {[10, 25, 50, 100].map((n) => (
            <option key={n} value={n}>
              Top {n}
            </option>
          ))}
          {props.limit && ![10, 25, 50, 100].includes(props.limit) && (
            <option value={props.limit}>Top {props.limit}</option>
          )}
        </select>
      </div>
      <button type="submit" className="an-button an-button--primary">
        Search
      </button>
      {problem && (
        <p id={`${id}-problem`} className="an-search__problem" role="alert">
          {problem}
        </p>
      )}
      <p id={`${id}-hint`} className="an-search__hint">
        Use quotes for phrases, and AND, OR, NOT, NEAR/n in capitals. Case does not matter.
      </p>
    </form>
  );
}

function SearchHelp() {
  return (
    <Panel
      title="How to search"
      subtitle="Search the transcripts of every analysed call. Select an example to try it."
    >
      <ul className="an-examples">
        {EXAMPLES.map((e) => (
          <li key={e.expression}>
            <Link href={href('keyword-search', { key: e.expression })}>
              <code>{e.expression}</code>
            </Link>
            <span className="muted">{e.meaning}</span>
          </li>
        ))}
      </ul>
    </Panel>
  );
}

function Results(props: {
  expression: string;
  limit: number | undefined;
  period: SearchPeriod['filters'];
}) {
  const { limit } = props;
  const [choice, setChoice] = useState<FacetChoice>({});
  const [offset, setOffset] = useState(0);
  // A new search starts unfiltered on its first page.
  useEffect(() => {
    setChoice({});
    setOffset(0);
  }, [props.expression, limit, props.period.from, props.period.to]);
  const filters: CallFilters = withinPeriod(props.period, facetFilters(choice));
  const pageSize = limit ?? PAGE;
  const search = useQuery(
    (s) =>
      s.search({
        expression: props.expression,
        filters,
        offset: limit ? 0 : offset,
        limit: pageSize,
        snippetsPerCall: 3,
      }),
    [props.expression, JSON.stringify(filters), offset, pageSize],
  );
  const choose = (next: FacetChoice) => {
    setChoice(next);
    setOffset(0);
  };
  // A syntax error is the user's input, not a failed load: point at it, with no retry.
  if (search.status === 'error' && search.error?.code === 'invalid-query') {
    return <SyntaxProblem expression={props.expression} message={search.error.message} />;
  }
  return (
    <QueryState query={search} label="search results" isEmpty={() => false}>
      {(result) => (
        <div className="an-search__layout">
          <aside className="an-search__facets" aria-label="Narrow the results">
            <Facets result={result} choice={choice} onChoose={choose} />
          </aside>
          <section className="an-search__results" aria-labelledby="search-results-title">
            <ResultsHeader result={result} limit={limit} offset={limit ? 0 : offset} />
            {result.total === 0 ? (
              <div className="an-empty" role="status">
                <p>
                  No call matches <QueryEcho expression={result.expression} />
                  {Object.keys(choice).length > 0 ? ' with these facets.' : '.'}
                </p>
                <p className="muted">
                  Try fewer words, OR between alternatives, or a * for any ending (refund*).
                </p>
              </div>
            ) : (
              <SearchHits hits={result.hits} />
            )}
            {!limit && result.total > PAGE && (
              <nav className="an-pager" aria-label="Result pages">
                <button
                  type="button"
                  className="an-button"
                  disabled={offset === 0}
                  onClick={() => setOffset(Math.max(0, offset - PAGE))}
                >
                  Previous
                </button>
                <span className="muted">
                  Page {Math.floor(offset / PAGE) + 1} of {Math.ceil(result.total / PAGE)}
                </span>
                <button
                  type="button"
                  className="an-button"
                  disabled={offset + PAGE >= result.total}
                  onClick={() => setOffset(offset + PAGE)}
                >
                  Next
                </button>
              </nav>
            )}
          </section>
        </div>
      )}
    </QueryState>
  );
}

function ResultsHeader(props: { result: SearchResult; limit: number | undefined; offset: number }) {
  const { result, limit, offset } = props;
  const shown = result.hits.length;
  return (
    <header className="an-search__head">
      <h2 id="search-results-title" className="an-panel__title">
        <span data-testid="search-total" data-value={result.total}>
          {formatCount(result.total)}
        </span>{' '}
        {result.total === 1 ? 'call matches' : 'calls match'}{' '}
        <QueryEcho expression={result.expression} testId="search-echo" />
      </h2>
      <p className="an-panel__subtitle">
        {shown > 0 &&
          (limit
            ? `Top ${formatCount(shown)} by relevance · `
            : `${formatCount(offset + 1)}–${formatCount(offset + shown)} by relevance · `)}
        {formatCount(result.searched)} transcripts searched in {formatCount(result.tookMs)} ms
      </p>
    </header>
  );
}

/**
 * The searched expression, quoted once: an expression that is itself one quoted phrase is
 * shown as typed, anything else inside quotation marks.
 */
function QueryEcho({ expression, testId }: { expression: string; testId?: string }) {
  return /^"[^"]*"$/.test(expression) ? (
    <span className="an-query" data-testid={testId}>
      {expression}
    </span>
  ) : (
    <q className="an-query" data-testid={testId}>
      {expression}
    </q>
  );
}

/** Where a search from the address (a link, a preset) has a syntax error, and what it is. */
function SyntaxProblem({ expression, message }: { expression: string; message: string }) {
  let position: number | undefined;
  try {
    parseSearchExpression(splitSpeaker(expression).text);
  } catch (error) {
    if (error instanceof SearchSyntaxError) position = error.position;
  }
  const text = splitSpeaker(expression).text;
  return (
    <div className="an-notice" role="alert" data-testid="search-syntax-problem">
      <strong>The search cannot be read: {message.replace(/\.$/, '')}.</strong>
      {position !== undefined && (
        <p className="an-search__syntax">
          {text.slice(0, position)}
          <mark aria-label="the problem is here">{text.slice(position, position + 1) || ' '}</mark>
          {text.slice(position + 1)}
        </p>
      )}
      <p>Correct it in the search box above and search again.</p>
    </div>
  );
}
