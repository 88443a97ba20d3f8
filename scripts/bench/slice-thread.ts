/** A worker_threads helper for bench:data: builds corpus slices like the browser's slice worker. */
import { parentPort } from 'node:worker_threads';
import { buildSliceMessage } from '../../src/data/corpus/parallel.ts';
import type { GenerateOptions } from '../../src/data/corpus/generate.ts';

parentPort!.on('message', ({ options, k }: { options: GenerateOptions; k: number }) => {
  const message = buildSliceMessage(options, k);
  parentPort!.postMessage(
    message,
    Object.values(message.columns).map((c) => c.buffer as ArrayBuffer),
  );
});
