/**
 * Sending the recordings of the calls just accepted, one after another (each can be tens of
 * megabytes). Each says what became of it: stored (with what the server silenced because the
 * transcript masked a card number there) or refused with the server's reason; a deployment
 * without an API server keeps no recordings, and says so instead of sending.
 */
import { DataSourceError, sendCallAudio, type AudioStored } from '../../../data/index.ts';

export type RecordingOutcome =
  { status: 'stored'; stored: AudioStored } | { status: 'refused'; message: string };

export async function sendRecordings(
  items: readonly { name: string; callId: string; file: File }[],
  kept: boolean,
  done: (name: string, outcome: RecordingOutcome) => void,
  send: typeof sendCallAudio = sendCallAudio,
): Promise<void> {
  for (const item of items) {
    if (!kept) {
      done(item.name, {
        status: 'refused',
        message:
          'This demo keeps transcripts only: recordings are kept by a deployment with its API server',
      });
      continue;
    }
    try {
      done(item.name, {
        status: 'stored',
        stored: await send(item.callId, item.file, item.file.name),
      });
    } catch (error) {
      done(item.name, { status: 'refused', message: DataSourceError.from(error).message });
    }
  }
}
