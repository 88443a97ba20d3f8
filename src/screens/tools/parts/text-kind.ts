/**
 * Whether recognised text is a conversation (a chat screenshot) or one message (a letter): a
 * conversation has lines that open with who speaks ("Agent:", "Maria:", "[10:42] Customer:"),
 * and the speaker changes at least once. A letter's "Dear Sir:" or "Re:" is one label, never
 * an alternation.
 */
const SPEAKER_LINE = /^\s*(?:\[?\d{1,2}:\d{2}(?::\d{2})?\]?\s*)?([\p{L}][\p{L} .'-]{0,29}):\s*\S/u;

export function looksLikeConversation(text: string): boolean {
  const speakers = text
    .split(/\r?\n/)
    .map((line) => SPEAKER_LINE.exec(line)?.[1]?.trim().toLowerCase())
    .filter((s): s is string => s !== undefined);
  return speakers.length >= 2 && speakers.some((s, k) => k > 0 && s !== speakers[k - 1]);
}
