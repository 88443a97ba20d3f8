/**
 * Scorecard reads: compliance by rule (from the stored failure table and each rule's scope, no
 * transcript needed) and QA by form section (the latest evaluation's answers of the newest
 * evaluated calls, scored per section with the metrics module's QA rule).
 */
import { qaScore } from '../../metrics/index.ts';
import { activeForm, type Corpus } from '../corpus/corpus.ts';
import { callAttributes } from '../corpus/generate.ts';
import { inScope } from '../../domain/rules/index.ts';
import { DataSourceError, type CallFilters } from '../source.ts';
import type {
  QaSectionBreakdown,
  QaSectionQuery,
  RuleBreakdown,
  RuleBreakdownQuery,
  RuleBreakdownRow,
} from '../scorecard.ts';
import { callDetail } from './detail.ts';
import { selectCalls, severityRank } from './select.ts';

const DEFAULT_SAMPLE = 200;
const MAX_SAMPLE = 500;

export function complianceByRule(corpus: Corpus, query: RuleBreakdownQuery): RuleBreakdown {
  const filters = query.filters ?? {};
  const indices = selectCalls(corpus, { ...filters, status: 'analysed' });
  const rules = corpus.rules;
  const applicable = new Int32Array(rules.length);
  const failed = new Int32Array(rules.length);
  const seen = new Set<number>();
  for (const i of indices) {
    addApplicable(corpus, i, 1, applicable);
    // A rule can fail at several places in one call; the call counts once.
    seen.clear();
    const f = corpus.failures;
    for (let x = f.offsets[i]!; x < f.offsets[i + 1]!; x++) {
      const k = f.rule[x]!;
      if (!seen.has(k)) failed[k]! += 1;
      seen.add(k);
    }
  }
  return ruleBreakdown(corpus, filters, indices.length, applicable, failed);
}

/**
 * Adds `calls` calls with call i's attributes to the count of each active compliance rule
 * whose scope they are in (the API server counts calls per attributes in SQL, then here).
 */
export function addApplicable(
  corpus: Corpus,
  i: number,
  calls: number,
  applicable: Int32Array,
): void {
  const attributes = callAttributes(corpus, i);
  const rules = corpus.rules;
  for (let k = 0; k < rules.length; k++) {
    const rule = rules[k]!;
    if (rule.kind === 'compliance' && rule.active && inScope(rule, attributes))
      applicable[k]! += calls;
  }
}

/** The breakdown's rows from the counts per rule (index in corpus.rules). */
export function ruleBreakdown(
  corpus: Corpus,
  filters: CallFilters,
  analysedCalls: number,
  applicable: Int32Array,
  failed: Int32Array,
): RuleBreakdown {
  const rules = corpus.rules;
  const compliance = rules.flatMap((r, k) => (r.kind === 'compliance' ? [k] : []));
  const rows: RuleBreakdownRow[] = compliance
    .filter((k) => rules[k]!.active || failed[k]! > 0)
    .map((k) => {
      const rule = rules[k]!;
      // A call that failed a rule was in its scope when it was evaluated.
      const scope = Math.max(applicable[k]!, failed[k]!);
      return {
        ruleId: rule.id,
        ruleName: rule.name,
        severity: rule.severity,
        applicableCalls: scope,
        failedCalls: failed[k]!,
        failureRate: scope > 0 ? failed[k]! / scope : null,
        filters: { ...filters, failedRuleId: rule.id },
      };
    });
  rows.sort(
    (a, b) =>
      severityRank(a.severity) - severityRank(b.severity) ||
      (b.failureRate ?? -1) - (a.failureRate ?? -1) ||
      a.ruleName.localeCompare(b.ruleName),
  );
  return { analysedCalls, rows };
}

/** How many of the latest evaluated calls the breakdown reads (checked). */
export function qaSampleSize(query: QaSectionQuery): number {
  const size = query.sampleSize ?? DEFAULT_SAMPLE;
  if (!Number.isInteger(size) || size < 1 || size > MAX_SAMPLE)
    throw new DataSourceError('invalid-query', `sampleSize must be 1..${MAX_SAMPLE}`, [
      'sampleSize',
    ]);
  return size;
}

export function qaBySection(corpus: Corpus, query: QaSectionQuery): QaSectionBreakdown {
  const size = qaSampleSize(query);
  const indices = selectCalls(corpus, { ...(query.filters ?? {}), evaluated: true });
  return qaSectionsResult(
    corpus,
    indices.length,
    indices.subarray(Math.max(0, indices.length - size)),
  );
}

/** The breakdown from the count of evaluated calls and the latest of them, in time order. */
export function qaSectionsResult(
  corpus: Corpus,
  evaluatedCalls: number,
  sample: ArrayLike<number>,
): QaSectionBreakdown {
  const form = activeForm(corpus);
  const sums = form.sections.map(() => ({ sum: 0, n: 0, autoFailed: 0 }));
  for (const i of Array.from(sample)) {
    const evaluations = callDetail(corpus, i).evaluations;
    // The call's QA score is its latest evaluation's (a review replaces the AI's).
    const latest = evaluations[evaluations.length - 1];
    if (!latest) continue;
    const versionForm =
      corpus.forms.find((f) => f.id === latest.formId && f.version === latest.formVersion) ?? form;
    versionForm.sections.forEach((section) => {
      const k = form.sections.findIndex((s) => s.id === section.id);
      if (k < 0) return;
      const score = qaScore({ ...versionForm, sections: [section] }, latest.answers);
      if (score.autoFailed) sums[k]!.autoFailed += 1;
      if (score.score === null) return;
      sums[k]!.sum += score.score;
      sums[k]!.n += 1;
    });
  }
  return {
    formId: form.id,
    formName: form.name,
    formVersion: form.version,
    evaluatedCalls,
    sampledCalls: sample.length,
    sections: form.sections.map((section, k) => ({
      sectionId: section.id,
      title: section.title,
      weight: section.weight,
      score: sums[k]!.n > 0 ? sums[k]!.sum / sums[k]!.n : null,
      scoredCalls: sums[k]!.n,
      autoFailedCalls: sums[k]!.autoFailed,
    })),
  };
}
