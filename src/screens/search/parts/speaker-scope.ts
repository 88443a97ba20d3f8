/**
 * The speaker filter of the search form, kept inside the expression itself (`CUSTOMER:(...)`),
 * so the address holds the whole search and a shared link finds the same calls.
 */
export type SpeakerScope = '' | 'AGENT' | 'CUSTOMER' | 'IVR';

const SCOPED = /^(AGENT|CUSTOMER|IVR):\((.*)\)$/s;

/** The expression with its speaker scope, when the whole expression is scoped to one speaker. */
export function splitSpeaker(expression: string): { speaker: SpeakerScope; text: string } {
  const match = SCOPED.exec(expression.trim());
  if (!match) return { speaker: '', text: expression };
  const inner = match[2]!;
  // Only when the parentheses really enclose everything: "AGENT:(a) OR (b)" is not scoped.
  let depth = 0;
  for (let i = 0; i < inner.length; i++) {
    if (inner[i] === '(') depth++;
    else if (inner[i] === ')' && --depth < 0) return { speaker: '', text: expression };
  }
  return depth === 0
    ? { speaker: match[1] as SpeakerScope, text: inner }
    : { speaker: '', text: expression };
}

export function joinSpeaker(speaker: SpeakerScope, text: string): string {
  const trimmed = text.trim();
  return speaker && trimmed ? `${speaker}:(${trimmed})` : trimmed;
}
