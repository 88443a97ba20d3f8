/**
 * The page side of the tools worker: each tool call is a promise; the live view is a
 * subscription. The worker is created on first use, so only tool pages ever load it.
 */
import type { LiveOptions, LiveSnapshot } from '../live/live-types.ts';
import type { ToolMethod, ToolsApi } from '../tools-api.ts';
import type { ToolRequest, ToolResponse } from './protocol.ts';

export type ToolsClient = {
  [M in ToolMethod]: (...args: Parameters<ToolsApi[M]>) => Promise<ReturnType<ToolsApi[M]>>;
} & {
  /** Starts the live view; returns the function that stops it. */
  live(options: LiveOptions, onSnapshot: (s: LiveSnapshot) => void): () => void;
  /** Which call's transcript the live snapshots carry. */
  focusLive(callId: string | null): void;
};

/** A request without its id (Omit distributed over the union). */
type Outgoing = ToolRequest extends infer R ? (R extends unknown ? Omit<R, 'id'> : never) : never;

const METHODS: ToolMethod[] = [
  'analyse',
  'analyseMany',
  'automatedQm',
  'analyseThreads',
  'checkCalls',
  'readCallMetadata',
];

export function createToolsClient(worker: Worker): ToolsClient {
  let nextId = 1;
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  let liveListener: ((s: LiveSnapshot) => void) | null = null;
  worker.addEventListener('message', (event: MessageEvent<ToolResponse>) => {
    const m = event.data;
    if (m.kind === 'live') {
      liveListener?.(m.snapshot);
      return;
    }
    const waiter = pending.get(m.id);
    if (!waiter) return;
    pending.delete(m.id);
    if (m.ok) waiter.resolve(m.result);
    else waiter.reject(new Error(m.message));
  });
  worker.addEventListener('error', (event: ErrorEvent) => {
    for (const w of pending.values())
      w.reject(new Error(`The analysis worker failed: ${event.message || 'unknown error'}`));
    pending.clear();
  });
  const send = (request: Outgoing) => {
    const id = nextId++;
    worker.postMessage({ ...request, id });
    return id;
  };
  const client = {} as Record<string, unknown>;
  for (const method of METHODS) {
    client[method] = (...args: unknown[]) =>
      new Promise((resolve, reject) => {
        const id = nextId;
        pending.set(id, { resolve, reject });
        send({ kind: 'call', method, args } as Outgoing);
      });
  }
  client.live = (options: LiveOptions, onSnapshot: (s: LiveSnapshot) => void) => {
    liveListener = onSnapshot;
    send({ kind: 'live-start', options });
    return () => {
      if (liveListener === onSnapshot) liveListener = null;
      send({ kind: 'live-stop' });
    };
  };
  client.focusLive = (callId: string | null) => send({ kind: 'live-focus', callId });
  return client as ToolsClient;
}

let tools: ToolsClient | null = null;

/** The tools worker, created on the first tool call. */
export function getToolsClient(): ToolsClient {
  tools ??= createToolsClient(
    new Worker(new URL('./tools.worker.ts', import.meta.url), {
      type: 'module',
      name: 'tools-analysis',
    }),
  );
  return tools;
}
