/**
 * The store's DDL says what its table descriptions say, on one server and on a cluster: the
 * single server's statements run on chDB and make tables whose columns (name, type, computed
 * expression) are the descriptions'; the cluster's statements parse (formatQuery: the
 * replicated ones cannot run without Keeper) and hold, table for table, the same columns as the
 * tables chDB made, with ON CLUSTER, replicated engines keyed by the shard and replica macros,
 * and Distributed tables sharded as the descriptions place them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEmbeddedDatabase, sqlString } from './database.ts';
import { CLUSTER_MACRO, clusterDdl, clusterTableDdl, localName } from './cluster-ddl.ts';
import {
  callsTable,
  createTableSql,
  liveTableNames,
  storeTables,
  type TableDescription,
} from './schema.ts';
import { temporaryDataDir } from '../test-kit.ts';

/** A column as a table holds it: name, type and how it is computed ('' when written). */
type ColumnFacts = [name: string, type: string, kind: string, expression: string];

describe("the store's tables", () => {
  const data = temporaryDataDir();
  const db = openEmbeddedDatabase(data.dir);
  const tables = storeTables();
  afterAll(() => {
    db.close();
    data.remove();
  });

  beforeAll(async () => {
    for (const table of tables) await db.text(createTableSql(table));
  });

  /** The columns of a table chDB made from the single server's DDL. */
  async function madeColumns(name: string): Promise<ColumnFacts[]> {
    const text = await db.text(
      `SELECT name, type, default_kind, default_expression FROM system.columns WHERE database = currentDatabase() AND table = ${sqlString(name)} ORDER BY position`,
      'JSONCompactEachRow',
    );
    return text
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as ColumnFacts);
  }

  /** A statement as the server parses it (throws on a syntax error). */
  async function parsed(sql: string): Promise<string> {
    return (await db.text(`SELECT formatQuery(${sqlString(sql)})`, 'TSVRaw')).trim();
  }

  /** The columns a parsed CREATE TABLE declares, in the form system.columns gives them. */
  function declaredColumns(formatted: string): ColumnFacts[] {
    return formatted
      .split('\n')
      .map((line) => /^\s+`(\w+)` (.+?)(?: (MATERIALIZED|DEFAULT) (.+?))?,?$/.exec(line))
      .filter((m): m is RegExpExecArray => m !== null)
      .map(([, name, type, kind, expression]) => [name!, type!, kind ?? '', expression ?? '']);
  }

  it('on one server: every described table is made with its described columns', async () => {
    expect(tables.map((t) => t.name)).toEqual(
      expect.arrayContaining(['calls', 'call_failures', 'transcripts', 'writes', 'corpus']),
    );
    for (const table of tables) {
      const made = await madeColumns(table.name);
      expect(
        made.map(([name, type, kind]) => [name, type, kind]),
        table.name,
      ).toEqual(
        table.columns.map((c) => [
          c.name,
          c.type,
          c.materialized ? 'MATERIALIZED' : c.default ? 'DEFAULT' : '',
        ]),
      );
    }
  });

  it('on a cluster: the statements parse and state the same columns, engines and shards', async () => {
    const statements = clusterDdl();
    for (const sql of statements) expect(sql).toContain(`ON CLUSTER '${CLUSTER_MACRO}'`);
    for (const table of tables) {
      const [first, distributed, ...rest] = clusterTableDdl(table);
      expect(rest).toEqual([]);
      const formatted = await parsed(first!);
      expect(declaredColumns(formatted), table.name).toEqual(await madeColumns(table.name));
      expect(formatted).toContain(`ORDER BY ${table.orderBy}`);
      expect(formatted).toContain(`ON CLUSTER \`${CLUSTER_MACRO}\``);
      if (table.placement === 'everywhere') {
        expect(distributed).toBeUndefined();
        expect(formatted).toMatch(
          new RegExp(
            `ReplicatedMergeTree\\('/clickhouse/tables/all/\\{database\\}/${table.name}', '\\{shard\\}-\\{replica\\}'\\)`,
          ),
        );
        continue;
      }
      const local = localName(table);
      expect(formatted).toContain(`CREATE TABLE IF NOT EXISTS ${local} `);
      expect(formatted).toContain(
        `ReplicatedMergeTree('/clickhouse/tables/{shard}/{database}/${local}', '{replica}')`,
      );
      expect(await parsed(distributed!)).toContain(
        `AS ${local}\nENGINE = Distributed('${CLUSTER_MACRO}', currentDatabase(), ${local}, ${table.placement.shardBy})`,
      );
    }
    expect(statements.length).toBe(
      tables.reduce((n, t) => n + (t.placement === 'everywhere' ? 1 : 2), 0),
    );
  });

  it("keeps one customer's calls on one shard", () => {
    const live = liveTableNames(7);
    const calls = [...tables.filter((t) => t.name === 'calls'), callsTable(live.calls)];
    expect(calls.map((t) => t.name)).toEqual(['calls', 'calls_live_7']);
    for (const table of calls) {
      expect(
        (table.placement as Exclude<TableDescription['placement'], 'everywhere'>).shardBy,
      ).toBe('cityHash64(customer)');
    }
  });

  it('names a cluster given by name in every statement', () => {
    const named = clusterDdl('analytics');
    expect(named.every((sql) => sql.includes("ON CLUSTER 'analytics'"))).toBe(true);
    expect(
      named
        .filter((sql) => sql.includes('Distributed('))
        .every((sql) => sql.includes("Distributed('analytics'")),
    ).toBe(true);
  });
});
