/**
 * Resolves after the work already waiting has had its turn. Long engine work (a preview, a
 * re-run on history) awaits it between chunks so the worker, or the API server, keeps answering.
 * In a browser a MessageChannel task, which is not clamped the way nested setTimeout(0) is
 * (4 ms each: 400 steps of a 200,000-call re-run idled 1.6 s); in Node setTimeout(0), which is
 * not clamped and lets the server's requests (and their progress polls) in between steps.
 */
const inBrowser =
  typeof document !== 'undefined' ||
  typeof (globalThis as { importScripts?: unknown }).importScripts === 'function';

export function nextTask(): Promise<void> {
  if (!inBrowser) return new Promise((resolve) => setTimeout(resolve, 0));
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
