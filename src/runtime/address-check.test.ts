import { describe, expect, it } from 'vitest';
import {
  parseRouteQuery,
  routeQueries,
  routeTable,
  type LinkableRouteId,
  type QueryParamSpec,
  type RouteId,
} from '../generated/routes.gen.ts';
import { describeIgnored, fitsSpec, invalidParams, mergeIgnored } from './address-check.ts';

const declared = (id: RouteId) => routeQueries[id];

describe('invalidParams', () => {
  it('names each declared parameter whose value does not fit its type, with the value', () => {
    expect(invalidParams(declared('agents'), new URLSearchParams('compliant=maybe'))).toEqual([
      { param: 'compliant', value: 'maybe', reason: 'expected true or false' },
    ]);
    expect(invalidParams(declared('voc'), new URLSearchParams('disposition=Nonsense'))).toEqual([
      expect.objectContaining({ param: 'disposition', value: 'Nonsense' }),
    ]);
    expect(invalidParams(declared('settings'), new URLSearchParams('section=hacker'))).toEqual([
      { param: 'section', value: 'hacker', reason: 'expected one of profile, inbox, calendar' },
    ]);
    expect(invalidParams(declared('keyword-search'), new URLSearchParams('limit=ten'))).toEqual([
      { param: 'limit', value: 'ten', reason: 'expected a whole number' },
    ]);
  });

  it('accepts valid values, empty values, free text and undeclared parameters', () => {
    const search = new URLSearchParams('compliant=false&vendor=anything&from=&utm=x');
    expect(invalidParams(declared('agents'), search)).toEqual([]);
  });

  it('flags exactly what useRouteQuery leaves out, on every route', () => {
    const samples = ['true', 'false', '12', '-3', '1.5', 'x', 'inbound', '99999999999999999999'];
    for (const route of routeTable) {
      if (route.path === '*') continue;
      const declaredHere = routeQueries[route.id];
      for (const [name, spec] of Object.entries(declaredHere)) {
        for (const value of [...samples, ...((spec as QueryParamSpec).values ?? [])]) {
          const search = new URLSearchParams({ [name]: value });
          const parsed = parseRouteQuery(
            route.id as LinkableRouteId,
            declaredHere,
            search,
          ) as Record<string, unknown>;
          const flagged = invalidParams(declaredHere, search).some((p) => p.param === name);
          expect(flagged, `${route.path}?${name}=${value}`).toBe(!(name in parsed));
          expect(fitsSpec(spec, value)).toBe(name in parsed);
        }
      }
    }
  });
});

describe('mergeIgnored', () => {
  const typeCheck = [{ param: 'compliant', value: 'maybe', reason: 'expected true or false' }];

  it('keeps the type check and drops a screen report about the same parameter', () => {
    const screen = [
      { param: 'compliant', value: 'maybe', reason: 'must be true or false' },
      { param: 'vendor', value: 'nope', reason: 'no vendor has this id' },
    ];
    expect(mergeIgnored(typeCheck, screen).map((p) => p.param)).toEqual(['compliant', 'vendor']);
  });

  it('says a repeated report once but keeps two values of one parameter', () => {
    const a = { param: 'groups', value: 'a', reason: 'left out' };
    const b = { param: 'groups', value: 'b', reason: 'left out' };
    expect(mergeIgnored([], [a, b], [a])).toEqual([a, b]);
  });
});

describe('describeIgnored', () => {
  it('names the parameter and the value ignored', () => {
    expect(
      describeIgnored({ param: 'compliant', value: 'maybe', reason: 'expected true or false' }),
    ).toBe('compliant: “maybe” was ignored (expected true or false).');
  });
});
