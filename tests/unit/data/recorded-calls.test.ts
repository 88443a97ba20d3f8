/**
 * The demo calls with audio: the committed recordings were made from the scripts as they are
 * now (run `npm run audio:demo` after changing a line), are small Ogg Opus files as long as
 * their timings say, and the corpus serves those calls with the audio and its turn times.
 */
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  RECORDED_SCRIPTS,
  RECORDING_TIMINGS,
  recordingAt,
  recordingUrl,
  scriptHash,
} from '../../../src/data/corpus/recorded/index.ts';
import { callId } from '../../../src/data/corpus/corpus.ts';
import { repoRoot } from '../../../scripts/manifest/paths.ts';
import { SMALL_CORPUS_BUDGET_MS, smallSource } from './shared-corpus.ts';

const publicDir = join(repoRoot, 'src', 'public');

/** Length of an Ogg Opus file, ms: the last page's granule position less the pre-skip. */
function oggOpusLengthMs(bytes: Buffer): number {
  expect(bytes.subarray(0, 4).toString('latin1')).toBe('OggS');
  const head = bytes.indexOf('OpusHead');
  expect(head).toBeGreaterThan(0);
  const preSkip = bytes.readUInt16LE(head + 10);
  const last = bytes.lastIndexOf('OggS');
  const granule = Number(bytes.readBigUInt64LE(last + 6));
  return ((granule - preSkip) / 48_000) * 1000;
}

// The corpus is generated once, in its own budget, not in the first test's.
beforeAll(() => void smallSource(), SMALL_CORPUS_BUDGET_MS);

describe('recorded demo calls', { timeout: SMALL_CORPUS_BUDGET_MS }, () => {
  it.each(RECORDED_SCRIPTS.map((s) => [s.id, s] as const))(
    '%s: audio made from the current lines, small, as long as its timings',
    (id, script) => {
      const timing = RECORDING_TIMINGS.calls[id];
      expect(timing, `no timings for ${id}: run npm run audio:demo`).toBeDefined();
      expect(
        timing!.scriptHash,
        `${id} changed since its audio was made: run npm run audio:demo`,
      ).toBe(scriptHash(script));
      expect(timing!.turns).toHaveLength(script.turns.length);
      let previousEnd = 0;
      for (const [begin, end] of timing!.turns) {
        expect(begin).toBeGreaterThanOrEqual(previousEnd);
        expect(end).toBeGreaterThan(begin);
        previousEnd = end;
      }
      expect(timing!.durationMs).toBeGreaterThan(previousEnd);
      const file = join(publicDir, recordingUrl(id));
      expect(statSync(file).size).toBeLessThan(150_000);
      expect(Math.abs(oggOpusLengthMs(readFileSync(file)) - timing!.durationMs)).toBeLessThan(120);
    },
  );

  it('are recent inbound analysed calls whose transcript follows the audio', async () => {
    const source = smallSource();
    const { n } = source.corpus;
    const indices = [...Array(n).keys()].filter((i) => recordingAt(n, i));
    expect(indices).toHaveLength(RECORDED_SCRIPTS.length);
    for (const i of indices) {
      const script = recordingAt(n, i)!;
      const detail = (await source.call(callId(i)))!;
      expect(detail.call.audioUrl).toBe(recordingUrl(script.id));
      expect(detail.call.direction).toBe('inbound');
      expect(detail.call.status).toBe('analysed');
      expect(detail.call.durationMs).toBe(RECORDING_TIMINGS.calls[script.id]!.durationMs);
      expect(detail.transcript.map((t) => [t.beginMs, t.endMs])).toEqual(
        RECORDING_TIMINGS.calls[script.id]!.turns,
      );
      expect(detail.transcript.map((t) => t.text)).toEqual(script.turns.map((t) => t.text));
    }
    // Every other call has no audio.
    const other = (await source.call(callId(0)))!;
    expect(other.call.audioUrl).toBeUndefined();
  });
});
