/**
 * Lead List `/lead/list`: leads found in sales calls with stage, score, temperature, the
 * buying signals heard, the next action and the owner. Filters and sort live in the address;
 * rows can be selected and assigned to one owner at once (all or nothing).
 */
import { useMemo, useState } from 'react';
import {
  DataSourceError,
  QueryState,
  useDataSource,
  type Agent,
  type Catalog,
  type Lead,
  type LeadQuery,
} from '../../data/index.ts';
import { usePermission } from '../../auth/permissions.ts';
import { AppLink, useNavigateTo, useRouteQuery, type RouteQuery } from '../../runtime/index.ts';
import '../../ui/analytics.css';
import { DataTable, nextSort, type Column, type TableSort } from '../../ui/data-table.tsx';
import { formatCount } from '../../ui/format.ts';
import { Field } from '../../ui/form-field.tsx';
import { IgnoredParams, Panel, useCorpusContext } from '../../ui/screen-parts.tsx';
import { RoleNotice } from '../../ui/role-notice.tsx';
import { usePagedRows } from '../../ui/use-paged-rows.ts';
import './lead.css';
import { SCORE_HELP, STAGES, TEMPERATURES, TEMPERATURE_TONE } from './parts/lead-words.ts';

type ListQuery = RouteQuery<'lead-list'>;

export default function LeadList() {
  const query = useRouteQuery('lead-list');
  const context = useCorpusContext();
  return (
    <div className="an-screen">
      <QueryState query={context} label="leads" isEmpty={() => false}>
        {({ catalog }) => {
          const unknownOwner =
            query.owner && !catalog.agents.some((a) => a.id === query.owner)
              ? [{ param: 'owner', value: query.owner, reason: 'no agent has this id' }]
              : [];
          const effective = unknownOwner.length > 0 ? { ...query, owner: undefined } : query;
          return (
            <>
              <IgnoredParams problems={unknownOwner} />
              <LeadListBody query={effective} catalog={catalog} />
            </>
          );
        }}
      </QueryState>
    </div>
  );
}

