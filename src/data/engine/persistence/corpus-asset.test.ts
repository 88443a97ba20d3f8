import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { generateCorpus } from '../../corpus/generate.ts';
import { corpusKpis } from '../embedded-source.ts';
import { decodeCorpus, encodeCorpus, gunzip } from './corpus-asset.ts';

const OPTIONS = { seed: 7, calls: 300, day: '2026-03-31' };
const EXPECTED = { seed: 7, calls: 300, day: '2026-03-31' };

describe('the demo corpus asset', () => {
  const generated = generateCorpus(OPTIONS);
  const asset = gzipSync(encodeCorpus(generated));

  it('decodes to the generated corpus, every column and object', async () => {
    const decoded = decodeCorpus(await gunzip(asset), EXPECTED);
    expect({ ...decoded, loadMs: 0 }).toStrictEqual({ ...generated, loadMs: 0 });
    expect(corpusKpis(decoded)).toEqual(corpusKpis(generated));
  });

  it('is the same bytes for the same corpus', () => {
    expect(gzipSync(encodeCorpus(generateCorpus(OPTIONS))).equals(asset)).toBe(true);
  });

  it('is refused when damaged, cut short, of another format or of other options', async () => {
    const damaged = Uint8Array.from(asset);
    damaged[Math.floor(damaged.length / 2)]! ^= 0xff;
    await expect(gunzip(damaged)).rejects.toThrow();
    await expect(gunzip(asset.subarray(0, asset.length - 100))).rejects.toThrow();

    const raw = encodeCorpus(generated);
    expect(() => decodeCorpus(raw.subarray(0, raw.length - 8), EXPECTED)).toThrow();
    const otherFormat = Uint8Array.from(raw);
    const at = new TextDecoder().decode(raw.subarray(0, 200)).indexOf('"format":1');
    otherFormat[at + '"format":'.length] = '9'.charCodeAt(0);
    expect(() => decodeCorpus(otherFormat, EXPECTED)).toThrow(/format/);
    expect(() => decodeCorpus(raw, { ...EXPECTED, day: '2026-04-01' })).toThrow(/2026-04-01/);
    expect(() => decodeCorpus(raw, { ...EXPECTED, calls: 301 })).toThrow(/301/);
    expect(() => decodeCorpus(new Uint8Array(2), EXPECTED)).toThrow();
  });
});
