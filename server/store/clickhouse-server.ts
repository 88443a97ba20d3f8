/**
 * The same `Database` on a ClickHouse server (or a cluster's endpoint) through the official
 * client, over HTTP: chosen by configuration (SA_API_CLICKHOUSE_URL, _USER, _PASSWORD,
 * _DATABASE). The SQL is the embedded engine's, unchanged.
 */
import { createClient } from '@clickhouse/client';
import type { Database } from './database.ts';

export interface ClickHouseServerSettings {
  readonly url: string;
  readonly username?: string;
  readonly password?: string;
  readonly database?: string;
}

export function openClickHouseServer(settings: ClickHouseServerSettings): Database {
  const client = createClient({
    url: settings.url,
    ...(settings.username ? { username: settings.username } : {}),
    ...(settings.password ? { password: settings.password } : {}),
    ...(settings.database ? { database: settings.database } : {}),
    request_timeout: 60_000,
  });
  const run = async (query: string, format: string): Promise<Buffer> => {
    // default_format instead of a FORMAT clause: the same call serves DDL and queries.
    const result = await client.exec({
      query,
      clickhouse_settings: { default_format: format as 'TabSeparated' },
    });
    const chunks: Buffer[] = [];
    for await (const chunk of result.stream) chunks.push(Buffer.from(chunk as Uint8Array));
    return Buffer.concat(chunks);
  };
  return {
    async text(sql, format = 'TabSeparated') {
      return (await run(sql, format)).toString('utf8');
    },
    async bytes(sql) {
      return new Uint8Array(await run(sql, 'RowBinary'));
    },
    async insertTsv(table, columns, rows) {
      await client.command({
        query: `INSERT INTO ${table} (${columns.join(', ')}) FORMAT TabSeparated\n${rows}`,
      });
    },
    close() {
      void client.close();
    },
  };
}
