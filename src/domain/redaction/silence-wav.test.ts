import { describe, expect, it } from 'vitest';
import { silenceWav, WavFormatError } from './index.ts';

/** A WAV file of `ms` milliseconds of one constant sample. */
function wav(opts: { code?: number; bits?: number; rate?: number; ms: number; fill: number }) {
  const { code = 1, bits = 16, rate = 8000, ms, fill } = opts;
  const block = bits / 8;
  const size = Math.round((rate * ms) / 1000) * block;
  const bytes = new Uint8Array(44 + size);
  const v = new DataView(bytes.buffer);
  const put = (at: number, s: string) =>
    [...s].forEach((c, k) => (bytes[at + k] = c.charCodeAt(0)));
  put(0, 'RIFF');
  v.setUint32(4, 36 + size, true);
  put(8, 'WAVE');
  put(12, 'fmt ');
  v.setUint32(16, 16, true);
  v.setUint16(20, code, true);
  v.setUint16(22, 1, true);
  v.setUint32(24, rate, true);
  v.setUint32(28, rate * block, true);
  v.setUint16(32, block, true);
  v.setUint16(34, bits, true);
  put(36, 'data');
  v.setUint32(40, size, true);
  bytes.fill(fill, 44);
  return bytes;
}

describe('silenceWav', () => {
  it('zeroes exactly the 16-bit samples of the given ranges and leaves the input as it was', () => {
    const input = wav({ ms: 1000, fill: 0x11 });
    const out = silenceWav(input, [{ beginMs: 250, endMs: 500 }]);
    const samples = new Int16Array(out.buffer, 44);
    expect(samples[1999]).toBe(0x1111);
    expect(samples[2000]).toBe(0);
    expect(samples[3999]).toBe(0);
    expect(samples[4000]).toBe(0x1111);
    expect(samples.filter((s) => s === 0)).toHaveLength(2000);
    expect(input.subarray(44).every((b) => b === 0x11)).toBe(true);
  });

  it('clips ranges beyond the end of the recording', () => {
    const out = silenceWav(wav({ ms: 100, fill: 0x11 }), [{ beginMs: 50, endMs: 10_000 }]);
    expect(out.length).toBe(44 + 1600);
    expect(new Int16Array(out.buffer, 44).filter((s) => s === 0)).toHaveLength(400);
  });

  it('silences µ-law telephone audio with its own silence byte', () => {
    const out = silenceWav(wav({ code: 7, bits: 8, ms: 100, fill: 0x00 }), [
      { beginMs: 0, endMs: 10 },
    ]);
    expect([...out.subarray(44, 124)].every((b) => b === 0xff)).toBe(true);
    expect(out[124]).toBe(0);
  });

  it('refuses what it cannot silence', () => {
    expect(() => silenceWav(new Uint8Array(20), [])).toThrow(WavFormatError);
    expect(() => silenceWav(wav({ bits: 24, ms: 10, fill: 1 }), [])).toThrow(/16-bit PCM/);
  });
});
