/**
 * What an ingested call's audio must have silent. The stored transcript keeps only its
 * placeholders ([card]...), not the redacted words' times, so they are taken when the call is
 * accepted: the record is read and redacted again by the same pure normaliseCall the engine ran
 * (same input, same spans), only for calls that had something redacted or replaced an earlier
 * one, so a plain bulk ingest costs nothing here.
 */
import { normaliseCall } from '../../src/domain/ingest/index.ts';
import type { IngestOutcome, IngestRecord } from '../../src/data/source.ts';
import { redactionsOf, type CallAudio } from './call-audio.ts';

export async function noteRedactions(
  audio: CallAudio,
  outcome: IngestOutcome,
  record: IngestRecord,
): Promise<void> {
  if (outcome.status !== 'accepted' || (!outcome.redactions && !outcome.replaced)) return;
  const read = outcome.redactions ? normaliseCall(record) : null;
  const redactions =
    read?.ok === true
      ? redactionsOf(read.call.redactions, read.call.estimatedTimes)
      : { ranges: [], unplaced: outcome.redactions };
  await audio.ingested(outcome.callId, redactions, outcome.replaced);
}
