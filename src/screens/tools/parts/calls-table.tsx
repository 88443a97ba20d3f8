/** The analysed files as a sortable table of their KPIs, and the same rows as CSV. */
import { useState } from 'react';
import type { ToolResult } from '../../../data/index.ts';
import { DataTable, nextSort, type Column, type TableSort } from '../../../ui/data-table.tsx';
import { formatClock, formatSentiment, formatShare, NO_VALUE } from '../../../ui/format.ts';

type Analysed = Extract<ToolResult, { ok: true }>;

interface Row {
  name: string;
  format: string;
  durationMs: number;
  customerSentiment: number | null;
  complianceScore: number | null;
  compliant: boolean;
  qaScore: number | null;
  churnScore: number;
  churnLevel: string;
  fakeScore: number;
  topics: string;
}

function rowOf(r: Analysed): Row {
  const a = r.conversation.analysis;
  return {
    name: r.name,
    format: r.formatName,
    durationMs: r.conversation.durationMs,
    customerSentiment: a.sentiment.customer.overall,
    complianceScore: a.complianceScore,
    compliant: a.compliant,
    qaScore: r.conversation.qa.score,
    churnScore: a.churnRisk.score,
    churnLevel: a.churnRisk.level,
    fakeScore: a.fakeCall.score,
    topics: a.topics.join('; '),
  };
}

const share = (v: number | null) => (v === null ? NO_VALUE : formatShare(v));

export function CallsTable(props: {
  results: readonly Analysed[];
  selected: string | null;
  onSelect: (name: string) => void;
}) {
  const [sort, setSort] = useState<TableSort>({ column: 'name', direction: 'asc' });
  const columns: Column<Row>[] = [
    {
      id: 'name',
      label: 'File',
      rowHeader: true,
      sortable: true,
      firstSort: 'asc',
      cell: (r) => (
        <button
          type="button"
          className="an-button an-button--small an-button--quiet"
          aria-pressed={r.name === props.selected}
          onClick={() => props.onSelect(r.name)}
        >
          {r.name}
        </button>
      ),
    },
    { id: 'format', label: 'Format', sortable: true, firstSort: 'asc', cell: (r) => r.format },
    {
      id: 'durationMs',
      label: 'Length',
      sortable: true,
      align: 'end',
      cell: (r) => formatClock(r.durationMs),
    },
    {
      id: 'customerSentiment',
      label: 'Customer sentiment',
      metric: 'customerSentiment',
      sortable: true,
      align: 'end',
      cell: (r) => (r.customerSentiment === null ? NO_VALUE : formatSentiment(r.customerSentiment)),
    },
    {
      id: 'complianceScore',
      label: 'Compliance score',
      metric: 'complianceScore',
      sortable: true,
      align: 'end',
      cell: (r) => `${share(r.complianceScore)}${r.compliant ? '' : ' ✕'}`,
    },
    {
      id: 'qaScore',
      label: 'QA score',
      metric: 'qaScore',
      sortable: true,
      align: 'end',
      cell: (r) => share(r.qaScore),
    },
    {
      id: 'churnScore',
      label: 'Churn risk',
      sortable: true,
      align: 'end',
      cell: (r) => `${r.churnLevel} · ${formatShare(r.churnScore, 0)}`,
    },
    {
      id: 'fakeScore',
      label: 'Fake-call score',
      sortable: true,
      align: 'end',
      cell: (r) => formatShare(r.fakeScore, 0),
    },
    { id: 'topics', label: 'Topics', cell: (r) => r.topics || NO_VALUE },
  ];
  const rows = props.results.map(rowOf);
  const key = sort.column as keyof Row;
  const sign = sort.direction === 'asc' ? 1 : -1;
  rows.sort((x, y) => {
    const a = x[key];
    const b = y[key];
    if (a === b) return 0;
    if (a === null) return 1;
    if (b === null) return -1;
    return (a < b ? -1 : 1) * sign;
  });
  return (
    <DataTable
      caption="Analysed calls"
      captionHidden
      columns={columns}
      rowCount={rows.length}
      row={(i) => rows[i]}
      rowKey={(r) => r.name}
      sort={sort}
      onSort={(c) => setSort(nextSort(sort, c))}
      testId="calls-table"
    />
  );
}

/** The table's rows as CSV (numbers unformatted, so a spreadsheet can compute with them). */
export function callsCsv(results: readonly Analysed[]): (string | number | boolean | null)[][] {
  return [
    [
      'file',
      'format',
      'duration_s',
      'customer_sentiment',
      'compliance_score',
      'compliant',
      'qa_score',
      'churn_score',
      'churn_level',
      'fake_call_score',
      'topics',
    ],
    ...results.map((r) => {
      const row = rowOf(r);
      return [
        row.name,
        row.format,
        Math.round(row.durationMs / 100) / 10,
        row.customerSentiment === null ? null : Math.round(row.customerSentiment * 100) / 100,
        row.complianceScore,
        row.compliant,
        row.qaScore,
        row.churnScore,
        row.churnLevel,
        row.fakeScore,
        row.topics,
      ];
    }),
  ];
}
