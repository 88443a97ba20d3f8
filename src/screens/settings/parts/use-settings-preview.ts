/**
 * This month's KPIs with the saved settings and with a draft of one group, from the worker,
 * once typing has settled. No draft: both columns are the saved settings.
 */
import { useQuery, type AnalyticsSettings, type CorpusInfo } from '../../../data/index.ts';
import { thisMonth } from './this-month.ts';
import { useSettled } from './use-settled.ts';
import type { SettingsGroup } from './use-settings-editor.ts';

export function useSettingsPreview<G extends SettingsGroup>(
  group: G,
  info: CorpusInfo,
  draft: AnalyticsSettings[G] | null,
) {
  const period = thisMonth(info);
  const settled = useSettled(draft ? JSON.stringify(draft) : '');
  const preview = useQuery(
    (s) =>
      s.previewSettings({
        patch: settled ? { [group]: JSON.parse(settled) as AnalyticsSettings[G] } : {},
        filters: period,
      }),
    [group, settled, period.from, period.to],
  );
  return { period, preview, comparing: settled !== '' };
}
