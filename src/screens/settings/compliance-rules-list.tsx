/**
 * Compliance rules list `/settings/compliance-rules-list`: every rule with its status, severity,
 * scope and version, how often it hit and failed over the last 30 days of data, and when it last
 * changed. Filter (kept in the address), sort, activate or deactivate, duplicate, delete (with a
 * confirmation and an undo), and open a rule in the builder. Each hit count links to the call
 * list behind it, whose total is the same number.
 */
import { useMemo, useState } from 'react';
import { AppLink, useNavigateTo, useRouteQuery, type RouteQuery } from '../../runtime/index.ts';
import {
  QueryState,
  useQuery,
  type CallDataSource,
  type Catalog,
  type Rule,
  type RuleStats,
} from '../../data/index.ts';
import '../../ui/analytics.css';
import {
  DataTable,
  nextSort,
  sortRows,
  type Column,
  type TableSort,
} from '../../ui/data-table.tsx';
import { DateTime } from '../../ui/date-time.tsx';
import { NO_VALUE, formatCount, formatShare } from '../../ui/format.ts';
import { callListHref } from '../../ui/links.ts';
import { periodLabel, resolvePeriod } from '../../ui/period.ts';
import { Panel, useCorpusContext, type CorpusContext } from '../../ui/screen-parts.tsx';
import { StorageNotice } from '../../ui/storage-notice.tsx';
import { useAction } from '../../ui/use-action.ts';
import { usePermission } from '../../auth/permissions.ts';
import { RoleNotice } from '../../ui/role-notice.tsx';
import { scopeText } from './parts/rule-text.ts';
import './rules.css';

const ROUTE = 'compliance-rules-list';
const SEVERITY_ORDER = { critical: 0, major: 1, minor: 2 } as const;

interface RuleRow {
  rule: Rule;
  stats: RuleStats | undefined;
}

export default function ComplianceRulesList() {
  const context = useCorpusContext();
  return (
    <div className="an-screen">
      <StorageNotice />
      <QueryState query={context} label="rules" isEmpty={() => false}>
        {(ctx) => <RulesBody context={ctx} />}
      </QueryState>
    </div>
  );
}

type Undo = { rule: Rule; message: string } | null;
type Task = (source: CallDataSource) => Promise<unknown>;

