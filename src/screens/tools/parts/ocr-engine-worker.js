/*
 * The text recogniser's worker: tesseract.js's own worker script with one correction.
 *
 * A plain script (no imports, not Vite's worker entry): tesseract.js starts it as a classic
 * worker, and Vite's dev server serves worker entries as ES modules, so under `npm start` an
 * entry with an import failed with "Cannot use import statement outside a module". The page
 * names the engine's script in this script's address (`#engine=`), built or served.
 *
 * tesseract.js 7.0.0 accepts a language as `{ code, data }` (the data handed over, not fetched
 * from a CDN) and writes the data under its code, but its `initialize` step then names the
 * language by `data` instead of `code`: the engine looks for a file called "31,139,8,..."
 * ("Failed loading language"), the start-up fails, and createWorker never settles, so the page
 * waited at "Starting the text recogniser" forever. This listener runs before the engine's (it
 * is registered first) and replaces each language object in an initialize request by its code.
 */
self.addEventListener('message', (event) => {
  const request = event.data;
  const langs = request && request.payload && request.payload.langs;
  if (!request || request.action !== 'initialize' || !Array.isArray(langs)) return;
  request.payload.langs = langs.map((lang) =>
    typeof lang === 'object' && lang !== null && 'code' in lang ? lang.code : lang,
  );
});

// The page names the engine's script in this script's fragment (ocr.ts, workerAddress). Without
// it the worker would load nothing and answer nothing, and the page would wait for ever: an
// error here reaches the page (the worker's error event), which says the recogniser cannot start.
const engine = new URLSearchParams(self.location.hash.slice(1)).get('engine');
if (!engine) throw new Error('The text recogniser was started without its engine script.');
self.importScripts(new URL(engine, self.location.href).href);
