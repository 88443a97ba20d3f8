/**
 * Saved keyword searches per owner (user on a deployment). Each save is checked whole: a name,
 * an expression the search language reads, filters the call list reads; nothing is half-saved.
 * Kept beside the corpus like the other writes, and persisted by the `savedSearches` slice.
 */
import type { Corpus } from '../corpus/corpus.ts';
import {
  MAX_SAVED_SEARCHES,
  MAX_SAVED_SEARCH_EXPRESSION,
  MAX_SAVED_SEARCH_NAME,
  type SavedSearch,
  type SavedSearchDeletion,
  type SavedSearchDraft,
  type SavedSearchQuery,
} from '../saved-searches.ts';
import { SearchSyntaxError, parseSearchExpression } from '../search/parse.ts';
import { DataSourceError } from '../source.ts';
import { compileFilters, timeRange } from './select.ts';
import { writeTime } from './write-clock.ts';

type Store = Map<string, SavedSearch[]>;
const stores = new WeakMap<Corpus, Store>();

function storeOf(corpus: Corpus): Store {
  let store = stores.get(corpus);
  if (!store) stores.set(corpus, (store = new Map()));
  return store;
}

function requireOwner(owner: unknown): string {
  if (typeof owner !== 'string' || owner.trim() === '')
    throw new DataSourceError('invalid-query', 'owner is required', ['owner: must not be empty']);
  return owner;
}

/** Newest change first. */
const ordered = (list: readonly SavedSearch[]) =>
  [...list].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt) || a.id.localeCompare(b.id));

export function savedSearches(corpus: Corpus, query: SavedSearchQuery): SavedSearch[] {
  return ordered(storeOf(corpus).get(requireOwner(query?.owner)) ?? []);
}

/** The problems of a saved search's fields, one message each (empty when it is usable). */
export function savedSearchProblems(
  corpus: Corpus,
  s: Pick<SavedSearch, 'name' | 'expression'> & { filters?: unknown },
): string[] {
  const problems: string[] = [];
  if (typeof s.name !== 'string' || s.name.trim() === '') problems.push('name: must not be empty');
  else if (s.name.length > MAX_SAVED_SEARCH_NAME)
    problems.push(`name: at most ${MAX_SAVED_SEARCH_NAME} characters`);
  if (typeof s.expression !== 'string' || s.expression.trim() === '')
    problems.push('expression: must not be empty');
  else if (s.expression.length > MAX_SAVED_SEARCH_EXPRESSION)
    problems.push(`expression: at most ${MAX_SAVED_SEARCH_EXPRESSION} characters`);
  else
    try {
      parseSearchExpression(s.expression);
    } catch (error) {
      if (!(error instanceof SearchSyntaxError)) throw error;
      problems.push(`expression: ${error.message} at character ${error.position + 1}`);
    }
  const filters = s.filters ?? {};
  if (typeof filters !== 'object' || filters === null || Array.isArray(filters))
    problems.push('filters: expected an object');
  else
    try {
      // The call list's own checks: a filter it would refuse is refused here.
      timeRange(corpus, filters);
      compileFilters(corpus, filters);
    } catch (error) {
      if (!(error instanceof DataSourceError)) throw error;
      problems.push(...(error.details.length > 0 ? error.details : [error.message]));
    }
  return problems;
}

const ID = /^[A-Za-z0-9_-]{1,64}$/;

export function saveSearch(corpus: Corpus, draft: SavedSearchDraft): SavedSearch {
  const owner = requireOwner(draft?.owner);
  const problems = savedSearchProblems(corpus, draft);
  if (typeof draft.id !== 'string' || !ID.test(draft.id))
    problems.unshift('id: 1 to 64 letters, digits, - or _');
  const savedAt = draft.savedAt ?? writeTime(corpus);
  if (Number.isNaN(Date.parse(savedAt))) problems.push('savedAt: not a date');
  if (problems.length > 0)
    throw new DataSourceError(
      'invalid-query',
      `The saved search is not valid: ${problems[0]}`,
      problems,
    );
  const store = storeOf(corpus);
  const list = store.get(owner) ?? [];
  const fields = {
    name: draft.name.trim(),
    expression: draft.expression.trim(),
    filters: structuredClone(draft.filters ?? {}),
    updatedAt: new Date(savedAt).toISOString(),
  };
  const k = list.findIndex((s) => s.id === draft.id);
  if (k >= 0) {
    const next = { ...list[k]!, ...fields };
    store.set(
      owner,
      list.map((s, j) => (j === k ? next : s)),
    );
    return next;
  }
  if (list.length >= MAX_SAVED_SEARCHES)
    throw new DataSourceError(
      'invalid-query',
      `At most ${MAX_SAVED_SEARCHES} saved searches: delete one first`,
      ['owner: too many saved searches'],
    );
  const saved: SavedSearch = { id: draft.id, ...fields, createdAt: fields.updatedAt };
  store.set(owner, [...list, saved]);
  return saved;
}

/** Deletes one; returns what is left. */
export function deleteSavedSearch(corpus: Corpus, request: SavedSearchDeletion): SavedSearch[] {
  const owner = requireOwner(request?.owner);
  const store = storeOf(corpus);
  const list = store.get(owner) ?? [];
  if (!list.some((s) => s.id === request.id))
    throw new DataSourceError('not-found', `No saved search ${request.id}`, [`id: ${request.id}`]);
  store.set(
    owner,
    list.filter((s) => s.id !== request.id),
  );
  return savedSearches(corpus, { owner });
}

/** Every owner's list, for the persisted slice. */
export function exportSavedSearches(corpus: Corpus): Record<string, SavedSearch[]> {
  return Object.fromEntries(storeOf(corpus));
}

/** Restores every list, each search checked; throws (changing nothing) on any bad one. */
export function importSavedSearches(corpus: Corpus, value: unknown): void {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new Error('not an object');
  const next: Store = new Map();
  for (const [owner, list] of Object.entries(value)) {
    if (!Array.isArray(list)) throw new Error(`the searches of ${owner} are not a list`);
    list.forEach((s: SavedSearch, k) => {
      const problems =
        typeof s === 'object' && s !== null && typeof s.id === 'string'
          ? savedSearchProblems(corpus, s)
          : ['not a saved search'];
      if (problems.length > 0) throw new Error(`search ${k + 1} of ${owner}: ${problems[0]}`);
    });
    next.set(owner, list as SavedSearch[]);
  }
  stores.set(corpus, next);
}
