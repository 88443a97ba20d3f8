/**
 * The store's tables laid out over a ClickHouse cluster, generated from the same descriptions
 * as the single server's DDL (schema.ts). A sharded table becomes a `ReplicatedMergeTree`
 * local table on every node (`<name>_local`, its Keeper path keyed by the `{shard}` macro, its
 * replica by `{replica}`) and a `Distributed` table of the table's own name over them, so the
 * store's SQL reads and writes the same names on a cluster as on one server. A small table
 * every query needs whole (`everywhere`) is replicated to every node instead, one Keeper path
 * for the whole cluster, and read locally. Every statement runs `ON CLUSTER`, so it is run once
 * against any node.
 */
import { elementsSql, engineTailSql, storeTables, type TableDescription } from './schema.ts';

/** The cluster macro: each node's config names its cluster (and its shard and replica). */
export const CLUSTER_MACRO = '{cluster}';

/** A sharded table's local table on each node. */
export const localName = (table: TableDescription) => `${table.name}_local`;

/** Keeper path of a table's replicas; `{database}` is expanded by the server. */
function keeperPath(name: string, sharded: boolean): string {
  return `/clickhouse/tables/${sharded ? '{shard}' : 'all'}/{database}/${name}`;
}

function quoted(value: string): string {
  return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

/** The statements creating one table on a cluster (named, or by the `{cluster}` macro). */
export function clusterTableDdl(table: TableDescription, cluster = CLUSTER_MACRO): string[] {
  const onCluster = `ON CLUSTER ${quoted(cluster)}`;
  if (table.placement === 'everywhere') {
    // One replica set across the cluster: every node holds the whole table.
    const engine = `ReplicatedMergeTree(${quoted(keeperPath(table.name, false))}, '{shard}-{replica}')`;
    return [
      `CREATE TABLE IF NOT EXISTS ${table.name} ${onCluster} (${elementsSql(table)}) ENGINE = ${engine} ${engineTailSql(table)}`,
    ];
  }
  const local = localName(table);
  const engine = `ReplicatedMergeTree(${quoted(keeperPath(local, true))}, '{replica}')`;
  return [
    `CREATE TABLE IF NOT EXISTS ${local} ${onCluster} (${elementsSql(table)}) ENGINE = ${engine} ${engineTailSql(table)}`,
    // Reads fan out to one replica of each shard; inserts go to the shard the key picks.
    `CREATE TABLE IF NOT EXISTS ${table.name} ${onCluster} AS ${local} ENGINE = Distributed(${quoted(cluster)}, currentDatabase(), ${local}, ${table.placement.shardBy})`,
  ];
}

/** Every store table's statements, in the order the store creates the tables. */
export function clusterDdl(cluster = CLUSTER_MACRO): string[] {
  return storeTables().flatMap((table) => clusterTableDdl(table, cluster));
}
