/**
 * The draft of one settings group (smart or cost control) against the saved settings: edit,
 * preview, save. A failed save keeps the draft and puts each problem at its field (the
 * source's details are "smart.repeatWindowDays: must be ..."), so nothing typed is lost.
 */
import { useCallback, useState } from 'react';
import {
  DataSourceError,
  useDataSource,
  useQuery,
  type AnalyticsSettings,
} from '../../../data/index.ts';

export type SettingsGroup = 'smart' | 'costControl';

export type SaveState =
  | { kind: 'idle' }
  | { kind: 'saving' }
  | { kind: 'saved'; at: number }
  | { kind: 'failed'; message: string };

export function useSettingsEditor<G extends SettingsGroup>(group: G) {
  const source = useDataSource();
  const saved = useQuery((s) => s.settings(), []);
  const [draft, setDraft] = useState<AnalyticsSettings[G] | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [save, setSave] = useState<SaveState>({ kind: 'idle' });
  const baseline = saved.data?.[group] as AnalyticsSettings[G] | undefined;
  const current = draft ?? baseline;
  const dirty = draft !== null && JSON.stringify(draft) !== JSON.stringify(baseline);

  const update = useCallback(
    (patch: Partial<AnalyticsSettings[G]>, fields: readonly string[] = Object.keys(patch)) => {
      setDraft((d) => ({ ...(d ?? baseline!), ...patch }));
      // The field being edited loses its old message; the others keep theirs.
      setFieldErrors((errors) => {
        const next = { ...errors };
        for (const f of fields) delete next[f];
        return next;
      });
      setSave((s) => (s.kind === 'saved' ? { kind: 'idle' } : s));
    },
    [baseline],
  );

  const submit = useCallback(async () => {
    if (!draft) return;
    setSave({ kind: 'saving' });
    try {
      await source.saveSettings({ [group]: draft });
      setDraft(null);
      setFieldErrors({});
      setSave({ kind: 'saved', at: Date.now() });
    } catch (error) {
      const e = DataSourceError.from(error);
      setFieldErrors(fieldErrorsOf(e.details, group));
      setSave({ kind: 'failed', message: e.message });
    }
  }, [draft, group, source]);

  const reset = useCallback(() => {
    setDraft(null);
    setFieldErrors({});
    setSave({ kind: 'idle' });
  }, []);

  return { saved, current, draft, dirty, update, submit, reset, fieldErrors, save };
}

/** "smart.repeatWindowDays: must be ..." -> { repeatWindowDays: "must be ..." } for the group. */
export function fieldErrorsOf(details: readonly string[], group: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const d of details) {
    const m = /^([\w.[\]]+):\s*(.*)$/.exec(d);
    if (!m) continue;
    const path = m[1]!.startsWith(`${group}.`) ? m[1]!.slice(group.length + 1) : m[1]!;
    out[path] ??= m[2]!;
  }
  return out;
}
