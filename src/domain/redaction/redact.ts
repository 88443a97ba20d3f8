/**
 * PCI and PII redaction of a transcript: card numbers (13-19 digits passing the Luhn check,
 * written or spoken, grouped, split over up to three turns of one speaker with the other
 * party's turns between), the CVV and expiry a caller gives after a card, US social security
 * numbers, e-mail addresses (written or spoken "john dot smith at example dot com") and phone
 * numbers become `[card]`, `[cvv]`, `[expiry]`, `[ssn]`, `[email]`, `[phone]`. The spans say
 * which words of which turn were masked and, from word timings (or the turn's times when the
 * file has no word timings), which stretch of the audio to silence.
 *
 * A short number on its own (an agent reading back the last four digits, an order number that
 * fails Luhn, a date, an amount) is left as said.
 */
import {
  digitPiece,
  FILLERS,
  hasSlash,
  isPlus,
  tokenize,
  type DigitPiece,
  type Token,
} from './tokens.ts';

export type RedactionKind = 'card' | 'cvv' | 'expiry' | 'ssn' | 'email' | 'phone';
export const REDACTION_KINDS: readonly RedactionKind[] = [
  'card',
  'cvv',
  'expiry',
  'ssn',
  'email',
  'phone',
];

export interface RedactionOptions {
  /** The kinds to mask; every kind when absent (redaction is on by default). */
  kinds?: readonly RedactionKind[];
}

/** A turn as redaction reads it; `words`, when given, time each space-separated word of `text`. */
export interface RedactionTurn {
  speaker: string;
  text: string;
  beginMs?: number;
  endMs?: number;
  words?: readonly { beginMs: number; endMs: number }[];
}

export interface RedactedSpan {
  kind: RedactionKind;
  /** Index of the turn in the transcript. */
  turn: number;
  /** Masked words of the original turn: [first, end) among its space-separated words. */
  words: [number, number];
  /** Where the placeholder stands in the redacted turn's text: [start, end) characters. */
  chars: [number, number];
  /**
   * Audio to silence: the masked words' times, or the whole turn's when the file has no word
   * timings (the turn is silenced rather than a card number left audible); absent without times.
   */
  audio?: { beginMs: number; endMs: number; from: 'words' | 'turn' };
}

export interface RedactionResult<T extends RedactionTurn> {
  /** The turns with masked words replaced by their placeholder (word timings merged to match). */
  turns: T[];
  spans: RedactedSpan[];
}

export const PLACEHOLDER: Record<RedactionKind, string> = {
  card: '[card]',
  cvv: '[cvv]',
  expiry: '[expiry]',
  ssn: '[ssn]',
  email: '[email]',
  phone: '[phone]',
};

/** The Luhn check every payment card number passes. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let k = 0; k < digits.length; k++) {
    let d = digits.charCodeAt(digits.length - 1 - k) - 48;
    if (k % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return digits.length > 0 && sum % 10 === 0;
}

interface Mask {
  turn: number;
  first: number;
  last: number;
  kind: RedactionKind;
}

/** Digits said in one stretch of one turn: pieces with only fillers between them. */
interface Run {
  turn: number;
  pieces: DigitPiece[];
  /** Nothing but fillers before it / after it in its turn (it may continue across turns). */
  opensTurn: boolean;
  closesTurn: boolean;
}

const digitsOf = (pieces: readonly DigitPiece[]) => pieces.map((p) => p.digits).join('');

