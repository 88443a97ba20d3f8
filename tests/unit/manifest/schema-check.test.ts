import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { DefectName } from '../../fixtures/manifest/defects.ts';
import { checkSchema, compileSchema } from '../../../scripts/manifest/schema-check.ts';
import { schemaFile } from '../../../scripts/manifest/paths.ts';
import { checkFixture, lines } from './helpers.ts';

// Each fixture is the valid fixture with one mistake; all of its problems are listed, so a
// fixture that trips more than its own rule fails too.
const cases: [fixture: DefectName, expected: string[]][] = [
  [
    'schema-unknown-key',
    [
      '10:7: /routes/1/titel: unknown key "titel" (did you mean "title"?); expected one of: id, path, title, auth, screen, content, parent, icon, description, purpose, query, contextual',
    ],
  ],
  // A route without a screen is the screen layer's finding: it may name content instead.
  [
    'schema-missing-required',
    [
      '19:5: /routes/2: a route needs either "screen" (a screen module) or "content" (a content page)',
    ],
  ],
  ['schema-wrong-type', ['156:21: /layout/transitionMs: expected an integer, got a string "300"']],
  [
    'schema-pattern',
    [
      '21:15: /routes/2/path: "/Customer/VOC" does not match: expected URL path (lower-case segments, no trailing slash) or "*" for the error page shown on any unmatched path (pattern ^(\\*|/|(/[a-z0-9]+(-[a-z0-9]+)*)+)$)',
    ],
  ],
  [
    'schema-enum-values-not-allowed',
    ['16:39: /routes/1/query/vendor/values: key "values" is only allowed when "type" is "enum"'],
  ],
  [
    'schema-query-param-name',
    [
      '16:9: /routes/1/query/vendor_id: invalid name "vendor_id": expected a query parameter name in camelCase',
    ],
  ],
  [
    // The user-menu target is a route OR an action; the message explains the route form meant.
    'schema-user-menu-target',
    ['103:75: /header/userMenu/0/target/tab: unknown key "tab"; expected one of: route, query'],
  ],
  [
    'query-integer-value',
    [
      '99:77: /header/quickSearch/0/target/query/limit: expected a string, an integer or a boolean (true or false, without quotes), got a number 2.5',
    ],
  ],
];

describe('schema check (layer 1)', () => {
  it.each(cases)('%s', (name, expected) => {
    expect(lines(checkFixture(name))).toEqual(expected);
  });

  it('names the closest enum value and lists all allowed ones', () => {
    const [problem, ...rest] = checkFixture('schema-unknown-enum-value');
    expect(rest).toEqual([]);
    expect(problem).toMatchObject({
      pointer: '/sidebar/sections/0/items/0/icon',
      line: 75,
      column: 52,
      severity: 'error',
    });
    expect(problem?.message).toMatch(
      /^"guage" is not allowed \(did you mean "gauge"\?\); expected one of: "gauge", /,
    );
    expect(problem?.message).toContain('"chart"');
  });

  it('accepts the valid fixture', () => {
    expect(checkFixture('valid')).toEqual([]);
  });

  it('reports every schema problem at once, never throwing on any shape', () => {
    const checker = compileSchema(JSON.parse(readFileSync(schemaFile, 'utf8')));
    for (const value of [null, 42, 'x', [], {}]) {
      const findings = checkSchema(checker, value);
      expect(findings.length).toBeGreaterThan(0);
    }
    const missing = checkSchema(checker, {}).map((f) => f.message);
    expect(missing).toHaveLength(9);
    expect(missing).toContain('missing required key "routes"');
  });
});
