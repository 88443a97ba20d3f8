/**
 * Prints the DDL that creates the store's tables on a ClickHouse cluster (cluster-ddl.ts):
 * `npm run --silent api:cluster-ddl -- --cluster NAME > cluster.sql`, then run the file once
 * against any node (`clickhouse client --multiquery < cluster.sql`). Without --cluster, the
 * statements name the `{cluster}` macro of each node's configuration.
 */
import { parseArgs } from 'node:util';
import { CLUSTER_MACRO, clusterDdl } from './cluster-ddl.ts';
import { storeTables } from './schema.ts';

const { values } = parseArgs({
  options: { cluster: { type: 'string', default: CLUSTER_MACRO }, help: { type: 'boolean' } },
});
if (values.help) {
  console.log('Usage: npm run --silent api:cluster-ddl -- [--cluster NAME]');
  process.exit(0);
}
if (!/^[\w.{}-]+$/.test(values.cluster)) {
  console.error(`Not a cluster name: ${values.cluster}`);
  process.exit(2);
}
const placements = storeTables()
  .map(
    (t) =>
      `--   ${t.name}: ${t.placement === 'everywhere' ? 'replicated to every node' : `sharded by ${t.placement.shardBy} (${t.placement.why})`}`,
  )
  .join('\n');
console.log(
  `-- Callscope store on cluster ${values.cluster}, generated from server/store/schema.ts\n${placements}\n`,
);
console.log(
  clusterDdl(values.cluster)
    .map((sql) => `${sql};`)
    .join('\n\n'),
);
