import { describe, expect, it } from 'vitest';
import {
  churnLevel,
  churnRisk,
  fakeCallAssessment,
  sameDayDials,
} from '../../../src/metrics/index.ts';

const thresholds = { churnMediumScore: 0.3, churnHighScore: 0.6 };
const ev = [{ segment: 2, beginMs: 1000, endMs: 2000, text: 'I want to cancel my contract.' }];
const none = {
  cancellationIntent: [],
  competitorMention: [],
  contactsIn30Days: 1,
  endSentiment: 0,
  endEvidence: [],
  resolved: true,
};

describe('churn risk', () => {
  it('sums the signal weights into a level, with reasons and evidence', () => {
    const r = churnRisk({ ...none, cancellationIntent: ev, competitorMention: ev }, thresholds);
    expect(r.score).toBeCloseTo(0.7);
    expect(r.level).toBe('high');
    expect(r.reasons.map((x) => x.signal)).toEqual(['cancellation-intent', 'competitor-mention']);
    expect(r.reasons[0]!.evidence).toEqual(ev);
  });
  it('repeated contact needs 3 calls in 30 days; an unresolved negative end counts', () => {
    expect(churnRisk({ ...none, contactsIn30Days: 2 }, thresholds).score).toBe(0);
    const r = churnRisk(
      { ...none, contactsIn30Days: 3, endSentiment: -2, resolved: false },
      thresholds,
    );
    expect(r.reasons.map((x) => x.signal)).toEqual(['repeated-contact', 'unresolved-negative-end']);
    expect(r.score).toBeCloseTo(0.45);
    expect(r.level).toBe('medium');
  });
  it('a negative end of a resolved call is no signal', () => {
    expect(churnRisk({ ...none, endSentiment: -4, resolved: true }, thresholds).level).toBe('low');
  });
  it('levels follow the thresholds', () => {
    expect([
      churnLevel(0.29, thresholds),
      churnLevel(0.3, thresholds),
      churnLevel(0.6, thresholds),
    ]).toEqual(['low', 'medium', 'high']);
  });
});

const genuine = {
  durationMs: 240_000,
  customerTalkMs: 60_000,
  turns: 20,
  agentTurns: 10,
  silenceShare: 0.1,
  sameDayDials: 0,
  voicemail: false,
  saleDisposition: false,
  purchaseTalk: false,
};
const settings = { shortCallSeconds: 20, fakeCallThreshold: 0.6 };

describe('fake-call score', () => {
  it('is 0 for a genuine conversation', () => {
    expect(fakeCallAssessment(genuine, settings)).toEqual({
      score: 0,
      flagged: false,
      reasons: [],
    });
  });
  it('combines signals as 1 - product of (1 - weight)', () => {
    // no customer speech 0.6 and fewer than 3 turns 0.4: 1 - 0.4 * 0.6 = 0.76
    const r = fakeCallAssessment({ ...genuine, customerTalkMs: 500, turns: 2 }, settings);
    expect(r.score).toBeCloseTo(0.76);
    expect(r.flagged).toBe(true);
    expect(r.reasons.map((x) => x.signal)).toEqual(['no-customer-speech', 'too-few-turns']);
  });
  it('a sale without purchase talk is contradicted; with it, it is not', () => {
    expect(fakeCallAssessment({ ...genuine, saleDisposition: true }, settings).score).toBe(0.5);
    expect(
      fakeCallAssessment({ ...genuine, saleDisposition: true, purchaseTalk: true }, settings).score,
    ).toBe(0);
  });
  it('a single weak signal does not flag', () => {
    const r = fakeCallAssessment({ ...genuine, durationMs: 15_000 }, settings);
    expect(r.score).toBe(0.35);
    expect(r.flagged).toBe(false);
  });
  it('counts same-day outbound dials of one agent to one customer', () => {
    const day = 86_400_000;
    const dials = sameDayDials(
      [1, 1, 1, 2, 1],
      [7, 7, 7, 7, 7],
      [0, 1000, 2000, 3000, day + 5],
      [1, 1, 1, 1, 1],
    );
    expect([...dials]).toEqual([3, 3, 3, 1, 1]);
    expect([...sameDayDials([1], [7], [0], [0])]).toEqual([0]);
  });
});
