/**
 * The signed-in user's saved keyword searches, shared by Keyword Search (save, rename, delete)
 * and My Dashboard (a widget per saved search). Owned by user and deployment: the owner key is
 * "<deployment id>/<user>", as My Dashboard's own layout is keyed.
 */
import { useState } from 'react';
import { useStoredUser, type StoredUser } from '../auth/index.ts';
import { useQuery, type SavedSearch } from '../data/index.ts';
import { manifest } from '../generated/manifest.gen.ts';
import { useAction } from './use-action.ts';

export function savedSearchOwner(user: StoredUser, deploymentId: string = manifest.id): string {
  return `${deploymentId}/${user.username ?? user.name}`;
}

/** A new saved search's id (the client makes it, so a replayed write keeps it). */
export function newSavedSearchId(): string {
  return `search-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}

export function useSavedSearches() {
  const user = useStoredUser();
  const owner = user ? savedSearchOwner(user) : '';
  const [version, setVersion] = useState(0);
  const list = useQuery(
    (s) => (owner ? s.savedSearches({ owner }) : Promise.resolve([] as SavedSearch[])),
    [owner, version],
  );
  const reload = () => setVersion((v) => v + 1);
  return { owner, list, reload };
}

export type SavedSearchState = ReturnType<typeof useSavedSearches>;

/** Saving one search (new, or renamed with its id), with its own pending state and error. */
export function useSaveSearch({ owner, reload }: SavedSearchState) {
  return useAction(
    async (s, draft: Pick<SavedSearch, 'name' | 'expression' | 'filters'> & { id?: string }) => {
      // Only the draft's fields: the API refuses fields it does not know (a stored search's times).
      const saved = await s.saveSearch({
        owner,
        id: draft.id ?? newSavedSearchId(),
        name: draft.name,
        expression: draft.expression,
        filters: draft.filters,
        savedAt: new Date().toISOString(),
      });
      reload();
      return saved;
    },
  );
}

/** Deleting one saved search; resolves the remaining list. */
export function useDeleteSavedSearch({ owner, reload }: SavedSearchState) {
  return useAction(async (s, id: string) => {
    const left = await s.deleteSavedSearch({ owner, id });
    reload();
    return left;
  });
}
