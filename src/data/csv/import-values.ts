/**
 * What an imported cell becomes, written once for the import (engine, server) and the upload
 * screen's preview: a value is one line of text, so line breaks, tabs, no-break and other
 * Unicode spaces inside it become one plain space, invisible characters (zero-width, control)
 * are dropped, and the ends are trimmed. `Green\nTariff` is imported as `Green Tariff`, never as
 * a second product that only looks the same.
 */

/** Whitespace of any kind, runs of it become one space. */
const SPACES = /[\s\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+/g;
/** Characters that show as nothing: C0/C1 controls (not whitespace), zero-width ones, BOM. */
const INVISIBLE = /[\u0000-\u0008\u000e-\u001f\u007f-\u009f\u200b-\u200f\u2060\u00ad\ufeff]/g;

export function normaliseImportValue(raw: string): string {
  return raw.replace(INVISIBLE, '').replace(SPACES, ' ').trim();
}

const NAMED: Record<string, string> = {
  '\n': '↵',
  '\r': '␍',
  '\t': '⇥',
  '\u00a0': '⍽',
};

/**
 * The raw cell with every character that does not show as itself written out: line breaks as
 * ↵, tabs as ⇥, a no-break space as ⍽, anything else invisible as its code point (U+200B), and
 * spaces at either end or doubled as ␣. For the preview, beside the value that is imported.
 */
export function showHiddenCharacters(raw: string): string {
  let out = '';
  for (const ch of raw) {
    const named = NAMED[ch];
    if (named) out += named;
    else if (ch !== ' ' && (ch.replace(INVISIBLE, '') === '' || ch.replace(SPACES, '') === ''))
      out += `<U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}>`;
    else out += ch;
  }
  // Spaces that a reader cannot count: at the ends and in runs.
  return out.replace(/^ +| +$| {2,}/g, (spaces) => '␣'.repeat(spaces.length));
}

/** True when the cell is imported as something else than it reads in the file. */
export function changedOnImport(raw: string): boolean {
  return normaliseImportValue(raw) !== raw.trim();
}

/**
 * How large a metadata file may be: read in the browser (up to `megabytes`), and imported in
 * one all-or-nothing request of its mapped columns (up to `rows` rows, each a call at most once;
 * that keeps the request well under the API's 8 MB body limit).
 */
export const METADATA_IMPORT_LIMITS = { megabytes: 50, rows: 50_000 } as const;

/** The import's refusal of a file over the row limit, the same words on the page and the API. */
export function tooManyRows(rows: number): string {
  return `The file has ${rows.toLocaleString('en')} rows; an import takes at most ${METADATA_IMPORT_LIMITS.rows.toLocaleString('en')} (split the file)`;
}
