/** docs/deploying.md lists the settings the schema declares, as `--write-docs` writes them. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { docsFile, documentedTable, formattedSettingsTable } from './docs.ts';
import { readDeploymentSchema, settingsOf } from './settings.ts';

describe("the documents' settings table", () => {
  it('is the schema’s (run `npm run config -- --write-docs` after changing the schema)', async () => {
    const documented = documentedTable(readFileSync(docsFile, 'utf8'));
    expect(documented).toBe(await formattedSettingsTable(settingsOf(readDeploymentSchema())));
  });
});
