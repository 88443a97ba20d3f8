/** The live view: alerts as things happen, prompts for the agent, the demo stream's pace. */
import { describe, expect, it } from 'vitest';
import { demoLiveStream, type Clock } from '../../../src/data/analysis/live/demo-stream.ts';
import { LiveMonitor } from '../../../src/data/analysis/live/live-monitor.ts';
import type { LiveEvent } from '../../../src/data/analysis/live/live-types.ts';
import { parseLiveEvent } from '../../../src/data/analysis/live/websocket-stream.ts';

const start: LiveEvent = {
  type: 'call-started',
  callId: 'c1',
  agentName: 'Maya',
  customerName: 'Jo',
  queue: 'Billing',
  direction: 'inbound',
};
const turn = (speaker: 'AGENT' | 'CUSTOMER', text: string, beginMs: number): LiveEvent => ({
  type: 'turn',
  callId: 'c1',
  speaker,
  text,
  beginMs,
  endMs: beginMs + 3000,
});

describe('LiveMonitor', () => {
  it('raises the disclosure alert only once its 30 s window has passed', () => {
    const m = new LiveMonitor(() => 0);
    m.handle(start);
    m.handle(turn('AGENT', 'Hello, how can I help?', 0));
    m.handle(turn('CUSTOMER', 'Hi there.', 4000));
    expect(m.snapshot(null).alerts).toEqual([]);
    m.handle(turn('CUSTOMER', 'Still here.', 31_000));
    expect(m.snapshot(null).alerts.map((a) => a.text)).toEqual([
      'Recording disclosure: not said in the first 30 s',
    ]);
    expect(m.snapshot(null).calls[0]!.failedRules).toBe(1);
  });

  it('alerts at once on something said against a rule, and prompts the agent on a category', () => {
    const m = new LiveMonitor(() => 0);
    m.handle(start);
    m.handle(turn('AGENT', 'This call is recorded. What do you want?', 0));
    m.handle(turn('CUSTOMER', 'I want to cancel my contract, this is ridiculous.', 4000));
    m.handle(turn('AGENT', 'That is not my problem.', 8000));
    const s = m.snapshot('c1');
    expect(s.alerts.map((a) => [a.kind, a.tone, a.text.slice(0, 28)])).toEqual([
      ['rule', 'critical', 'Professional language: “That'],
      ['assist', 'info', 'The customer wants to leave:'],
      ['assist', 'info', 'The customer is getting upse'],
    ]);
    expect(s.alerts[0]!.text).toBe('Professional language: “That is not my problem.”');
    expect(s.calls[0]!.assist).toMatch(/^The customer wants to leave/);
    expect(s.calls[0]!.rollingSentiment).toBeLessThan(0);
    expect(s.focus!.segments).toHaveLength(3);
  });

  it('requirements without a window are judged when the call ends; ended calls leave the board', () => {
    let now = 0;
    const m = new LiveMonitor(() => now);
    m.handle(start);
    m.handle(turn('AGENT', 'This call is recorded.', 0));
    m.handle({ type: 'call-ended', callId: 'c1', durationMs: 5000 });
    const texts = m.snapshot(null).alerts.map((a) => a.text);
    expect(texts).toContain('Identity verification: not done before the call ended');
    now = 9000;
    expect(m.snapshot(null).calls).toEqual([]);
  });
});

describe('demo stream', () => {
  it('keeps the requested number of calls going, sending each turn when it ends', () => {
    let now = 0;
    const timers: { at: number; fn: () => void; id: number }[] = [];
    let ids = 0;
    const clock: Clock = {
      now: () => now,
      setTimeout: (fn, ms) => {
        const t = { at: now + ms, fn, id: ids++ };
        timers.push(t);
        return t.id;
      },
      clearTimeout: (id) => {
        const k = timers.findIndex((t) => t.id === id);
        if (k >= 0) timers.splice(k, 1);
      },
    };
    const events: LiveEvent[] = [];
    const stop = demoLiveStream({ concurrent: 20, speed: 1 }, 42, clock).start((e) =>
      events.push(e),
    );
    expect(events.filter((e) => e.type === 'call-started')).toHaveLength(20);
    // Run ten simulated minutes.
    while (timers.length > 0) {
      timers.sort((a, b) => a.at - b.at);
      const t = timers.shift()!;
      if (t.at > 600_000) break;
      now = t.at;
      t.fn();
    }
    const started = events.filter((e) => e.type === 'call-started').length;
    const ended = events.filter((e) => e.type === 'call-ended').length;
    expect(started - ended).toBeGreaterThanOrEqual(18);
    expect(ended).toBeGreaterThan(20);
    stop();
  });

  it('a WebSocket message that is not a live event is skipped', () => {
    expect(
      parseLiveEvent(
        '{"type":"turn","callId":"x","speaker":"AGENT","text":"hi","beginMs":0,"endMs":5}',
      ),
    ).toMatchObject({ type: 'turn' });
    expect(parseLiveEvent('{"type":"turn","callId":"x"}')).toBeNull();
    expect(parseLiveEvent('not json')).toBeNull();
  });
});
