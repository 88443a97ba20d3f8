/**
 * The semantics of every rule condition kind and of all/any/not nesting, through the one rule
 * evaluator: each case is checked both as a single condition and as a rule in a compiled rule
 * set (with other rules around it, so phrase slots are not all at bit 0).
 */
import { describe, expect, it } from 'vitest';
import type { Rule, RuleCondition } from '../../../src/generated/data.types.ts';
import { compileRules, evaluateCondition, evaluateRules } from '../../../src/domain/rules/index.ts';
import { measuredSubject, seg } from './rule-subject-fixtures.ts';

// IVR until 10 s, call ends at 90 s: sentiment quarters are 10-30, 30-50, 50-70, 70-90 s.
const segments = [
  seg(0, 'IVR', 0, 9, 'This call may be recorded'),
  seg(1, 'AGENT', 12, 18, 'Thank you for calling, how can I help', 2),
  seg(2, 'CUSTOMER', 17, 25, 'I want to cancel my contract today', -3),
  seg(3, 'AGENT', 24, 30, 'I can offer a discount on the contract', 1),
  // 25 s of silence: 30 s -> 55 s
  seg(4, 'CUSTOMER', 55, 60, 'My lawyer will hear about this', -2),
  seg(5, 'AGENT', 78, 86, 'Is there anything else I can help with', 3),
];
const subject = measuredSubject(
  segments,
  {
    direction: 'inbound',
    queue: 'Retention',
    brand: 'Northwind',
    product: 'Broadband',
    language: 'en-US',
    disposition: 'SAVED',
    vendorId: 'vendor-02',
    agentId: 'agent-007',
  },
  10_000,
  90_000,
);

const filler: Rule[] = ['alpha', 'beta', 'gamma'].map((word, k) => ({
  id: `filler-${k}`,
  name: word,
  kind: 'category',
  version: 1,
  active: true,
  scope: {},
  severity: 'minor',
  points: 0,
  condition: { phrase: { terms: [word] } },
}));

/** Whether the condition hits, checked the same on both entry points. */
function hits(condition: RuleCondition): boolean {
  const single = evaluateCondition(condition, subject).hit;
  const rule: Rule = { ...filler[0]!, id: 'under-test', name: 'under test', condition };
  const inSet = evaluateRules(compileRules([...filler, rule]), subject).find(
    (r) => r.ruleId === 'under-test',
  )!.hit;
  expect(inSet, 'a rule in a set agrees with the single condition').toBe(single);
  return single;
}

const T = { phrase: { terms: ['cancel'] } } satisfies RuleCondition; // true
const F = { phrase: { terms: ['supervisor'] } } satisfies RuleCondition; // false

describe('the measured subject is what the cases below assume', () => {
  it('has one 25 s gap and at least one interruption by each side', () => {
    expect(subject.gaps.map((g) => [g.beginMs, g.endMs])).toContainEqual([30_000, 55_000]);
    expect(subject.interruptions.byAgent).toBe(1);
    expect(subject.interruptions.byCustomer).toBe(1);
    expect(subject.interruptions.count).toBe(2);
  });
});

describe('phrase conditions', () => {
  it('match whole words case-insensitively, any of the terms', () => {
    expect(hits({ phrase: { terms: ['CANCEL'] } })).toBe(true);
    expect(hits({ phrase: { terms: ['cancellation'] } })).toBe(false);
    expect(hits({ phrase: { terms: ['refund', 'my lawyer'] } })).toBe(true);
    expect(hits({ phrase: { terms: ['lawyer my'] } })).toBe(false);
  });

  it('respect the speaker', () => {
    expect(hits({ phrase: { terms: ['contract'], speaker: 'AGENT' } })).toBe(true);
    expect(hits({ phrase: { terms: ['discount'], speaker: 'CUSTOMER' } })).toBe(false);
    expect(hits({ phrase: { terms: ['recorded'], speaker: 'AGENT' } })).toBe(false);
    expect(hits({ phrase: { terms: ['recorded'], speaker: 'IVR' } })).toBe(true);
  });

  it('respect the time window from the end of the IVR and from the end of the call', () => {
    // "cancel" turn starts at 17 s: 7 s after the IVR.
    expect(hits({ phrase: { terms: ['cancel'], window: { firstSec: 7 } } })).toBe(true);
    expect(hits({ phrase: { terms: ['cancel'], window: { firstSec: 6 } } })).toBe(false);
    // "anything else" turn ends at 86 s: 4 s before the end.
    expect(hits({ phrase: { terms: ['anything else'], window: { lastSec: 4 } } })).toBe(true);
    expect(hits({ phrase: { terms: ['anything else'], window: { lastSec: 3 } } })).toBe(false);
  });

  it('NEAR looks for the other term within N words in the same turn, either order', () => {
    // "cancel my contract": one word between.
    const near = (words: number) =>
      hits({ phrase: { terms: ['cancel'], near: { terms: ['contract'], words } } });
    expect(near(2)).toBe(true);
    expect(near(1)).toBe(false);
    expect(hits({ phrase: { terms: ['contract'], near: { terms: ['cancel'], words: 2 } } })).toBe(
      true,
    );
    // "discount" and "cancel" are both said, but in different turns.
    expect(hits({ phrase: { terms: ['discount'], near: { terms: ['cancel'], words: 50 } } })).toBe(
      false,
    );
  });

  it('negate hits when the phrase is not said where required, with no evidence', () => {
    expect(hits({ phrase: { terms: ['recorded'], speaker: 'AGENT' }, negate: true })).toBe(true);
    expect(hits({ phrase: { terms: ['cancel'] }, negate: true })).toBe(false);
    const said = evaluateCondition({ phrase: { terms: ['contract'] } }, subject);
    expect(said.evidence.map((e) => e.segment)).toEqual([2, 3]);
    expect(
      evaluateCondition({ phrase: { terms: ['contract'] } }, subject, { firstEvidenceOnly: true })
        .evidence,
    ).toHaveLength(1);
  });
});

