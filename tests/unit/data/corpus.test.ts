import { describe, expect, it } from 'vitest';
import { generateCorpus } from '../../../src/data/engine/index.ts';
import { analyseCall, rebuildTranscript } from '../../../src/data/corpus/generate.ts';
import { createRandom, hashSeed } from '../../../src/data/corpus/prng.ts';

function fingerprint(calls: number, seed: number): string {
  const c = generateCorpus({ calls, seed });
  let h = 0;
  for (const column of Object.values(c.cols)) {
    const bytes = new Uint8Array(column.buffer, column.byteOffset, column.byteLength);
    for (let i = 0; i < bytes.length; i++) h = (Math.imul(h, 31) + bytes[i]!) | 0;
  }
  return `${h}:${c.leads.length}:${c.failures.rule.length}`;
}

// Generation is CPU-bound; leave room for a busy CI machine.
describe('synthetic corpus', { timeout: 60_000 }, () => {
  it('same seed, same data; another seed, other data', () => {
    expect(fingerprint(400, 1)).toBe(fingerprint(400, 1));
    expect(fingerprint(400, 1)).not.toBe(fingerprint(400, 2));
  });

  it('the seeded random streams are stable', () => {
    const r = createRandom(hashSeed(42, 7));
    expect([r.next(), r.next()].map((x) => x.toFixed(6))).toEqual(
      (() => {
        const again = createRandom(hashSeed(42, 7));
        return [again.next(), again.next()].map((x) => x.toFixed(6));
      })(),
    );
  });

  it('rejects sizes outside 1..200,000', () => {
    expect(() => generateCorpus({ calls: 0 })).toThrow(/1 to 200000/);
    expect(() => generateCorpus({ calls: 200_001 })).toThrow(RangeError);
  });

  it('covers 90 days, sorted by start, with the expected cast', () => {
    const c = generateCorpus({ calls: 1500, seed: 3 });
    expect(c.toMs - c.fromMs).toBe(90 * 86_400_000);
    for (let i = 1; i < c.n; i++)
      expect(c.cols.startMs[i]!).toBeGreaterThanOrEqual(c.cols.startMs[i - 1]!);
    expect(c.cast.vendors).toHaveLength(8);
    expect(c.cast.agents).toHaveLength(120);
    expect(c.cols.startMs[0]!).toBeGreaterThanOrEqual(c.fromMs);
    expect(c.cols.startMs[c.n - 1]!).toBeLessThan(c.toMs);
  });

  it('has repeat callers, fake calls, non-compliant calls and every scenario', () => {
    const c = generateCorpus({ calls: 3000, seed: 5 });
    const sum = (col: ArrayLike<number>) => Array.from(col).reduce((a, b) => a + (b ? 1 : 0), 0);
    expect(sum(c.cols.repeatCall)).toBeGreaterThan(100);
    expect(sum(c.cols.fake)).toBeGreaterThan(50);
    expect(c.n - sum(c.cols.compliant)).toBeGreaterThan(100);
    expect(new Set(c.cols.scenario).size).toBe(8);
  });

  it('a rebuilt transcript gives exactly the stored analysis (transcripts are not stored)', () => {
    const c = generateCorpus({ calls: 400, seed: 9 });
    for (const i of [0, 57, 199, 398]) {
      if (c.cols.status[i] !== 0) continue;
      const t = rebuildTranscript(c, i);
      expect(t.durationMs).toBe(c.cols.durationMs[i]);
      const a = analyseCall(c, i, t);
      expect(a.talk.customerMs).toBe(c.cols.customerTalkMs[i]);
      expect(a.silenceMs).toBe(c.cols.silenceMs[i]);
      expect(a.compliance.compliant).toBe(c.cols.compliant[i] === 1);
      // per-turn timing and sentiment
      for (const s of t.segments) {
        expect(s.endMs).toBeGreaterThan(s.beginMs);
        expect(s.sentimentScore).toBeGreaterThanOrEqual(-5);
        expect(s.sentimentScore).toBeLessThanOrEqual(5);
      }
    }
  });
});
