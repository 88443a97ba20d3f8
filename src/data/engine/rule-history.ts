/**
 * Every saved version of every rule, so the builder can show a diff and roll back. The corpus
 * keeps only the current rules; the history lives here, per corpus, and is persisted with them.
 */
import type { Rule } from '../../generated/data.types.ts';
import type { Corpus } from '../corpus/corpus.ts';
import { DataSourceError } from '../source.ts';
import { clone } from './page.ts';

const histories = new WeakMap<Corpus, Map<string, Rule[]>>();

function historyOf(corpus: Corpus): Map<string, Rule[]> {
  let history = histories.get(corpus);
  if (!history) {
    history = new Map();
    histories.set(corpus, history);
  }
  return history;
}

/** Versions of a rule, newest first; a rule never saved here has just its current version. */
export function ruleVersions(corpus: Corpus, id: string): Rule[] {
  const saved = historyOf(corpus).get(id);
  if (saved) return clone(saved);
  const current = corpus.rules.find((r) => r.id === id);
  return current ? [clone(current)] : [];
}

/** Called on every save: the previous version (if not yet kept) and the new one. */
export function recordRuleVersion(corpus: Corpus, previous: Rule | undefined, rule: Rule): void {
  const history = historyOf(corpus);
  const list = history.get(rule.id) ?? (previous ? [clone(previous)] : []);
  history.set(rule.id, [clone(rule), ...list.filter((r) => r.version !== rule.version)]);
}

/** Undoes the newest recorded version (a cancelled re-run). */
export function forgetRuleVersion(corpus: Corpus, id: string, version: number): void {
  const history = historyOf(corpus);
  const list = history.get(id);
  if (list)
    history.set(
      id,
      list.filter((r) => r.version !== version),
    );
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

export function exportRuleHistory(corpus: Corpus): Record<string, Rule[]> {
  return Object.fromEntries(historyOf(corpus));
}

export function importRuleHistory(corpus: Corpus, saved: Record<string, Rule[]>): void {
  histories.set(corpus, new Map(Object.entries(clone(saved))));
}
