import type { QueryParamShape, RouteShape } from './manifest-shape.ts';
import { didYouMean } from './suggest.ts';

/** A query value of a type links can carry (anything else is already a schema error). */
export function isQueryValue(value: unknown): value is string | number | boolean {
  return typeof value === 'string' || typeof value === 'boolean' || Number.isInteger(value);
}

/** Why `route` has no parameter `name`, naming the closest and all declared ones. */
export function undeclaredParam(route: RouteShape, name: string): string {
  const names = Object.keys(route.query ?? {});
  if (names.length === 0) return `route "${route.id}" (${route.path}) accepts no query parameters`;
  return (
    `route "${route.id}" (${route.path}) has no query parameter "${name}"` +
    `${didYouMean(name, names)}; it accepts: ${names.join(', ')}`
  );
}

/** Why a query value does not fit its declared parameter, or undefined when it fits. */
export function valueProblem(
  param: QueryParamShape,
  value: string | number | boolean,
): string | undefined {
  const got = `${typeof value} ${JSON.stringify(value)}`;
  switch (param.type) {
    case 'boolean':
      return typeof value === 'boolean'
        ? undefined
        : `expected true or false (without quotes), got ${got}`;
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value)
        ? undefined
        : `expected a whole number (without quotes), got ${got}`;
    case 'string':
      return typeof value === 'string' ? undefined : `expected a string (in quotes), got ${got}`;
    case 'enum': {
      const values = param.values ?? [];
      if (typeof value === 'string' && values.includes(value)) return undefined;
      const hint = typeof value === 'string' ? didYouMean(value, values) : '';
      const allowed = values.map((v) => JSON.stringify(v)).join(', ');
      return `${JSON.stringify(value)} is not an allowed value${hint}; expected one of: ${allowed}`;
    }
  }
}
