import { describe, expect, it } from 'vitest';
import { facetFilters, weeksOf } from './facets.tsx';

describe('weeksOf', () => {
  it('sums day counts into weeks starting on Monday (UTC)', () => {
    const weeks = weeksOf([
      { key: '2026-03-01', label: '', count: 2 }, // Sunday -> week of Mon 23 Feb
      { key: '2026-03-02', label: '', count: 3 }, // Monday
      { key: '2026-03-08', label: '', count: 4 }, // Sunday, same week
      { key: '2026-03-09', label: '', count: 1 },
    ]);
    expect(weeks.map((w) => [w.key, w.count])).toEqual([
      ['2026-02-23', 2],
      ['2026-03-02', 7],
      ['2026-03-09', 1],
    ]);
  });
});

describe('facetFilters', () => {
  it('turns the chosen facets into source filters, a week into its seven days', () => {
    expect(
      facetFilters({
        agent: { key: 'agent-001', label: 'A', count: 1 },
        week: { key: '2026-03-02', label: 'W', count: 1 },
        sentiment: { key: 'negative', label: 'Negative', count: 1 },
      }),
    ).toEqual({
      agentId: 'agent-001',
      from: '2026-03-02',
      to: '2026-03-09',
      sentiment: 'negative',
    });
  });
});
