/**
 * Rule and settings checks come from validators generated from the schemas; their errors are
 * worded per field, naming only the condition branch the author chose.
 */
import { describe, expect, it } from 'vitest';
import type { AnalyticsSettings } from '../../../src/generated/data.types.ts';
import type { RuleDraft } from '../../../src/data/source.ts';
import { validateRuleDraft, validateSettingsPatch } from '../../../src/data/engine/validate.ts';
import { createEmbeddedSource } from '../../../src/data/engine/index.ts';

const rule = (condition: unknown): RuleDraft =>
  ({
    name: 'Greeting',
    kind: 'compliance',
    severity: 'minor',
    points: 1,
    active: true,
    scope: {},
    condition,
  }) as RuleDraft;

function details(run: () => void): string[] {
  try {
    run();
  } catch (error) {
    return (error as { details: string[] }).details;
  }
  return [];
}

describe('rule drafts are checked against rule.schema.json', () => {
  it('accepts a valid draft with nested conditions', () => {
    expect(
      details(() =>
        validateRuleDraft(
          rule({ all: [{ phrase: { terms: ['hello'] } }, { not: { nonTalk: { overSec: 5 } } }] }),
        ),
      ),
    ).toEqual([]);
  });

  it.each([
    [
      {},
      'condition: needs exactly one of all, any, attribute, interruptions, nonTalk, not, phrase or sentiment',
    ],
    [
      { phrase: { terms: ['a'] }, all: [{ phrase: { terms: ['b'] } }] },
      'condition: needs exactly one of all, any, attribute, interruptions, nonTalk, not, phrase or sentiment',
    ],
    [
      { all: [{ phrase: { terms: [' '] } }] },
      'condition.all[0].phrase.terms[0]: must not be blank',
    ],
    [
      { any: [{ sentiment: { speaker: 'AGENT', part: 'end' } }] },
      'condition.any[0].sentiment: needs below or above',
    ],
    [{ attribute: { field: 'durationSec' } }, 'condition.attribute: needs over or under'],
    [{ attribute: { field: 'queue' } }, 'condition.attribute.in: is required'],
    [
      { attribute: { field: 'colour', in: ['x'] } },
      'condition.attribute.field: must be direction, queue, brand, product, language, disposition or durationSec',
    ],
    [
      { not: { interruptions: { over: -1 } } },
      'condition.not.interruptions.over: must be 0 or more',
    ],
    [{ phrase: { terms: ['a'] }, colour: 1 }, 'condition.colour: is not a known field'],
  ])('%j → %s', (condition, message) => {
    expect(details(() => validateRuleDraft(rule(condition)))).toEqual([message]);
  });
});

describe('settings patches are checked as the settings they produce', () => {
  it('names the field and the bound from settings.schema.json', async () => {
    const current: AnalyticsSettings = await createEmbeddedSource({
      seed: 1,
      calls: 20,
    }).settings();
    expect(
      details(() => validateSettingsPatch({ smart: { repeatWindowDays: 0 } }, current)),
    ).toEqual(['smart.repeatWindowDays: must be 1 or more']);
    expect(
      details(() =>
        validateSettingsPatch(
          { costControl: { alertAtShares: [0.5, 3], maxDurationSec: 1.5 } },
          current,
        ),
      ),
    ).toEqual([
      'costControl.maxDurationSec: must be a whole number',
      'costControl.alertAtShares[1]: must be at most 2',
    ]);
    expect(
      details(() => validateSettingsPatch({ smart: { silenceThresholdMs: 2000 } }, current)),
    ).toEqual([]);
  });
});
