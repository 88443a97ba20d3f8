/**
 * The drill-down filters a list was opened with (non-compliant, negative sentiment, an agent,
 * a category...), shown as removable chips so the reader always knows why the list is what it
 * is. The period, vendor, team, queue, brand, status, sentiment, churn risk and compliance are
 * controls of the filter bar instead.
 */
import {
  CALL_COLUMNS,
  type CallColumnName,
  type CallFilters,
  type Catalog,
  type FlagColumn,
  type WordColumn,
} from '../../../data/index.ts';
import { FILTER_PARAMS, type FilterParam } from '../../../ui/url-filters.ts';
import './active-filters.css';

/** Shown as controls of the filter bar instead of chips. */
const IN_FILTER_BAR = new Set<FilterParam>([
  'from',
  'to',
  'vendor',
  'team',
  'queue',
  'brand',
  'status',
  'sentiment',
  'churnRisk',
  'compliant',
]);

const BOOLEAN_WORDS: Partial<Record<FilterParam, [yes: string, no: string]>> = {
  compliant: ['Compliant', 'Non-compliant'],
  fakeCall: ['Flagged as fake', 'Not flagged as fake'],
  followedByRepeat: ['Followed by a repeat call', 'Not followed by a repeat'],
  repeatCall: ['Repeat calls', 'First contacts'],
  escalated: ['Escalated', 'Not escalated'],
  resolved: ['Resolved', 'Unresolved'],
  evaluated: ['Evaluated', 'Not evaluated'],
};

/** Names of the filters that are not call columns (a word column has its label). */
const NAMES: Partial<Record<FilterParam, string>> = {
  customer: 'Customer',
  sentiment: 'Sentiment',
  category: 'Category',
  rule: 'Failed rule',
  dispositionGroup: 'Disposition group',
  fakeScoreBand: 'Fake-call score',
  fakeSignal: 'Fake-call signal',
  churnSignal: 'Churn signal',
};

function nameOf(param: FilterParam): string {
  const column = Object.hasOwn(CALL_COLUMNS, param)
    ? (CALL_COLUMNS[param as CallColumnName] as WordColumn | FlagColumn)
    : undefined;
  return column?.kind === 'word' ? column.label : (NAMES[param] ?? param);
}

export interface ActiveFilter {
  param: FilterParam;
  text: string;
}

/** The chips of the filters, in a fixed order, with names looked up in the catalog. */
export function activeFilters(filters: CallFilters, catalog: Catalog): ActiveFilter[] {
  const out: ActiveFilter[] = [];
  const lookup = (param: FilterParam, value: string): string => {
    if (param === 'agent') return catalog.agents.find((a) => a.id === value)?.name ?? value;
    if (param === 'category') return catalog.categories.find((c) => c.id === value)?.name ?? value;
    if (param === 'disposition')
      return catalog.dispositions.find((d) => d.code === value)?.label ?? value;
    if (param === 'fakeScoreBand')
      return `${(+value / 10).toFixed(1)}–${(+value / 10 + 0.1).toFixed(1)}`;
    if (param === 'fakeSignal' || param === 'churnSignal') return value.replaceAll('-', ' ');
    return value;
  };
  for (const [param, spec] of Object.entries(FILTER_PARAMS) as [
    FilterParam,
    (typeof FILTER_PARAMS)[FilterParam],
  ][]) {
    if (IN_FILTER_BAR.has(param)) continue;
    const value = filters[spec.field];
    if (value === undefined) continue;
    if (typeof value === 'boolean') {
      const words = BOOLEAN_WORDS[param];
      out.push({ param, text: words ? words[value ? 0 : 1] : `${param}: ${value}` });
      continue;
    }
    const values = (Array.isArray(value) ? value : [value]).map((v) => lookup(param, String(v)));
    out.push({ param, text: `${nameOf(param)}: ${values.join(' or ')}` });
  }
  return out;
}

export function ActiveFilters(props: {
  filters: CallFilters;
  catalog: Catalog;
  onRemove: (param: FilterParam) => void;
}) {
  const chips = activeFilters(props.filters, props.catalog);
  if (chips.length === 0) return null;
  return (
    <div className="an-active-filters" data-testid="active-filters">
      <span className="muted">Showing only</span>
      <ul>
        {chips.map((chip) => (
          <li key={chip.param}>
            <span className="an-filter-chip">
              {chip.text}
              <button
                type="button"
                aria-label={`Remove filter: ${chip.text}`}
                onClick={() => props.onRemove(chip.param)}
              >
                <svg viewBox="0 0 12 12" width="10" height="10" aria-hidden="true">
                  <path d="M2.5 2.5l7 7M9.5 2.5l-7 7" stroke="currentColor" strokeWidth="1.6" />
                </svg>
              </button>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
