/**
 * The settings table in docs/deploying.md, kept between two marker comments and written from
 * the schema (`npm run config -- --write-docs`); docs.test.ts fails when the two disagree.
 */
import { resolve } from 'node:path';
import { format } from 'prettier';
import { repoRoot } from '../../scripts/manifest/paths.ts';
import { settingsTable } from './explain.ts';
import type { Setting } from './settings.ts';

export const docsFile = resolve(repoRoot, 'docs', 'deploying.md');

const START = '<!-- settings table: npm run config -- --write-docs -->';
const END = '<!-- end of settings table -->';

/** The table as the document holds it now, or undefined without the markers. */
export function documentedTable(text: string): string | undefined {
  const from = text.indexOf(START);
  const to = text.indexOf(END);
  if (from < 0 || to < from) return undefined;
  return text.slice(from + START.length, to).trim();
}

/** The schema's table as the document holds it: aligned by prettier, as the repository's files are. */
export async function formattedSettingsTable(settings: readonly Setting[]): Promise<string> {
  const table = await format(settingsTable(settings), {
    parser: 'markdown',
    printWidth: 100,
    singleQuote: true,
  });
  return table.trim();
}

/** The document with the table between the markers replaced by the schema's. */
export async function withSettingsTable(
  text: string,
  settings: readonly Setting[],
): Promise<string> {
  const from = text.indexOf(START);
  const to = text.indexOf(END);
  if (from < 0 || to < from) throw new Error(`${docsFile} has no "${START}" ... "${END}" markers`);
  const table = await formattedSettingsTable(settings);
  return `${text.slice(0, from + START.length)}\n\n${table}\n\n${text.slice(to)}`;
}
