import { describe, expect, it } from 'vitest';
import { hasErrors } from '../../../scripts/manifest/problem.ts';
import { checkChangedFixture, checkFixture, lines } from './helpers.ts';

describe('orphan check (layer 5)', () => {
  it('warns about a route no menu, tool, preset or footer link reaches', () => {
    const problems = checkFixture('orphan-route');
    expect(lines(problems)).toEqual([
      '54:5: /routes/5: warning: route "legal" (/page/legal) is not reached from any menu, tool, preset or footer link; link it, or mark it "contextual": true if other screens open it',
    ]);
    // A warning does not make the manifest invalid.
    expect(hasErrors(problems)).toBe(false);
  });

  it('exempts the error page and the sign-in route', () => {
    // valid.json has a "*" route and a sign-in route no link reaches; neither is reported.
    expect(checkFixture('valid')).toEqual([]);
  });

  it('exempts a route marked contextual (other screens open it)', () => {
    // The same unreached route as above, now marked contextual: the warning goes.
    const problems = checkChangedFixture('orphan-route', (text) =>
      text.replace('"screen": "pages/legal"', '"screen": "pages/legal",\n      "contextual": true'),
    );
    expect(problems).toEqual([]);
  });
});
