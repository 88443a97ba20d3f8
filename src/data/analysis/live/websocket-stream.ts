/**
 * A live stream from a WebSocket: each message is one LiveEvent as JSON. This is how a
 * deployment connects the live view to its telephony and streaming speech-to-text; messages
 * that are not a LiveEvent are skipped and counted, never thrown.
 */
import { demoLiveStream } from './demo-stream.ts';
import type { LiveEvent, LiveOptions, LiveStream } from './live-types.ts';

/** The subprotocol of the live stream; the token travels as a second one, `bearer.<token>`. */
export const LIVE_PROTOCOL = 'callscope.live.v1';

/** The stream for these options: the deployment's WebSocket when one is given, else the demo. */
export function liveStreamFor(options: LiveOptions): LiveStream {
  const target = options.socket;
  if (!target) return demoLiveStream(options);
  return webSocketLiveStream(
    () => new WebSocket(target.url, [LIVE_PROTOCOL, `bearer.${target.token}`]),
  );
}

interface SocketLike {
  addEventListener(type: 'message', fn: (e: { data: unknown }) => void): void;
  addEventListener(type: 'close', fn: (e: { code: number; reason: string }) => void): void;
  close(): void;
}

/** What a user is told when the socket closes: the server's reason, else what the code means. */
export function closedReason(code: number, reason: string): string {
  if (reason) return reason;
  if (code === 1000) return 'the deployment ended the live stream';
  if (code === 1006) return 'the connection to the live stream was refused or lost';
  return `the live stream closed (code ${code})`;
}

export function webSocketLiveStream(
  open: () => SocketLike,
  onSkipped: (count: number) => void = () => {},
): LiveStream {
  return {
    start(listener, onClosed = () => {}) {
      const socket = open();
      let skipped = 0;
      let stopped = false;
      socket.addEventListener('message', (e) => {
        const event = parseLiveEvent(e.data);
        if (event) listener(event);
        else onSkipped(++skipped);
      });
      // A refused handshake (no or bad token) and a dropped connection both end in 'close'.
      socket.addEventListener('close', (e) => {
        if (!stopped) onClosed(closedReason(e.code, e.reason));
      });
      return () => {
        stopped = true;
        socket.close();
      };
    },
  };
}

export function parseLiveEvent(data: unknown): LiveEvent | null {
  if (typeof data !== 'string') return null;
  let v: unknown;
  try {
    v = JSON.parse(data);
  } catch {
    return null;
  }
  if (typeof v !== 'object' || v === null) return null;
  const e = v as Record<string, unknown>;
  if (typeof e.callId !== 'string') return null;
  if (e.type === 'call-started')
    return typeof e.agentName === 'string' &&
      typeof e.customerName === 'string' &&
      typeof e.queue === 'string' &&
      (e.direction === 'inbound' || e.direction === 'outbound')
      ? (e as unknown as LiveEvent)
      : null;
  if (e.type === 'turn')
    return (e.speaker === 'AGENT' || e.speaker === 'CUSTOMER' || e.speaker === 'IVR') &&
      typeof e.text === 'string' &&
      typeof e.beginMs === 'number' &&
      typeof e.endMs === 'number'
      ? (e as unknown as LiveEvent)
      : null;
  if (e.type === 'call-ended')
    return typeof e.durationMs === 'number' ? (e as unknown as LiveEvent) : null;
  return null;
}
