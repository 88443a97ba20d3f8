/** Messages between a tool page and the tools worker: a request per call, one response each, plus live-view updates. */
import type { ToolMethod, ToolsApi } from '../tools-api.ts';
import type { LiveSnapshot, LiveOptions } from '../live/live-types.ts';

export type ToolRequest =
  | {
      [M in ToolMethod]: { kind: 'call'; id: number; method: M; args: Parameters<ToolsApi[M]> };
    }[ToolMethod]
  | { kind: 'live-start'; id: number; options: LiveOptions }
  | { kind: 'live-stop'; id: number }
  | { kind: 'live-focus'; id: number; callId: string | null };

export type ToolResponse =
  | { kind: 'result'; id: number; ok: true; result: unknown }
  | { kind: 'result'; id: number; ok: false; message: string }
  | { kind: 'live'; snapshot: LiveSnapshot };