describe('measurement and attribute conditions', () => {
  it('sentiment by party and part, below and above', () => {
    expect(hits({ sentiment: { speaker: 'CUSTOMER', part: 'start', below: -2 } })).toBe(true);
    expect(hits({ sentiment: { speaker: 'CUSTOMER', part: 'start', below: -4 } })).toBe(false);
    expect(hits({ sentiment: { speaker: 'AGENT', part: 'end', above: 2 } })).toBe(true);
    expect(hits({ sentiment: { speaker: 'AGENT', part: 'end', above: 3 } })).toBe(false);
    expect(hits({ sentiment: { speaker: 'AGENT', part: 'overall', above: 0, below: 5 } })).toBe(
      true,
    );
  });

  it('non-talk over N seconds, with the gap as evidence', () => {
    expect(hits({ nonTalk: { overSec: 24 } })).toBe(true);
    expect(hits({ nonTalk: { overSec: 25 } })).toBe(false);
    expect(evaluateCondition({ nonTalk: { overSec: 20 } }, subject).evidence[0]).toMatchObject({
      segment: 4,
      beginMs: 30_000,
      endMs: 55_000,
    });
  });

  it('interruptions over N, by either side or by one', () => {
    expect(hits({ interruptions: { over: 1 } })).toBe(true);
    expect(hits({ interruptions: { over: 2 } })).toBe(false);
    expect(hits({ interruptions: { over: 0, by: 'AGENT' } })).toBe(true);
    expect(hits({ interruptions: { over: 1, by: 'CUSTOMER' } })).toBe(false);
  });

  it('call attributes: a value among a list, duration over and under', () => {
    expect(hits({ attribute: { field: 'queue', in: ['Billing', 'Retention'] } })).toBe(true);
    expect(hits({ attribute: { field: 'disposition', in: ['CHURNED'] } })).toBe(false);
    expect(hits({ attribute: { field: 'brand', in: ['Northwind'] } })).toBe(true);
    expect(hits({ attribute: { field: 'durationSec', over: 89 } })).toBe(true);
    expect(hits({ attribute: { field: 'durationSec', over: 90 } })).toBe(false);
    expect(hits({ attribute: { field: 'durationSec', over: 60, under: 91 } })).toBe(true);
    expect(hits({ attribute: { field: 'durationSec', under: 90 } })).toBe(false);
  });
});

describe('all / any / not', () => {
  it('follow their truth tables', () => {
    expect(hits({ all: [T, T] })).toBe(true);
    expect(hits({ all: [T, F] })).toBe(false);
    expect(hits({ all: [F, T] })).toBe(false);
    expect(hits({ any: [F, T] })).toBe(true);
    expect(hits({ any: [F, F] })).toBe(false);
    expect(hits({ any: [T, F] })).toBe(true);
    expect(hits({ not: T })).toBe(false);
    expect(hits({ not: F })).toBe(true);
  });

  it('nest: not of all, any of not, double negation, and measures inside', () => {
    expect(hits({ not: { all: [T, F] } })).toBe(true);
    expect(hits({ not: { any: [T, F] } })).toBe(false);
    expect(hits({ any: [{ not: T }, { not: F }] })).toBe(true);
    expect(hits({ all: [{ not: T }, { not: F }] })).toBe(false);
    expect(hits({ not: { not: T } })).toBe(true);
    expect(hits({ not: { not: F } })).toBe(false);
    expect(
      hits({
        all: [
          { any: [F, { nonTalk: { overSec: 20 } }] },
          { not: { attribute: { field: 'queue', in: ['Billing'] } } },
          { not: { all: [T, { interruptions: { over: 5 } }] } },
        ],
      }),
    ).toBe(true);
    expect(
      hits({
        all: [
          { any: [F, { nonTalk: { overSec: 20 } }] },
          { not: { attribute: { field: 'queue', in: ['Retention'] } } },
        ],
      }),
    ).toBe(false);
  });

  it('all collects the evidence of its parts; a miss carries none', () => {
    const both = evaluateCondition(
      { all: [{ phrase: { terms: ['cancel'] } }, { phrase: { terms: ['lawyer'] } }] },
      subject,
    );
    expect(both.evidence.map((e) => e.segment)).toEqual([2, 4]);
    expect(evaluateCondition({ all: [T, F] }, subject).evidence).toEqual([]);
  });
});

describe('rules around conditions', () => {
  it('a compliance rule passes when its condition does not hit; inactive rules are skipped', () => {
    const rule: Rule = { ...filler[0]!, id: 'c', kind: 'compliance', condition: { not: T } };
    expect(evaluateRules([rule], subject)[0]).toMatchObject({ hit: false, passed: true });
    expect(evaluateRules([{ ...rule, condition: { not: F } }], subject)[0]).toMatchObject({
      hit: true,
      passed: false,
    });
    expect(evaluateRules([{ ...rule, active: false }], subject)).toEqual([]);
  });
});
