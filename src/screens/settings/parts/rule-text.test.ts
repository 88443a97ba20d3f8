import { describe, expect, it } from 'vitest';
import type { Rule } from '../../../data/index.ts';
import { conditionText, ruleDiff, scopeText } from './rule-text.ts';

const v1: Rule = {
  id: 'rule-x',
  name: 'Disclosure',
  kind: 'compliance',
  version: 1,
  active: true,
  scope: {},
  severity: 'major',
  points: 3,
  condition: {
    phrase: { terms: ['recorded'], speaker: 'AGENT', window: { firstSec: 30 } },
    negate: true,
  },
};

describe('rules in words', () => {
  it('says a condition tree and a scope', () => {
    expect(conditionText(v1.condition)).toBe('the agent never says “recorded” in the first 30 s');
    expect(
      conditionText({
        all: [
          { not: { attribute: { field: 'direction', in: ['outbound'] } } },
          { interruptions: { over: 2, by: 'AGENT' } },
        ],
      }),
    ).toBe('all of (not (direction is outbound); more than 2 interruptions by the agent)');
    expect(scopeText(v1)).toBe('All calls');
    expect(scopeText({ scope: { direction: 'inbound', queues: ['Billing'] } })).toBe(
      'inbound calls; queue Billing',
    );
  });

  it('lists only the fields that changed between versions', () => {
    const v2: Rule = { ...v1, version: 2, severity: 'critical', scope: { direction: 'inbound' } };
    expect(ruleDiff(v1, v2)).toEqual([
      { field: 'Severity', before: 'major', after: 'critical' },
      { field: 'Scope', before: 'All calls', after: 'inbound calls' },
    ]);
    expect(ruleDiff(v1, { ...v1, version: 3 })).toEqual([]);
  });
});
