/**
 * Ingest in the write log: what is recorded of an ingest (the calls as stored, redacted, in the
 * product's own transcript JSON, so a restart replays them and the original is never written),
 * which writes changed nothing to record, and the corpus a deployment without the demo starts
 * from. The log is the store of ingested calls: each is a row with its real ingest time and the
 * token's subject, replayed at that time on start (service.ts restore).
 */
import type { Corpus } from '../src/data/corpus/corpus.ts';
import { callIndex } from '../src/data/corpus/corpus.ts';
import { emptyCorpus } from '../src/data/corpus/ingested.ts';
import { storedRecord } from '../src/data/engine/ingest.ts';
import type {
  CallDeletionResult,
  DataSourceMethod,
  IngestCallsRequest,
  IngestReport,
} from '../src/data/source.ts';
import { BASE_TABLES, createCallTables } from './store/corpus-table.ts';
import type { Database } from './store/database.ts';

/** The request as the log keeps it: for an ingest, only its accepted calls, as stored. */
export function loggedRequest(
  method: DataSourceMethod,
  request: unknown,
  result: unknown,
  corpus: Corpus,
): unknown {
  if (method !== 'ingestCalls') return request;
  const calls = (result as IngestReport).results.flatMap((outcome) =>
    outcome.status === 'accepted'
      ? [storedRecord(corpus, callIndex(outcome.callId, corpus.n))]
      : [],
  );
  return { calls } satisfies IngestCallsRequest;
}

/** An ingest that accepted no call, or a deletion that found none: nothing to record. */
export function changedNothing(method: DataSourceMethod, result: unknown): boolean {
  if (method === 'ingestCalls') return (result as IngestReport).accepted === 0;
  if (method === 'deleteCalls') return (result as CallDeletionResult).deleted.length === 0;
  return false;
}

/**
 * The corpus of a deployment without the demo (SA_API_DEMO=off): no generated calls, its
 * period ending today; its calls come from the write log's ingests. The empty call tables are
 * what the compiled queries read until the first ingest is copied to the live tables.
 */
export async function deploymentCorpus(db: Database): Promise<Corpus> {
  await createCallTables(db, BASE_TABLES);
  const stored =
    (await db.text('EXISTS TABLE corpus')).trim() === '1'
      ? Number((await db.text('SELECT count() FROM corpus')).trim())
      : 0;
  if (stored > 0)
    throw new Error(
      'SA_API_DEMO=off, but the data directory holds the demo corpus: use another data directory or remove it',
    );
  return emptyCorpus();
}
