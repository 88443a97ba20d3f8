/** What the settings screens write: rules (with preview and re-run on history), forms, settings. */
import type { AnalyticsSettings, EvaluationForm, Rule } from '../../generated/data.types.ts';
import { recomputeAcrossCalls } from '../corpus/across-calls.ts';
import { DISPOSITIONS } from '../../domain/dispositions/index.ts';
import type { Corpus } from '../corpus/corpus.ts';
import { reanalyseAll } from '../corpus/generate.ts';
import {
  DataSourceError,
  type EvaluationFormDraft,
  type RuleDraft,
  type SaveRuleResult,
  type SettingsPatch,
} from '../source.ts';
import { applyCostControl, changesSelection } from './cost-control.ts';
import { validateFormDraft, validateRuleDraft, validateSettingsPatch } from './validate.ts';
import { clone } from './page.ts';
import {
  checkBaseVersion,
  keepDeletedRule,
  latestVersion,
  recordRuleVersion,
} from './rule-history.ts';

export function saveRule(corpus: Corpus, draft: RuleDraft): SaveRuleResult {
  const rule = storeRule(corpus, draft);
  reanalyseAll(corpus);
  return { rule: clone(rule), reevaluatedCalls: countAnalysed(corpus) };
}

/** Validates, checks the base version and stores the new version, without the re-run. */
export function storeRule(corpus: Corpus, input: RuleDraft): Rule {
  validateRuleDraft(input);
  const { baseVersion, restoreDeleted, ...draft } = input;
  const current = draft.id ? corpus.rules.find((r) => r.id === draft.id) : undefined;
  // Undo of a delete continues the deleted rule's versions.
  const deleted =
    restoreDeleted && draft.id && !current ? latestVersion(corpus, draft.id) : undefined;
  const existing = current ?? deleted;
  if (draft.id && !existing) throw new DataSourceError('not-found', `No rule with id ${draft.id}`);
  checkBaseVersion(`The rule "${existing?.name ?? ''}"`, existing?.version, baseVersion);
  const activeCategories = corpus.rules.filter(
    (r) => r.kind === 'category' && r.active && r.id !== draft.id,
  ).length;
  if (draft.kind === 'category' && draft.active && activeCategories >= 32) {
    throw new DataSourceError(
      'invalid-query',
      'At most 32 category rules can be active; deactivate one first',
      ['active'],
    );
  }
  checkRuleNameFree(corpus.rules, draft.name, existing?.id);
  const id = existing?.id ?? uniqueRuleId(corpus.rules, draft.name);
  const rule: Rule = { ...clone(draft), id, version: (existing?.version ?? 0) + 1 };
  // A new array: compiled rule sets are cached per array.
  corpus.rules = current
    ? corpus.rules.map((r) => (r.id === id ? rule : r))
    : [...corpus.rules, rule];
  recordRuleVersion(corpus, existing, rule);
  return rule;
}

export function deleteRule(corpus: Corpus, id: string): void {
  const rule = corpus.rules.find((r) => r.id === id);
  if (!rule) throw new DataSourceError('not-found', `No rule with id ${id}`);
  keepDeletedRule(corpus, rule);
  corpus.rules = corpus.rules.filter((r) => r.id !== id);
  reanalyseAll(corpus);
}

export function saveEvaluationForm(corpus: Corpus, input: EvaluationFormDraft): EvaluationForm {
  validateFormDraft(input);
  const { baseVersion, ...draft } = input;
  const latest = corpus.forms
    .filter((f) => f.id === draft.id)
    .reduce((v, f) => Math.max(v, f.version), 0);
  checkBaseVersion(`The form "${draft.name}"`, latest || undefined, baseVersion);
  // Forms are told apart by name, as rules are: a new form may not take another form's.
  const namesake = corpus.forms.find(
    (f) => f.id !== draft.id && f.name.trim().toLowerCase() === draft.name.trim().toLowerCase(),
  );
  if (namesake)
    throw new DataSourceError('invalid-query', `Another form is called "${namesake.name}"`, [
      'name: another form has this name',
    ]);
  const form: EvaluationForm = { ...clone(draft), version: latest + 1 };
  // One form is used for new evaluations: publishing one as active retires the active version
  // of any form, this one's older versions and other forms alike; they stay for history.
  corpus.forms = [
    form,
    ...corpus.forms.map((f) => (form.active && f.active ? { ...f, active: false } : f)),
  ];
  // No re-run: scores already given keep the version they were given with (scoringForm).
  return clone(form);
}

