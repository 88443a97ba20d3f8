// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Highlighted, splitHighlights } from './highlight.tsx';
import { joinSpeaker, splitSpeaker } from './speaker-scope.ts';

afterEach(cleanup);

describe('splitHighlights', () => {
  it('splits the text at the hit ranges', () => {
    expect(splitHighlights('I want to cancel my plan', [{ start: 10, end: 16 }])).toEqual([
      { text: 'I want to ', hit: false },
      { text: 'cancel', hit: true },
      { text: ' my plan', hit: false },
    ]);
  });

  it('merges overlapping ranges and ignores ranges outside the text', () => {
    expect(
      splitHighlights('abcdef', [
        { start: 3, end: 5 },
        { start: 1, end: 4 },
        { start: 9, end: 12 },
        { start: 4, end: 4 },
      ]),
    ).toEqual([
      { text: 'a', hit: false },
      { text: 'bcde', hit: true },
      { text: 'f', hit: false },
    ]);
  });
});

describe('Highlighted', () => {
  it('renders hits as mark elements and never interprets markup', () => {
    const text = '<img src=x onerror=alert(1)> cancel now';
    const { container } = render(<Highlighted text={text} ranges={[{ start: 29, end: 35 }]} />);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('mark')?.textContent).toBe('cancel');
    expect(container.textContent).toBe(text);
  });
});

describe('speaker scope', () => {
  it('round-trips a scoped expression', () => {
    const expression = joinSpeaker('CUSTOMER', '"cancel my account" OR refund');
    expect(expression).toBe('CUSTOMER:("cancel my account" OR refund)');
    expect(splitSpeaker(expression)).toEqual({
      speaker: 'CUSTOMER',
      text: '"cancel my account" OR refund',
    });
  });

  it('does not treat a partly scoped expression as scoped', () => {
    expect(splitSpeaker('AGENT:(offer) OR (discount)')).toEqual({
      speaker: '',
      text: 'AGENT:(offer) OR (discount)',
    });
    expect(joinSpeaker('', ' refund ')).toBe('refund');
  });
});
