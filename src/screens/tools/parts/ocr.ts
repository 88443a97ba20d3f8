/**
 * Text recognition of an image with tesseract.js, entirely from this site: the worker script,
 * the WebAssembly core and the English data (npm `@tesseract.js-data/eng`) are bundled as assets
 * of this module, which only the image tool loads (dynamic import), so no other page pays for
 * them and nothing is fetched from a CDN. The data is fetched here (for a progress figure) and
 * handed to the engine; nothing is cached outside the page.
 */
import { createWorker } from 'tesseract.js';
// tesseract.js's worker script behind a fix of its start-up (see ocr-engine-worker.js): a
// plain classic script, as tesseract.js starts it, in the build and on the dev server alike.
// Its own file, never a data: URL (too small for that otherwise): the CSP allows workers from
// this site only.
import fixUrl from './ocr-engine-worker.js?url&no-inline';
import engineUrl from 'tesseract.js/dist/worker.min.js?url';
// The LSTM-only core without SIMD runs in every browser with WebAssembly.
import coreUrl from 'tesseract.js-core/tesseract-core-lstm.wasm.js?url';
import englishUrl from '@tesseract.js-data/eng/4.0.0_best_int/eng.traineddata.gz?url';

export interface OcrProgress {
  stage:
    'Downloading the English language data' | 'Starting the text recogniser' | 'Recognising text';
  /** 0..1 */
  share: number;
}

async function fetchWithProgress(
  url: string,
  onShare: (share: number) => void,
): Promise<Uint8Array> {
  const response = await fetch(url);
  if (!response.ok || !response.body)
    throw new Error(`The language data could not be loaded (${response.status}).`);
  const total = Number(response.headers.get('content-length')) || 0;
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.length;
    if (total > 0) onShare(Math.min(1, received / total));
  }
  const data = new Uint8Array(received);
  let at = 0;
  for (const c of chunks) {
    data.set(c, at);
    at += c.length;
  }
  return data;
}

/**
 * The worker's address: the start-up fix's own, as Vite gives it, with the engine's script named
 * in the fragment. Not in the query: on the dev server the fix's address already has one
 * (`…/ocr-engine-worker.js?no-inline`), and a second `?engine=` appended to it was read as part
 * of the `no-inline` key, so the worker found no engine, loaded nothing and answered nothing,
 * and the page waited at "Starting the text recogniser" for ever (the build's address has no
 * query, so there it worked). The fragment never reaches the server, whatever its address.
 */
function workerAddress(): string {
  const address = new URL(fixUrl, location.href);
  address.hash = new URLSearchParams({ engine: new URL(engineUrl, location.href).href }).toString();
  return address.href;
}

export async function recogniseText(
  image: Blob,
  onProgress: (p: OcrProgress) => void,
): Promise<string> {
  const data = await fetchWithProgress(englishUrl, (share) =>
    onProgress({ stage: 'Downloading the English language data', share }),
  );
  onProgress({ stage: 'Starting the text recogniser', share: 0 });
  // createWorker does not settle when the engine fails to start; its error handler does.
  let failed: (reason: Error) => void = () => {};
  const failure = new Promise<never>((_, reject) => (failed = reject));
  const worker = await Promise.race([
    createWorker([{ code: 'eng', data }], 1, {
      workerPath: workerAddress(),
      corePath: coreUrl,
      workerBlobURL: false,
      cacheMethod: 'none',
      errorHandler: (reason: unknown) =>
        failed(new Error(`The text recogniser could not start (${String(reason)}).`)),
      logger: (m: { status: string; progress: number }) => {
        if (m.status === 'recognizing text')
          onProgress({ stage: 'Recognising text', share: m.progress });
      },
    }),
    failure,
  ]);
  try {
    const result = await worker.recognize(image);
    return result.data.text;
  } finally {
    await worker.terminate();
  }
}
