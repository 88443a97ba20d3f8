/** The imports of the session, newest first, with undo for the newest one still in effect. */
import { useState, type ReactNode } from 'react';
import {
  DataSourceError,
  QueryState,
  useDataSource,
  useQuery,
  type MetadataImport,
} from '../../../data/index.ts';
import { usePermission } from '../../../auth/permissions.ts';
import { DateTime } from '../../../ui/date-time.tsx';
import { formatCount } from '../../../ui/format.ts';
import { Panel } from '../../../ui/screen-parts.tsx';

export function ImportHistory(props: { version: number; onUndone: () => void }) {
  const source = useDataSource();
  const history = useQuery((s) => s.metadataImports(), [props.version]);
  const may = usePermission('import-metadata');
  const [undoing, setUndoing] = useState<string | null>(null);
  const [message, setMessage] = useState<{ text: string; bad: boolean } | null>(null);
  const undo = async (item: MetadataImport) => {
    setUndoing(item.id);
    setMessage(null);
    try {
      await source.undoMetadataImport(item.id);
      setMessage({
        text: `${item.fileName} was undone: the previous values are back.`,
        bad: false,
      });
      props.onUndone();
    } catch (error) {
      setMessage({ text: DataSourceError.from(error).message, bad: true });
    } finally {
      setUndoing(null);
    }
  };
  return (
    <Panel
      title="Import history"
      subtitle="Imports of this session, newest first."
      testId="import-history"
    >
      <p role="status" className={message?.bad ? 'an-error' : undefined}>
        {message?.text}
      </p>
      <QueryState
        query={history}
        label="the import history"
        isEmpty={(h) => h.length === 0}
        empty="No imports yet."
      >
        {(items) => {
          const undoable = items.find((i) => i.applied && !i.undoneAt)?.id;
          return (
            <ol className="st-list">
              {items.map((item) => (
                <li
                  key={item.id}
                  className="st-item"
                  data-testid="import-entry"
                  data-status={status(item)}
                >
                  <div>
                    <p className="st-item__title">
                      {item.fileName} <span className="muted">({item.id})</span>
                    </p>
                    <p className="st-item__meta">
                      <DateTime iso={item.importedAt} /> · {formatCount(item.rows)} rows ·{' '}
                      {describe(item)}
                    </p>
                  </div>
                  {item.id === undoable && (
                    <button
                      type="button"
                      className="an-button"
                      disabled={undoing !== null || !may.allowed}
                      aria-describedby={may.allowed ? undefined : 'settings-role'}
                      onClick={() => void undo(item)}
                    >
                      {undoing === item.id ? 'Undoing…' : `Undo ${item.fileName}`}
                    </button>
                  )}
                </li>
              ))}
            </ol>
          );
        }}
      </QueryState>
    </Panel>
  );
}

function status(item: MetadataImport): 'applied' | 'refused' | 'undone' {
  return item.undoneAt ? 'undone' : item.applied ? 'applied' : 'refused';
}

function describe(item: MetadataImport): ReactNode {
  if (item.undoneAt) {
    return (
      <>
        undone at <DateTime iso={item.undoneAt} />
      </>
    );
  }
  if (item.applied) return `imported, ${formatCount(item.changedCalls ?? item.rows)} calls updated`;
  return `refused: ${formatCount(item.errors.length)} problem${item.errors.length === 1 ? '' : 's'}, nothing imported`;
}
