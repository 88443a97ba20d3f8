/**
 * Transcript words in the database, for search (query/search.ts): one row per call in
 * `transcripts`, one column per speaker, holding the words of that speaker's turns as the
 * search matcher sees them (src/data/text/tokenize.ts: lower case, apostrophes straightened).
 * Each word is written with a space on both sides, ` word `, so a whole word or a phrase is a
 * plain substring (` thank  you `) and occurrences of one word never share a space, which
 * keeps countSubstrings exact; turns are separated by `|`, so a phrase never spans two turns.
 *
 * Transcripts are rebuilt from the generated calls and no write changes them, so the table is
 * written once per corpus: with the corpus, or on a start that finds it missing or incomplete
 * (a data directory stored before search ran in the database).
 */
import type { Corpus } from '../../src/data/corpus/corpus.ts';
import { rebuildTranscript } from '../../src/data/corpus/generate.ts';
import type { Speaker } from '../../src/data/search/parse.ts';
import { tokenize } from '../../src/data/text/tokenize.ts';
import { tsvField, type Database } from './database.ts';

export const TRANSCRIPTS = 'transcripts';

/** The column holding a speaker's words. */
export const SPEAKER_COLUMNS: Record<Speaker, string> = {
  AGENT: 'agent_words',
  CUSTOMER: 'customer_words',
  IVR: 'ivr_words',
};
const SPEAKERS = Object.keys(SPEAKER_COLUMNS) as Speaker[];

/** A phrase's words as they are written in a speaker column (see above). */
export function wordsText(words: readonly string[]): string {
  return words.map((w) => ` ${w} `).join('');
}

async function createTranscriptTable(db: Database): Promise<void> {
  // A text index per column: the calls holding some words are read from the index alone
  // (hasAllTokens), without reading any text; small granules keep the text read after it short.
  const columns = SPEAKERS.map((s) => `${SPEAKER_COLUMNS[s]} String`).join(', ');
  const indexes = SPEAKERS.map(
    (s) =>
      `INDEX ${SPEAKER_COLUMNS[s]}_tokens ${SPEAKER_COLUMNS[s]} TYPE text(tokenizer = splitByNonAlpha)`,
  ).join(', ');
  await db.text(
    `CREATE TABLE IF NOT EXISTS ${TRANSCRIPTS} (idx UInt32, ${columns}, ${indexes}) ENGINE = MergeTree ORDER BY idx SETTINGS index_granularity = 1024`,
  );
}

/** Writes every call's transcript words unless the table already holds the corpus's calls. */
export async function ensureTranscripts(
  db: Database,
  corpus: Corpus,
  progress: (done: number) => void = () => {},
  batch = 5_000,
): Promise<void> {
  await createTranscriptTable(db);
  const stored = Number((await db.text(`SELECT count() FROM ${TRANSCRIPTS}`)).trim());
  if (stored === corpus.n) return;
  await db.text(`TRUNCATE TABLE ${TRANSCRIPTS}`);
  for (let from = 0; from < corpus.n; from += batch) {
    const to = Math.min(corpus.n, from + batch);
    let rows = '';
    for (let i = from; i < to; i++) rows += `${i}\t${speakerTexts(corpus, i).join('\t')}\n`;
    await db.insertTsv(TRANSCRIPTS, ['idx', ...SPEAKERS.map((s) => SPEAKER_COLUMNS[s])], rows);
    progress(to / corpus.n);
  }
}

/** Call i's words per speaker, in SPEAKERS order, as TabSeparated fields. */
function speakerTexts(corpus: Corpus, i: number): string[] {
  const turns = new Map<Speaker, string[]>(SPEAKERS.map((s) => [s, []]));
  for (const segment of rebuildTranscript(corpus, i).segments) {
    turns.get(segment.speaker)!.push(wordsText(tokenize(segment.text).map((t) => t.word)));
  }
  return SPEAKERS.map((s) => tsvField(turns.get(s)!.join('|')));
}
