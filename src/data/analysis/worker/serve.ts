/**
 * The tools worker's side of the protocol, independent of the Worker global so tests can drive
 * it directly. Tool calls are answered one by one; the live view pushes a snapshot at most
 * every SNAPSHOT_MS so the page repaints a few times a second, whatever the event rate.
 */
import { LiveMonitor } from '../live/live-monitor.ts';
import type { LiveOptions, LiveStream } from '../live/live-types.ts';
import { liveStreamFor } from '../live/websocket-stream.ts';
import { toolsApi } from '../tools-api.ts';
import type { ToolRequest, ToolResponse } from './protocol.ts';

const SNAPSHOT_MS = 250;

export function serveTools(
  post: (message: ToolResponse) => void,
  listen: (listener: (message: ToolRequest) => void) => void,
  liveStream: (options: LiveOptions) => LiveStream = liveStreamFor,
): void {
  let stopLive: (() => void) | null = null;
  let focus: string | null = null;
  listen((message) => {
    if (message.kind === 'call') {
      try {
        const fn = toolsApi[message.method] as (...args: unknown[]) => unknown;
        post({ kind: 'result', id: message.id, ok: true, result: fn(...message.args) });
      } catch (e) {
        post({
          kind: 'result',
          id: message.id,
          ok: false,
          message: e instanceof Error ? e.message : String(e),
        });
      }
      return;
    }
    if (message.kind === 'live-focus') {
      focus = message.callId;
      return;
    }
    stopLive?.();
    stopLive = null;
    if (message.kind === 'live-stop') return;
    const monitor = new LiveMonitor();
    let dirty = true;
    let closed: string | undefined;
    const stopStream = liveStream(message.options).start(
      (event) => {
        monitor.handle(event);
        dirty = true;
      },
      (reason) => {
        closed = reason;
        dirty = true;
      },
    );
    const timer = setInterval(() => {
      if (!dirty) return;
      dirty = false;
      const snapshot = monitor.snapshot(focus);
      post({ kind: 'live', snapshot: closed === undefined ? snapshot : { ...snapshot, closed } });
    }, SNAPSHOT_MS);
    stopLive = () => {
      stopStream();
      clearInterval(timer);
    };
  });
}
