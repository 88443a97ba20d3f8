/** Keyword search over transcripts: Bloom-filter skip, rebuild, match, rank, snippets and facets. */
import { sentimentBand } from '../../metrics/index.ts';
import type { Corpus } from '../corpus/corpus.ts';
import { rebuildTranscript } from '../corpus/generate.ts';
import { utcDay } from '../period.ts';
import { matchTranscript, mayMatch } from '../search/match.ts';
import { SearchSyntaxError, parseSearchExpression } from '../search/parse.ts';
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
import { page } from './page.ts';

export function search(corpus: Corpus, query: TranscriptSearchQuery): SearchResult {
  const started = performance.now();
  const { offset, limit } = page(query);
  let tree;
  try {
    tree = parseSearchExpression(query.expression ?? '');
  } catch (error) {
    if (error instanceof SearchSyntaxError) {
      throw new DataSourceError('invalid-query', `Search expression: ${error.message}`, [
        `expression: ${error.message}`,
      ]);
    }
    throw error;
  }
  const c = corpus.cols;
  const indices = selectCalls(corpus, { ...(query.filters ?? {}), status: 'analysed' });
  const matches: { i: number; score: number }[] = [];
  const agentCounts = new Map<number, number>();
  const vendorCounts = new Map<number, number>();
  const dayCounts = new Map<string, number>();
  const sentimentCounts = new Map<string, number>();
  const bump = <K>(m: Map<K, number>, k: K) => m.set(k, (m.get(k) ?? 0) + 1);
  const bloom = c.wordBloom;
  let bloomAt = 0;
  const has = (word: string) => hasWord(bloom, bloomAt, word);
  for (let k = indices.length - 1; k >= 0; k--) {
    const i = indices[k]!;
    bloomAt = i * BLOOM_WORDS;
    // Skip calls that cannot contain the words without rebuilding their transcripts.
    if (!mayMatch(tree, has)) continue;
    const m = matchTranscript(tree, rebuildTranscript(corpus, i).segments);
    if (!m.matched) continue;
    matches.push({ i, score: m.occurrences.length });
    bump(agentCounts, c.agent[i]!);
    bump(vendorCounts, c.vendor[i]!);
    bump(dayCounts, utcDay(c.startMs[i]!));
    const s = c.customerSentiment[i]!;
    bump(sentimentCounts, Number.isNaN(s) ? 'unknown' : sentimentBand(s));
  }
  matches.sort((a, b) => b.score - a.score || b.i - a.i);
  const perCall = query.snippetsPerCall ?? 3;
  const hits: SearchHit[] = matches.slice(offset, offset + limit).map(({ i, score }) => {
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
    total: matches.length,
    searched: indices.length,
    offset,
    limit,
    hits,
    facets: {
      agent: facet(
        agentCounts,
        (a) => agents[a]!.id,
        (a) => agents[a]!.name,
      ).slice(0, 20),
      vendor: facet(
        vendorCounts,
        (v) => vendors[v]!.id,
        (v) => vendors[v]!.name,
      ),
      day: facet(
        dayCounts,
        (d) => d,
        (d) => d,
      ).sort((a, b) => a.key.localeCompare(b.key)),
      sentiment: facet(
        sentimentCounts,
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
