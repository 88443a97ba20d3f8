/**
 * Follows live calls: keeps each call's transcript so far, re-runs the one conversation analysis
 * on every turn (a call is tens of turns, so this is cheap) and raises alerts as things happen:
 * a compliance rule broken by something said, at once; a rule that requires something within a
 * time window ("recording disclosure in the first 30 s"), once the window has passed; other
 * requirements, when the call ends. Categories and falling sentiment raise agent-assist prompts.
 */
import type { Rule, TranscriptSegment } from '../../../generated/data.types.ts';
import { sentimentLabel } from '../../../metrics/index.ts';
import { analyseToolConversation, toolDefaults } from '../tool-analysis.ts';
import { turnSentimentScore } from '../turn-sentiment.ts';
import { ASSIST_PROMPTS, NEGATIVE_PROMPT } from './assist.ts';
import type { LiveAlert, LiveCall, LiveEvent, LiveSnapshot } from './live-types.ts';

const ROLLING_TURNS = 3;
const NEGATIVE_ROLLING = -1.5;
const MAX_ALERTS = 40;
const KEEP_ENDED_MS = 8000;

interface CallState {
  call: LiveCall;
  segments: TranscriptSegment[];
  raised: Set<string>;
  endedAt: number | null;
}

export class LiveMonitor {
  private readonly calls = new Map<string, CallState>();
  private alerts: LiveAlert[] = [];
  private alertCount = 0;

  constructor(private readonly now: () => number = () => performance.now()) {}

  handle(event: LiveEvent): void {
    if (event.type === 'call-started') {
      this.calls.set(event.callId, {
        call: {
          callId: event.callId,
          agentName: event.agentName,
          customerName: event.customerName,
          queue: event.queue,
          direction: event.direction,
          elapsedMs: 0,
          ended: false,
          turns: 0,
          rollingSentiment: null,
          sentimentSeries: [],
          topic: null,
          failedRules: 0,
          assist: null,
          lastTurn: null,
        },
        segments: [],
        raised: new Set(),
        endedAt: null,
      });
      return;
    }
    const state = this.calls.get(event.callId);
    if (!state) return;
    if (event.type === 'turn') {
      const score = turnSentimentScore(event.text);
      state.segments.push({
        index: state.segments.length,
        speaker: event.speaker,
        beginMs: event.beginMs,
        endMs: event.endMs,
        text: event.text,
        sentiment: sentimentLabel(score),
        sentimentScore: score,
        redactions: [],
      });
      state.call.turns = state.segments.length;
      state.call.lastTurn = { speaker: event.speaker, text: event.text };
      this.analyse(state, event.endMs, false);
    } else {
      this.analyse(state, event.durationMs, true);
      state.call.ended = true;
      state.endedAt = this.now();
    }
  }

  private analyse(state: CallState, elapsedMs: number, ended: boolean): void {
    const { call, segments } = state;
    call.elapsedMs = elapsedMs;
    const ivrMs = segments[0]?.speaker === 'IVR' ? segments[0].endMs : 0;
    const c = analyseToolConversation(
      { segments, durationMs: elapsedMs, ivrMs, notices: [], estimatedTimes: false },
      call.callId,
      { direction: call.direction },
    );
    const customer = segments.filter((s) => s.speaker === 'CUSTOMER').slice(-ROLLING_TURNS);
    if (customer.length > 0 && segments[segments.length - 1]?.speaker === 'CUSTOMER') {
      call.rollingSentiment =
        customer.reduce((sum, s) => sum + s.sentimentScore, 0) / customer.length;
      call.sentimentSeries = [...call.sentimentSeries, call.rollingSentiment];
      if (call.rollingSentiment <= NEGATIVE_ROLLING)
        this.assist(state, 'negative', NEGATIVE_PROMPT);
    }
    call.topic = c.analysis.topics[0] ?? null;
    const rules = new Map(toolDefaults().rules.map((r) => [r.id, r]));
    let failed = 0;
    for (const r of c.ruleResults) {
      if (r.kind === 'category') {
        const prompt = ASSIST_PROMPTS[r.ruleId];
        if (prompt) this.assist(state, r.ruleId, prompt);
        continue;
      }
      if (r.passed) continue;
      const rule = rules.get(r.ruleId)!;
      const deadline = windowEndMs(rule, ivrMs);
      const decided = r.evidence.length > 0 || ended || (deadline !== null && elapsedMs > deadline);
      if (!decided) continue;
      failed += 1;
      const text =
        r.evidence.length > 0
          ? `${r.name}: “${r.evidence[r.evidence.length - 1]!.text}”`
          : deadline !== null && !ended
            ? `${r.name}: not said in the first ${Math.round((deadline - ivrMs) / 1000)} s`
            : `${r.name}: not done before the call ended`;
      this.raise(state, `rule:${r.ruleId}`, 'rule', r.severity, text);
    }
    call.failedRules = failed;
  }

  private assist(state: CallState, key: string, text: string): void {
    if (state.raised.has(`assist:${key}`)) return;
    state.call.assist = text;
    this.raise(state, `assist:${key}`, 'assist', 'info', text);
  }

  private raise(
    state: CallState,
    key: string,
    kind: LiveAlert['kind'],
    tone: LiveAlert['tone'],
    text: string,
  ): void {
    if (state.raised.has(key)) return;
    state.raised.add(key);
    this.alertCount += 1;
    this.alerts = [
      {
        id: `alert-${this.alertCount}`,
        callId: state.call.callId,
        agentName: state.call.agentName,
        atMs: state.call.elapsedMs,
        kind,
        tone,
        text,
      },
      ...this.alerts,
    ].slice(0, MAX_ALERTS);
  }

  /** The wallboard now; calls that ended a few seconds ago stay visible, then leave. */
  snapshot(focusId: string | null): LiveSnapshot {
    const now = this.now();
    for (const [id, s] of this.calls)
      if (s.endedAt !== null && now - s.endedAt > KEEP_ENDED_MS) this.calls.delete(id);
    const focus = focusId ? this.calls.get(focusId) : undefined;
    return {
      calls: [...this.calls.values()].map((s) => ({ ...s.call })),
      alerts: this.alerts,
      focus: focus ? { callId: focus.call.callId, segments: [...focus.segments] } : null,
    };
  }
}

/** End of a rule's "say it within the first N s" window, or null when it has none. */
function windowEndMs(rule: Rule, ivrMs: number): number | null {
  const c = rule.condition;
  if ('phrase' in c && c.negate && c.phrase.window?.firstSec !== undefined)
    return ivrMs + c.phrase.window.firstSec * 1000;
  return null;
}
