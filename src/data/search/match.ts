/** Evaluates a parsed search expression on one transcript and returns its hits for highlighting. */
import type { TranscriptSegment } from '../../generated/data.types.ts';
import { tokenize, type Token } from '../text/tokenize.ts';
import type { SearchNode } from './parse.ts';

export interface Occurrence {
  segment: number;
  /** Global word positions across the call, [start, end). */
  start: number;
  end: number;
  /** Character range in the segment's text. */
  charStart: number;
  charEnd: number;
}

export interface TranscriptMatch {
  matched: boolean;
  /** Occurrences of the terms that made the match (negated terms excluded). */
  occurrences: Occurrence[];
}

interface Prepared {
  segments: readonly TranscriptSegment[];
  tokens: Token[][];
  offsets: number[];
}

export function matchTranscript(
  node: SearchNode,
  segments: readonly TranscriptSegment[],
): TranscriptMatch {
  const tokens = segments.map((s) => tokenize(s.text));
  const offsets: number[] = [];
  let total = 0;
  for (const t of tokens) {
    offsets.push(total);
    total += t.length;
  }
  return evaluate(node, { segments, tokens, offsets });
}

function evaluate(node: SearchNode, p: Prepared): TranscriptMatch {
  switch (node.type) {
    case 'term': {
      const occurrences = termOccurrences(node, p);
      return { matched: occurrences.length > 0, occurrences };
    }
    case 'and': {
      const occurrences: Occurrence[] = [];
      for (const child of node.children) {
        const r = evaluate(child, p);
        if (!r.matched) return { matched: false, occurrences: [] };
        occurrences.push(...r.occurrences);
      }
      return { matched: true, occurrences };
    }
    case 'or': {
      const occurrences: Occurrence[] = [];
      let matched = false;
      for (const child of node.children) {
        const r = evaluate(child, p);
        if (r.matched) {
          matched = true;
          occurrences.push(...r.occurrences);
        }
      }
      return { matched, occurrences };
    }
    case 'not':
      return { matched: !evaluate(node.child, p).matched, occurrences: [] };
    case 'near': {
      const left = evaluate(node.left, p);
      const right = evaluate(node.right, p);
      if (!left.matched || !right.matched) return { matched: false, occurrences: [] };
      const used = new Set<Occurrence>();
      for (const a of left.occurrences) {
        for (const b of right.occurrences) {
          const gap = Math.max(b.start - a.end, a.start - b.end, 0);
          if (gap <= node.distance) {
            used.add(a);
            used.add(b);
          }
        }
      }
      return { matched: used.size > 0, occurrences: [...used] };
    }
  }
}

function termOccurrences(term: Extract<SearchNode, { type: 'term' }>, p: Prepared): Occurrence[] {
  const found: Occurrence[] = [];
  const n = term.words.length;
  p.segments.forEach((segment, s) => {
    if (term.speaker && segment.speaker !== term.speaker) return;
    const tokens = p.tokens[s]!;
    outer: for (let i = 0; i + n <= tokens.length; i++) {
      for (let k = 0; k < n; k++) {
        const word = tokens[i + k]!.word;
        const want = term.words[k]!;
        const last = k === n - 1;
        if (last && term.prefix ? !word.startsWith(want) : word !== want) continue outer;
      }
      found.push({
        segment: s,
        start: p.offsets[s]! + i,
        end: p.offsets[s]! + i + n,
        charStart: tokens[i]!.start,
        charEnd: tokens[i + n - 1]!.end,
      });
    }
  });
  return found;
}

/**
 * Whether a call whose words are summarised by a Bloom filter can match at all. Never false
 * for a call that matches (negations and prefixes are not used to exclude).
 */
export function mayMatch(node: SearchNode, has: (word: string) => boolean): boolean {
  switch (node.type) {
    case 'term': {
      const full = node.prefix ? node.words.slice(0, -1) : node.words;
      return full.every(has);
    }
    case 'and':
      return node.children.every((c) => mayMatch(c, has));
    case 'or':
      return node.children.some((c) => mayMatch(c, has));
    case 'not':
      return true;
    case 'near':
      return mayMatch(node.left, has) && mayMatch(node.right, has);
  }
}
