/// <reference lib="webworker" />
/**
 * The tools worker: the public tools' analysis of the visitor's own input, off the page's
 * thread. It holds only the product's default rules, form and settings; nothing the visitor
 * gives it leaves the browser, and it never sees the data worker's corpus.
 */
import { serveTools } from './serve.ts';

declare const self: DedicatedWorkerGlobalScope;

serveTools(
  (message) => self.postMessage(message),
  (listener) => self.addEventListener('message', (event) => listener(event.data)),
);
