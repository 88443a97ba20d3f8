/**
 * Which audio a file is, from its bytes (magic numbers), never from its name or the content
 * type the client claims: 8 kHz telephone WAV (16-bit PCM, µ-law, A-law), Opus in Ogg, MP3.
 * Anything else is named (FLAC, MP4/M4A, WebM, Ogg Vorbis...) so the refusal says what came.
 */

export type AudioFormat = 'wav' | 'opus' | 'mp3';

export interface SniffedAudio {
  format: AudioFormat;
  /** The Content-Type it is served with. */
  contentType: string;
  /** Whether redacted spans can be silenced in it without decoding (WAV's PCM and G.711). */
  silenceable: boolean;
  /** What it is, for messages: "WAV, µ-law, 8000 Hz". */
  description: string;
  /** Length in ms when the header says it (WAV); undefined otherwise. */
  durationMs?: number;
}

/** Audio that is not one of the formats taken; `format` names what it is when known. */
export class UnsupportedAudio extends Error {
  constructor(
    readonly format: string,
    message: string,
  ) {
    super(message);
  }
}

export const ACCEPTED_AUDIO = 'WAV (16-bit PCM, µ-law or A-law), Opus in Ogg, or MP3';

const ascii = (bytes: Uint8Array, at: number, n: number) =>
  String.fromCharCode(...bytes.subarray(at, at + n));

/** Formats refused, by their signature, so the answer can name them. */
const OTHERS: { name: string; test: (b: Uint8Array) => boolean }[] = [
  { name: 'FLAC', test: (b) => ascii(b, 0, 4) === 'fLaC' },
  { name: 'MP4/M4A', test: (b) => ascii(b, 4, 4) === 'ftyp' },
  {
    name: 'WebM/Matroska',
    test: (b) => b[0] === 0x1a && b[1] === 0x45 && b[2] === 0xdf && b[3] === 0xa3,
  },
  { name: 'AIFF', test: (b) => ascii(b, 0, 4) === 'FORM' && ascii(b, 8, 4) === 'AIFF' },
  { name: 'AMR', test: (b) => ascii(b, 0, 5) === '#!AMR' },
  { name: 'a PDF document', test: (b) => ascii(b, 0, 5) === '%PDF-' },
  { name: 'a ZIP archive', test: (b) => ascii(b, 0, 4) === 'PK\x03\x04' },
  { name: 'text', test: (b) => b.length > 0 && [...b.subarray(0, 64)].every(isText) },
];

function isText(c: number): boolean {
  return c === 9 || c === 10 || c === 13 || (c >= 32 && c < 127);
}

/** WAV format codes (the fmt chunk's first field). */
const WAV_CODES: Record<number, string> = { 1: 'PCM', 6: 'A-law', 7: 'µ-law' };

export function sniffAudio(bytes: Uint8Array): SniffedAudio {
  if (bytes.length < 12) throw new UnsupportedAudio('empty', 'The audio file is empty or cut off');
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WAVE') return sniffWav(bytes);
  if (ascii(bytes, 0, 4) === 'OggS') {
    // The first page carries the codec's identification header.
    const head = ascii(bytes, 28, 8);
    if (head === 'OpusHead')
      return {
        format: 'opus',
        contentType: 'audio/ogg; codecs=opus',
        silenceable: false,
        description: 'Opus in Ogg',
      };
    const codec = head.startsWith('\x01vorbis') ? 'Ogg Vorbis' : 'Ogg (not Opus)';
    throw new UnsupportedAudio(codec, `${codec} audio is not taken: send ${ACCEPTED_AUDIO}`);
  }
  if (ascii(bytes, 0, 3) === 'ID3' || isMp3Frame(bytes, 0))
    return { format: 'mp3', contentType: 'audio/mpeg', silenceable: false, description: 'MP3' };
  const other = OTHERS.find((o) => o.test(bytes))?.name ?? 'an unknown format';
  throw new UnsupportedAudio(
    other,
    `The file is ${other}, not audio this server takes: send ${ACCEPTED_AUDIO}`,
  );
}

/** An MPEG audio frame header of layer III (MP3) at `at`: 11 sync bits, layer bits 01. */
function isMp3Frame(b: Uint8Array, at: number): boolean {
  return b[at] === 0xff && (b[at + 1]! & 0xe0) === 0xe0 && ((b[at + 1]! >> 1) & 3) === 1;
}

function sniffWav(bytes: Uint8Array): SniffedAudio {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = 12;
  let fmt: { code: number; channels: number; rate: number; byteRate: number; bits: number } | null =
    null;
  while (at + 8 <= bytes.length) {
    const id = ascii(bytes, at, 4);
    const size = view.getUint32(at + 4, true);
    const body = at + 8;
    if (id === 'fmt ' && body + 16 <= bytes.length) {
      fmt = {
        code: view.getUint16(body, true),
        channels: view.getUint16(body + 2, true),
        rate: view.getUint32(body + 4, true),
        byteRate: view.getUint32(body + 8, true),
        bits: view.getUint16(body + 14, true),
      };
    } else if (id === 'data') {
      if (!fmt) break;
      const codec = WAV_CODES[fmt.code];
      if (!codec)
        throw new UnsupportedAudio(
          `WAV format ${fmt.code}`,
          `The WAV file's encoding (format code ${fmt.code}) is not taken: send ${ACCEPTED_AUDIO}`,
        );
      const dataBytes = Math.min(size, bytes.length - body);
      return {
        format: 'wav',
        contentType: 'audio/wav',
        // silence-wav.ts writes silence into 16-bit PCM and G.711 only.
        silenceable: fmt.code !== 1 || fmt.bits === 16,
        description: `WAV, ${codec}${fmt.code === 1 ? ` ${fmt.bits}-bit` : ''}, ${fmt.rate} Hz${fmt.channels > 1 ? `, ${fmt.channels} channels` : ''}`,
        ...(fmt.byteRate > 0 ? { durationMs: Math.round((dataBytes * 1000) / fmt.byteRate) } : {}),
      };
    }
    at = body + size + (size % 2);
  }
  throw new UnsupportedAudio('a damaged WAV file', 'The WAV file has no fmt or data chunk');
}
