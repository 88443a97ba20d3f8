/**
 * Query parameters a route declares whose value in the address was not usable (a wrong enum
 * value, a word where a number belongs): one sentence each, for `IgnoredParams`.
 */
import { useMemo } from 'react';
import { useLocation } from 'react-router-dom';

export function useIgnoredQuery(parsed: object, names: readonly string[]): string[] {
  const { search } = useLocation();
  return useMemo(() => {
    const raw = new URLSearchParams(search);
    return names.flatMap((name) => {
      const value = raw.get(name);
      return value !== null && value !== '' && !(name in parsed)
        ? [`"${name}" has a value this page does not know, so it was ignored: ${value}`]
        : [];
    });
  }, [search, parsed, names]);
}
