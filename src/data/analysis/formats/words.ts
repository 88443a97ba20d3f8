/** Word-level speech-to-text output grouped into turns: a new turn wherever the speaker changes. */
import type { RawTurn } from './parsed.ts';

export interface TimedWord {
  speaker: string;
  text: string;
  beginMs: number;
  endMs: number;
}

export function groupWords(words: readonly TimedWord[]): RawTurn[] {
  const turns: RawTurn[] = [];
  for (const w of words) {
    const last = turns[turns.length - 1];
    const timing = { beginMs: w.beginMs, endMs: w.endMs };
    if (last && last.speaker === w.speaker) {
      last.text += ` ${w.text}`;
      last.endMs = Math.max(last.endMs!, w.endMs);
      last.words!.push(timing);
    } else {
      turns.push({
        speaker: w.speaker,
        text: w.text,
        beginMs: w.beginMs,
        endMs: w.endMs,
        words: [timing],
      });
    }
  }
  return turns;
}