function runsOf(tokens: readonly Token[], turn: number, taken: ReadonlySet<number>): Run[] {
  const runs: Run[] = [];
  let current: DigitPiece[] = [];
  let fillersSince = 0;
  const close = () => {
    // A spoken zero counts only touching another digit ("oh, I see" says no zero).
    while (current.length && current[0]!.weak && current[1]?.first !== current[0]!.last + 1)
      current.shift();
    while (
      current.length &&
      current[current.length - 1]!.weak &&
      current[current.length - 2]?.last !== current[current.length - 1]!.first - 1
    )
      current.pop();
    if (current.length) {
      const first = current[0]!.first;
      const last = current[current.length - 1]!.last;
      runs.push({
        turn,
        pieces: current,
        opensTurn: tokens.slice(0, first).every((t) => FILLERS.has(t.core)),
        closesTurn: tokens.slice(last + 1).every((t) => FILLERS.has(t.core) || t.core === ''),
      });
    }
    current = [];
  };
  for (let k = 0; k < tokens.length; k++) {
    const piece = taken.has(k) ? null : digitPiece(tokens, k);
    if (piece) {
      current.push(piece);
      fillersSince = 0;
      k = piece.last;
    } else if (current.length && (FILLERS.has(tokens[k]!.core) || tokens[k]!.core === '')) {
      fillersSince++;
      if (fillersSince > 3) close();
    } else close();
  }
  close();
  return runs;
}

/** Runs of one speaker that continue each other across that speaker's consecutive turns. */
function streams(runs: readonly Run[], turns: readonly RedactionTurn[]): Run[][] {
  const out: Run[][] = [];
  const open = new Map<string, Run[]>();
  for (const run of runs) {
    const speaker = turns[run.turn]!.speaker;
    const chain = open.get(speaker);
    const last = chain?.[chain.length - 1];
    const previousOwnTurn = lastTurnOf(turns, speaker, run.turn);
    if (
      chain &&
      last &&
      chain.length < 3 &&
      last.closesTurn &&
      run.opensTurn &&
      last.turn === previousOwnTurn &&
      run.turn - last.turn <= 4
    ) {
      chain.push(run);
    } else {
      const fresh = [run];
      out.push(fresh);
      open.set(speaker, fresh);
    }
  }
  return out;
}

function lastTurnOf(turns: readonly RedactionTurn[], speaker: string, before: number): number {
  for (let k = before - 1; k >= 0; k--) if (turns[k]!.speaker === speaker) return k;
  return -1;
}

interface Placed {
  run: Run;
  piece: DigitPiece;
  /** Offset of the piece's first digit in the stream's digits. */
  at: number;
}

function placed(stream: readonly Run[]): Placed[] {
  const out: Placed[] = [];
  let at = 0;
  for (const run of stream)
    for (const piece of run.pieces) {
      out.push({ run, piece, at });
      at += piece.digits.length;
    }
  return out;
}

/**
 * The card number in a stream: all its digits, or its first 13-19 when what follows could be
 * the expiry and CVV said in the same breath (3-8 digits). Windows anywhere else would find a
 * Luhn-valid stretch in most long order numbers.
 */
function findCard(all: readonly Placed[]): [number, number] | null {
  const digits = all.map((p) => p.piece.digits).join('');
  let best: { from: number; to: number } | null = null;
  for (let length = Math.min(19, digits.length); length >= 13 && !best; length--) {
    const rest = digits.length - length;
    if ((rest === 0 || (rest >= 3 && rest <= 8)) && passesLuhn(digits.slice(0, length)))
      best = { from: 0, to: length };
  }
  if (!best) return null;
  const first = all.findIndex((p) => p.at + p.piece.digits.length > best.from);
  let last = first;
  while (last + 1 < all.length && all[last + 1]!.at < best.to) last++;
  return [first, last];
}

const MONTHS =
  /^(jan(uary)?|feb(ruary)?|mar(ch)?|apr(il)?|may|june?|july?|aug(ust)?|sept?(ember)?|oct(ober)?|nov(ember)?|dec(ember)?)$/;
const CVV_CUE = /\b(cvv2?|cvc|csc|security|verification|back|three[- ]digit|3[- ]digit|code)\b/g;
const EXPIRY_CUE = /(expir|\bexp\b|valid|good thr|end date|\bmonth\b|\byear\b)/g;
const SSN_CUE = /\b(social|ssn|s s n)\b/;

function lastMatch(text: string, pattern: RegExp): number {
  let at = -1;
  for (const m of text.matchAll(pattern)) at = m.index!;
  return at;
}

/** An expiry as said: MYY, MMYY or MMYYYY with a real month. */
function looksLikeExpiry(digits: string): boolean {
  const m = /^(0?[1-9]|1[0-2])(\d{2}|20\d{2})$/.exec(digits);
  return m !== null;
}

