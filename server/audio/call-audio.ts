/**
 * Calls' audio: which recording (by content hash) belongs to which call, the stretches its
 * transcript's redaction says must be silent, and the rules between them. The bytes are kept by
 * an AudioStore (store.ts); what a call holds is a small JSON file per call in the data
 * directory, and `refs/<hash>/<call>` marks which calls use an object, so deleting a call
 * deletes its recording only when no other call has the same bytes.
 *
 * Redaction comes first: a WAV (16-bit PCM, µ-law, A-law) has the redacted words' time ranges
 * overwritten with silence before it is stored, so the recording as sent is never written.
 * Opus and MP3 cannot be edited without decoding and re-encoding them, which this server does
 * not do: the audio of a call with redactions in those formats is refused with the reason (send
 * WAV), rather than stored with the card number audible. So is any audio of a call whose
 * transcript had no times for a redacted span, or whose times were estimated from word counts.
 */
import { mkdir, readdir, readFile, rename, rm, rmdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { RedactedSpan } from '../../src/domain/redaction/index.ts';
import { silenceWav, WavFormatError } from '../../src/domain/redaction/index.ts';
import type { AudioStored } from '../../src/data/http/audio-contract.ts';
import { isProductCallId } from '../../src/data/corpus/corpus.ts';
import { sniffAudio } from './format.ts';
import type { AudioStore } from './store.ts';

/** Margin silenced either side of a redacted word: recognisers' word times are approximate. */
export const SILENCE_MARGIN_MS = 200;

type Span = { beginMs: number; endMs: number };

/** What a call's transcript says its audio must have silent. */
export interface CallRedactions {
  /** The redacted words' times, margins added, merged. */
  ranges: Span[];
  /** Redacted spans whose place in the audio is unknown (no times, or estimated ones). */
  unplaced: number;
}

export interface CallAudioEntry extends Omit<AudioStored, 'callId'> {
  storedAt: string;
}

interface CallFile {
  redactions?: CallRedactions;
  audio?: CallAudioEntry;
}

/** A refusal with the HTTP status it is answered with (413, 415, 422). */
export class AudioRefused extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** The stretches to silence for a call's redaction spans (estimated times place nothing). */
export function redactionsOf(
  spans: readonly RedactedSpan[],
  estimatedTimes: boolean,
): CallRedactions {
  const placed = estimatedTimes ? [] : spans.flatMap((s) => (s.audio ? [s.audio] : []));
  const ranges = placed
    .map((a) => ({
      beginMs: Math.max(0, a.beginMs - SILENCE_MARGIN_MS),
      endMs: a.endMs + SILENCE_MARGIN_MS,
    }))
    .sort((a, b) => a.beginMs - b.beginMs);
  const merged: Span[] = [];
  for (const r of ranges) {
    const last = merged[merged.length - 1];
    if (last && r.beginMs <= last.endMs) last.endMs = Math.max(last.endMs, r.endMs);
    else merged.push({ ...r });
  }
  return { ranges: merged, unplaced: spans.length - placed.length };
}

export class CallAudio {
  constructor(
    private readonly dir: string,
    readonly store: AudioStore,
  ) {}

  private fileOf(callId: string): string {
    // Only the product's call ids name files (never a path from a request).
    if (!isProductCallId(callId)) throw new Error(`not a call id: ${callId}`);
    return join(this.dir, 'calls', `${callId}.json`);
  }

  private async read(callId: string): Promise<CallFile> {
    try {
      return JSON.parse(await readFile(this.fileOf(callId), 'utf8')) as CallFile;
    } catch {
      return {};
    }
  }

  private async write(callId: string, file: CallFile): Promise<void> {
    const path = this.fileOf(callId);
    if (!file.redactions && !file.audio) {
      await rm(path, { force: true });
      return;
    }
    await mkdir(join(this.dir, 'calls'), { recursive: true });
    const temporary = `${path}.part`;
    await writeFile(temporary, JSON.stringify(file));
    await rename(temporary, path);
  }

  /** The call's stored recording, or null. */
  async entry(callId: string): Promise<CallAudioEntry | null> {
    return (await this.read(callId)).audio ?? null;
  }

  /**
   * A call was ingested (or re-sent): keep what its audio must have silent. A re-sent call's
   * recording is dropped, since it was silenced for the transcript it replaces; its audio is
   * sent again after it.
   */
  async ingested(callId: string, redactions: CallRedactions, replaced: boolean): Promise<void> {
    const file = await this.read(callId);
    if (replaced && file.audio) await this.release(file.audio.hash, callId);
    const empty = redactions.ranges.length === 0 && redactions.unplaced === 0;
    await this.write(callId, empty ? {} : { redactions });
  }

  /** Stores a call's recording: checked, redacted, then kept by content hash. */
  async attach(callId: string, bytes: Uint8Array): Promise<AudioStored> {
    const sniffed = sniffAudio(bytes);
    const file = await this.read(callId);
    const redactions = file.redactions ?? { ranges: [], unplaced: 0 };
    if (redactions.unplaced > 0)
      throw new AudioRefused(
        422,
        `The call's transcript redacted ${redactions.unplaced} span(s) without reliable times (no word or turn times, or times estimated from word counts), so where they are in the audio is unknown: the audio is not stored. Send a transcript with times.`,
      );
    let stored = bytes;
    if (redactions.ranges.length > 0) {
      if (!sniffed.silenceable)
        throw new AudioRefused(
          422,
          `The call's transcript has redacted card or personal data, and ${sniffed.description} audio cannot be silenced without decoding it: the audio is not stored, so nothing redacted stays audible. Send it as WAV (16-bit PCM, µ-law or A-law).`,
        );
      try {
        stored = silenceWav(bytes, redactions.ranges);
      } catch (error) {
        if (error instanceof WavFormatError) throw new AudioRefused(422, error.message);
        throw error;
      }
    }
    const hash = await this.store.put(stored);
    await mkdir(join(this.dir, 'refs', hash), { recursive: true });
    await writeFile(join(this.dir, 'refs', hash, callId), '');
    const previous = file.audio?.hash;
    const entry: CallAudioEntry = {
      format: sniffed.description,
      contentType: sniffed.contentType,
      bytes: stored.length,
      hash,
      ...(sniffed.durationMs !== undefined ? { durationMs: sniffed.durationMs } : {}),
      silenced: redactions.ranges,
      storedAt: new Date().toISOString(),
    };
    await this.write(callId, { ...file, audio: entry });
    if (previous && previous !== hash) await this.release(previous, callId);
    return { callId, ...answerOf(entry) };
  }

  /** A call was deleted: its redaction notes go, and its recording unless another call uses it. */
  async remove(callId: string): Promise<void> {
    const file = await this.read(callId);
    if (file.audio) await this.release(file.audio.hash, callId);
    await this.write(callId, {});
  }

  /** Drops the call's use of an object; the object goes with its last user. */
  private async release(hash: string, callId: string): Promise<void> {
    const refs = join(this.dir, 'refs', hash);
    await rm(join(refs, callId), { force: true });
    const users = await readdir(refs).catch(() => []);
    if (users.length > 0) return;
    await this.store.delete(hash);
    await rmdir(refs).catch(() => undefined);
  }
}

function answerOf({ storedAt, ...answer }: CallAudioEntry): Omit<AudioStored, 'callId'> {
  void storedAt;
  return answer;
}
