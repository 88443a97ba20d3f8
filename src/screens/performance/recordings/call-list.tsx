/**
 * The call list: every call matching the URL's filters (exactly the calls a drill-down tile
 * counted), sortable on any column, with a choice of columns, virtualised and read page by
 * page as it scrolls.
 */
import { useMemo, useState } from 'react';
import {
  QueryState,
  type CallFilters,
  type CallListQuery,
  type CorpusInfo,
  type CallRow,
  type CallSortField,
} from '../../../data/index.ts';
import { DataTable, type TableSort } from '../../../ui/data-table.tsx';
import { FilterBar } from '../../../ui/filter-bar.tsx';
import { filtersOverPeriod } from '../../../ui/filtered-period.ts';
import { formatCount } from '../../../ui/format.ts';
import { Panel, type CorpusContext } from '../../../ui/screen-parts.tsx';
import { FILTER_PARAMS, type FilterParam } from '../../../ui/url-filters.ts';
import { PAGE_SIZE, usePagedRows } from '../../../ui/use-paged-rows.ts';
import type { UrlFilters } from '../../../ui/use-url-filters.ts';
import { ActiveFilters } from './active-filters.tsx';
import { CALL_COLUMNS, DEFAULT_COLUMN_IDS, SORT_FIELDS } from './call-columns.tsx';
import { CallFilterSelects } from './call-filter-selects.tsx';
import { ColumnChooser, useColumnChoice } from './column-chooser.tsx';

const DEFAULT_SORT: TableSort = { column: 'startedAt', direction: 'desc' };

/** The sort of the URL (`?sort=durationMs&dir=asc`), or the default. */
export function sortFromParams(params: URLSearchParams): TableSort {
  const column = params.get('sort');
  const dir = params.get('dir');
  if (!column || !SORT_FIELDS.has(column)) return DEFAULT_SORT;
  return { column, direction: dir === 'asc' ? 'asc' : 'desc' };
}

/** The list's filters: the whole history unless the address names a period. */
function listFilters(filters: CallFilters, info: Pick<CorpusInfo, 'range'>) {
  const hasPeriod = Boolean(filters.from || filters.to);
  return hasPeriod ? filtersOverPeriod(filters, info) : { period: undefined, filters };
}

function pageRead(
  filters: CallFilters,
  sort: TableSort,
  offset: number,
  limit: number,
): CallListQuery {
  return {
    filters,
    offset,
    limit,
    sort: { field: sort.column as CallSortField, direction: sort.direction },
  };
}

/** The list's first page, as the body will ask for it (for the screen's read ahead). */
export function firstPageRead(
  filters: CallFilters,
  sort: TableSort,
  info: Pick<CorpusInfo, 'range'>,
): CallListQuery {
  return pageRead(listFilters(filters, info).filters, sort, 0, PAGE_SIZE);
}

export function CallList({ context, url }: { context: CorpusContext; url: UrlFilters }) {
  const sort = sortFromParams(url.params);
  const [visible, setVisible] = useColumnChoice(DEFAULT_COLUMN_IDS);
  const columns = useMemo(
    () => CALL_COLUMNS.filter((c) => visible.includes(c.id) || c.rowHeader),
    [visible],
  );
  const filters = url.filters;
  const { period, filters: queryFilters } = listFilters(filters, context.info);
  const key = JSON.stringify(queryFilters);
  const list = usePagedRows(
    (s, offset, limit) => s.calls(pageRead(queryFilters, sort, offset, limit)),
    [key, sort.column, sort.direction],
  );
  const [announce, setAnnounce] = useState('');

  const removeFilter = (param: FilterParam) => {
    const next: Record<string, unknown> = { ...filters };
    delete next[FILTER_PARAMS[param].field];
    url.setFilters(next as CallFilters);
  };

  return (
    <>
      <FilterBar
        filters={filters}
        period={period}
        allowAllTime
        catalog={context.catalog}
        info={context.info}
        onChange={url.setFilters}
      >
        <CallFilterSelects filters={filters} onChange={url.setFilters} />
      </FilterBar>
      <Panel
        title="Calls"
        subtitle="Times in UTC. Select a call to open its transcript, timeline and rule results."
        actions={
          <ColumnChooser
            columns={CALL_COLUMNS.filter((c) => !c.rowHeader)}
            visible={visible}
            onChange={(ids) => {
              setVisible(ids);
              setAnnounce(`${ids.length + 1} columns shown`);
            }}
          />
        }
        testId="call-list"
      >
        <ActiveFilters filters={filters} catalog={context.catalog} onRemove={removeFilter} />
        <p className="sr-only" aria-live="polite">
          {announce}
        </p>
        <QueryState query={list.first} label="calls" empty="No calls match these filters.">
          {(page) => (
            <>
              <p className="an-table-meta">
                <span>
                  <strong data-testid="call-list-total" data-value={page.total}>
                    {formatCount(page.total)}
                  </strong>{' '}
                  {page.total === 1 ? 'call' : 'calls'}
                </span>
              </p>
              <DataTable<CallRow>
                caption="Calls"
                captionHidden
                columns={columns}
                rowCount={list.total}
                row={list.row}
                rowKey={(r) => r.id}
                sort={sort}
                onSort={(column) => {
                  const direction =
                    sort.column === column.id
                      ? sort.direction === 'asc'
                        ? 'desc'
                        : 'asc'
                      : (column.firstSort ?? 'desc');
                  url.setParams({ sort: column.id, dir: direction });
                }}
                onVisibleRange={list.want}
                virtualiseFrom={40}
                maxHeight={680}
                testId="call-table"
              />
            </>
          )}
        </QueryState>
        <QueryState query={list.more} label="more calls">
          {() => null}
        </QueryState>
      </Panel>
    </>
  );
}
