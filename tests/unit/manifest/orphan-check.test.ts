import { describe, expect, it } from 'vitest';
import { hasErrors } from '../../../scripts/manifest/problem.ts';
import { checkFixture, lines } from './helpers.ts';

describe('orphan check (layer 5)', () => {
  it('warns about a route no menu, tool, preset or footer link reaches', () => {
    const problems = checkFixture('orphan-route');
    expect(lines(problems)).toEqual([
      '53:5: /routes/5: warning: route "legal" (/page/legal) is not reached from any menu, tool, preset or footer link; link it, or mark it "contextual": true if other screens open it',
    ]);
    // A warning does not make the manifest invalid.
    expect(hasErrors(problems)).toBe(false);
  });

  it('exempts the error page, the sign-in route and contextual routes', () => {
    // valid.json has a "*" route, a sign-in route no link reaches, and a contextual search
    // route; none of them is reported.
    expect(checkFixture('valid')).toEqual([]);
  });
});
