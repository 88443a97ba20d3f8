/** A rule's versions, newest first, each with what changed from the one before and a rollback. */
import { useState } from 'react';
import { QueryState, useQuery, type Catalog, type Rule } from '../../../data/index.ts';
import { DateTime } from '../../../ui/date-time.tsx';
import { ruleDiff } from './rule-text.ts';

export function RuleVersions(props: {
  rule: Rule;
  catalog: Catalog;
  disabled: boolean;
  onRollback: (version: Rule) => void;
}) {
  const versions = useQuery(
    (s) => s.ruleVersions(props.rule.id),
    [props.rule.id, props.rule.version],
  );
  const [open, setOpen] = useState<number | null>(null);
  return (
    <QueryState query={versions} label="versions" isEmpty={(v) => v.length === 0}>
      {(list) => (
        <ol className="rb-versions" data-testid="rule-versions">
          {list.map((v, k) => {
            const older = list[k + 1];
            const diff = older ? ruleDiff(older.rule, v.rule, props.catalog) : [];
            const current = v.rule.version === props.rule.version;
            return (
              <li key={v.rule.version} className="rb-version">
                <span>
                  <strong>Version {v.rule.version}</strong>
                  {current && ' (current)'}
                  <span className="an-cell-sub">
                    {v.savedAt ? (
                      <>
                        Saved <DateTime iso={v.savedAt} />
                      </>
                    ) : (
                      'As shipped'
                    )}
                    {older ? ` · ${diff.length} change${diff.length === 1 ? '' : 's'}` : ''}
                  </span>
                </span>
                <span className="rl-actions">
                  {older && (
                    <button
                      type="button"
                      className="an-button an-button--small"
                      aria-expanded={open === v.rule.version}
                      onClick={() => setOpen(open === v.rule.version ? null : v.rule.version)}
                    >
                      Changes<span className="sr-only"> in version {v.rule.version}</span>
                    </button>
                  )}
                  {!current && (
                    <button
                      type="button"
                      className="an-button an-button--small"
                      disabled={props.disabled}
                      onClick={() => props.onRollback(v.rule)}
                    >
                      Roll back to v{v.rule.version}
                    </button>
                  )}
                </span>
                {open === v.rule.version && older && (
                  <table className="rb-diff">
                    <caption className="sr-only">
                      Changes from version {older.rule.version} to {v.rule.version}
                    </caption>
                    <thead>
                      <tr>
                        <th scope="col">Field</th>
                        <th scope="col">Version {older.rule.version}</th>
                        <th scope="col">Version {v.rule.version}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {diff.length === 0 && (
                        <tr>
                          <td colSpan={3}>No change (saved again as it was).</td>
                        </tr>
                      )}
                      {diff.map((d) => (
                        <tr key={d.field}>
                          <th scope="row">{d.field}</th>
                          <td>
                            <del>{d.before || '(empty)'}</del>
                          </td>
                          <td>
                            <ins>{d.after || '(empty)'}</ins>
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </QueryState>
  );
}