export function redactTranscript<T extends RedactionTurn>(
  turns: readonly T[],
  options: RedactionOptions = {},
): RedactionResult<T> {
  const kinds = new Set(options.kinds ?? REDACTION_KINDS);
  const tokens = turns.map((t) => tokenize(t.text));
  const masks: Mask[] = [];
  const taken = tokens.map(() => new Set<number>());
  const mask = (m: Mask) => {
    for (let k = m.first; k <= m.last; k++) taken[m.turn]!.add(k);
    if (kinds.has(m.kind)) masks.push(m);
  };

  turns.forEach((_, turn) =>
    findEmails(tokens[turn]!).forEach(([a, b]) => mask({ turn, first: a, last: b, kind: 'email' })),
  );
  // Written SSNs are unambiguous in their dashed shape.
  tokens.forEach((ts, turn) =>
    ts.forEach((t) => {
      if (/^\d{3}-\d{2}-\d{4}$/.test(t.core) && validSsn(t.core.replace(/-/g, '')))
        mask({ turn, first: t.index, last: t.index, kind: 'ssn' });
    }),
  );

  const runs = tokens.flatMap((ts, turn) => runsOf(ts, turn, taken[turn]!));
  const cardEnds: { speaker: string; turn: number; token: number }[] = [];
  const leftovers: Run[][] = [];
  for (const stream of streams(runs, turns)) {
    const all = placed(stream);
    const card = findCard(all);
    if (!card) {
      leftovers.push(stream);
      continue;
    }
    const used = all.slice(card[0], card[1] + 1);
    maskPieces(used, 'card', mask);
    const end = used[used.length - 1]!;
    cardEnds.push({
      speaker: turns[end.run.turn]!.speaker,
      turn: end.run.turn,
      token: end.piece.last,
    });
    // What the caller said after the card in the same breath may be its expiry and CVV.
    const rest = all.slice(card[1] + 1);
    if (rest.length) leftovers.push(splitRuns(rest));
  }

  // CVV and expiry: short numbers the card's speaker gives in the turns after a card.
  for (const end of cardEnds) classifyAfterCard(end, turns, tokens, taken, mask);

  // SSNs and phone numbers among the numbers that are not cards.
  for (const stream of leftovers) {
    const all = placed(stream).filter((p) => !taken[p.run.turn]!.has(p.piece.first));
    if (!all.length) continue;
    const digits = digitsOf(all.map((p) => p.piece));
    const firstRun = all[0]!.run;
    const context = cueText(turns, tokens, firstRun.turn, all[0]!.piece.first);
    const plus = isPlus(tokens[firstRun.turn]![all[0]!.piece.first]!);
    if (digits.length === 9 && SSN_CUE.test(context) && validSsn(digits))
      maskPieces(all, 'ssn', mask);
    else if (isPhone(digits, plus)) maskPieces(all, 'phone', mask);
  }

  return apply(turns, tokens, masks);
}

function splitRuns(rest: readonly Placed[]): Run[] {
  const byRun = new Map<Run, DigitPiece[]>();
  for (const p of rest) byRun.set(p.run, [...(byRun.get(p.run) ?? []), p.piece]);
  return [...byRun].map(([run, pieces]) => ({ ...run, pieces }));
}

function maskPieces(all: readonly Placed[], kind: RedactionKind, mask: (m: Mask) => void) {
  const byTurn = new Map<number, [number, number]>();
  for (const p of all) {
    const r = byTurn.get(p.run.turn);
    byTurn.set(
      p.run.turn,
      r
        ? [Math.min(r[0], p.piece.first), Math.max(r[1], p.piece.last)]
        : [p.piece.first, p.piece.last],
    );
  }
  for (const [turn, [first, last]] of byTurn) mask({ turn, first, last, kind });
}

