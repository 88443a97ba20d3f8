/**
 * Address parameters the route's types refused (useRouteQuery leaves them out): listed so the
 * page can say which value it ignored instead of silently showing everything.
 */
export function ignoredQuery(parsed: Record<string, unknown>, names: readonly string[]): string[] {
  const raw = new URLSearchParams(typeof window === 'undefined' ? '' : window.location.search);
  return names.flatMap((name) => {
    const value = raw.get(name);
    return value !== null && parsed[name] === undefined
      ? [`${name}=${value} is not a valid value and was ignored.`]
      : [];
  });
}
