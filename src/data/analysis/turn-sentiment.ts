/**
 * Sentiment of one turn from its words, on the call page's -5..+5 scale, for transcripts that
 * arrive without it (pasted text, captions, most speech-to-text output). Corpus calls and
 * sources that carry a score per turn (Amazon Transcribe Call Analytics, Google CCAI) keep
 * theirs. A small valence lexicon with negation ("not happy") and intensifiers ("very
 * angry"): transparent, fast, and good enough to find the angry and the delighted turns.
 */
import type { TranscriptSegment } from '../../generated/data.types.ts';
import { sentimentLabel } from '../../metrics/index.ts';
import { tokenize } from '../text/tokenize.ts';

const VALENCE: Record<string, number> = {};
const add = (score: number, words: string) => {
  for (const w of words.split(' ')) VALENCE[w] = score;
};
add(3, 'excellent amazing fantastic brilliant perfect wonderful delighted love loved awesome');
add(
  2,
  'great thanks thank thankful appreciate appreciated happy glad helpful pleased resolved sorted lovely best',
);
add(1, 'good fine okay ok sure yes right works working fixed nice welcome correct understand easy');
add(-1, 'problem issue wrong error confused confusing waiting wait slow expensive unfortunately');
add(
  -2,
  'bad annoyed annoying frustrated frustrating upset unhappy disappointed disappointing cancel leave broken overcharged complaint complain dropping refund charged late failed',
);
add(
  -3,
  'terrible awful horrible ridiculous unacceptable angry furious worst useless rubbish disgusting lawyer ombudsman sick joke',
);

const NEGATIONS = new Set([
  'not',
  "don't",
  "doesn't",
  "didn't",
  "isn't",
  "wasn't",
  "can't",
  'cannot',
  'never',
  'no',
  "won't",
  'nothing',
]);
const INTENSIFIERS: Record<string, number> = {
  very: 1.5,
  really: 1.4,
  so: 1.3,
  extremely: 1.8,
  absolutely: 1.6,
  totally: 1.5,
};

/** -5..+5, one decimal, like the corpus's turn scores. */
export function turnSentimentScore(text: string): number {
  const words = tokenize(text).map((t) => t.word);
  let total = 0;
  for (let k = 0; k < words.length; k++) {
    const v = VALENCE[words[k]!];
    if (v === undefined) continue;
    let score = v;
    // Look back two words: "not very happy", "really not good".
    for (let back = 1; back <= 2 && k - back >= 0; back++) {
      const w = words[k - back]!;
      if (NEGATIONS.has(w)) score = -score * 0.6;
      else if (INTENSIFIERS[w]) score *= INTENSIFIERS[w];
    }
    total += score;
  }
  if (total !== 0 && text.includes('!')) total *= 1.2;
  return Math.max(-5, Math.min(5, Math.round(total * 10) / 10));
}

/** The segment with a score and label from its words. */
export function withTextSentiment(segment: TranscriptSegment): TranscriptSegment {
  const score = turnSentimentScore(segment.text);
  return { ...segment, sentimentScore: score, sentiment: sentimentLabel(score) };
}
