/// <reference lib="webworker" />
/**
 * The data worker: generates the corpus on the first request (init), then answers source
 * calls one at a time. Heavy work never touches the page's thread.
 */
import { createEmbeddedSource, type EmbeddedSource } from '../engine/index.ts';
import { serveSource } from './serve.ts';

declare const self: DedicatedWorkerGlobalScope;

let source: EmbeddedSource | null = null;

serveSource(
  (message) => self.postMessage(message),
  (listener) => self.addEventListener('message', (event) => listener(event.data)),
  (options) => {
    source ??= createEmbeddedSource(options);
    return source;
  },
);
