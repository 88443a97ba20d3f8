/**
 * Types of the saved keyword searches: a user's named search (expression and call filters) on
 * one deployment, kept by the data source like every other write (IndexedDB in the browser's
 * demo, the write log on the API server). `owner` names the user and deployment
 * ("<deployment>/<user>"), so two users of one browser, or one user of two deployments, never
 * see each other's list.
 */
import type { CallFilters } from './query-types.ts';

export const MAX_SAVED_SEARCHES = 100;
export const MAX_SAVED_SEARCH_NAME = 80;
export const MAX_SAVED_SEARCH_EXPRESSION = 2000;

export interface SavedSearch {
  id: string;
  name: string;
  /** The keyword expression, as the search page takes it (`CUSTOMER:` prefix included). */
  expression: string;
  /** The filters it searches within (the period of the search page, for now). */
  filters: CallFilters;
  createdAt: string;
  updatedAt: string;
}

export interface SavedSearchQuery {
  owner: string;
}

/**
 * Saves (creates or replaces) the search with this id. The client makes the id and the time, so
 * the API server replaying its write log after a restart rebuilds exactly what it answered.
 */
export interface SavedSearchDraft {
  owner: string;
  /** Letters, digits, - and _ (1 to 64). */
  id: string;
  name: string;
  expression: string;
  filters?: CallFilters;
  /** When it was saved (ISO); the source's clock when absent. */
  savedAt?: string;
}

export interface SavedSearchDeletion {
  owner: string;
  id: string;
}
