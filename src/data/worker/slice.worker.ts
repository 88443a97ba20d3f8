/// <reference lib="webworker" />
/** A helper of the data worker: builds one slice of the corpus per request (see corpus/parallel.ts). */
import { buildSliceMessage } from '../corpus/parallel.ts';
import type { GenerateOptions } from '../corpus/generate.ts';

declare const self: DedicatedWorkerGlobalScope;

self.addEventListener('message', (event: MessageEvent<{ options: GenerateOptions; k: number }>) => {
  try {
    const message = buildSliceMessage(event.data.options, event.data.k);
    const buffers = Object.values(message.columns).map((c) => c.buffer as ArrayBuffer);
    const f = message.result.failures;
    buffers.push(
      f.counts.buffer as ArrayBuffer,
      f.rule.buffer as ArrayBuffer,
      f.segment.buffer as ArrayBuffer,
      f.beginMs.buffer as ArrayBuffer,
    );
    self.postMessage({ ok: true, message }, buffers);
  } catch (error) {
    self.postMessage({ ok: false, error: error instanceof Error ? error.message : String(error) });
  }
});
