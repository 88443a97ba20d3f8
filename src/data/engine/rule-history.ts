/**
 * Every saved version of every rule with when it was saved, so the builder can show a diff and
 * roll back and the list can say when a rule last changed. The corpus keeps only the current
 * rules; the history lives here, per corpus, and is persisted with them. A deleted rule keeps
 * its history, so an undo continues it.
 */
import type { Rule } from '../../generated/data.types.ts';
import type { Corpus } from '../corpus/corpus.ts';
import { DataSourceError, type RuleVersion } from '../source.ts';
import { clone } from './page.ts';
import { writeTime } from './write-clock.ts';

const histories = new WeakMap<Corpus, Map<string, RuleVersion[]>>();

function historyOf(corpus: Corpus): Map<string, RuleVersion[]> {
  let history = histories.get(corpus);
  if (!history) {
    history = new Map();
    histories.set(corpus, history);
  }
  return history;
}

/** Versions of a rule, newest first; a rule never saved here has just its current version. */
export function ruleVersions(corpus: Corpus, id: string): RuleVersion[] {
  const saved = historyOf(corpus).get(id);
  if (saved) return clone(saved);
  const current = corpus.rules.find((r) => r.id === id);
  return current ? [{ rule: clone(current), savedAt: null }] : [];
}

/** The newest version ever saved of a rule, deleted or not (undo of a delete starts from it). */
export function latestVersion(corpus: Corpus, id: string): Rule | undefined {
  return historyOf(corpus).get(id)?.[0]?.rule;
}

export function changedAt(corpus: Corpus, id: string): string | null {
  return historyOf(corpus).get(id)?.[0]?.savedAt ?? null;
}

/** Before a delete: the rule's versions stay, so an undo can bring it back under its id. */
export function keepDeletedRule(corpus: Corpus, rule: Rule): void {
  const history = historyOf(corpus);
  if (!history.has(rule.id)) history.set(rule.id, [{ rule: clone(rule), savedAt: null }]);
}

/** Called on every save: the previous version (if not yet kept) and the new one. */
export function recordRuleVersion(corpus: Corpus, previous: Rule | undefined, rule: Rule): void {
  const history = historyOf(corpus);
  const list = history.get(rule.id) ?? (previous ? [{ rule: clone(previous), savedAt: null }] : []);
  history.set(rule.id, [
    { rule: clone(rule), savedAt: writeTime(corpus) },
    ...list.filter((v) => v.rule.version !== rule.version),
  ]);
}

/** Undoes the newest recorded version (a cancelled re-run). */
export function forgetRuleVersion(corpus: Corpus, id: string, version: number): void {
  const history = historyOf(corpus);
  const list = history.get(id);
  if (!list) return;
  const rest = list.filter((v) => v.rule.version !== version);
  if (rest.length > 0) history.set(id, rest);
  else history.delete(id);
}

/** Rejects a save whose base version is not the stored one: never overwrite a change unseen. */
export function checkBaseVersion(
  what: string,
  stored: number | undefined,
  base: number | undefined,
): void {
  if (base === undefined || stored === undefined || stored === base) return;
  throw new DataSourceError(
    'conflict',
    `${what} changed elsewhere: you edited version ${base}, the stored one is version ${stored}. Reload it to see the change; your draft is kept.`,
    ['baseVersion'],
  );
}

export function exportRuleHistory(corpus: Corpus): Record<string, RuleVersion[]> {
  return Object.fromEntries(historyOf(corpus));
}

export function importRuleHistory(corpus: Corpus, saved: Record<string, RuleVersion[]>): void {
  histories.set(corpus, new Map(Object.entries(clone(saved))));
}
