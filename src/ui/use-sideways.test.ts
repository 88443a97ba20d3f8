import { describe, expect, it } from 'vitest';
import { hiddenColumns } from './use-sideways.ts';

describe('hiddenColumns', () => {
  const edges = [
    { left: 0, right: 100 },
    { left: 100, right: 200 },
    { left: 200, right: 300 },
    { left: 300, right: 400 },
  ];

  it('counts columns mostly outside the visible part', () => {
    expect(hiddenColumns(edges, { left: 0, right: 400 })).toBe(0);
    // The third column is 60 % visible, the fourth not at all.
    expect(hiddenColumns(edges, { left: 0, right: 260 })).toBe(1);
    expect(hiddenColumns(edges, { left: 0, right: 240 })).toBe(2);
  });

  it('counts columns scrolled out on the left too', () => {
    expect(hiddenColumns(edges, { left: 140, right: 400 })).toBe(1);
  });
});
