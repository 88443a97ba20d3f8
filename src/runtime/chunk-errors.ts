/**
 * Tells a failed chunk download apart from a bug in a screen, so the user gets the right
 * advice. Vite raises `vite:preloadError` with the error before rejecting the import; we only
 * note the error here (no preventDefault, which would resolve the import with undefined) and
 * let the screen's error boundary show it.
 */
const chunkErrors = new WeakSet<object>();

if (typeof window !== 'undefined') {
  window.addEventListener('vite:preloadError', (event) => {
    const error = (event as Event & { payload?: unknown }).payload;
    if (typeof error === 'object' && error !== null) chunkErrors.add(error);
  });
}

// What browsers say when a dynamic import fails (dev server and missed events included).
const chunkMessage =
  /dynamically imported module|importing a module script failed|unable to preload|failed to fetch/i;

export function isChunkLoadError(error: unknown): boolean {
  if (typeof error === 'object' && error !== null && chunkErrors.has(error)) return true;
  return error instanceof Error && chunkMessage.test(error.message);
}
