/**
 * The analytical database: ClickHouse in-process (chDB) over a data directory. The server
 * speaks plain ClickHouse SQL through this small interface, so pointing it at a ClickHouse
 * server is a second implementation of `Database`, not a second dialect.
 */
import { mkdirSync } from 'node:fs';
import { Session } from 'chdb';

export interface Database {
  /** Runs a statement; resolves its output in `format` (TabSeparated by default). */
  text(sql: string, format?: string): Promise<string>;
  /** Runs a query and resolves its raw output bytes (RowBinary for typed columns). */
  bytes(sql: string): Promise<Uint8Array>;
  /** Appends rows in TabSeparated form; one call is one insert (atomic for a MergeTree). */
  insertTsv(table: string, columns: readonly string[], rows: string): Promise<void>;
  close(): void;
}

export function openEmbeddedDatabase(dataDir: string): Database {
  mkdirSync(dataDir, { recursive: true });
  const session = new Session(dataDir);
  return {
    async text(sql, format = 'TabSeparated') {
      return (await session.queryAsync(sql, { format })).text();
    },
    async bytes(sql) {
      return (await session.queryAsync(sql, { format: 'RowBinary' })).bytes();
    },
    async insertTsv(table, columns, rows) {
      await session.insert({
        table,
        columns,
        values: Buffer.from(rows, 'utf8'),
        format: 'TabSeparated',
      });
    },
    close() {
      session.close();
    },
  };
}

/** A string as a ClickHouse single-quoted literal. */
export function sqlString(value: string): string {
  return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

/** A value as one TabSeparated field. */
export function tsvField(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/\t/g, '\\t')
    .replace(/\n/g, '\\n')
    .replace(/\r/g, '\\r');
}