function RulesBody({ context }: { context: CorpusContext }) {
  const query = useRouteQuery(ROUTE);
  const navigateTo = useNavigateTo();
  const period = resolvePeriod({}, context.info);
  const [reload, setReload] = useState(0);
  const data = useQuery(
    async (s) => {
      const [rules, stats] = await Promise.all([s.rules(), s.ruleStats(period)]);
      return { rules, stats: new Map(stats.map((x) => [x.ruleId, x])) };
    },
    [period.from, period.to, reload],
  );
  const may = usePermission('edit-rules');
  const [confirm, setConfirm] = useState<Rule | null>(null);
  const [undo, setUndo] = useState<Undo>(null);
  const [status, setStatus] = useState('');
  const write = useAction(async (s, task: Task) => {
    await task(s);
    return true;
  });

  /** Every change re-analyses the stored calls; the list reloads when it is done. */
  const perform = async (label: string, task: Task, after?: () => void) => {
    setStatus(`${label}… re-analysing the stored calls`);
    const ok = await write.run(task);
    setStatus(ok ? `${label}: done.` : '');
    if (ok) after?.();
    setReload((r) => r + 1);
  };

  const setFilter = (name: keyof RouteQuery<typeof ROUTE>, value: string) =>
    navigateTo(ROUTE, { ...query, [name]: value === '' ? undefined : value }, { replace: true });

  const rows = data.data
    ? filterRows(
        data.data.rules.map((rule) => ({ rule, stats: data.data!.stats.get(rule.id) })),
        query,
      )
    : [];

  return (
    <Panel
      title="Compliance and category rules"
      subtitle={`Hits and failure rates over ${periodLabel(period)} (the last 30 days of data). Select a hit count to list those calls.`}
      actions={
        may.allowed && (
          <AppLink className="an-button an-button--primary" route="compliance-rules">
            New rule
          </AppLink>
        )
      }
      testId="rules-list"
    >
      <RoleNotice allowance={may} id="rules-role" />
      <form className="rl-filters" role="search" onSubmit={(e) => e.preventDefault()}>
        <div className="an-field an-field--grow">
          <label htmlFor="rules-q">Find a rule</label>
          <input
            id="rules-q"
            type="search"
            defaultValue={query.q ?? ''}
            placeholder="Name or description"
            onChange={(e) => setFilter('q', e.target.value)}
          />
        </div>
        <SelectFilter
          id="rules-kind"
          label="Kind"
          value={query.kind}
          options={['compliance', 'category']}
          onChange={(v) => setFilter('kind', v)}
        />
        <SelectFilter
          id="rules-status"
          label="Status"
          value={query.status}
          options={['active', 'inactive']}
          onChange={(v) => setFilter('status', v)}
        />
        <SelectFilter
          id="rules-severity"
          label="Severity"
          value={query.severity}
          options={['critical', 'major', 'minor']}
          onChange={(v) => setFilter('severity', v)}
        />
      </form>
      <div className="rl-status" role="status" aria-live="polite" data-testid="rules-status">
        {write.pending && status}
        {!write.pending && write.error && <span className="rl-error">{write.error.message}</span>}
        {!write.pending && !write.error && !undo && status}
        {!write.pending && undo && (
          <>
            {undo.message}{' '}
            <button
              type="button"
              className="an-button an-button--small"
              onClick={() => {
                const { version, ...draft } = undo.rule;
                setUndo(null);
                void version;
                // The rule comes back under its id; its versions continue.
                void perform(`Restoring “${draft.name}”`, (s) =>
                  s.saveRule({ ...draft, restoreDeleted: true }),
                );
              }}
            >
              Undo
            </button>
          </>
        )}
      </div>
      {confirm && (
        <div className="rl-confirm" role="alertdialog" aria-labelledby="rl-confirm-title">
          <p id="rl-confirm-title">
            Delete “{confirm.name}”? Its results are removed from every call and compliance scores
            are worked out again without it. You can undo this right after.
          </p>
          <div className="rl-confirm__actions">
            <button
              type="button"
              className="an-button an-button--primary"
              autoFocus
              onClick={() => {
                const rule = confirm;
                setConfirm(null);
                void perform(
                  `Deleting “${rule.name}”`,
                  (s) => s.deleteRule(rule.id),
                  () => setUndo({ rule, message: `“${rule.name}” was deleted.` }),
                );
              }}
            >
              Delete rule
            </button>
            <button type="button" className="an-button" onClick={() => setConfirm(null)}>
              Keep it
            </button>
          </div>
        </div>
      )}
      <QueryState query={data} label="rules" isEmpty={(d) => d.rules.length === 0}>
        {() =>
          rows.length === 0 ? (
            <p className="an-empty">No rule matches these filters.</p>
          ) : (
            <RulesTable
              rows={rows}
              catalog={context.catalog}
              busy={write.pending || !may.allowed}
              onToggle={(rule) => {
                const { version, ...draft } = rule;
                setUndo(null);
                void perform(`${rule.active ? 'Deactivating' : 'Activating'} “${rule.name}”`, (s) =>
                  s.saveRule({ ...draft, active: !rule.active, baseVersion: version }),
                );
              }}
              onDuplicate={(rule) => {
                const { version: _v, id: _id, ...draft } = rule;
                setUndo(null);
                void perform(`Duplicating “${rule.name}” (the copy starts inactive)`, (s) =>
                  s.saveRule({
                    ...draft,
                    name: copyName(rule.name, data.data?.rules ?? []),
                    active: false,
                  }),
                );
              }}
              onDelete={(rule) => {
                setUndo(null);
                setConfirm(rule);
              }}
            />
          )
        }
      </QueryState>
    </Panel>
  );
}

