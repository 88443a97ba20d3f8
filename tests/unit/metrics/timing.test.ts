import { describe, expect, it } from 'vitest';
import {
  averageHandleTimeMs,
  countInterruptions,
  handleTimeMs,
  interruptionsPerCall,
  nonTalkInstances,
  silenceMs,
  silenceShare,
  talkRatio,
  talkShare,
  talkTimes,
  type TimedSegment,
} from '../../../src/metrics/index.ts';

// A 60 s call: IVR 0-5 s, agent 6-16 s, customer 15-25 s (overlaps the agent by 1 s: the
// customer interrupts), silence 25-37 s (12 s), agent 37-45 s, customer 45.5-50 s, then
// 10 s of silence to the end.
const call: TimedSegment[] = [
  { speaker: 'IVR', beginMs: 0, endMs: 5000, sentimentScore: 0 },
  { speaker: 'AGENT', beginMs: 6000, endMs: 16000, sentimentScore: 2 },
  { speaker: 'CUSTOMER', beginMs: 15000, endMs: 25000, sentimentScore: -3 },
  { speaker: 'AGENT', beginMs: 37000, endMs: 45000, sentimentScore: 1 },
  { speaker: 'CUSTOMER', beginMs: 45500, endMs: 50000, sentimentScore: 1 },
];

describe('talk time, talk ratio and talk share', () => {
  it('sums each party, overlaps counted for both', () => {
    expect(talkTimes(call)).toEqual({ agentMs: 18000, customerMs: 14500, ivrMs: 5000 });
  });
  it('ratio is agent over customer, share is party over duration', () => {
    expect(talkRatio(18000, 14500)).toBeCloseTo(1.2414, 4);
    expect(talkShare(18000, 60000)).toBeCloseTo(0.3);
    expect(talkRatio(1000, 0)).toBeNull();
  });
});

describe('silence %', () => {
  it('finds every gap where nobody speaks, leading and trailing included', () => {
    expect(nonTalkInstances(call, 60000)).toEqual([
      { beginMs: 5000, endMs: 6000 },
      { beginMs: 25000, endMs: 37000 },
      { beginMs: 45000, endMs: 45500 },
      { beginMs: 50000, endMs: 60000 },
    ]);
  });
  it('counts only gaps longer than the threshold (default 5 s)', () => {
    const gaps = nonTalkInstances(call, 60000);
    expect(silenceMs(gaps)).toBe(22000);
    expect(silenceMs(gaps, 10000)).toBe(12000); // the 10 s gap is not longer than 10 s
    expect(silenceShare(22000, 60000)).toBeCloseTo(0.3667, 4);
  });
  it('a gap exactly at the threshold is not silence', () => {
    expect(silenceMs([{ beginMs: 0, endMs: 5000 }], 5000)).toBe(0);
  });
});

describe('interruptions', () => {
  it('counts turns that start while the other party still speaks', () => {
    expect(countInterruptions(call)).toEqual({
      count: 1,
      totalMs: 1000,
      byAgent: 0,
      byCustomer: 1,
    });
  });
  it('ignores the IVR and back-to-back turns', () => {
    const turns: TimedSegment[] = [
      { speaker: 'IVR', beginMs: 0, endMs: 3000, sentimentScore: 0 },
      { speaker: 'AGENT', beginMs: 2000, endMs: 4000, sentimentScore: 0 },
      { speaker: 'CUSTOMER', beginMs: 4000, endMs: 6000, sentimentScore: 0 },
    ];
    expect(countInterruptions(turns).count).toBe(0);
  });
  it('per call over a selection', () => {
    expect(interruptionsPerCall(3, 4)).toBe(0.75);
    expect(interruptionsPerCall(0, 0)).toBeNull();
  });
});

describe('AHT', () => {
  it('is (talk + hold + after-call work) / handled calls, talk excluding the IVR', () => {
    const a = handleTimeMs({ durationMs: 300_000, ivrMs: 20_000, holdMs: 60_000, acwMs: 30_000 }); // 280+60+30 s
    const b = handleTimeMs({ durationMs: 100_000, ivrMs: 0, holdMs: 0, acwMs: 20_000 }); // 120 s
    expect(a).toBe(370_000);
    expect(averageHandleTimeMs(a + b, 2)).toBe(245_000);
    expect(averageHandleTimeMs(0, 0)).toBeNull();
  });
});