export function saveSettings(corpus: Corpus, patch: SettingsPatch): AnalyticsSettings {
  validateSettingsPatch(patch, corpus.settings);
  const before = corpus.settings;
  const next: AnalyticsSettings = {
    smart: { ...before.smart, ...(patch.smart ?? {}) },
    costControl: { ...before.costControl, ...(patch.costControl ?? {}) },
  };
  if (next.smart.churnMediumScore > next.smart.churnHighScore) {
    throw new DataSourceError(
      'invalid-query',
      'The medium churn score must not be above the high one',
      ['smart.churnMediumScore'],
    );
  }
  const cost = next.costControl;
  if (cost.maxDurationSec > 0 && cost.maxDurationSec < cost.minDurationSec) {
    throw new DataSourceError(
      'invalid-query',
      'The longest analysed call must not be shorter than the shortest',
      ['costControl.maxDurationSec: must be 0 (no limit) or at least the minimum duration'],
    );
  }
  const unknown = cost.sampling.findIndex((rule) =>
    rule.scope === 'queue'
      ? !corpus.queues.includes(rule.value)
      : !corpus.cast.vendors.some((v) => v.id === rule.value),
  );
  if (unknown >= 0) {
    const rule = cost.sampling[unknown]!;
    throw new DataSourceError('invalid-query', `No ${rule.scope} "${rule.value}"`, [
      `costControl.sampling[${unknown}].value: no ${rule.scope} "${rule.value}"`,
    ]);
  }
  corpus.settings = next;
  // Calls moving in or out of the analysis (cost control) change the failure table too.
  const moved = changesSelection(before.costControl, next.costControl)
    ? applyCostControl(corpus)
    : { included: 0, excluded: 0 };
  const needsTranscripts =
    moved.included + moved.excluded > 0 ||
    next.smart.silenceThresholdMs !== before.smart.silenceThresholdMs ||
    JSON.stringify(next.costControl.rates) !== JSON.stringify(before.costControl.rates);
  if (needsTranscripts) reanalyseAll(corpus);
  else recomputeAcrossCalls(corpus);
  return clone(next);
}

export function callAttributes(corpus: Corpus, i: number) {
  const c = corpus.cols;
  return {
    direction: c.direction[i] ? 'outbound' : 'inbound',
    queue: corpus.queues[c.queue[i]!]!,
    brand: corpus.brands[c.brand[i]!]!,
    product: corpus.products[c.product[i]!]!,
    language: corpus.languages[c.language[i]!]!,
    disposition: DISPOSITIONS[c.disposition[i]!]!.code,
    vendorId: corpus.cast.vendors[c.vendor[i]!]!.id,
    agentId: corpus.cast.agents[c.agent[i]!]!.id,
  };
}

/** Names compared as people read them: whatever the case, runs of spaces or outer spaces. */
const sameName = (a: string, b: string) =>
  a.trim().replace(/\s+/g, ' ').toLocaleLowerCase('en') ===
  b.trim().replace(/\s+/g, ' ').toLocaleLowerCase('en');

/**
 * One name, one rule, in a deployment: results, lists and evaluation questions name rules, and
 * two "Proper closing" rules could not be told apart there. The rule being edited keeps its own.
 */
function checkRuleNameFree(rules: readonly Rule[], name: string, self: string | undefined): void {
  const taken = rules.find((r) => r.id !== self && sameName(r.name, name));
  if (taken)
    throw new DataSourceError(
      'invalid-query',
      `Another rule is already called “${taken.name}”: choose another name`,
      [`name: another rule is already called “${taken.name}”`],
    );
}

function uniqueRuleId(rules: readonly Rule[], name: string): string {
  const base = `rule-${
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'custom'
  }`;
  let id = base;
  for (let k = 2; rules.some((r) => r.id === id); k++) id = `${base}-${k}`;
  return id;
}

function countAnalysed(corpus: Corpus): number {
  let n = 0;
  for (let i = 0; i < corpus.n; i++) if (corpus.cols.status[i] === 0) n++;
  return n;
}
