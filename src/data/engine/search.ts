/**
 * Keyword search over transcripts: Bloom-filter skip, rebuild, match, rank, snippets and facets.
 * The API server finds and counts the matches in its database instead (server/query/search.ts)
 * and shares the rest with this module: the parse, the tally of facets, ranking and the hits.
 */
import { sentimentBand } from '../../metrics/index.ts';
import type { Corpus } from '../corpus/corpus.ts';
import { cancelledError } from '../call-options.ts';
import { rebuildTranscript } from '../corpus/generate.ts';
import { utcDay } from '../period.ts';
import { matchTranscript, mayMatch } from '../search/match.ts';
import { SearchSyntaxError, parseSearchExpression, type SearchNode } from '../search/parse.ts';
import {
  DataSourceError,
  type FacetCount,
  type SearchHit,
  type SearchResult,
  type TranscriptSearchQuery,
} from '../source.ts';
import { BLOOM_WORDS, hasWord } from '../text/word-bloom.ts';
import { callRow } from './rows.ts';
import { selectCalls } from './select.ts';
import { nextTask } from './next-task.ts';
import { page } from './page.ts';

/** The parsed expression, or the contract's invalid-query error. */
export function parseSearch(expression: string | undefined): SearchNode {
  try {
    return parseSearchExpression(expression ?? '');
  } catch (error) {
    if (error instanceof SearchSyntaxError) {
      throw new DataSourceError('invalid-query', `Search expression: ${error.message}`, [
        `expression: ${error.message}`,
      ]);
    }
    throw error;
  }
}

/** A matching call and its rank: how many occurrences of the terms made it match. */
export interface SearchMatch {
  i: number;
  score: number;
}

/** The matching calls counted by facet, and the page of them the result shows. */
export interface SearchTally {
  total: number;
  /** The page's matches, best first (score, then latest call). */
  page: SearchMatch[];
  agents: Map<number, number>;
  vendors: Map<number, number>;
  days: Map<string, number>;
  /** Sentiment band of the customer, or 'unknown'. */
  sentiments: Map<string, number>;
}

const DAY_MS = 86_400_000;
const bump = <K>(m: Map<K, number>, k: K) => m.set(k, (m.get(k) ?? 0) + 1);

/** Best first: more occurrences, then the later call. */
const byRank = (a: SearchMatch, b: SearchMatch) => b.score - a.score || b.i - a.i;

/** Counts of small whole-number keys, remembering the order keys were first seen. */
class KeyCounts {
  private readonly counts: Int32Array;
  private readonly order: number[] = [];

  constructor(readonly size: number) {
    this.counts = new Int32Array(size);
  }

  bump(key: number): void {
    if (this.counts[key]!++ === 0) this.order.push(key);
  }

  map<K>(name: (key: number) => K): Map<K, number> {
    return new Map(this.order.map((key) => [name(key), this.counts[key]!]));
  }
}

const SENTIMENT_KEYS = ['negative', 'neutral', 'positive', 'unknown'];
/** Each band's place in SENTIMENT_KEYS. */
const BAND_KEYS = { negative: 0, neutral: 1, positive: 2 } as const;
const NO_SENTIMENT = 3;

/** The first and last day (numbered since the epoch) of a corpus's calls, found once. */
const dayRanges = new WeakMap<Corpus, { first: number; last: number }>();
function dayRange(corpus: Corpus): { first: number; last: number } {
  let range = dayRanges.get(corpus);
  if (!range) {
    let first = Infinity;
    let last = -Infinity;
    for (const ms of corpus.cols.startMs) {
      const day = Math.floor(ms / DAY_MS);
      if (day < first) first = day;
      if (day > last) last = day;
    }
    range = corpus.n > 0 ? { first, last } : { first: 0, last: -1 };
    dayRanges.set(corpus, range);
  }
  return range;
}

/**
 * Counts matches by facet as they are found, latest call first (the facets' order among equal
 * counts and labels follows it), and keeps what ranking needs: a million matches are counted
 * and the page picked without sorting them all. Matches are kept in typed arrays and days
 * counted by their offset in the corpus's days (a day outside them, in a map): a million adds
 * took 95 ms with arrays and a map of days.
 */
export class SearchCounter {
  private calls = new Uint32Array(1024);
  private scores = new Float64Array(1024);
  private size = 0;
  private readonly agents: KeyCounts;
  private readonly vendors: KeyCounts;
  /** By day number since the epoch, less the corpus's first (a day's name is made in tally). */
  private readonly days: KeyCounts;
  private readonly firstDay: number;
  private readonly otherDays = new Map<number, number>();
  private readonly sentiments = new KeyCounts(SENTIMENT_KEYS.length);

