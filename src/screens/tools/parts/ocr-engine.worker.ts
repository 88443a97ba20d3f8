/**
 * The text recogniser's worker: tesseract.js's own worker script with one correction.
 *
 * tesseract.js 7.0.0 accepts a language as `{ code, data }` (the data handed over, not fetched
 * from a CDN) and writes the data under its code, but its `initialize` step then names the
 * language by `data` instead of `code`: the engine looks for a file called "31,139,8,..."
 * ("Failed loading language"), the start-up fails, and createWorker never settles, so the page
 * waited at "Starting the text recogniser" forever. This listener runs before the engine's (it
 * is registered first) and replaces each language object in an initialize request by its code.
 */
import engineUrl from 'tesseract.js/dist/worker.min.js?url';

declare const self: { importScripts(...urls: string[]): void } & Pick<
  EventTarget,
  'addEventListener'
>;

interface EngineRequest {
  action?: string;
  payload?: { langs?: unknown };
}

self.addEventListener('message', (event) => {
  const request = (event as MessageEvent<EngineRequest>).data;
  const langs = request?.payload?.langs;
  if (request?.action !== 'initialize' || !Array.isArray(langs)) return;
  request.payload!.langs = langs.map((lang: unknown) =>
    typeof lang === 'object' && lang !== null && 'code' in lang ? lang.code : lang,
  );
});

self.importScripts(engineUrl);