function LeadListBody({ query, catalog }: { query: ListQuery; catalog: Catalog }) {
  const source = useDataSource();
  const navigate = useNavigateTo();
  const agents = useMemo(() => new Map(catalog.agents.map((a) => [a.id, a])), [catalog]);
  const sort: TableSort = { column: query.sort ?? 'score', direction: query.dir ?? 'desc' };
  const request: LeadQuery = {
    ...(query.q ? { text: query.q } : {}),
    ...(query.temperature ? { temperature: query.temperature } : {}),
    ...(query.stage ? { stage: query.stage } : {}),
    ...(query.owner ? { ownerAgentId: query.owner } : {}),
    sort: { field: sort.column as 'score' | 'name' | 'stage', direction: sort.direction },
  };
  const list = usePagedRows(
    (s, offset, limit) => s.leads({ ...request, offset, limit }),
    [request],
  );
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [outcome, setOutcome] = useState<{ text: string; bad: boolean } | null>(null);
  const set = (patch: Partial<ListQuery>) =>
    navigate('lead-list', { ...query, ...patch }, { replace: true });

  const toggle = (id: string, on: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const mayAssign = usePermission('assign-leads');
  const assign = async (ownerAgentId: string) => {
    setOutcome(null);
    try {
      const updated = await source.assignLeads({ leadIds: [...selected], ownerAgentId });
      setOutcome({
        text: `${formatCount(updated.length)} lead${updated.length === 1 ? '' : 's'} assigned to ${agents.get(ownerAgentId)?.name ?? ownerAgentId}.`,
        bad: false,
      });
      setSelected(new Set());
    } catch (error) {
      setOutcome({
        text: `Not assigned: ${DataSourceError.from(error).message}. Your selection is kept.`,
        bad: true,
      });
    }
  };

  const columns: Column<Lead>[] = [
    {
      id: 'select',
      label: 'Select',
      hideLabel: true,
      width: '3rem',
      cell: (l) => (
        <input
          type="checkbox"
          checked={selected.has(l.id)}
          aria-label={`Select ${l.name}`}
          onChange={(e) => toggle(l.id, e.target.checked)}
        />
      ),
    },
    {
      id: 'name',
      label: 'Lead',
      rowHeader: true,
      sortable: true,
      firstSort: 'asc',
      cell: (l) => (
        <AppLink route="lead" query={{ id: l.id }} data-testid="lead-link">
          {l.name}
        </AppLink>
      ),
    },
    { id: 'stage', label: 'Stage', sortable: true, firstSort: 'asc', cell: (l) => l.stage },
    {
      id: 'score',
      label: 'Score',
      sortable: true,
      align: 'end',
      help: SCORE_HELP,
      cell: (l) => <span data-value={l.score}>{l.score}</span>,
    },
    {
      id: 'temperature',
      label: 'Temperature',
      cell: (l) => (
        <span className="an-chip" data-tone={TEMPERATURE_TONE[l.temperature]}>
          {l.temperature}
        </span>
      ),
    },
    { id: 'signals', label: 'Signals from calls', cell: (l) => l.signals.join(', ') },
    { id: 'next', label: 'Next action', cell: (l) => l.nextAction },
    {
      id: 'owner',
      label: 'Owner',
      cell: (l) => (
        <span data-owner={l.ownerAgentId}>
          {agents.get(l.ownerAgentId)?.name ?? l.ownerAgentId}
        </span>
      ),
    },
    { id: 'campaign', label: 'Campaign', cell: (l) => l.campaign },
  ];

  return (
    <>
      <Panel
        title="Filter"
        subtitle="Filters and sort are kept in the address, so a link shares the same list."
      >
        <form
          className="ld-toolbar"
          role="search"
          aria-label="Filter leads"
          onSubmit={(e) => e.preventDefault()}
        >
          <div className="an-field an-field--grow">
            <label htmlFor="lead-q">Name, campaign or signal</label>
            <input
              id="lead-q"
              type="search"
              defaultValue={query.q ?? ''}
              onChange={(e) => set({ q: e.target.value || undefined })}
            />
          </div>
          <Choice
            id="lead-temperature"
            label="Temperature"
            value={query.temperature ?? ''}
            options={TEMPERATURES.map((t) => ({ value: t, label: t }))}
            onChange={(v) => set({ temperature: (v || undefined) as ListQuery['temperature'] })}
          />
          <Choice
            id="lead-stage"
            label="Stage"
            value={query.stage ?? ''}
            options={STAGES.map((s) => ({ value: s, label: s }))}
            onChange={(v) => set({ stage: (v || undefined) as ListQuery['stage'] })}
          />
          <Choice
            id="lead-owner"
            label="Owner"
            value={query.owner ?? ''}
            options={agentOptions(catalog.agents)}
            onChange={(v) => set({ owner: v || undefined })}
          />
        </form>
      </Panel>
      <Panel title="Leads" testId="lead-list">
        <RoleNotice allowance={mayAssign} id="assign-role" />
        <BulkAssign
          allowed={mayAssign.allowed}
          count={selected.size}
          agents={catalog.agents}
          onAssign={assign}
          onClear={() => setSelected(new Set())}
        />
        <p
          role="status"
          className={outcome?.bad ? 'an-error' : undefined}
          data-testid="assign-outcome"
        >
          {outcome?.text}
        </p>
        <QueryState query={list.first} label="leads" empty="No leads match these filters.">
          {(page) => (
            <>
              <p className="an-table-meta">
                <strong data-testid="lead-total" data-value={page.total}>
                  {formatCount(page.total)}
                </strong>{' '}
                {page.total === 1 ? 'lead' : 'leads'}
              </p>
              <DataTable<Lead>
                caption="Leads"
                captionHidden
                columns={columns}
                rowCount={list.total}
                row={list.row}
                rowKey={(l) => l.id}
                sort={sort}
                onSort={(column) => {
                  const next = nextSort(sort, column);
                  set({ sort: next.column as ListQuery['sort'], dir: next.direction });
                }}
                onVisibleRange={list.want}
                virtualiseFrom={40}
                maxHeight={640}
                testId="lead-table"
              />
            </>
          )}
        </QueryState>
        <QueryState query={list.more} label="more leads">
          {() => null}
        </QueryState>
      </Panel>
    </>
  );
}

function agentOptions(agents: readonly Agent[]) {
  return [...agents]
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((a) => ({ value: a.id, label: `${a.name} (${a.team})` }));
}

function Choice(props: {
  id: string;
  label: string;
  value: string;
  options: { value: string; label: string }[];
  onChange: (value: string) => void;
}) {
  return (
    <div className="an-field">
      <label htmlFor={props.id}>{props.label}</label>
      <select id={props.id} value={props.value} onChange={(e) => props.onChange(e.target.value)}>
        <option value="">All</option>
        {props.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

function BulkAssign(props: {
  /** The account may assign leads (its roles); else the form is shown disabled. */
  allowed: boolean;
  count: number;
  agents: readonly Agent[];
  onAssign: (agentId: string) => Promise<void>;
  onClear: () => void;
}) {
  const [owner, setOwner] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <form
      className="ld-toolbar"
      aria-label="Assign selected leads"
      onSubmit={(e) => {
        e.preventDefault();
        if (!owner) return setProblem('Choose the new owner');
        setProblem(null);
        setBusy(true);
        void props.onAssign(owner).finally(() => setBusy(false));
      }}
    >
      <p className="muted" data-testid="selected-count">
        {formatCount(props.count)} selected
      </p>
      <Field id="bulk-owner" label="New owner" error={problem} alert>
        {(control) => (
          <select
            {...control}
            value={owner}
            onChange={(e) => {
              setOwner(e.target.value);
              setProblem(null);
            }}
          >
            <option value="">Choose an agent</option>
            {agentOptions(props.agents).map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        )}
      </Field>
      <button
        type="submit"
        className="an-button an-button--primary"
        disabled={props.count === 0 || busy || !props.allowed}
        aria-describedby={props.allowed ? undefined : 'assign-role'}
      >
        {busy
          ? 'Assigning…'
          : `Assign ${formatCount(props.count)} lead${props.count === 1 ? '' : 's'}`}
      </button>
      <button
        type="button"
        className="an-button"
        disabled={props.count === 0}
        onClick={props.onClear}
      >
        Clear selection
      </button>
    </form>
  );
}
