/**
 * Hit ranges of a snippet drawn as <mark> elements around plain text: the text is never
 * interpreted as HTML, so a transcript (or a search) containing markup shows as typed.
 */
export interface TextPart {
  text: string;
  hit: boolean;
}

/** Splits text at the hit ranges; overlapping or touching ranges merge, bad ranges are ignored. */
export function splitHighlights(
  text: string,
  ranges: readonly { start: number; end: number }[],
): TextPart[] {
  const clean = ranges
    .map((r) => ({ start: Math.max(0, r.start), end: Math.min(text.length, r.end) }))
    .filter((r) => r.end > r.start)
    .sort((a, b) => a.start - b.start);
  const merged: { start: number; end: number }[] = [];
  for (const r of clean) {
    const last = merged[merged.length - 1];
    if (last && r.start <= last.end) last.end = Math.max(last.end, r.end);
    else merged.push({ ...r });
  }
  const parts: TextPart[] = [];
  let at = 0;
  for (const r of merged) {
    if (r.start > at) parts.push({ text: text.slice(at, r.start), hit: false });
    parts.push({ text: text.slice(r.start, r.end), hit: true });
    at = r.end;
  }
  if (at < text.length) parts.push({ text: text.slice(at), hit: false });
  return parts;
}

export function Highlighted(props: {
  text: string;
  ranges: readonly { start: number; end: number }[];
}) {
  return (
    <>
      {splitHighlights(props.text, props.ranges).map((part, i) =>
        part.hit ? (
          <mark key={i} className="an-hit-mark">
            {part.text}
          </mark>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </>
  );
}
