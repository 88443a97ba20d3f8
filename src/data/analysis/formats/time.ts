/** Clock times as transcripts and captions write them: "1:02:03.450", "02:03,450", "0:07", "12.5s". */

const CLOCK = /^(?:(\d+):)?(\d{1,2}):(\d{1,2})(?:[.,](\d{1,3}))?$/;

/** Milliseconds of a clock time, or null when it is not one. */
export function parseClock(text: string): number | null {
  const m = CLOCK.exec(text.trim());
  if (!m) return null;
  const [, h, min, sec, frac] = m;
  if (Number(sec) >= 60 || (h !== undefined && Number(min) >= 60)) return null;
  const ms = frac ? Number(frac.padEnd(3, '0')) : 0;
  return ((Number(h ?? 0) * 60 + Number(min)) * 60 + Number(sec)) * 1000 + ms;
}

/** "12.5s" / "12.5" (Google's Duration JSON strings, Amazon's seconds strings) to ms, or null. */
export function parseSeconds(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? Math.round(value * 1000) : null;
  if (typeof value !== 'string') return null;
  const m = /^(\d+(?:\.\d+)?)s?$/.exec(value.trim());
  return m ? Math.round(Number(m[1]) * 1000) : null;
}

/** "0:01:02.345": the form the text reader takes back exactly. */
export function formatClockMs(ms: number): string {
  const total = Math.max(0, Math.round(ms));
  const h = Math.floor(total / 3_600_000);
  const m = Math.floor((total % 3_600_000) / 60_000);
  const s = Math.floor((total % 60_000) / 1000);
  const frac = total % 1000;
  return `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}.${String(frac).padStart(3, '0')}`;
}
