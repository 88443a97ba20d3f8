// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { TranscriptSegment } from '../../data/index.ts';
import { interruptionMoments, speakingAt } from './call-timeline.tsx';
import { activeSegmentIndex, RedactedText } from './transcript.tsx';

afterEach(cleanup);

const seg = (
  index: number,
  speaker: TranscriptSegment['speaker'],
  beginMs: number,
  endMs: number,
  text = 'hello',
): TranscriptSegment => ({
  index,
  speaker,
  beginMs,
  endMs,
  text,
  sentiment: 'NEUTRAL',
  sentimentScore: 0,
  redactions: [],
});

const transcript = [
  seg(0, 'IVR', 0, 3000),
  seg(1, 'AGENT', 3500, 8000),
  seg(2, 'CUSTOMER', 7000, 12000), // starts while the agent speaks
  seg(3, 'AGENT', 11500, 14000), // starts while the customer speaks
  seg(4, 'CUSTOMER', 20000, 22000), // after a silence
];

describe('interruptionMoments', () => {
  it('marks turns that start while the other party is still speaking, not the IVR', () => {
    expect(interruptionMoments(transcript)).toEqual([
      { ms: 7000, by: 'CUSTOMER' },
      { ms: 11500, by: 'AGENT' },
    ]);
  });
});

describe('speakingAt', () => {
  it('names who speaks at a moment', () => {
    expect(speakingAt(transcript, 7500)).toBe('agent and customer speaking');
    expect(speakingAt(transcript, 16000)).toBe('nobody speaking');
  });
});

describe('activeSegmentIndex', () => {
  it('is the running turn, else the last begun, else none', () => {
    expect(activeSegmentIndex(transcript, 4000)).toBe(1);
    expect(activeSegmentIndex(transcript, 16000)).toBe(3);
    expect(activeSegmentIndex([seg(0, 'AGENT', 500, 900)], 100)).toBe(-1);
  });
});

describe('RedactedText', () => {
  it('marks masked personal data and keeps the text as text', () => {
    const segment = {
      ...seg(0, 'CUSTOMER', 0, 1, 'My card is [card number] <b>ok</b>'),
      redactions: [{ start: 11, end: 24, kind: 'card-number' as const }],
    };
    const { container } = render(<RedactedText segment={segment} />);
    const masked = container.querySelector('.an-redacted')!;
    expect(masked.textContent).toBe('[card number] (card number masked)');
    expect(container.querySelector('b')).toBeNull();
  });
});
