/**
 * The one rule for values in the address: every query parameter a route declares has a type in
 * the manifest, and a value that does not fit it is ignored and said so, on every screen alike.
 * `useRouteQuery` already leaves such values out; this names them for the notice the frame draws.
 * Values only the data can judge (a vendor id that does not exist) are reported by the screen
 * into the same notice (`useIgnoredParams`).
 */
import type { QueryParamSpec } from '../generated/routes.gen.ts';

/** A value in the address that was not used, and why. */
export interface IgnoredParam {
  /** The parameter's name in the address, e.g. `compliant`. */
  readonly param: string;
  /** The value as the address carries it. */
  readonly value: string;
  /** What the parameter accepts (or why the value cannot be used), e.g. "expected true or false". */
  readonly reason: string;
}

/** What a value of this type must be, in a reader's words. */
function expectation(spec: QueryParamSpec): string {
  switch (spec.type) {
    case 'boolean':
      return 'expected true or false';
    case 'integer':
      return 'expected a whole number';
    case 'enum':
      return `expected one of ${(spec.values ?? []).join(', ')}`;
    case 'string':
      return 'expected text';
  }
}

/** Whether a raw address value fits the declared type (the rule `parseRouteQuery` applies). */
export function fitsSpec(spec: QueryParamSpec, raw: string): boolean {
  switch (spec.type) {
    case 'boolean':
      return raw === 'true' || raw === 'false';
    case 'integer':
      return /^-?\d+$/.test(raw) && Number.isSafeInteger(Number(raw));
    case 'enum':
      return spec.values?.includes(raw) ?? false;
    case 'string':
      return true;
  }
}

/**
 * The declared parameters whose value does not fit their type, in declaration order. An empty
 * value means "not set" and is never a problem.
 */
export function invalidParams(
  declared: Readonly<Record<string, QueryParamSpec>>,
  search: URLSearchParams,
): IgnoredParam[] {
  return Object.entries(declared).flatMap(([param, spec]) => {
    const value = search.get(param);
    if (value === null || value === '' || fitsSpec(spec, value)) return [];
    return [{ param, value, reason: expectation(spec) }];
  });
}

/**
 * The notice's list: the type check's findings, then the screens' reports about parameters the
 * type check did not already name (it would say the same thing twice), each said once.
 */
export function mergeIgnored(
  typeCheck: readonly IgnoredParam[],
  ...reports: readonly (readonly IgnoredParam[])[]
): IgnoredParam[] {
  const named = new Set(typeCheck.map((item) => item.param));
  const said = new Set<string>();
  return [...typeCheck, ...reports.flat().filter((item) => !named.has(item.param))].filter(
    (item) => {
      const key = describeIgnored(item);
      if (said.has(key)) return false;
      said.add(key);
      return true;
    },
  );
}

/** The notice's sentence for one ignored value. */
export function describeIgnored({ param, value, reason }: IgnoredParam): string {
  return `${param}: “${value}” was ignored (${reason}).`;
}
