/**
 * The leads in the database: one row per lead of a calls table's generation, written with its
 * calls (corpus-table.ts writeCallTables), so the leads list and a lead are read from the table
 * of the generation a read pinned (query/leads.ts). The leads are the engine's, built from the
 * calls when they were analysed across calls (src/data/corpus/across-calls.ts); nothing of
 * their rule is repeated here. Owners given by hand are not in the table (query/leads.ts).
 */
import type { Corpus } from '../../src/data/corpus/corpus.ts';
import { customerIndex } from '../../src/data/corpus/corpus.ts';
import { leadText } from '../../src/data/engine/records.ts';
import type { Lead } from '../../src/generated/data.types.ts';
import type { Database } from './database.ts';
import { tsvField } from './database.ts';
import { BASE_TABLE_NAMES, leadsTable } from './schema.ts';

const COLUMNS = leadsTable('leads').columns.map((c) => c.name);

/** A list of strings as one TabSeparated Array(String) field. */
function arrayField(values: readonly string[]): string {
  return `[${values.map((v) => `'${tsvField(v).replace(/'/g, "\\'")}'`).join(',')}]`;
}

/**
 * Each name's place among the names in the engine's string order (localeCompare, as the
 * engine's leads sort compares them): names it finds equal share a place.
 */
function nameRanks(leads: readonly Lead[]): Map<string, number> {
  const sorted = [...new Set(leads.map((l) => l.name))].sort((a, b) => a.localeCompare(b));
  const ranks = new Map<string, number>();
  sorted.forEach((name, k) => {
    const before = sorted[k - 1];
    ranks.set(
      name,
      before !== undefined && before.localeCompare(name) === 0 ? ranks.get(before)! : k,
    );
  });
  return ranks;
}

/** The lower-cased words the leads list's text filter looks in (the engine's leadText). */
function leadSearchText(lead: Lead): string[] {
  return leadText(lead).map((s) => s.toLowerCase());
}

/** The corpus's leads as the table's TabSeparated rows. */
function leadRows(corpus: Corpus): string {
  const ranks = nameRanks(corpus.leads);
  return corpus.leads
    .map((l, idx) =>
      [
        String(idx),
        tsvField(l.id),
        tsvField(l.name),
        String(ranks.get(l.name)),
        tsvField(l.phone),
        tsvField(l.campaign),
        tsvField(l.ownerAgentId),
        // Only places the row (beside the customer's calls on a cluster).
        String(Math.max(0, customerIndex(l.customerId, corpus.customerCount))),
        tsvField(l.customerId),
        l.stage,
        String(l.score),
        l.temperature,
        arrayField(l.signals),
        tsvField(l.nextAction),
        arrayField(l.callIds),
        arrayField(leadSearchText(l)),
      ].join('\t'),
    )
    .map((row) => `${row}\n`)
    .join('');
}

/** Writes the corpus's leads into an emptied leads table. */
export async function writeLeadsTable(db: Database, corpus: Corpus, table: string): Promise<void> {
  await db.text(`TRUNCATE TABLE ${table}`);
  if (corpus.leads.length > 0) await db.insertTsv(table, COLUMNS, leadRows(corpus));
}

/**
 * Writes the stored corpus's leads into the base leads table when it has none (a data
 * directory from before leads had a table kept them only with the corpus's extras).
 */
export async function ensureLeads(db: Database, corpus: Corpus): Promise<void> {
  const table = BASE_TABLE_NAMES.leads;
  const stored = Number((await db.text(`SELECT count() FROM ${table}`)).trim());
  if (stored === 0 && corpus.leads.length > 0) await writeLeadsTable(db, corpus, table);
}
