/**
 * What each call gives the voice of the customer, in the database (`customer_voice`): the
 * engine's own rule (callVoice in src/data/engine/customer-insight/voice-of-customer.ts) run on
 * every transcript once, so query/voice.ts counts phrases and ranks quotes in SQL without
 * rebuilding a transcript. Transcripts are rebuilt from the generated calls and no write changes
 * them (transcript-table.ts), so the table is written once per corpus: with it, or on a start
 * that finds it missing or incomplete.
 */
import type { Corpus } from '../../src/data/corpus/corpus.ts';
import { callVoice } from '../../src/data/engine/customer-insight/voice-of-customer.ts';
import { tsvField, type Database } from './database.ts';
import { CUSTOMER_VOICE_TABLE, createTableSql } from './schema.ts';

export const CUSTOMER_VOICE = CUSTOMER_VOICE_TABLE.name;

/** A string as an element of a TabSeparated array field: quoted, its quotes escaped. */
function arrayElement(value: string): string {
  return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\t/g, '\\t').replace(/\n/g, '\\n')}'`;
}

/** Writes every call's voice unless the table already holds the corpus's calls. */
export async function ensureCustomerVoice(
  db: Database,
  corpus: Corpus,
  progress: (done: number) => void = () => {},
  batch = 5_000,
): Promise<void> {
  await db.text(createTableSql(CUSTOMER_VOICE_TABLE));
  const stored = Number((await db.text(`SELECT count() FROM ${CUSTOMER_VOICE}`)).trim());
  if (stored === corpus.n) return;
  await db.text(`TRUNCATE TABLE ${CUSTOMER_VOICE}`);
  for (let from = 0; from < corpus.n; from += batch) {
    const to = Math.min(corpus.n, from + batch);
    let rows = '';
    for (let i = from; i < to; i++) {
      const { phrases, quote, segments } = callVoice(corpus, i);
      const turn = segments[quote];
      rows += `${i}\t[${[...phrases].map(arrayElement).join(',')}]\t${quote}\t${turn ? Math.abs(turn.sentimentScore) : 0}\t${tsvField(turn?.text ?? '')}\n`;
    }
    await db.insertTsv(
      CUSTOMER_VOICE,
      ['idx', 'phrases', 'quote_segment', 'quote_strength', 'quote_text'],
      rows,
    );
    progress(to / corpus.n);
  }
}
