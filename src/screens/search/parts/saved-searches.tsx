/**
 * The user's saved keyword searches on the search page: save the search shown (name,
 * expression and its period), open, rename or delete a saved one. Kept by the data source per
 * user and deployment; My Dashboard offers a widget for each.
 */
import { useId, useState, type FormEvent } from 'react';
import { AppLink } from '../../../runtime/index.ts';
import {
  MAX_SAVED_SEARCH_NAME,
  QueryState,
  type CallFilters,
  type SavedSearch,
} from '../../../data/index.ts';
import { fieldAria } from '../../../ui/form-field.tsx';
import { Panel } from '../../../ui/screen-parts.tsx';
import { fieldProblems } from '../../../ui/use-action.ts';
import {
  useDeleteSavedSearch,
  useSaveSearch,
  useSavedSearches,
  type SavedSearchState,
} from '../../../ui/saved-searches.ts';
import { paramsFromFilters } from '../../../ui/url-filters.ts';
import { searchPeriodLabel } from './search-period.tsx';

type Saved = SavedSearchState;

/** The search page's address of a saved search. */
function linkQuery(s: Pick<SavedSearch, 'expression' | 'filters'>) {
  const params = paramsFromFilters(s.filters);
  return {
    key: s.expression,
    from: params.get('from') ?? undefined,
    to: params.get('to') ?? undefined,
  };
}

function periodOf(filters: CallFilters): string | null {
  const q = linkQuery({ expression: '', filters });
  return searchPeriodLabel({ from: q.from, to: q.to });
}

export function SavedSearches(props: { expression: string; filters: CallFilters }) {
  const saved = useSavedSearches();
  const [said, setSaid] = useState('');
  return (
    <Panel
      title="Saved searches"
      subtitle="Yours on this deployment. Each can also be a widget on My Dashboard."
      testId="saved-searches"
    >
      {props.expression && (
        <SaveForm
          key={props.expression}
          expression={props.expression}
          filters={props.filters}
          saved={saved}
          onSaved={setSaid}
        />
      )}
      <p className="sr-only" role="status" aria-live="polite" data-testid="saved-search-status">
        {said}
      </p>
      <QueryState
        query={saved.list}
        label="saved searches"
        isEmpty={(list) => list.length === 0}
        empty={
          props.expression
            ? 'No saved search yet: name this one above to keep it.'
            : 'No saved search yet: search, then save it here with a name.'
        }
      >
        {(list) => (
          <ul className="an-saved-searches" data-testid="saved-search-list">
            {list.map((s) => (
              <SavedItem key={s.id} search={s} saved={saved} onDone={setSaid} />
            ))}
          </ul>
        )}
      </QueryState>
    </Panel>
  );
}

function SaveForm(props: {
  expression: string;
  filters: CallFilters;
  saved: Saved;
  onSaved: (message: string) => void;
}) {
  const id = useId();
  const save = useSaveSearch(props.saved);
  const [name, setName] = useState('');
  const [missing, setMissing] = useState(false);
  const problem = fieldProblems(save.error);
  const nameProblem = missing
    ? 'Give the search a name to save it.'
    : problem.has('name')
      ? `The name ${problem.get('name')}.`
      : save.error?.message;
  const period = periodOf(props.filters);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') {
      setMissing(true);
      return;
    }
    const result = await save.run({
      name,
      expression: props.expression,
      filters: props.filters,
    });
    if (result) {
      setName('');
      props.onSaved(`Saved “${result.name}”.`);
    }
  };
  return (
    <form className="an-filters an-saved-search__form" onSubmit={submit}>
      <div className="an-field an-field--grow">
        <label htmlFor={`${id}-name`}>Save this search{period ? ` (${period})` : ''} as</label>
        <input
          id={`${id}-name`}
          value={name}
          maxLength={MAX_SAVED_SEARCH_NAME}
          onChange={(e) => {
            setName(e.target.value);
            setMissing(false);
            save.clearError();
          }}
          placeholder="e.g. Cancellation talk"
          {...fieldAria(nameProblem, nameProblem && `${id}-problem`)}
          data-testid="saved-search-name"
        />
      </div>
      <button
        type="submit"
        className="an-button"
        disabled={save.pending}
        data-testid="saved-search-save"
      >
        Save search
      </button>
      {nameProblem && (
        <p id={`${id}-problem`} className="an-search__problem" role="alert">
          {nameProblem}
        </p>
      )}
    </form>
  );
}

function SavedItem(props: { search: SavedSearch; saved: Saved; onDone: (m: string) => void }) {
  const { search, saved } = props;
  const id = useId();
  const save = useSaveSearch(saved);
  const del = useDeleteSavedSearch(saved);
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState(search.name);
  const period = periodOf(search.filters);
  const problem = renaming ? save.error : del.error;
  const rename = async (event: FormEvent) => {
    event.preventDefault();
    const result = await save.run({ ...search, name });
    if (result) {
      setRenaming(false);
      props.onDone(`Renamed to “${result.name}”.`);
    }
  };
  const remove = async () => {
    const left = await del.run(search.id);
    if (left) props.onDone(`Deleted “${search.name}”.`);
  };
  return (
    <li className="an-saved-search" data-testid="saved-search">
      {renaming ? (
        <form className="an-saved-search__rename" onSubmit={rename}>
          <label htmlFor={`${id}-rename`} className="sr-only">
            New name for {search.name}
          </label>
          <input
            id={`${id}-rename`}
            value={name}
            maxLength={MAX_SAVED_SEARCH_NAME}
            onChange={(e) => setName(e.target.value)}
            data-testid="saved-search-rename-input"
            autoFocus
          />
          <button type="submit" className="an-button" disabled={save.pending}>
            Save name
          </button>
          <button
            type="button"
            className="an-button an-button--quiet"
            onClick={() => {
              setRenaming(false);
              setName(search.name);
              save.clearError();
            }}
          >
            Cancel
          </button>
        </form>
      ) : (
        <div className="an-saved-search__main">
          <AppLink route="keyword-search" query={linkQuery(search)} data-testid="saved-search-link">
            {search.name}
          </AppLink>
          <span className="muted">
            <code>{search.expression}</code>
            {period ? ` · ${period}` : ' · every day'}
          </span>
        </div>
      )}
      {!renaming && (
        <div className="an-saved-search__actions">
          <button
            type="button"
            className="an-button an-button--quiet"
            onClick={() => setRenaming(true)}
            aria-label={`Rename ${search.name}`}
          >
            Rename
          </button>
          <button
            type="button"
            className="an-button an-button--quiet"
            onClick={remove}
            disabled={del.pending}
            aria-label={`Delete ${search.name}`}
            data-testid="saved-search-delete"
          >
            Delete
          </button>
        </div>
      )}
      {problem && (
        <p className="an-search__problem" role="alert">
          {problem.message}
        </p>
      )}
    </li>
  );
}
