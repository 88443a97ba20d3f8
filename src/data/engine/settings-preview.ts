/**
 * "What would change if I saved this?": applies a settings patch with the very write that
 * saving uses (saveSettings), measures, and puts every column back. So the preview can never
 * disagree with what a save then shows, and there is no second copy of the settings' rules.
 */
import type { CallColumns, Corpus } from '../corpus/corpus.ts';
import type { SettingsPreview, SettingsPreviewQuery } from '../source.ts';
import { aggregate, kpis } from './analytics.ts';
import { clone } from './page.ts';
import { saveSettings } from './writes.ts';

export function previewSettings(corpus: Corpus, query: SettingsPreviewQuery): SettingsPreview {
  const measure = () => {
    const summary = kpis(corpus, { filters: query.filters });
    const groups = (['queue', 'vendor'] as const).flatMap((by) =>
      aggregate(corpus, { filters: query.filters, by }).rows.map((row) => ({
        by,
        key: row.key,
        label: row.label,
        metrics: row.metrics,
      })),
    );
    return { period: summary.period, kpis: summary.current, groups };
  };
  const before = measure();
  const restore = snapshot(corpus);
  let after: ReturnType<typeof measure>;
  try {
    saveSettings(corpus, query.patch);
    after = measure();
  } finally {
    restore();
  }
  return {
    period: before.period,
    current: before.kpis,
    proposed: after.kpis,
    groups: before.groups.map((g) => ({
      by: g.by,
      key: g.key,
      label: g.label,
      current: g.metrics,
      proposed: after.groups.find((a) => a.by === g.by && a.key === g.key)!.metrics,
    })),
  };
}

/** Copies everything a settings write can change; the returned function puts it back. */
function snapshot(corpus: Corpus): () => void {
  const cols = Object.fromEntries(
    Object.entries(corpus.cols).map(([k, v]) => [k, (v as Float64Array).slice()]),
  ) as unknown as CallColumns;
  const { offsets, rule, segment, beginMs } = corpus.failures;
  const savedOffsets = offsets.slice();
  const settings = clone(corpus.settings);
  const categoryRuleIds = corpus.categoryRuleIds;
  const leads = corpus.leads;
  return () => {
    for (const [k, v] of Object.entries(cols))
      (corpus.cols[k as keyof CallColumns] as Float64Array).set(v as Float64Array);
    // setFailures rewrites offsets in place and replaces the other arrays.
    corpus.failures.offsets.set(savedOffsets);
    Object.assign(corpus.failures, { rule, segment, beginMs });
    corpus.settings = settings;
    corpus.categoryRuleIds = categoryRuleIds;
    corpus.leads = leads;
  };
}
