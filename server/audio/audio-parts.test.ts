/** The audio parts on their own: byte ranges, signed links' expiry, formats told by their bytes. */
import { describe, expect, it } from 'vitest';
import { telephoneWav } from '../../tests/audio-fixtures.ts';
import { sniffAudio, UnsupportedAudio } from './format.ts';
import { audioLinks } from './links.ts';
import { requestedRange } from './range.ts';
import { redactionsOf, SILENCE_MARGIN_MS } from './call-audio.ts';

describe('requestedRange', () => {
  it('reads one byte range, clamps its end, and says when it is past the end', () => {
    expect(requestedRange(undefined, 100)).toEqual({ kind: 'whole' });
    expect(requestedRange('bytes=10-19', 100)).toEqual({
      kind: 'partial',
      range: { start: 10, end: 19 },
    });
    expect(requestedRange('bytes=90-500', 100)).toEqual({
      kind: 'partial',
      range: { start: 90, end: 99 },
    });
    expect(requestedRange('bytes=-30', 100)).toEqual({
      kind: 'partial',
      range: { start: 70, end: 99 },
    });
    expect(requestedRange('bytes=100-', 100)).toEqual({ kind: 'unsatisfiable' });
    expect(requestedRange('bytes=-0', 100)).toEqual({ kind: 'unsatisfiable' });
    // Not one byte range: the whole file, as RFC 9110 allows.
    expect(requestedRange('bytes=0-1,5-6', 100)).toEqual({ kind: 'whole' });
    expect(requestedRange('items=0-1', 100)).toEqual({ kind: 'whole' });
    expect(requestedRange('bytes=9-3', 100)).toEqual({ kind: 'whole' });
  });
});

describe('audioLinks', () => {
  const links = audioLinks(Buffer.from('a deployment secret'), 60);
  const now = Date.UTC(2026, 0, 1);
  it('works for its call until it expires, and for no other secret', () => {
    const link = new URL(links.link('call-000007', now), 'http://x');
    expect(links.verify('call-000007', link.searchParams, now + 59_000)).toBe('ok');
    expect(links.verify('call-000007', link.searchParams, now + 61_000)).toBe('expired');
    expect(links.verify('call-000008', link.searchParams, now)).toBe('forged');
    const other = audioLinks(Buffer.from('another deployment'), 60);
    expect(other.verify('call-000007', link.searchParams, now)).toBe('forged');
    expect(links.verify('call-000007', new URLSearchParams(), now)).toBe('forged');
  });
});

describe('sniffAudio', () => {
  it('tells WAV encodings apart and says which can be silenced', () => {
    expect(sniffAudio(telephoneWav(1000))).toMatchObject({
      format: 'wav',
      silenceable: true,
      description: 'WAV, µ-law, 8000 Hz',
      durationMs: 1000,
    });
    const eightBit = telephoneWav(1000, { code: 1 });
    eightBit[34] = 8; // bits per sample
    expect(sniffAudio(eightBit)).toMatchObject({ silenceable: false });
  });
  it('names what it refuses', () => {
    const vorbis = new Uint8Array(64);
    vorbis.set(new TextEncoder().encode('OggS'));
    vorbis.set(new TextEncoder().encode('\x01vorbis'), 28);
    expect(() => sniffAudio(vorbis)).toThrow(/Ogg Vorbis/);
    const m4a = new Uint8Array(64);
    m4a.set(new TextEncoder().encode('ftypM4A '), 4);
    expect(() => sniffAudio(m4a)).toThrow(UnsupportedAudio);
    expect(() => sniffAudio(m4a)).toThrow(/MP4\/M4A/);
  });
});

describe('redactionsOf', () => {
  it('widens and merges word times, and places nothing when times were estimated', () => {
    const span = (beginMs: number, endMs: number) => ({
      kind: 'card' as const,
      turn: 0,
      words: [0, 1] as [number, number],
      chars: [0, 6] as [number, number],
      audio: { beginMs, endMs, from: 'words' as const },
    });
    const m = SILENCE_MARGIN_MS;
    expect(redactionsOf([span(1000, 2000), span(2100, 2500), span(9000, 9100)], false)).toEqual({
      ranges: [
        { beginMs: 1000 - m, endMs: 2500 + m },
        { beginMs: 9000 - m, endMs: 9100 + m },
      ],
      unplaced: 0,
    });
    expect(redactionsOf([span(1000, 2000)], true)).toEqual({ ranges: [], unplaced: 1 });
  });
});