function SelectFilter(props: {
  id: string;
  label: string;
  value: string | undefined;
  options: readonly string[];
  onChange: (value: string) => void;
}) {
  return (
    <div className="an-field">
      <label htmlFor={props.id}>{props.label}</label>
      <select
        id={props.id}
        value={props.value ?? ''}
        onChange={(e) => props.onChange(e.target.value)}
      >
        <option value="">All</option>
        {props.options.map((o) => (
          <option key={o} value={o}>
            {o[0]!.toUpperCase() + o.slice(1)}
          </option>
        ))}
      </select>
    </div>
  );
}

function filterRows(
  rows: RuleRow[],
  query: { q?: string; kind?: string; status?: string; severity?: string },
): RuleRow[] {
  const text = query.q?.trim().toLowerCase();
  return rows.filter(
    ({ rule }) =>
      (!text || `${rule.name} ${rule.description ?? ''}`.toLowerCase().includes(text)) &&
      (!query.kind || rule.kind === query.kind) &&
      (!query.status || (query.status === 'active') === rule.active) &&
      (!query.severity || rule.severity === query.severity),
  );
}

function RulesTable(props: {
  rows: RuleRow[];
  catalog: Catalog;
  busy: boolean;
  onToggle: (rule: Rule) => void;
  onDuplicate: (rule: Rule) => void;
  onDelete: (rule: Rule) => void;
}) {
  const [sort, setSort] = useState<TableSort>({ column: 'severity', direction: 'asc' });
  const columns = useMemo(() => ruleColumns(props), [props]);
  const sorted = useMemo(() => {
    const value = (r: RuleRow): string | number | null => {
      switch (sort.column) {
        case 'rule':
          return r.rule.name;
        case 'severity':
          return SEVERITY_ORDER[r.rule.severity] + (r.rule.active ? 0 : 10);
        case 'status':
          return r.rule.active ? 0 : 1;
        case 'version':
          return r.rule.version;
        case 'applicable':
          return r.stats?.applicableCalls ?? null;
        case 'hits':
          return r.stats?.hits ?? null;
        case 'hitRate':
          return r.stats?.hitRate ?? null;
        case 'failureRate':
          return r.stats?.failureRate ?? null;
        case 'changed':
          return r.stats?.changedAt ?? '';
        default:
          return r.rule.kind;
      }
    };
    return sortRows(props.rows, value, sort.direction);
  }, [props.rows, sort]);
  return (
    <DataTable
      caption="Rules with their hits over the last 30 days of data"
      captionHidden
      columns={columns}
      rowCount={sorted.length}
      row={(i) => sorted[i]}
      rowKey={(r) => r.rule.id}
      rowHeight={60}
      sort={sort}
      onSort={(column) => setSort((s) => nextSort(s, column))}
      rowClass={(r) => (r.rule.active ? undefined : 'rl-row--inactive')}
      testId="rules-table"
    />
  );
}

/** A name for a copy that no rule has (names are unique in a deployment): "X (copy)", "X (copy 2)"… */
function copyName(name: string, rules: readonly Rule[]): string {
  const taken = new Set(rules.map((r) => r.name.trim().toLocaleLowerCase('en')));
  for (let k = 1; ; k++) {
    const candidate = `${name} (copy${k === 1 ? '' : ` ${k}`})`;
    if (!taken.has(candidate.toLocaleLowerCase('en'))) return candidate;
  }
}

