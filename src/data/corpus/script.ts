/**
 * A transcript under construction: turns with timing from word counts and speaking speed,
 * natural gaps, holds ("let me check"), interruptions and per-turn sentiment.
 */
import type { Redaction, TranscriptSegment } from '../../generated/data.types.ts';
import { sentimentLabel } from '../../metrics/index.ts';
import type { Random } from './prng.ts';

export type Slots = Record<string, string>;

/** Placeholders replaced by masked text with a redaction range. */
const REDACTED: Record<string, Redaction['kind']> = {
  dob: 'date-of-birth',
  card: 'card-number',
  postcode: 'address',
  account: 'account-number',
};

export interface ScriptOptions {
  agentWpm: number;
  customerWpm: number;
  /** Chance that a turn starts before the other party finished. */
  interruptChance: number;
}

export class Script {
  readonly segments: TranscriptSegment[] = [];
  /** End of the latest turn, ms from the start of the recording. */
  cursor = 0;
  /** Question-and-answer exchanges still to add to the call (its length, see pace.ts). */
  spareExchanges = 0;
  private pendingPauseMs = 0;

  constructor(
    private readonly rand: Random,
    private readonly slots: Slots,
    private readonly options: ScriptOptions,
  ) {}

  /** A silence before the next turn (hold music is not recorded; this is dead air). */
  pause(minMs: number, maxMs: number): void {
    this.pendingPauseMs += this.rand.int(minMs, maxMs);
  }

  /** A silence of a drawn length before the next turn. */
  pauseFor(ms: number): void {
    this.pendingPauseMs += ms;
  }

  /** One of several phrasings. */
  choose(options: readonly string[]): string {
    return this.rand.pick(options);
  }

  say(
    speaker: TranscriptSegment['speaker'],
    template: string | readonly string[],
    sentiment: number,
  ): void {
    const chosen = typeof template === 'string' ? template : this.rand.pick(template);
    const { text, redactions } = fill(chosen, this.slots);
    const words = text === chosen ? staticWords(chosen) : countWords(text);
    const wpm =
      speaker === 'CUSTOMER'
        ? this.options.customerWpm
        : speaker === 'AGENT'
          ? this.options.agentWpm
          : 160;
    const lengthMs = Math.round((words / wpm) * 60_000 * this.rand.range(0.9, 1.15)) + 250;
    const previous = this.segments[this.segments.length - 1];
    let begin: number;
    if (this.pendingPauseMs > 0) {
      begin = this.cursor + this.pendingPauseMs;
      this.pendingPauseMs = 0;
    } else if (
      previous &&
      previous.speaker !== speaker &&
      speaker !== 'IVR' &&
      previous.speaker !== 'IVR' &&
      this.rand.chance(this.options.interruptChance)
    ) {
      const into = this.rand.int(300, 1500);
      begin = Math.max(previous.beginMs + 200, previous.endMs - into);
    } else {
      begin = this.cursor + (previous ? this.rand.int(200, 1300) : this.rand.int(100, 600));
    }
    const score = clamp(Math.round((sentiment + this.rand.gauss() * 0.45) * 10) / 10, -5, 5);
    const label = Math.abs(score) < 1.2 && this.rand.chance(0.06) ? 'MIXED' : sentimentLabel(score);
    this.segments.push({
      index: this.segments.length,
      speaker,
      beginMs: begin,
      endMs: begin + lengthMs,
      text,
      sentiment: label,
      sentimentScore: score,
      redactions,
    });
    this.cursor = Math.max(this.cursor, begin + lengthMs);
  }

  /** Length of the recording: the last turn plus a short tail. */
  finish(): number {
    return this.cursor + this.pendingPauseMs + this.rand.int(300, 1500);
  }
}

/** A template split once into literal text and slot names (odd indexes are slot names). */
const compiledTemplates = new Map<string, string[]>();

function compileTemplate(template: string): string[] {
  let parts = compiledTemplates.get(template);
  if (!parts) {
    parts = template.split(/\{(\w+)\}/);
    if (compiledTemplates.size > 10_000) compiledTemplates.clear();
    compiledTemplates.set(template, parts);
  }
  return parts;
}

function fill(template: string, slots: Slots): { text: string; redactions: Redaction[] } {
  const parts = compileTemplate(template);
  if (parts.length === 1) return { text: template, redactions: [] };
  const redactions: Redaction[] = [];
  let text = parts[0]!;
  for (let k = 1; k < parts.length; k += 2) {
    const name = parts[k]!;
    const kind = REDACTED[name];
    if (kind) {
      redactions.push({ start: text.length, end: text.length + 5, kind });
      text += '*****';
    } else {
      text += slots[name] ?? `{${name}}`;
    }
    text += parts[k + 1]!;
  }
  return { text, redactions };
}

const staticWordCounts = new Map<string, number>();
/** Word count of a line without slots, counted once. */
function staticWords(template: string): number {
  let n = staticWordCounts.get(template);
  if (n === undefined) {
    n = countWords(template);
    if (staticWordCounts.size > 10_000) staticWordCounts.clear();
    staticWordCounts.set(template, n);
  }
  return n;
}

function countWords(text: string): number {
  let words = 0;
  let inWord = false;
  for (let i = 0; i < text.length; i++) {
    const space = text.charCodeAt(i) === 32;
    if (!space && !inWord) words += 1;
    inWord = !space;
  }
  return words;
}

function clamp(x: number, lo: number, hi: number): number {
  return x < lo ? lo : x > hi ? hi : x;
}