/** Words before a number in its turn and the other party's turn before it (the question). */
function cueText(
  turns: readonly RedactionTurn[],
  tokens: readonly Token[][],
  turn: number,
  token: number,
): string {
  const own = tokens[turn]!.slice(Math.max(0, token - 12), token)
    .map((t) => t.core)
    .join(' ');
  let asked = '';
  for (let k = turn - 1; k >= 0 && k >= turn - 2; k--)
    if (turns[k]!.speaker !== turns[turn]!.speaker) {
      asked = tokens[k]!.map((t) => t.core).join(' ');
      break;
    }
  return `${asked} | ${own}`;
}

function classifyAfterCard(
  end: { speaker: string; turn: number; token: number },
  turns: readonly RedactionTurn[],
  tokens: readonly Token[][],
  taken: readonly Set<number>[],
  mask: (m: Mask) => void,
) {
  let cvv = false;
  let expiry = false;
  // The caller's next few turns (the agent asks for each between them).
  for (let turn = end.turn; turn < turns.length && turn <= end.turn + 6; turn++) {
    if (turns[turn]!.speaker !== end.speaker) continue;
    const ts = tokens[turn]!;
    const from = turn === end.turn ? end.token + 1 : 0;
    const skip = new Set(taken[turn]);
    for (let k = 0; k < from; k++) skip.add(k);
    for (const run of runsOf(ts, turn, skip)) {
      let pieces = run.pieces;
      let digits = digitsOf(pieces);
      const context = cueText(turns, tokens, turn, pieces[0]!.first);
      const month = pieces[0]!.first > 0 && MONTHS.test(ts[pieces[0]!.first - 1]!.core);
      const slash = pieces.some((p) => hasSlash(ts[p.first]!));
      const cvvAt = lastMatch(context, CVV_CUE);
      const expiryAt = lastMatch(context, EXPIRY_CUE);
      const wantsExpiry = month || slash || expiryAt > cvvAt;
      if (
        !expiry &&
        (month ||
          (wantsExpiry && looksLikeExpiry(digits)) ||
          (!cvv && cvvAt < 0 && digits.length === 4 && looksLikeExpiry(digits)))
      ) {
        const first = month ? pieces[0]!.first - 1 : pieces[0]!.first;
        const expiryPieces = month
          ? pieces
          : takeDigits(pieces, digits.length <= 6 ? digits.length : 4);
        if (expiryPieces) {
          mask({ turn, first, last: expiryPieces[expiryPieces.length - 1]!.last, kind: 'expiry' });
          expiry = true;
          pieces = pieces.slice(expiryPieces.length);
          digits = digitsOf(pieces);
        }
      }
      if (!cvv && pieces.length && (digits.length === 3 || digits.length === 4)) {
        mask({ turn, first: pieces[0]!.first, last: pieces[pieces.length - 1]!.last, kind: 'cvv' });
        cvv = true;
      }
    }
    if (cvv && expiry) return;
  }
}

/** The leading pieces that say exactly `count` digits, if the pieces split there. */
function takeDigits(pieces: readonly DigitPiece[], count: number): DigitPiece[] | null {
  let n = 0;
  for (let k = 0; k < pieces.length; k++) {
    n += pieces[k]!.digits.length;
    if (n === count) return pieces.slice(0, k + 1);
    if (n > count) return null;
  }
  return null;
}

function validSsn(d: string): boolean {
  return (
    /^\d{9}$/.test(d) && !/^(000|666|9)/.test(d) && d.slice(3, 5) !== '00' && d.slice(5) !== '0000'
  );
}

/** North American numbers (area and exchange not starting 0 or 1) or "+" international ones. */
function isPhone(digits: string, plus: boolean): boolean {
  if (plus) return digits.length >= 8 && digits.length <= 15;
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  return /^[2-9]\d{2}[2-9]\d{6}$/.test(national);
}

const TLDS = new Set([
  'com',
  'net',
  'org',
  'edu',
  'gov',
  'io',
  'co',
  'uk',
  'us',
  'ca',
  'de',
  'fr',
  'au',
  'info',
  'biz',
  'me',
  'ie',
  'nz',
  'in',
]);
const LABEL = /^[a-z0-9][a-z0-9-]*(\.[a-z0-9-]+)*$/;
const CONNECTOR = new Set(['dot', 'period', 'underscore', 'dash', 'hyphen', 'point']);

