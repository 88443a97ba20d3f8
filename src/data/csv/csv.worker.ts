/// <reference lib="webworker" />
/** Parses one uploaded CSV file or Excel workbook per message, posting progress, then the summary. */
import { summariseFileBytes, type CsvWorkerMessage } from './read-file.ts';

const post = (m: CsvWorkerMessage) => (self as DedicatedWorkerGlobalScope).postMessage(m);

self.addEventListener('message', (event: MessageEvent<File>) => {
  const file = event.data;
  file
    .arrayBuffer()
    .then((buffer) => {
      let last = 0;
      return summariseFileBytes(file.name, new Uint8Array(buffer), (share) => {
        // A message per few percent is plenty for a progress bar.
        if (share - last >= 0.02 || share === 1) {
          last = share;
          post({ kind: 'progress', share });
        }
      });
    })
    .then(
      (summary) => post({ kind: 'done', summary }),
      (error: unknown) =>
        post({ kind: 'failed', message: error instanceof Error ? error.message : String(error) }),
    );
});