function ruleColumns(props: {
  catalog: Catalog;
  busy: boolean;
  onToggle: (rule: Rule) => void;
  onDuplicate: (rule: Rule) => void;
  onDelete: (rule: Rule) => void;
}): Column<RuleRow>[] {
  return [
    {
      id: 'rule',
      label: 'Rule',
      rowHeader: true,
      sortable: true,
      firstSort: 'asc',
      width: '16rem',
      cell: ({ rule }) => (
        <>
          <AppLink route="compliance-rules" query={{ rule: rule.id }}>
            {rule.name}
          </AppLink>
          <span className="an-cell-sub an-truncate" title={scopeText(rule, props.catalog)}>
            {scopeText(rule, props.catalog)}
          </span>
        </>
      ),
    },
    {
      id: 'status',
      label: 'Status',
      sortable: true,
      firstSort: 'asc',
      cell: ({ rule }) => (
        <span className="rl-pill" data-active={rule.active}>
          {rule.active ? 'Active' : 'Inactive'}
        </span>
      ),
    },
    {
      id: 'kind',
      label: 'Kind',
      sortable: true,
      firstSort: 'asc',
      cell: ({ rule }) => (rule.kind === 'compliance' ? 'Compliance' : 'Category'),
    },
    {
      id: 'severity',
      label: 'Severity',
      sortable: true,
      firstSort: 'asc',
      cell: ({ rule }) => (
        <span className="rl-severity" data-severity={rule.severity}>
          {rule.severity}
          <span className="an-cell-sub">{rule.points} pts</span>
        </span>
      ),
    },
    {
      id: 'version',
      label: 'Version',
      sortable: true,
      align: 'end',
      cell: ({ rule }) => `v${rule.version}`,
    },
    {
      id: 'applicable',
      label: 'Calls in scope',
      help: 'Analysed calls of the period the rule applies to (its scope). Inactive rules are not evaluated.',
      sortable: true,
      align: 'end',
      cell: ({ stats }) => (stats ? formatCount(stats.applicableCalls) : NO_VALUE),
    },
    {
      id: 'hits',
      label: 'Hits',
      help: 'Calls where the condition was true: violations of a compliance rule, tagged calls of a category. Select to list them.',
      sortable: true,
      align: 'end',
      cell: ({ rule, stats }) =>
        stats && rule.active ? (
          <a
            href={callListHref(stats.drillDown)}
            aria-label={`${formatCount(stats.hits)} calls hit by ${rule.name}`}
          >
            {formatCount(stats.hits)}
          </a>
        ) : (
          NO_VALUE
        ),
    },
    {
      id: 'hitRate',
      label: 'Hit rate',
      help: 'Hits over calls in scope.',
      sortable: true,
      align: 'end',
      cell: ({ stats }) => (stats?.hitRate == null ? NO_VALUE : formatShare(stats.hitRate)),
    },
    {
      id: 'failureRate',
      label: 'Failure rate',
      help: 'Compliance rules: the share of calls in scope that failed the rule (a category rule cannot fail).',
      sortable: true,
      align: 'end',
      cell: ({ stats }) => (stats?.failureRate == null ? NO_VALUE : formatShare(stats.failureRate)),
    },
    {
      id: 'changed',
      label: 'Last change',
      sortable: true,
      cell: ({ stats }) => (stats?.changedAt ? <DateTime iso={stats.changedAt} /> : 'As shipped'),
    },
    {
      id: 'actions',
      label: 'Actions',
      hideLabel: true,
      cell: ({ rule }) => (
        <div className="rl-actions">
          <button
            type="button"
            className="an-button an-button--small"
            disabled={props.busy}
            onClick={() => props.onToggle(rule)}
          >
            {rule.active ? 'Deactivate' : 'Activate'}
            <span className="sr-only"> {rule.name}</span>
          </button>
          <button
            type="button"
            className="an-button an-button--small"
            disabled={props.busy}
            onClick={() => props.onDuplicate(rule)}
          >
            Duplicate<span className="sr-only"> {rule.name}</span>
          </button>
          <button
            type="button"
            className="an-button an-button--small rl-danger"
            disabled={props.busy}
            onClick={() => props.onDelete(rule)}
          >
            Delete<span className="sr-only"> {rule.name}</span>
          </button>
        </div>
      ),
    },
  ];
}
