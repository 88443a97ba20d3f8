/**
 * Sending the ready calls: requests under the server's limits, one after another, each call's
 * outcome by its file. When a request fails (network, server down, a refused token), its calls
 * and every later one are marked not sent with the reason, and nothing else is tried: none of
 * them was written, and the page keeps them to send again.
 */
import { DataSourceError, type CallDataSource, type IngestOutcome } from '../../../data/index.ts';
import { requestsOf, REQUEST_LIMITS } from './selection.ts';

export type SendOutcome =
  | Extract<IngestOutcome, { status: 'accepted' }>
  | { status: 'rejected'; field: string; reason: string }
  /** The request carrying it failed: nothing of it was written, and it can be sent again. */
  | { status: 'unsent'; message: string };

export interface ItemToSend {
  /** The file the call came from. */
  name: string;
  record: Parameters<CallDataSource['ingestCalls']>[0]['calls'][number];
}

export async function sendCalls(
  items: readonly ItemToSend[],
  ingest: CallDataSource['ingestCalls'],
  /** After each request: the outcomes so far and how many calls are done. */
  progress: (outcomes: Map<string, SendOutcome>, done: number) => void,
  limits: { calls: number; characters: number } = REQUEST_LIMITS,
): Promise<Map<string, SendOutcome>> {
  const outcomes = new Map<string, SendOutcome>();
  let failed: string | null = null;
  let done = 0;
  for (const request of requestsOf(items, limits)) {
    if (failed === null) {
      try {
        const report = await ingest({ calls: request.map((i) => i.record) });
        for (const result of report.results)
          outcomes.set(
            request[result.index]!.name,
            result.status === 'accepted'
              ? result
              : { status: 'rejected', field: result.field, reason: result.reason },
          );
      } catch (error) {
        failed = DataSourceError.from(error).message;
      }
    }
    if (failed !== null)
      for (const i of request) outcomes.set(i.name, { status: 'unsent', message: failed });
    done += request.length;
    progress(outcomes, done);
  }
  return outcomes;
}
