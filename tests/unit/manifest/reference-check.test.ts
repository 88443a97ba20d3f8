import { describe, expect, it } from 'vitest';
import type { DefectName } from '../../fixtures/manifest/defects.ts';
import { valueProblem } from '../../../scripts/manifest/query-values.ts';
import { checkFixture, lines } from './helpers.ts';

const cases: [fixture: DefectName, expected: string[]][] = [
  [
    'duplicate-route-id',
    ['62:13: /routes/6/id: duplicate route id "login" (already used by /routes/4)'],
  ],
  [
    'duplicate-route-path',
    [
      '56:15: /routes/5/path: duplicate route path "/page/login" (already used by route "login" at /routes/4)',
    ],
  ],
  [
    'duplicate-menu-item-id',
    [
      '83:19: /sidebar/sections/0/items/3/id: duplicate id "agents" in this menu (already used at /sidebar/sections/0/items/1/id)',
    ],
  ],
  [
    'unknown-target-route',
    [
      '94:72: /header/tools/0/target/route: tool target "vocc" is not a route id (did you mean "voc"?)',
    ],
  ],
  [
    'user-menu-unknown-route',
    [
      '103:67: /header/userMenu/0/target/route: user-menu entry target "hme" is not a route id (did you mean "home"?)',
    ],
  ],
  [
    'unknown-query-param',
    [
      '80:55: /sidebar/sections/0/items/2/target/query/compliance: route "agents" (/performance/agents) has no query parameter "compliance" (did you mean "compliant"?); it accepts: compliant, vendor',
    ],
  ],
  [
    'query-param-on-route-without-params',
    [
      '93:48: /sidebar/callToAction/target/query/tab: route "legal" (/page/legal) accepts no query parameters',
    ],
  ],
  [
    'query-value-type',
    [
      '80:68: /sidebar/sections/0/items/2/target/query/compliant: expected true or false (without quotes), got string "false" for parameter "compliant" of route "agents"',
    ],
  ],
  [
    'query-enum-value',
    [
      '85:67: /sidebar/sections/0/items/3/target/query/disposition: "Fake Calls" is not an allowed value (did you mean "Fake Call"?); expected one of: "Churn Prediction", "Fake Call" for parameter "disposition" of route "voc"',
    ],
  ],
  [
    'search-param-undeclared',
    [
      '93:45: /header/search/param: route "search" (/search/keywords) has no query parameter "keys" (did you mean "key"?); it accepts: key, limit',
    ],
  ],
  [
    'search-param-not-string',
    [
      '93:45: /header/search/param: search parameter "limit" of route "search" is declared as integer; expected a string parameter to receive the typed text',
    ],
  ],
  [
    'unknown-parent',
    ['13:17: /routes/1/parent: parent "hom" is not a route id (did you mean "home"?)'],
  ],
  [
    'parent-cycle',
    [
      '12:17: /routes/0/parent: parent cycle: home -> voc -> home',
      '33:17: /routes/2/parent: parent cycle: voc -> home -> voc',
    ],
  ],
  [
    'missing-error-page',
    ['5:13: /routes: no error page: add one route with path "*" for unmatched addresses'],
  ],
  [
    'second-error-page',
    [
      '63:15: /routes/6/path: second error page "not-found": only one route may have path "*" (the first is "legal")',
    ],
  ],
  [
    'auth-route-unknown',
    ['164:24: /auth/postLogoutRoute: postLogoutRoute "sign-out" is not a route id'],
  ],
  [
    'login-route-not-public',
    [
      '163:19: /auth/loginRoute: route "login" must have "auth": "public": signed-out users are sent there',
      '164:24: /auth/postLogoutRoute: route "login" must have "auth": "public": signed-out users are sent there',
    ],
  ],
];

describe('reference check (layer 2)', () => {
  it.each(cases)('%s', (name, expected) => {
    expect(lines(checkFixture(name))).toEqual(expected);
  });

  it('checks query values against each parameter type', () => {
    const enumParam = { type: 'enum', values: ['Churn Prediction'], description: 'd' } as const;
    expect(valueProblem({ type: 'boolean', description: 'd' }, false)).toBeUndefined();
    expect(valueProblem({ type: 'boolean', description: 'd' }, 'true')).toMatch(
      /expected true or false/,
    );
    expect(valueProblem({ type: 'integer', description: 'd' }, 25)).toBeUndefined();
    expect(valueProblem({ type: 'integer', description: 'd' }, '25')).toMatch(/whole number/);
    expect(valueProblem({ type: 'string', description: 'd' }, 'x')).toBeUndefined();
    expect(valueProblem({ type: 'string', description: 'd' }, 3)).toMatch(/expected a string/);
    expect(
      valueProblem({ ...enumParam, values: [...enumParam.values] }, 'Churn Prediction'),
    ).toBeUndefined();
    expect(
      valueProblem({ ...enumParam, values: [...enumParam.values] }, 'churn prediction'),
    ).toMatch(/did you mean "Churn Prediction"/);
  });
});
