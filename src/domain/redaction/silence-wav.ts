/**
 * Silence stretches of a WAV recording (the audio twin of transcript redaction): 16-bit PCM at
 * any rate (8 kHz telephone audio included), and the telephone codecs G.711 µ-law and A-law,
 * whose silence is not byte 0. Pure: returns a copy, the input is left as it was.
 */

export class WavFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WavFormatError';
  }
}

const SILENCE_BYTE: Record<number, number> = { 1: 0, 6: 0xd5, 7: 0xff };

export function silenceWav(
  wav: Uint8Array,
  ranges: readonly { beginMs: number; endMs: number }[],
): Uint8Array {
  const view = new DataView(wav.buffer, wav.byteOffset, wav.byteLength);
  const tag = (at: number) => String.fromCharCode(...wav.subarray(at, at + 4));
  if (wav.length < 12 || tag(0) !== 'RIFF' || tag(8) !== 'WAVE')
    throw new WavFormatError('Not a WAV file (no RIFF/WAVE header).');
  let format: { code: number; rate: number; block: number; bits: number } | null = null;
  let at = 12;
  while (at + 8 <= wav.length) {
    const id = tag(at);
    const size = view.getUint32(at + 4, true);
    const body = at + 8;
    if (id === 'fmt ') {
      format = {
        code: view.getUint16(body, true),
        rate: view.getUint32(body + 4, true),
        block: view.getUint16(body + 12, true),
        bits: view.getUint16(body + 14, true),
      };
    } else if (id === 'data') {
      if (!format) throw new WavFormatError('The data chunk comes before the fmt chunk.');
      const silence = SILENCE_BYTE[format.code];
      if (silence === undefined || (format.code === 1 && format.bits !== 16))
        throw new WavFormatError(
          `Only 16-bit PCM, µ-law and A-law WAV can be silenced (format ${format.code}, ${format.bits}-bit).`,
        );
      const end = Math.min(wav.length, body + size);
      const out = wav.slice();
      for (const r of ranges) {
        const from =
          body + Math.floor((Math.max(0, r.beginMs) * format.rate) / 1000) * format.block;
        const to = body + Math.ceil((Math.max(0, r.endMs) * format.rate) / 1000) * format.block;
        if (to > from) out.fill(silence, Math.min(from, end), Math.min(to, end));
      }
      return out;
    }
    at = body + size + (size % 2);
  }
  throw new WavFormatError('No data chunk in the WAV file.');
}
