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
 * Every word's places are also stored in an inverted index, `transcript_postings`: one row per
 * word number and call (ordered by word, so a word's calls are one contiguous read) with the
 * places of its occurrences in the call (see place()). A rare word's calls, a common phrase's
 * occurrences and words near each other are then read from a few postings instead of a scan of
 * every call's codes (query/search-sql.ts postingsSql).
 *
 * Transcripts are rebuilt from the generated calls and no write changes them, so the tables are
 * written once per corpus: with the corpus, or on a start that finds them missing or incomplete
 * (a data directory stored before search ran in the database, before the word codes or before
 * the postings).
 */
import type { Corpus } from '../../src/data/corpus/corpus.ts';
import { rebuildTranscript } from '../../src/data/corpus/generate.ts';
import type { Speaker } from '../../src/data/search/parse.ts';
import { tokenize } from '../../src/data/text/tokenize.ts';
import { tsvField, type Database } from './database.ts';
import {
  CODE_COLUMNS,
  POSTINGS_TABLE,
  SPEAKER_COLUMNS,
  TRANSCRIPTS_TABLE,
  TRANSCRIPT_WORDS_TABLE,
  createTableSql,
} from './schema.ts';

export { CODE_COLUMNS, SPEAKER_COLUMNS };

export const TRANSCRIPTS = TRANSCRIPTS_TABLE.name;
const SPEAKERS = Object.keys(SPEAKER_COLUMNS) as Speaker[];
/** The words and their codes' numbers. */
export const TRANSCRIPT_WORDS = TRANSCRIPT_WORDS_TABLE.name;
/** Word number, call, and the places of the word's occurrences in the call. */
export const POSTINGS = POSTINGS_TABLE.name;

/** Bits of a place below the segment: the word's position in the call. */
export const POSITION_BITS = 16;
/** Bits of a place below the speaker: the segment and the position. */
export const SPEAKER_SHIFT = 30;
const MAX_SEGMENT = 1 << (SPEAKER_SHIFT - POSITION_BITS);

/**
 * Where an occurrence is, in one UInt32: the speaker's number (SPEAKERS order), the segment and
 * the word's position in the whole call (the matcher's numbering, which NEAR measures), from
 * the top bits down. The next word of the same segment is the place plus one, and a word of
 * another segment never is, so a phrase is a run of places, never spanning two turns.
 */
export function place(speaker: Speaker, segment: number, position: number): number {
  if (segment >= MAX_SEGMENT || position >= 1 << POSITION_BITS) {
    throw new Error(`a transcript too long for word places: segment ${segment}, word ${position}`);
  }
  return SPEAKERS.indexOf(speaker) * 2 ** SPEAKER_SHIFT + ((segment << POSITION_BITS) | position);
}

/** The speaker's number in places (see place()). */
export function speakerNumber(speaker: Speaker): number {
  return SPEAKERS.indexOf(speaker);
}

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

const wordNumbersOf = new WeakMap<Database, Promise<Map<string, number>>>();

/** Every stored word and its code's number, read once per database. */
export function wordNumbers(db: Database): Promise<Map<string, number>> {
  let numbers = wordNumbersOf.get(db);
  if (!numbers) {
    numbers = db
      .text(`SELECT code, word FROM ${TRANSCRIPT_WORDS}`, 'JSONCompactEachRow')
      .then((text) => {
        const rows = text.split('\n').filter(Boolean);
        return new Map(
          rows.map((row) => {
            const [code, word] = JSON.parse(row) as [number, string];
            return [word, code];
          }),
        );
      });
    numbers.catch(() => wordNumbersOf.delete(db));
    wordNumbersOf.set(db, numbers);
  }
  return numbers;
}

/** Every stored word and its code's character. */
export async function wordCodes(db: Database): Promise<Map<string, string>> {
  const numbers = await wordNumbers(db);
  return new Map([...numbers].map(([word, code]) => [word, codeChar(code)]));
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
  for (const table of [TRANSCRIPTS_TABLE, TRANSCRIPT_WORDS_TABLE, POSTINGS_TABLE]) {
    await db.text(createTableSql(table));
  }
}

/**
 * Whether the stored transcripts have the word codes and the postings (tables stored before
 * had not).
 */
async function hasCodesAndPostings(db: Database): Promise<boolean> {
  const found = await db.text(
    `SELECT (SELECT count() FROM system.columns WHERE database = currentDatabase() AND table = '${TRANSCRIPTS}' AND name = '${CODE_COLUMNS.AGENT}') + (SELECT count() FROM system.tables WHERE database = currentDatabase() AND name = '${POSTINGS}')`,
  );
  return Number(found.trim()) === 2;
}

/** Writes every call's transcript words unless the table already holds the corpus's calls. */
export async function ensureTranscripts(
  db: Database,
  corpus: Corpus,
  progress: (done: number) => void = () => {},
  batch = 5_000,
): Promise<void> {
  if (!(await hasCodesAndPostings(db))) await db.text(`DROP TABLE IF EXISTS ${TRANSCRIPTS}`);
  await createTranscriptTable(db);
  const stored = Number((await db.text(`SELECT count() FROM ${TRANSCRIPTS}`)).trim());
  if (stored === corpus.n) return;
  wordNumbersOf.delete(db);
  for (const table of [TRANSCRIPTS, TRANSCRIPT_WORDS, POSTINGS]) {
    await db.text(`TRUNCATE TABLE ${table}`);
  }
  const numbers = new Map<string, number>();
  const columns = SPEAKERS.flatMap((s) => [SPEAKER_COLUMNS[s], CODE_COLUMNS[s]]);
  for (let from = 0; from < corpus.n; from += batch) {
    const to = Math.min(corpus.n, from + batch);
    const known = numbers.size;
    let rows = '';
    let postings = '';
    for (let i = from; i < to; i++) {
      const call = callWords(corpus, i, numbers);
      rows += `${i}\t${call.texts.join('\t')}\n`;
      postings += call.postings;
    }
    // The batch's new words before its rows: a row never holds a code the table lacks; its
    // transcripts last, since their count tells a complete load.
    const words = [...numbers.keys()]
      .slice(known)
      .map((word, k) => `${known + k}\t${tsvField(word)}\n`)
      .join('');
    if (words) await db.insertTsv(TRANSCRIPT_WORDS, ['code', 'word'], words);
    await db.insertTsv(POSTINGS, ['code', 'idx', 'places'], postings);
    await db.insertTsv(TRANSCRIPTS, ['idx', ...columns], rows);
    progress(to / corpus.n);
  }
}

/** A word's number and place in one double, so sorting groups a word's places. */
const PLACE_RANGE = 2 ** 32;
/** Numbers a double holds with any place exactly. */
const MAX_WORDS = 2 ** 21;
/** Each call's (word, place) keys, reused from call to call. */
let keys = new Float64Array(4096);

/**
 * Call i's words and word codes per speaker, in SPEAKERS order, as TabSeparated fields, and
 * its postings as TabSeparated rows; a word met for the first time gets the next number.
 */
function callWords(corpus: Corpus, i: number, numbers: Map<string, number>) {
  const turns = new Map<Speaker, { words: string[]; codes: string[] }>(
    SPEAKERS.map((s) => [s, { words: [], codes: [] }]),
  );
  let position = 0;
  rebuildTranscript(corpus, i).segments.forEach((segment, s) => {
    const words = tokenize(segment.text).map((t) => t.word);
    // The segment's places are its first word's plus the count of words before.
    const first = place(segment.speaker, s, position + words.length) - words.length;
    if (position + words.length > keys.length) {
      const grown = new Float64Array(2 * (position + words.length));
      grown.set(keys.subarray(0, position));
      keys = grown;
    }
    let codes = '';
    for (let k = 0; k < words.length; k++) {
      const word = words[k]!;
      let code = numbers.get(word);
      if (code === undefined) {
        if (numbers.size >= MAX_WORDS) throw new Error(`more than ${MAX_WORDS} distinct words`);
        numbers.set(word, (code = numbers.size));
      }
      codes += codeChar(code);
      keys[position++] = code * PLACE_RANGE + first + k;
    }
    const turn = turns.get(segment.speaker)!;
    turn.words.push(wordsText(words));
    turn.codes.push(codes);
  });
  const texts = SPEAKERS.flatMap((s) => [
    tsvField(turns.get(s)!.words.join(TURN)),
    tsvField(turns.get(s)!.codes.join(TURN)),
  ]);
  return { texts, postings: postingRows(i, keys.subarray(0, position).sort()) };
}

/** A call's postings as TabSeparated rows (code, idx, places) from its sorted keys. */
function postingRows(i: number, sorted: Float64Array): string {
  let rows = '';
  for (let k = 0; k < sorted.length;) {
    const code = Math.floor(sorted[k]! / PLACE_RANGE);
    rows += `${code}\t${i}\t[${sorted[k]! - code * PLACE_RANGE}`;
    for (k++; k < sorted.length && sorted[k]! < (code + 1) * PLACE_RANGE; k++) {
      rows += `,${sorted[k]! - code * PLACE_RANGE}`;
    }
    rows += ']\n';
  }
  return rows;
}
