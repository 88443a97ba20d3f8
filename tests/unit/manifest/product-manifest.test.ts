import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { defaultManifestFile } from '../../../scripts/manifest/paths.ts';
import { summarize } from '../../../scripts/manifest/summary.ts';
import { validateManifest } from '../../../scripts/manifest/validate.ts';

const text = readFileSync(defaultManifestFile, 'utf8');

/** 1-based line and column of the first occurrence of `needle` (after `after`, if given). */
function positionOf(source: string, needle: string, after = ''): { line: number; column: number } {
  const offset = source.indexOf(needle, after ? source.indexOf(after) : 0);
  expect(offset).toBeGreaterThanOrEqual(0);
  const before = source.slice(0, offset).split('\n');
  return { line: before.length, column: before.at(-1)!.length + 1 };
}

describe('the product manifest', () => {
  it('is valid: no errors, with the spec’s routes, sections, tools and presets', () => {
    const { manifest, problems } = validateManifest(defaultManifestFile);
    expect(problems.filter((p) => p.severity === 'error')).toEqual([]);
    expect(manifest).toBeDefined();
    // The summary counts the warnings the check really found.
    expect(summarize('product', manifest!, problems)).toBe(
      'product: valid (50 routes, 3 sidebar sections, 6 tools, 6 presets; 0 warnings)',
    );
    const routes = manifest!.routes;
    expect(routes.filter((r) => r.auth === 'required')).toHaveLength(18);
    expect(routes.filter((r) => r.auth === 'public' && r.path !== '*')).toHaveLength(31);
  });

  it('breaks with the precise line of a broken copy', () => {
    // Non-Compliant Calls with the boolean written as a string.
    const broken = text.replace('"compliant": false', '"compliant": "false"');
    const { manifest, problems } = validateManifest(defaultManifestFile, { text: broken });
    expect(manifest).toBeUndefined();
    const errors = problems.filter((p) => p.severity === 'error');
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({
      ...positionOf(broken, '"false"', '"non-compliant-calls"'),
      pointer: expect.stringMatching(
        /^\/sidebar\/sections\/1\/items\/\d+\/target\/query\/compliant$/,
      ),
    });
  });

  it('reports every problem of a copy broken in several places at once', () => {
    const broken = text
      .replace('"route": "report-churn"', '"route": "report-chrun"')
      .replace('"disposition": "Fake Call"', '"disposition": "Fake Calls"')
      .replace('"defaultCover": "aurora"', '"defaultCover": "aurorra"');
    const errors = validateManifest(defaultManifestFile, { text: broken }).problems.filter(
      (p) => p.severity === 'error',
    );
    expect(errors.map((p) => [p.line, p.column, p.message])).toEqual([
      [
        positionOf(broken, '"report-chrun"').line,
        positionOf(broken, '"report-chrun"').column,
        'sidebar item target "report-chrun" is not a route id (did you mean "report-churn"?)',
      ],
      [
        positionOf(broken, '"Fake Calls"').line,
        positionOf(broken, '"Fake Calls"').column,
        expect.stringMatching(
          /^"Fake Calls" is not an allowed value \(did you mean "Fake Call"\?\)/,
        ),
      ],
      [
        positionOf(broken, '"aurorra"').line,
        positionOf(broken, '"aurorra"').column,
        '"aurorra" is not a cover id (did you mean "aurora"?)',
      ],
    ]);
  });
});
