/**
 * The phrases customers said in a larger share of calls than in the previous period. Each opens
 * the keyword search for that phrase in the customer's words, limited to the same period.
 */
import { HrefLink as Link } from '../../../ui/href-link.tsx';
import { href } from '../../../runtime/index.ts';
import type { VocPhrase } from '../../../data/index.ts';
import { formatCount, formatShare } from '../../../ui/format.ts';
import type { Column } from '../../../ui/data-table.tsx';
import { SortedTable } from './sorted-table.tsx';

export function RisingPhrases({
  phrases,
  period,
}: {
  phrases: readonly VocPhrase[];
  /** The VOC's period (inclusive days): the search opens limited to it. */
  period: { from: string; to: string };
}) {
  if (phrases.length === 0)
    return <p className="muted">No phrase rose against the previous period in this selection.</p>;
  return (
    <SortedTable
      caption="Phrases customers said in a larger share of calls than in the previous period"
      captionHidden
      columns={columnsFor(period)}
      rows={phrases}
      rowKey={(p) => p.phrase}
      sortValue={(p, column) =>
        column === 'phrase'
          ? p.phrase
          : column === 'calls'
            ? p.calls
            : column === 'before'
              ? p.previousShare
              : p.share - p.previousShare
      }
      initialSort={{ column: 'rise', direction: 'desc' }}
      testId="voc-phrases"
    />
  );
}

const columnsFor = (period: { from: string; to: string }): Column<VocPhrase>[] => [
  {
    id: 'phrase',
    label: 'Phrase',
    rowHeader: true,
    sortable: true,
    firstSort: 'asc',
    cell: (p) => (
      <Link
        href={href('keyword-search', { key: `CUSTOMER:"${p.phrase}"`, ...period })}
        aria-label={`Search calls of this period where the customer said “${p.phrase}”`}
        data-testid="voc-phrase-link"
      >
        “{p.phrase}”
      </Link>
    ),
  },
  {
    id: 'calls',
    label: 'Calls now',
    sortable: true,
    align: 'end',
    help: 'Calls of this period in which the customer said the phrase (of the calls read).',
    cell: (p) => (
      <span data-value={p.calls}>
        {formatCount(p.calls)}
        <span className="an-cell-sub">{formatShare(p.share)} of calls</span>
      </span>
    ),
  },
  {
    id: 'before',
    label: 'Before',
    sortable: true,
    align: 'end',
    help: 'The same in the previous period of the same length.',
    cell: (p) => (
      <span>
        {formatCount(p.previousCalls)}
        <span className="an-cell-sub">{formatShare(p.previousShare)} of calls</span>
      </span>
    ),
  },
  {
    id: 'rise',
    label: 'Rise',
    sortable: true,
    align: 'end',
    help: 'Share of calls now minus share before, in percentage points.',
    cell: (p) => (
      <span className="cx-tone" data-tone="accent">
        +{((p.share - p.previousShare) * 100).toFixed(1)} pp
      </span>
    ),
  },
];
