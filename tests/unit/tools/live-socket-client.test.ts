/**
 * The page's side of a deployment's live WebSocket: which stream the options choose, the
 * subprotocols carrying the token, malformed messages skipped and counted (never thrown), and the
 * ws(s) URL of a configured API.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LiveEvent } from '../../../src/data/analysis/live/live-types.ts';
import {
  LIVE_PROTOCOL,
  liveStreamFor,
  parseLiveEvent,
  webSocketLiveStream,
} from '../../../src/data/analysis/live/websocket-stream.ts';
import { liveSocketUrl } from '../../../src/data/http/api-connection.ts';

class FakeSocket {
  static opened: FakeSocket[] = [];
  listeners: ((e: { data: unknown }) => void)[] = [];
  closeListeners: ((e: { code: number; reason: string }) => void)[] = [];
  closed = false;
  constructor(
    readonly url: string,
    readonly protocols: string[],
  ) {
    FakeSocket.opened.push(this);
  }
  addEventListener(type: 'message', fn: (e: { data: unknown }) => void): void;
  addEventListener(type: 'close', fn: (e: { code: number; reason: string }) => void): void;
  addEventListener(type: 'message' | 'close', fn: (e: never) => void) {
    const listener = fn as (e: unknown) => void;
    if (type === 'close') this.closeListeners.push(listener);
    else this.listeners.push(listener);
  }
  close() {
    this.closed = true;
    this.drop(1000, '');
  }
  /** The connection ends, as the server or the network ends it. */
  drop(code: number, reason: string) {
    for (const fn of this.closeListeners) fn({ code, reason });
  }
  receive(data: unknown) {
    for (const fn of this.listeners) fn({ data });
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  FakeSocket.opened = [];
});

const turn = '{"type":"turn","callId":"x","speaker":"AGENT","text":"hi","beginMs":0,"endMs":5}';

describe('live WebSocket client', () => {
  it('skips malformed messages of every kind and counts them', () => {
    const malformed: unknown[] = [
      new ArrayBuffer(4), // binary
      '',
      'not json',
      '[1,2]',
      '42',
      'null',
      '{"type":"turn"}', // no call id
      '{"type":"turn","callId":"x","speaker":"BOT","text":"hi","beginMs":0,"endMs":5}',
      '{"type":"turn","callId":"x","speaker":"AGENT","text":"hi","beginMs":"0","endMs":5}',
      '{"type":"call-started","callId":"x","agentName":"A","customerName":"B","queue":"Q","direction":"sideways"}',
      '{"type":"call-ended","callId":"x"}',
      '{"type":"hold","callId":"x"}',
    ];
    for (const m of malformed) expect(parseLiveEvent(m), String(m)).toBeNull();

    const socket = new FakeSocket('ws://x', []);
    const skipped: number[] = [];
    const events: LiveEvent[] = [];
    const stop = webSocketLiveStream(
      () => socket,
      (n) => skipped.push(n),
    ).start((e) => events.push(e));
    socket.receive(turn);
    for (const m of malformed) socket.receive(m);
    socket.receive('{"type":"call-ended","callId":"x","durationMs":9}');
    expect(events.map((e) => e.type)).toEqual(['turn', 'call-ended']);
    expect(skipped.at(-1)).toBe(malformed.length);
    stop();
    expect(socket.closed).toBe(true);
  });

  it('opens the configured socket with the live protocol and the token, else plays the demo', () => {
    vi.stubGlobal('WebSocket', FakeSocket);
    const events: LiveEvent[] = [];
    const stop = liveStreamFor({
      concurrent: 20,
      speed: 1,
      socket: { url: 'wss://calls.example/api/v1/live', token: 'abc.def' },
    }).start((e) => events.push(e));
    expect(FakeSocket.opened).toHaveLength(1);
    expect(FakeSocket.opened[0]!.url).toBe('wss://calls.example/api/v1/live');
    expect(FakeSocket.opened[0]!.protocols).toEqual([LIVE_PROTOCOL, 'bearer.abc.def']);
    FakeSocket.opened[0]!.receive(turn);
    expect(events).toHaveLength(1);
    stop();

    const demo = liveStreamFor({ concurrent: 2, speed: 1 }).start(() => {});
    expect(FakeSocket.opened).toHaveLength(1);
    demo();
  });

  it('says why the stream closed on its own, and nothing after a stop', () => {
    const closed: string[] = [];
    const refused = new FakeSocket('ws://x', []);
    webSocketLiveStream(() => refused).start(
      () => {},
      (reason) => closed.push(reason),
    );
    refused.drop(1006, '');
    const ended = new FakeSocket('ws://x', []);
    webSocketLiveStream(() => ended).start(
      () => {},
      (reason) => closed.push(reason),
    );
    ended.drop(1011, 'the server is restarting');
    expect(closed).toEqual([
      'the connection to the live stream was refused or lost',
      'the server is restarting',
    ]);
    const stopped = new FakeSocket('ws://x', []);
    const stop = webSocketLiveStream(() => stopped).start(
      () => {},
      (reason) => closed.push(reason),
    );
    stop();
    expect(stopped.closed).toBe(true);
    expect(closed).toHaveLength(2);
  });

  it('derives the ws(s) address of the API’s live stream', () => {
    expect(liveSocketUrl('/api', 'https://127.0.0.1:5173')).toBe(
      'wss://127.0.0.1:5173/api/v1/live',
    );
    expect(liveSocketUrl('http://api.example.com/', 'https://app.example.com')).toBe(
      'ws://api.example.com/v1/live',
    );
  });
});
