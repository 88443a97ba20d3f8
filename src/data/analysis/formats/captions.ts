/**
 * Captions with speakers: WebVTT (W3C: cue timings "00:01.000 --> 00:04.000", voice spans
 * `<v Agent>...</v>`) and SubRip/SRT (numbered cues, "00:00:01,000 --> 00:00:04,000"), where the
 * speaker is a voice span, a "Name:" prefix or a "[Name]" prefix. A cue without one continues
 * the speaker before it.
 */
import { TranscriptFormatError, type ParsedTranscript, type RawTurn } from './parsed.ts';
import { parseClock } from './time.ts';

const TIMING = /^\s*(\S+)\s+-->\s+(\S+)/;

export function isWebVtt(text: string): boolean {
  return /^\uFEFF?WEBVTT(?:[ \t]|$)/m.test(text.slice(0, 64));
}

export function isSrt(text: string): boolean {
  return /^\uFEFF?\s*\d+\s*\r?\n\s*\d{1,2}:\d{2}:\d{2},\d{3}\s+-->/.test(text);
}

export function parseCaptions(text: string, format: 'webvtt' | 'srt'): ParsedTranscript {
  const blocks = text.replace(/\r\n?/g, '\n').split(/\n{2,}/);
  if (format === 'webvtt' && !isWebVtt(blocks[0] ?? ''))
    throw new TranscriptFormatError('The WEBVTT header line is missing at the top.');
  const turns: RawTurn[] = [];
  let speaker: string | undefined;
  let tagged = false;
  let cues = 0;
  for (const block of blocks) {
    const lines = block.split('\n').filter((l) => l.trim() !== '');
    const at = lines.findIndex((l) => TIMING.test(l));
    if (at < 0) continue;
    if (/^(NOTE|STYLE|REGION)\b/.test(lines[0]!)) continue;
    const m = TIMING.exec(lines[at]!)!;
    const beginMs = parseClock(m[1]!);
    const endMs = parseClock(m[2]!);
    if (beginMs === null || endMs === null)
      throw new TranscriptFormatError(
        `A cue has a time that cannot be read: “${lines[at]!.trim()}”.`,
      );
    cues += 1;
    const body = lines.slice(at + 1).join(' ');
    const voice = /<v(?:\.[\w.-]+)?\s+([^>]+)>/.exec(body);
    const prefix = /^\s*(?:\[([^\]]{1,30})\]|([A-Za-z][\w .'-]{0,29}):)\s*/.exec(stripTags(body));
    const label = voice?.[1] ?? prefix?.[1] ?? prefix?.[2];
    let spoken = stripTags(body);
    if (!voice && prefix) spoken = spoken.slice(prefix[0].length);
    if (label) {
      speaker = label.trim();
      tagged = true;
    }
    if (spoken.trim() === '') continue;
    turns.push({ speaker: speaker ?? 'Speaker 1', text: spoken.trim(), beginMs, endMs });
  }
  if (cues === 0)
    throw new TranscriptFormatError('No cues found (lines like “00:00:01.000 --> 00:00:04.000”).');
  if (!tagged)
    throw new TranscriptFormatError(
      'No speaker tags: mark each speaker with a voice span (<v Agent>) or a “Agent:” prefix.',
    );
  return { format, turns: mergeRuns(turns), notices: [] };
}

function stripTags(s: string): string {
  return s
    .replace(/<[^>]*>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');
}

/** Consecutive cues of one speaker are one turn (captions split sentences across cues). */
function mergeRuns(turns: RawTurn[]): RawTurn[] {
  const out: RawTurn[] = [];
  for (const t of turns) {
    const last = out[out.length - 1];
    if (last && last.speaker === t.speaker && t.beginMs! - last.endMs! < 1500) {
      last.text += ` ${t.text}`;
      last.endMs = t.endMs;
    } else out.push({ ...t });
  }
  return out;
}