  constructor(private readonly corpus: Corpus) {
    this.agents = new KeyCounts(corpus.cast.agents.length);
    this.vendors = new KeyCounts(corpus.cast.vendors.length);
    const { first, last } = dayRange(corpus);
    this.firstDay = first;
    this.days = new KeyCounts(Math.max(0, last - first + 1));
  }

  /** Counts call i, matched with `score` occurrences; calls come latest first. */
  add(i: number, score: number): void {
    const c = this.corpus.cols;
    if (this.size === this.calls.length) {
      const calls = new Uint32Array(2 * this.size);
      const scores = new Float64Array(2 * this.size);
      calls.set(this.calls);
      scores.set(this.scores);
      [this.calls, this.scores] = [calls, scores];
    }
    this.calls[this.size] = i;
    this.scores[this.size++] = score;
    this.agents.bump(c.agent[i]!);
    this.vendors.bump(c.vendor[i]!);
    const day = Math.floor(c.startMs[i]! / DAY_MS) - this.firstDay;
    if (day >= 0 && day < this.days.size) this.days.bump(day);
    else bump(this.otherDays, day);
    const s = c.customerSentiment[i]!;
    this.sentiments.bump(Number.isNaN(s) ? NO_SENTIMENT : BAND_KEYS[sentimentBand(s)]);
  }

  /** Matches call i's rebuilt transcript against the expression, counting it if it matches. */
  match(tree: SearchNode, i: number): void {
    const m = matchTranscript(tree, rebuildTranscript(this.corpus, i).segments);
    if (m.matched) this.add(i, m.occurrences.length);
  }

  tally(offset: number, limit: number): SearchTally {
    const days = [...this.days.map((d) => d), ...this.otherDays];
    return {
      total: this.size,
      page: this.best(offset, limit),
      agents: this.agents.map((a) => a),
      vendors: this.vendors.map((v) => v),
      days: new Map(days.map(([d, n]) => [utcDay((d + this.firstDay) * DAY_MS), n])),
      sentiments: this.sentiments.map((s) => SENTIMENT_KEYS[s]!),
    };
  }

  /**
   * The ranked matches from offset to offset + limit. The page holds the best offset + limit:
   * those above the lowest score among them, then the latest calls at that score (calls were
   * added latest first), found by counting scores rather than sorting every match.
   */
  private best(offset: number, limit: number): SearchMatch[] {
    const wanted = offset + limit;
    const calls = this.calls.subarray(0, this.size);
    const scores = this.scores.subarray(0, this.size);
    let lowest = -Infinity;
    let above = 0;
    for (const [score, count] of countsByScore(scores)) {
      lowest = score;
      if (above + count >= wanted) break;
      above += count;
    }
    // Every match fits when the loop ran to the end (above counts them all).
    let atLowest = above === calls.length ? Infinity : wanted - above;
    const picked: SearchMatch[] = [];
    for (let k = 0; k < calls.length; k++) {
      const score = scores[k]!;
      if (score > lowest || (score === lowest && atLowest-- > 0)) {
        picked.push({ i: calls[k]!, score });
      }
    }
    return picked.sort(byRank).slice(offset, wanted);
  }
}

/** Highest score a histogram counts; above it (never seen: scores count occurrences), a map. */
const HISTOGRAM_SCORES = 1 << 16;

/**
 * How many matches have each score, highest score first. Scores count occurrences, so they are
 * small whole numbers, counted in an array: a map's update per match took 35 of the 47 ms that
 * ranking 840,000 matches of "thank you" cost.
 */
function countsByScore(scores: Float64Array): [number, number][] {
  let max = 0;
  let whole = true;
  for (const score of scores) {
    if (score > max) max = score;
    if (!Number.isInteger(score) || score < 0) whole = false;
  }
  if (!whole || max > HISTOGRAM_SCORES) {
    const byScore = new Map<number, number>();
    for (const score of scores) bump(byScore, score);
    return [...byScore].sort((a, b) => b[0] - a[0]);
  }
  const counts = new Uint32Array(max + 1);
  for (const score of scores) counts[score]!++;
  const out: [number, number][] = [];
  for (let score = max; score >= 0; score--) if (counts[score]) out.push([score, counts[score]!]);
  return out;
}

/** A search under way: its calls, and a scan of any stretch of them (newest first). */
function startSearch(corpus: Corpus, query: TranscriptSearchQuery) {
  const started = performance.now();
  const { offset, limit } = page(query);
  const tree = parseSearch(query.expression);
  const indices = selectCalls(corpus, { ...(query.filters ?? {}), status: 'analysed' });
  const counter = new SearchCounter(corpus);
  const bloom = corpus.cols.wordBloom;
  let bloomAt = 0;
  const has = (word: string) => hasWord(bloom, bloomAt, word);
  return {
    calls: indices.length,
    /** Matches the calls indices[low..high), newest first. */
    scan(high: number, low: number) {
      for (let k = high - 1; k >= low; k--) {
        const i = indices[k]!;
        bloomAt = i * BLOOM_WORDS;
        // Skip calls that cannot contain the words without rebuilding their transcripts.
        if (!mayMatch(tree, has)) continue;
        counter.match(tree, i);
      }
    },
    result(): SearchResult {
      const tally = counter.tally(offset, limit);
      return searchResult(corpus, query, tree, tally, indices.length, started);
    },
  };
}

