/**
 * The visitor's files on the page: which are recordings, which are transcripts, and which
 * recording belongs to which transcript (same name before the extension, or the only pair).
 * Oversized transcripts are refused here, before they are read into memory.
 */
import { MAX_TRANSCRIPT_BYTES } from '../../../data/index.ts';

const AUDIO = /\.(wav|mp3|m4a|ogg|oga|opus|webm|flac|aac)$/i;

export function isAudio(file: { name: string; type: string }): boolean {
  return file.type.startsWith('audio/') || AUDIO.test(file.name);
}

export function baseName(name: string): string {
  return name.replace(/\.[^.]+$/, '').toLowerCase();
}

/** The recording for each transcript, by file name. */
export function pairRecordings<A extends { name: string }>(
  transcripts: readonly { name: string }[],
  recordings: readonly A[],
): Map<string, A> {
  const pairs = new Map<string, A>();
  if (transcripts.length === 1 && recordings.length === 1) {
    pairs.set(transcripts[0]!.name, recordings[0]!);
    return pairs;
  }
  for (const t of transcripts) {
    const match = recordings.find((r) => baseName(r.name) === baseName(t.name));
    if (match) pairs.set(t.name, match);
  }
  return pairs;
}

export type ReadFile = { name: string; text: string } | { name: string; problem: string };

export async function readTranscriptFile(file: File): Promise<ReadFile> {
  if (file.size > MAX_TRANSCRIPT_BYTES) {
    return {
      name: file.name,
      problem: `It is ${(file.size / 1_000_000).toFixed(1)} MB; the limit is 1 MB per transcript.`,
    };
  }
  try {
    return { name: file.name, text: await file.text() };
  } catch {
    return { name: file.name, problem: 'It could not be read from your disk.' };
  }
}

/** Saves text as a file through the browser (no server involved). */
export function download(name: string, text: string, type = 'text/csv'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
