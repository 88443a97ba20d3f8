/**
 * The user's layout, read once from their stored value and saved on every change. A stored
 * value that cannot be read gives the default layout and a notice; it is left in place (not
 * overwritten) until the user changes the layout, and nothing else in storage is touched.
 */
import { useCallback, useMemo, useState } from 'react';
import type { StoredUser } from '../../../auth/index.ts';
import type { KpiKey } from '../../../data/index.ts';
import { userStorage, type UserValueSpec } from '../../../ui/user-storage.ts';
import { LAYOUT_VERSION, defaultLayout, parseLayout, type Layout } from './layout.ts';

export type LayoutNotice = 'corrupt' | 'save-failed' | null;

export function layoutSpec(metrics: readonly KpiKey[]): UserValueSpec<Layout> {
  return {
    name: 'my-dashboard',
    version: LAYOUT_VERSION,
    parse: (raw) => {
      const parsed = parseLayout(raw, metrics);
      return parsed.ok ? parsed.layout : undefined;
    },
  };
}

export function useSavedLayout(user: StoredUser, metrics: readonly KpiKey[]) {
  const storage = useMemo(() => userStorage(user), [user]);
  const spec = useMemo(() => layoutSpec(metrics), [metrics]);
  const [state, setState] = useState(() => {
    const stored = storage.read(spec);
    return {
      layout: stored.status === 'ok' ? stored.value : defaultLayout(metrics),
      notice: (stored.status === 'corrupt' ? 'corrupt' : null) as LayoutNotice,
    };
  });

  const save = useCallback(
    (next: Layout) => {
      const saved = storage.write(spec, next);
      setState({ layout: next, notice: saved ? null : 'save-failed' });
    },
    [storage, spec],
  );
  const reset = useCallback(() => {
    storage.remove(spec);
    setState({ layout: defaultLayout(metrics), notice: null });
  }, [storage, spec, metrics]);
  const dismiss = useCallback(() => setState((s) => ({ ...s, notice: null })), []);

  return { layout: state.layout, notice: state.notice, save, reset, dismiss };
}