export function search(corpus: Corpus, query: TranscriptSearchQuery): SearchResult {
  const run = startSearch(corpus, query);
  run.scan(run.calls, 0);
  return run.result();
}

/** Calls searched between two looks at the signal: a few milliseconds of work. */
export const SEARCH_CHUNK = 2048;

/**
 * The same search in chunks of SEARCH_CHUNK calls, stopping between two once the signal is
 * aborted (the API server's, when the client goes away or the request times out), as a rule
 * preview does: a search nobody will read does not run on for seconds.
 */
export async function searchUntilStopped(
  corpus: Corpus,
  query: TranscriptSearchQuery,
  signal: AbortSignal,
): Promise<SearchResult> {
  if (signal.aborted) throw cancelledError();
  const run = startSearch(corpus, query);
  for (let high = run.calls; high > 0; high -= SEARCH_CHUNK) {
    run.scan(high, Math.max(0, high - SEARCH_CHUNK));
    if (high <= SEARCH_CHUNK) break;
    await nextTask();
    if (signal.aborted) {
      const done = run.calls - high + SEARCH_CHUNK;
      throw cancelledError(
        `${done.toLocaleString('en')} of ${run.calls.toLocaleString('en')} calls`,
      );
    }
  }
  return run.result();
}

/** The result of a search from its tally: the page's hits with snippets, and the facets. */
export function searchResult(
  corpus: Corpus,
  query: TranscriptSearchQuery,
  tree: SearchNode,
  tally: SearchTally,
  searched: number,
  started: number,
): SearchResult {
  const { offset, limit } = page(query);
  const perCall = query.snippetsPerCall ?? 3;
  const hits: SearchHit[] = tally.page.map(({ i, score }) => {
    const segments = rebuildTranscript(corpus, i).segments;
    const m = matchTranscript(tree, segments);
    const bySegment = new Map<number, { start: number; end: number }[]>();
    for (const o of m.occurrences) {
      const list = bySegment.get(o.segment) ?? [];
      list.push({ start: o.charStart, end: o.charEnd });
      bySegment.set(o.segment, list);
    }
    const row = callRow(corpus, i);
    return {
      callId: row.id,
      startedAt: row.startedAt,
      agentId: row.agentId,
      agentName: row.agentName,
      vendorId: row.vendorId,
      vendorName: row.vendorName,
      customerSentiment: row.customerSentiment,
      score,
      snippets: [...bySegment.entries()]
        .sort((a, b) => a[0] - b[0])
        .slice(0, perCall)
        .map(([seg, ranges]) => {
          const s = segments[seg]!;
          return {
            segment: seg,
            speaker: s.speaker,
            beginMs: s.beginMs,
            endMs: s.endMs,
            text: s.text,
            highlights: mergeRanges(ranges),
          };
        }),
    };
  });
  const facet = <K>(
    m: Map<K, number>,
    key: (k: K) => string,
    label: (k: K) => string,
  ): FacetCount[] =>
    [...m.entries()]
      .map(([k, count]) => ({ key: key(k), label: label(k), count }))
      .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label));
  const { agents, vendors } = corpus.cast;
  return {
    expression: query.expression,
    total: tally.total,
    searched,
    offset,
    limit,
    hits,
    facets: {
      agent: facet(
        tally.agents,
        (a) => agents[a]!.id,
        (a) => agents[a]!.name,
      ).slice(0, 20),
      vendor: facet(
        tally.vendors,
        (v) => vendors[v]!.id,
        (v) => vendors[v]!.name,
      ),
      day: facet(
        tally.days,
        (d) => d,
        (d) => d,
      ).sort((a, b) => a.key.localeCompare(b.key)),
      sentiment: facet(
        tally.sentiments,
        (s) => s,
        (s) => s[0]!.toUpperCase() + s.slice(1),
      ),
    },
    tookMs: Math.round(performance.now() - started),
  };
}

function mergeRanges(ranges: { start: number; end: number }[]): { start: number; end: number }[] {
  const sorted = [...ranges].sort((a, b) => a.start - b.start);
  const out: { start: number; end: number }[] = [];
  for (const r of sorted) {
    const last = out[out.length - 1];
    if (last && r.start <= last.end) last.end = Math.max(last.end, r.end);
    else out.push({ ...r });
  }
  return out;
}
