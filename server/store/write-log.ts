/**
 * Every accepted write as one versioned row of `writes`: who, when, the method and its request,
 * and what it returned. One row is one insert, which a MergeTree commits whole or not at all,
 * so a crash never leaves half a write. Replaying the rows in order over the stored corpus gives
 * the state users saw; the same rows are the audit log the API serves.
 */
import type { DataSourceMethod } from '../../src/data/source.ts';
import type { Database } from './database.ts';
import { tsvField } from './database.ts';
import { WRITES_TABLE, createTableSql } from './schema.ts';

export interface AuditEntry {
  /** 1, 2, ... in the order the writes were applied. */
  seq: number;
  /** ISO timestamp (UTC). */
  at: string;
  /** Name or e-mail from the token, and its subject. */
  actor: string;
  subject: string;
  method: DataSourceMethod;
  /** The entity written: rule id, form id, "settings" or the import's source. */
  target: string;
  request: unknown;
  result: unknown;
}

/** One page of the log (GET /v1/audit). */
export interface AuditPage {
  /** Writes in the whole log. */
  total: number;
  /** Newest first. */
  rows: AuditEntry[];
}

export interface WriteLog {
  /** `at`: the moment the write was made (the engine's stamp on it); now when absent. */
  append(entry: Omit<AuditEntry, 'seq' | 'at'> & { at?: string }): Promise<AuditEntry>;
  /** Oldest first. */
  all(): Promise<AuditEntry[]>;
  /** Newest first, one page. */
  page(offset: number, limit: number): Promise<AuditPage>;
  /** The seq of the newest write by a method not in `methods` (0: none). */
  lastSeqExcept(methods: Iterable<DataSourceMethod>): Promise<number>;
}

const COLUMNS = WRITES_TABLE.columns.map((c) => c.name);

function clickhouseTime(ms: number): string {
  return new Date(ms).toISOString().replace('T', ' ').replace('Z', '');
}

export async function openWriteLog(db: Database): Promise<WriteLog> {
  await db.text(createTableSql(WRITES_TABLE));
  const select = async (tail: string) => {
    const text = await db.text(
      `SELECT seq, toUnixTimestamp64Milli(at) AS ms, actor, subject, method, target, request, result FROM writes ${tail}`,
      'JSONEachRow',
    );
    return text
      .split('\n')
      .filter(Boolean)
      .map((line) => {
        const row = JSON.parse(line) as Record<string, string | number>;
        return {
          seq: Number(row.seq),
          at: new Date(Number(row.ms)).toISOString(),
          actor: String(row.actor),
          subject: String(row.subject),
          method: row.method as DataSourceMethod,
          target: String(row.target),
          request: JSON.parse(String(row.request)) as unknown,
          result: JSON.parse(String(row.result)) as unknown,
        };
      });
  };
  let last = Number((await db.text('SELECT max(seq) FROM writes')).trim() || 0);

  return {
    async append(entry) {
      const row: AuditEntry = { ...entry, seq: last + 1, at: entry.at ?? new Date().toISOString() };
      const fields = [
        String(row.seq),
        clickhouseTime(Date.parse(row.at)),
        row.actor,
        row.subject,
        row.method,
        row.target,
        JSON.stringify(row.request ?? null),
        JSON.stringify(row.result ?? null),
      ];
      await db.insertTsv('writes', COLUMNS, `${fields.map(tsvField).join('\t')}\n`);
      last = row.seq;
      return row;
    },
    all: () => select('ORDER BY seq'),
    async page(offset, limit) {
      const total = Number((await db.text('SELECT count() FROM writes')).trim());
      const rows = await select(`ORDER BY seq DESC LIMIT ${limit} OFFSET ${offset}`);
      return { total, rows };
    },
    async lastSeqExcept(methods) {
      // Method names are the contract's identifiers (letters only): safe to quote as they are.
      const list = [...methods].map((m) => `'${m}'`).join(', ') || "''";
      const text = await db.text(`SELECT max(seq) FROM writes WHERE method NOT IN (${list})`);
      return Number(text.trim() || 0);
    },
  };
}
