/**
 * Plain-text transcripts: one turn per line, "Speaker: what they said", optionally after a time
 * or a time range ("[0:12] Agent: ...", "[0:00:01.200 - 0:00:04.500] Customer: ..."). Lines
 * without a speaker continue the turn above; a "Duration: 5:40" line gives the recording's length.
 */
import type { TranscriptSegment } from '../../../generated/data.types.ts';
import { TranscriptFormatError, type ParsedTranscript, type RawTurn } from './parsed.ts';
import { formatClockMs, parseClock } from './time.ts';

const TIME = String.raw`\d+:\d{1,2}(?::\d{1,2})?(?:[.,]\d{1,3})?`;
const LINE = new RegExp(
  String.raw`^\s*(?:[\[(]?\s*(${TIME})\s*(?:(?:-|–|-->|to)\s*(${TIME}))?\s*[\])]?\s*[-–]?\s*)?` +
    String.raw`([A-Za-z][\w .'’-]{0,29}?)\s*(?:[\[(]\s*(${TIME})\s*[\])])?\s*:\s+(.*)$`,
);
const DURATION = new RegExp(String.raw`^\s*duration\s*:\s*(${TIME})\s*$`, 'i');

export function parsePlainText(text: string): ParsedTranscript {
  const turns: RawTurn[] = [];
  let durationMs: number | undefined;
  let unlabelled = 0;
  for (const line of text.split(/\r?\n/)) {
    if (line.trim() === '') continue;
    const duration = DURATION.exec(line);
    if (duration) {
      durationMs = parseClock(duration[1]!) ?? undefined;
      continue;
    }
    const m = LINE.exec(line);
    if (m && !/^https?$/i.test(m[3]!.trim())) {
      const begin = m[1] ?? m[4];
      const turn: RawTurn = { speaker: m[3]!.trim(), text: m[5]!.trim() };
      const beginMs = begin ? parseClock(begin) : null;
      const endMs = m[2] ? parseClock(m[2]) : null;
      if (beginMs !== null) turn.beginMs = beginMs;
      if (endMs !== null && beginMs !== null && endMs >= beginMs) turn.endMs = endMs;
      turns.push(turn);
      continue;
    }
    const last = turns[turns.length - 1];
    if (last) last.text = `${last.text} ${line.trim()}`.trim();
    else unlabelled += 1;
  }
  if (turns.length === 0) {
    throw new TranscriptFormatError(
      'No speakers found: start each turn with who is speaking, for example “Agent: Hello” on one line and “Customer: Hi” on the next.',
    );
  }
  const notices =
    unlabelled > 0
      ? [`Skipped ${unlabelled} line${unlabelled === 1 ? '' : 's'} before the first speaker.`]
      : [];
  return {
    format: 'plain-text',
    turns: turns.filter((t) => t.text !== ''),
    ...(durationMs !== undefined ? { durationMs } : {}),
    notices,
  };
}

const LABEL = { AGENT: 'Agent', CUSTOMER: 'Customer', IVR: 'IVR' } as const;

/** A transcript as text the reader above takes back turn for turn, times included. */
export function transcriptAsText(
  segments: readonly TranscriptSegment[],
  durationMs?: number,
): string {
  const lines = segments.map(
    (s) =>
      `[${formatClockMs(s.beginMs)} - ${formatClockMs(s.endMs)}] ${LABEL[s.speaker]}: ${s.text}`,
  );
  if (durationMs !== undefined) lines.unshift(`Duration: ${formatClockMs(durationMs)}`);
  return lines.join('\n');
}