/** E-mail addresses in a turn, written or spoken, as [first, last] word ranges. */
function findEmails(ts: readonly Token[]): [number, number][] {
  const found: [number, number][] = [];
  for (let k = 0; k < ts.length; k++) {
    const core = ts[k]!.core;
    if (/^[a-z0-9._%+-]+@[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(core)) {
      found.push([k, k]);
      continue;
    }
    if (core !== 'at' && core !== '@') continue;
    const domainEnd = spokenDomainEnd(ts, k + 1);
    if (domainEnd === null) continue;
    let first = k - 1;
    if (first < 0 || !/^[a-z0-9._%+-]+$/.test(ts[first]!.core)) continue;
    while (
      first >= 2 &&
      CONNECTOR.has(ts[first - 1]!.core) &&
      /^[a-z0-9._%+-]+$/.test(ts[first - 2]!.core)
    )
      first -= 2;
    // A spelled name: "j o h n at ...".
    while (first >= 1 && ts[first]!.core.length === 1 && /^[a-z0-9]$/.test(ts[first - 1]!.core))
      first--;
    found.push([first, domainEnd]);
    k = domainEnd;
  }
  return found;
}

function spokenDomainEnd(ts: readonly Token[], from: number): number | null {
  const labels: string[] = [];
  let k = from;
  let end: number | null = null;
  while (k < ts.length && LABEL.test(ts[k]!.core)) {
    labels.push(...ts[k]!.core.split('.'));
    if (labels.length >= 2 && TLDS.has(labels[labels.length - 1]!)) end = k;
    if (ts[k + 1]?.core === 'dot' && ts[k + 2] && LABEL.test(ts[k + 2]!.core)) k += 2;
    else break;
  }
  return end;
}

function apply<T extends RedactionTurn>(
  turns: readonly T[],
  tokens: readonly Token[][],
  masks: readonly Mask[],
): RedactionResult<T> {
  const spans: RedactedSpan[] = [];
  const out = turns.map((turn, index) => {
    const own = masks
      .filter((m) => m.turn === index)
      .sort((a, b) => a.first - b.first)
      // Overlaps (a card's digits also read as a phone) keep the first-found mask.
      .filter((m, k, all) => k === 0 || m.first > all[k - 1]!.last);
    if (!own.length) return turn;
    const ts = tokens[index]!;
    const timed = turn.words && turn.words.length === ts.length ? turn.words : undefined;
    let text = '';
    let cursor = 0;
    const words: { beginMs: number; endMs: number }[] = [];
    let wordCursor = 0;
    for (const m of own) {
      const a = ts[m.first]!;
      const b = ts[m.last]!;
      const raw = turn.text.slice(a.start, b.end);
      const lead = /^["'“‘]*/.exec(raw)![0];
      const trail = /[)"'”’\].,;:!?]*$/.exec(raw)![0];
      text += turn.text.slice(cursor, a.start) + lead;
      const placeholder = PLACEHOLDER[m.kind];
      const chars: [number, number] = [text.length, text.length + placeholder.length];
      text += placeholder + trail;
      cursor = b.end;
      let audio: RedactedSpan['audio'];
      if (timed) {
        words.push(...timed.slice(wordCursor, m.first));
        const range = { beginMs: timed[m.first]!.beginMs, endMs: timed[m.last]!.endMs };
        words.push(range);
        wordCursor = m.last + 1;
        audio = { ...range, from: 'words' };
      } else if (turn.beginMs !== undefined && turn.endMs !== undefined) {
        audio = { beginMs: turn.beginMs, endMs: turn.endMs, from: 'turn' };
      }
      spans.push({
        kind: m.kind,
        turn: index,
        words: [m.first, m.last + 1],
        chars,
        ...(audio ? { audio } : {}),
      });
    }
    text += turn.text.slice(cursor);
    if (timed) words.push(...timed.slice(wordCursor));
    // Word timings that did not match the words cannot be kept beside the new text.
    const { words: _stale, ...rest } = turn;
    return { ...rest, text, ...(timed ? { words } : {}) } as T;
  });
  return { turns: out, spans };
}
