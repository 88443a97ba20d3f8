/**
 * Transcript words in the database, for search (query/search.ts): one row per call in
 * `transcripts`, one column per speaker, holding the words of that speaker's turns as the
 * search matcher sees them (src/data/text/tokenize.ts: lower case, apostrophes straightened).
 * Each word is written with a space on both sides, ` word `, so a whole word or a phrase is a
 * plain substring (` thank  you `) and occurrences of one word never share a space, which
 * keeps countSubstrings exact; turns are separated by `|`, so a phrase never spans two turns.
 *
 * Next to the words, each speaker has the same turns in word codes (`agent_codes`, ...): one
 * character per word, from the table `transcript_words`, numbered in the order words are first
 * met (the commonest come early and get one-byte characters). A phrase of whole words is a
 * substring of the codes, which the encoding (UTF-8) never lets start inside a word's
 * character, so a common phrase is counted over about a quarter of the bytes of the words.
 *
 * Transcripts are rebuilt from the generated calls and no write changes them, so the table is
 * written once per corpus: with the corpus, or on a start that finds it missing or incomplete
 * (a data directory stored before search ran in the database, or before the word codes).
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
/** The column holding a speaker's words as word codes. */
export const CODE_COLUMNS: Record<Speaker, string> = {
  AGENT: 'agent_codes',
  CUSTOMER: 'customer_codes',
  IVR: 'ivr_codes',
};
const SPEAKERS = Object.keys(SPEAKER_COLUMNS) as Speaker[];
/** The words and their codes' numbers. */
export const TRANSCRIPT_WORDS = 'transcript_words';

/** Separates turns in a column of words or codes; never a word's code. */
const TURN = '|';
/** Printable ASCII but the turn separator: the first words' one-byte characters. */
const ONE_BYTE = Array.from({ length: 0x7f - 0x21 }, (_, k) =>
  String.fromCharCode(0x21 + k),
).filter((c) => c !== TURN);

/** The character that stands for the word numbered `code`. */
export function codeChar(code: number): string {
  if (code < ONE_BYTE.length) return ONE_BYTE[code]!;
  const point = 0x100 + code - ONE_BYTE.length;
  // Past the surrogates, which are no characters of their own.
  return String.fromCodePoint(point < 0xd800 ? point : point + 0x800);
}

const wordCodesOf = new WeakMap<Database, Promise<Map<string, string>>>();

/** Every stored word and its code's character, read once per database. */
export function wordCodes(db: Database): Promise<Map<string, string>> {
  let codes = wordCodesOf.get(db);
  if (!codes) {
    codes = db
      .text(`SELECT code, word FROM ${TRANSCRIPT_WORDS}`, 'JSONCompactEachRow')
      .then((text) => {
        const rows = text.split('\n').filter(Boolean);
        return new Map(
          rows.map((row) => {
            const [code, word] = JSON.parse(row) as [number, string];
            return [word, codeChar(code)];
          }),
        );
      });
    codes.catch(() => wordCodesOf.delete(db));
    wordCodesOf.set(db, codes);
  }
  return codes;
}

/** A phrase's words as they are written in a speaker's codes; null if a word is not stored. */
export function codesText(codes: Map<string, string>, words: readonly string[]): string | null {
  let text = '';
  for (const word of words) {
    const code = codes.get(word);
    if (code === undefined) return null;
    text += code;
  }
  return text;
}

/** A phrase's words as they are written in a speaker column (see above). */
export function wordsText(words: readonly string[]): string {
  return words.map((w) => ` ${w} `).join('');
}

async function createTranscriptTable(db: Database): Promise<void> {
  // A text index per column: the calls holding some words are read from the index alone
  // (hasAllTokens), without reading any text; small granules keep the text read after it short.
  const columns = SPEAKERS.map(
    (s) => `${SPEAKER_COLUMNS[s]} String, ${CODE_COLUMNS[s]} String`,
  ).join(', ');
  const indexes = SPEAKERS.map(
    (s) =>
      `INDEX ${SPEAKER_COLUMNS[s]}_tokens ${SPEAKER_COLUMNS[s]} TYPE text(tokenizer = splitByNonAlpha)`,
  ).join(', ');
  await db.text(
    `CREATE TABLE IF NOT EXISTS ${TRANSCRIPTS} (idx UInt32, ${columns}, ${indexes}) ENGINE = MergeTree ORDER BY idx SETTINGS index_granularity = 1024`,
  );
  await db.text(
    `CREATE TABLE IF NOT EXISTS ${TRANSCRIPT_WORDS} (code UInt32, word String) ENGINE = MergeTree ORDER BY code`,
  );
}

/** Whether the stored transcripts table has the word codes (tables stored before had not). */
async function hasCodes(db: Database): Promise<boolean> {
  const found = await db.text(
    `SELECT count() FROM system.columns WHERE database = currentDatabase() AND table = '${TRANSCRIPTS}' AND name = '${CODE_COLUMNS.AGENT}'`,
  );
  return Number(found.trim()) > 0;
}

/** Writes every call's transcript words unless the table already holds the corpus's calls. */
export async function ensureTranscripts(
  db: Database,
  corpus: Corpus,
  progress: (done: number) => void = () => {},
  batch = 5_000,
): Promise<void> {
  if (!(await hasCodes(db))) await db.text(`DROP TABLE IF EXISTS ${TRANSCRIPTS}`);
  await createTranscriptTable(db);
  const stored = Number((await db.text(`SELECT count() FROM ${TRANSCRIPTS}`)).trim());
  if (stored === corpus.n) return;
  wordCodesOf.delete(db);
  await db.text(`TRUNCATE TABLE ${TRANSCRIPTS}`);
  await db.text(`TRUNCATE TABLE ${TRANSCRIPT_WORDS}`);
  const codes = new Map<string, string>();
  const columns = SPEAKERS.flatMap((s) => [SPEAKER_COLUMNS[s], CODE_COLUMNS[s]]);
  for (let from = 0; from < corpus.n; from += batch) {
    const to = Math.min(corpus.n, from + batch);
    const known = codes.size;
    let rows = '';
    for (let i = from; i < to; i++) rows += `${i}\t${speakerTexts(corpus, i, codes).join('\t')}\n`;
    // The batch's new words before its rows: a row never holds a code the table lacks.
    const words = [...codes.keys()]
      .slice(known)
      .map((word, k) => `${known + k}\t${tsvField(word)}\n`)
      .join('');
    if (words) await db.insertTsv(TRANSCRIPT_WORDS, ['code', 'word'], words);
    await db.insertTsv(TRANSCRIPTS, ['idx', ...columns], rows);
    progress(to / corpus.n);
  }
}

/**
 * Call i's words and word codes per speaker, in SPEAKERS order, as TabSeparated fields; a word
 * met for the first time gets the next code.
 */
function speakerTexts(corpus: Corpus, i: number, codes: Map<string, string>): string[] {
  const turns = new Map<Speaker, { words: string[]; codes: string[] }>(
    SPEAKERS.map((s) => [s, { words: [], codes: [] }]),
  );
  for (const segment of rebuildTranscript(corpus, i).segments) {
    const words = tokenize(segment.text).map((t) => t.word);
    for (const word of words) if (!codes.has(word)) codes.set(word, codeChar(codes.size));
    const turn = turns.get(segment.speaker)!;
    turn.words.push(wordsText(words));
    turn.codes.push(codesText(codes, words)!);
  }
  return SPEAKERS.flatMap((s) => [
    tsvField(turns.get(s)!.words.join(TURN)),
    tsvField(turns.get(s)!.codes.join(TURN)),
  ]);
}
