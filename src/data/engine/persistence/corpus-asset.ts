/**
 * The demo corpus as a build asset (issue 35): generated once when the site is built
 * (scripts/build/demo-corpus-plugin.ts) and read back by the data worker, instead of generated
 * in every visitor's browser (2-4 s of one core for 20,000 calls).
 *
 * The format is columnar: a JSON header with everything but the typed arrays, which follow it
 * as raw bytes (little-endian, as every browser the build targets stores them), each at an
 * offset aligned for its element size. The file is gzipped (node:zlib at build time,
 * DecompressionStream in the worker): gzip's checksum turns damaged bytes into an error, and a
 * value that does not read back as a whole corpus of the asset's options is refused, so a
 * corrupt asset never shows numbers; the worker then generates the corpus.
 */
import type { Corpus } from '../../corpus/corpus.ts';
import { isWholeCorpus } from './corpus-cache.ts';

/** Bump when the layout below changes: an asset of another format is refused. */
export const CORPUS_ASSET_FORMAT = 1;

/** What the build tells the worker about the asset it shipped (null: none). */
export interface CorpusAssetInfo {
  /** Path under the site's base, e.g. assets/demo-corpus-<key>.bin. */
  file: string;
  seed: number;
  calls: number;
  day: string;
}

const TYPED_ARRAYS = {
  Float64Array,
  Float32Array,
  Int32Array,
  Uint32Array,
  Uint16Array,
  Uint8Array,
} as const;
type TypedArrayName = keyof typeof TYPED_ARRAYS;
type TypedArray = InstanceType<(typeof TYPED_ARRAYS)[TypedArrayName]>;

interface ArrayEntry {
  type: TypedArrayName;
  offset: number;
  length: number;
}

interface Header {
  format: number;
  arrays: ArrayEntry[];
  /** The corpus with each typed array replaced by { $array: index into `arrays` }. */
  corpus: unknown;
}

const ALIGN = 8;
const align = (n: number) => Math.ceil(n / ALIGN) * ALIGN;

/** The corpus as the asset's bytes, before compression. */
export function encodeCorpus(corpus: Corpus): Uint8Array<ArrayBuffer> {
  const arrays: TypedArray[] = [];
  const entries: ArrayEntry[] = [];
  let offset = 0;
  // loadMs is how long this browser took; applyStoredReview is set by the engine later.
  const { loadMs: _loadMs, applyStoredReview: _review, ...kept } = corpus;
  const json = JSON.stringify(kept, (_key, value: unknown) => {
    if (!ArrayBuffer.isView(value)) return value;
    const type = value.constructor.name as TypedArrayName;
    if (!(type in TYPED_ARRAYS)) throw new Error(`cannot encode a ${type} in the corpus asset`);
    const array = value as TypedArray;
    offset = align(offset);
    entries.push({ type, offset, length: array.length });
    arrays.push(array);
    offset += array.byteLength;
    return { $array: entries.length - 1 };
  });
  const header: Header = { format: CORPUS_ASSET_FORMAT, arrays: entries, corpus: JSON.parse(json) };
  const headerBytes = new TextEncoder().encode(JSON.stringify(header));
  const dataStart = align(4 + headerBytes.length);
  const out = new Uint8Array(dataStart + offset);
  new DataView(out.buffer).setUint32(0, headerBytes.length, true);
  out.set(headerBytes, 4);
  arrays.forEach((array, i) => {
    const bytes = new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
    out.set(bytes, dataStart + entries[i]!.offset);
  });
  return out;
}

/**
 * The corpus in an asset's (decompressed) bytes, if it is a whole corpus of `expected`'s seed,
 * size and day; throws with the reason otherwise.
 */
export function decodeCorpus(bytes: Uint8Array, expected: Omit<CorpusAssetInfo, 'file'>): Corpus {
  if (new Uint8Array(Uint16Array.of(1).buffer)[0] !== 1) {
    throw new Error('this platform stores numbers big-endian; the asset is little-endian');
  }
  if (bytes.byteLength < 4) throw new Error('the asset is empty');
  const headerLength = new DataView(bytes.buffer, bytes.byteOffset, 4).getUint32(0, true);
  if (4 + headerLength > bytes.byteLength) throw new Error('the asset is cut short');
  const header = JSON.parse(
    new TextDecoder().decode(bytes.subarray(4, 4 + headerLength)),
  ) as Partial<Header>;
  if (header.format !== CORPUS_ASSET_FORMAT || !Array.isArray(header.arrays)) {
    throw new Error(`the asset's format is ${String(header.format)}, not ${CORPUS_ASSET_FORMAT}`);
  }
  // One copy of the data, aligned, that every array views (no copy per column).
  const dataStart = align(4 + headerLength);
  const data = bytes.slice(dataStart).buffer;
  const arrays = header.arrays.map(({ type, offset, length }) => {
    const View = TYPED_ARRAYS[type];
    if (!View || offset % ALIGN !== 0 || offset + length * View.BYTES_PER_ELEMENT > data.byteLength)
      throw new Error('the asset names an array it does not hold');
    return new View(data, offset, length);
  });
  const corpus = JSON.parse(JSON.stringify(header.corpus), (_key, value: unknown) => {
    const ref = (value as { $array?: unknown } | null)?.$array;
    return typeof ref === 'number' ? arrays[ref] : value;
  }) as Corpus;
  corpus.loadMs = 0;
  if (!isWholeCorpus(corpus)) throw new Error('the asset is not a whole corpus');
  if (corpus.seed !== expected.seed || corpus.n !== expected.calls || corpus.day !== expected.day) {
    throw new Error(
      `the asset holds ${corpus.n} calls of seed ${corpus.seed} to ${corpus.day}, not ` +
        `${expected.calls} of seed ${expected.seed} to ${expected.day}`,
    );
  }
  return corpus;
}

/** The asset's gzipped bytes decompressed (DecompressionStream: browsers, workers and Node). */
export async function gunzip(bytes: Uint8Array<ArrayBuffer> | Blob): Promise<Uint8Array> {
  const blob = bytes instanceof Blob ? bytes : new Blob([bytes]);
  const stream = blob.stream().pipeThrough(new DecompressionStream('gzip'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** Fetches, decompresses and decodes the asset; throws with the reason when anything fails. */
export async function fetchCorpusAsset(url: URL, asset: CorpusAssetInfo): Promise<Corpus> {
  const started = performance.now();
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url.pathname} answered ${response.status}`);
  const corpus = decodeCorpus(await gunzip(await response.blob()), asset);
  corpus.loadMs = Math.round(performance.now() - started);
  return corpus;
}
