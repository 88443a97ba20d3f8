import { describe, expect, it } from 'vitest';
import type { Rule, TranscriptSegment } from '../../../src/generated/data.types.ts';
import {
  evaluateCondition,
  evaluateRules,
  type RuleSubject,
} from '../../../src/domain/rules/index.ts';
import { defaultRules } from '../../../src/domain/rules/index.ts';
import { measuredSubject, seg } from './rule-subject-fixtures.ts';

function subject(
  segments: TranscriptSegment[],
  over: Partial<RuleSubject['attributes']> = {},
  ivrMs = 10_000,
  durationMs = 120_000,
): RuleSubject {
  const attributes: RuleSubject['attributes'] = {
    direction: 'inbound',
    queue: 'Billing',
    brand: 'B',
    product: 'P',
    language: 'en-US',
    disposition: 'INFO',
    vendorId: 'vendor-01',
    agentId: 'agent-001',
    ...over,
  };
  return measuredSubject(segments, attributes, ivrMs, durationMs);
}

const disclosure = defaultRules().find((r) => r.id === 'rule-recording-disclosure')!;

describe('rule conditions', () => {
  it('recording disclosure passes only when the agent says it within 30 s after the IVR', () => {
    const ivr = seg(0, 'IVR', 0, 8, 'Calls may be recorded.');
    const early = subject([
      ivr,
      seg(1, 'AGENT', 12, 20, 'Hello, this call is recorded for training.'),
    ]);
    const late = subject([
      ivr,
      seg(1, 'AGENT', 12, 20, 'Hello.'),
      seg(2, 'AGENT', 45, 50, 'By the way this call is recorded.'),
    ]);
    const ivrOnly = subject([ivr, seg(1, 'AGENT', 12, 20, 'Hello.')]);
    const [r1] = evaluateRules([disclosure], early);
    expect(r1).toMatchObject({ hit: false, passed: true });
    expect(r1!.evidence[0]!.segment).toBe(1);
    expect(evaluateRules([disclosure], late)[0]).toMatchObject({
      hit: true,
      passed: false,
      evidence: [],
    });
    expect(evaluateRules([disclosure], ivrOnly)[0]!.passed).toBe(false);
  });

  it('scope limits where a rule applies', () => {
    const identity = defaultRules().find((r) => r.id === 'rule-identity-verification')!;
    expect(evaluateRules([identity], subject([], { direction: 'outbound' }))).toEqual([]);
    expect(evaluateRules([identity], subject([], { queue: 'Sales' }))).toEqual([]);
    expect(evaluateRules([identity], subject([]))).toHaveLength(1);
  });

  it('NEAR, all/any/not, sentiment, silence, interruptions and attributes', () => {
    const s = subject(
      [
        seg(0, 'CUSTOMER', 10, 14, 'I will take legal action about this refund', -3),
        seg(1, 'AGENT', 13, 18, 'I understand', 1),
        seg(2, 'CUSTOMER', 40, 44, 'Fine', -4),
      ],
      {},
      10_000,
      50_000,
    ); // quarters of 10 s after the IVR: "Fine" is in the last
    const ev = (c: Rule['condition']) => evaluateCondition(c, s).hit;
    expect(ev({ phrase: { terms: ['legal action'], near: { terms: ['refund'], words: 3 } } })).toBe(
      true,
    );
    expect(ev({ phrase: { terms: ['legal action'], near: { terms: ['refund'], words: 1 } } })).toBe(
      false,
    );
    expect(
      ev({ all: [{ phrase: { terms: ['fine'] } }, { not: { phrase: { terms: ['lawyer'] } } }] }),
    ).toBe(true);
    expect(
      ev({
        any: [
          { phrase: { terms: ['lawyer'] } },
          { phrase: { terms: ['understand'], speaker: 'CUSTOMER' } },
        ],
      }),
    ).toBe(false);
    expect(ev({ sentiment: { speaker: 'CUSTOMER', part: 'end', below: -2 } })).toBe(true);
    expect(ev({ sentiment: { speaker: 'AGENT', part: 'overall', above: 2 } })).toBe(false);
    expect(ev({ nonTalk: { overSec: 20 } })).toBe(true); // 18 s -> 40 s
    expect(ev({ nonTalk: { overSec: 80 } })).toBe(false);
    expect(ev({ interruptions: { over: 0, by: 'AGENT' } })).toBe(true);
    expect(ev({ attribute: { field: 'queue', in: ['Billing'] } })).toBe(true);
    expect(ev({ attribute: { field: 'durationSec', over: 200 } })).toBe(false);
  });

  it('every default rule has a unique id and category rules fit the 32-bit mask', () => {
    const rules = defaultRules();
    expect(new Set(rules.map((r) => r.id)).size).toBe(rules.length);
    expect(rules.filter((r) => r.kind === 'category').length).toBeLessThanOrEqual(32);
  });
});
