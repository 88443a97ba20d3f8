/** Columns -> the flat rows and entities the source returns. */
import type { Customer } from '../../generated/data.types.ts';
import { handleTimeMs } from '../../metrics/index.ts';
import { DISPOSITIONS } from '../../domain/dispositions/index.ts';
import { customerName } from '../corpus/catalog.ts';
import {
  CALL_COLUMNS,
  type CallColumnName,
  type FlagColumn,
  type WordColumn,
  type WordColumnName,
} from '../columns.ts';
import { CHURN_LEVELS, callId, customerId, type Corpus } from '../corpus/corpus.ts';
import type { CallRow } from '../source.ts';
import { columnWords } from './columns.ts';

const num = (x: number): number | null => (Number.isNaN(x) ? null : Math.round(x * 1000) / 1000);

export function callRow(corpus: Corpus, i: number): CallRow {
  const c = corpus.cols;
  const agent = corpus.cast.agents[c.agent[i]!]!;
  const vendor = corpus.cast.vendors[c.vendor[i]!]!;
  const d = DISPOSITIONS[c.disposition[i]!]!;
  const analysed = c.status[i] === 0;
  const duration = c.durationMs[i]!;
  return {
    id: callId(i),
    startedAt: new Date(c.startMs[i]!).toISOString(),
    durationMs: duration,
    handleTimeMs: handleTimeMs({
      durationMs: duration,
      ivrMs: c.ivrMs[i]!,
      holdMs: c.holdMs[i]!,
      acwMs: c.acwMs[i]!,
    }),
    agentId: agent.id,
    agentName: agent.name,
    team: agent.team,
    vendorId: vendor.id,
    vendorName: vendor.name,
    customerId: customerId(c.customer[i]!),
    customerName: customerName(c.customer[i]!),
    dispositionCode: d.code,
    dispositionLabel: d.label,
    dispositionGroup: d.group,
    customerSentiment: analysed ? num(c.customerSentiment[i]!) : null,
    sentimentTrend: analysed ? num(c.sentimentTrend[i]!) : null,
    summary: analysed ? corpus.summaries[c.summary[i]!]! : null,
    complianceScore: analysed ? num(c.complianceScore[i]!) : null,
    qaScore: analysed ? num(c.qaScore[i]!) : null,
    fakeCallScore: analysed ? num(c.fakeScore[i]!) : null,
    silenceShare: analysed && duration > 0 ? num(c.silenceMs[i]! / duration) : null,
    interruptions: analysed ? c.interruptions[i]! : null,
    ...(rowColumns(corpus, i) as Pick<CallRow, RowColumn>),
  };
}

/** The CallRow fields of the columns that declare one (of the analysis: null unless analysed). */
type RowColumn = {
  [K in CallColumnName]: (typeof CALL_COLUMNS)[K] extends { row: true } ? K : never;
}[CallColumnName];
const ROW_COLUMNS = (Object.keys(CALL_COLUMNS) as CallColumnName[]).filter(
  (name): name is RowColumn => 'row' in CALL_COLUMNS[name],
);

function rowColumns(corpus: Corpus, i: number): Record<RowColumn, string | boolean | null> {
  const analysed = corpus.cols.status[i] === 0;
  const out = {} as Record<RowColumn, string | boolean | null>;
  for (const name of ROW_COLUMNS) {
    const spec: WordColumn | FlagColumn = CALL_COLUMNS[name];
    const value = corpus.cols[spec.column][i]!;
    if (spec.kind === 'flag') out[name] = analysed ? value !== 0 : null;
    else if (spec.analysis && !analysed) out[name] = null;
    else out[name] = columnWords(corpus, name as WordColumnName & RowColumn).keys[value]!;
  }
  return out;
}

/** Sort keys per CallRow field, as a number per call (strings by rank). */
export function sortKey(corpus: Corpus, field: keyof CallRow): (i: number) => number | string {
  const c = corpus.cols;
  const byRank = (names: string[], column: ArrayLike<number>) => (i: number) => names[column[i]!]!;
  switch (field) {
    case 'id':
    case 'startedAt':
      return (i) => i;
    case 'durationMs':
      return (i) => c.durationMs[i]!;
    case 'handleTimeMs':
      return (i) => c.durationMs[i]! - c.ivrMs[i]! + c.holdMs[i]! + c.acwMs[i]!;
    case 'agentId':
    case 'agentName':
      return byRank(
        corpus.cast.agents.map((a) => (field === 'agentId' ? a.id : a.name)),
        c.agent,
      );
    case 'team':
      return byRank(corpus.cast.teams, c.team);
    case 'vendorId':
    case 'vendorName':
      return byRank(
        corpus.cast.vendors.map((v) => (field === 'vendorId' ? v.id : v.name)),
        c.vendor,
      );
    case 'customerId':
      return (i) => c.customer[i]!;
    case 'customerName':
      return (i) => customerName(c.customer[i]!);
    case 'dispositionCode':
    case 'dispositionLabel':
    case 'dispositionGroup':
      return (i) =>
        DISPOSITIONS[c.disposition[i]!]![
          field === 'dispositionCode' ? 'code' : field === 'dispositionLabel' ? 'label' : 'group'
        ];
    case 'summary':
      return byRank(corpus.summaries, c.summary);
    case 'customerSentiment':
      return (i) => c.customerSentiment[i]!;
    case 'sentimentTrend':
      return (i) => c.sentimentTrend[i]!;
    case 'complianceScore':
      return (i) => c.complianceScore[i]!;
    case 'qaScore':
      return (i) => c.qaScore[i]!;
    case 'fakeCallScore':
      return (i) => c.fakeScore[i]!;
    case 'silenceShare':
      return (i) => (c.durationMs[i]! > 0 ? c.silenceMs[i]! / c.durationMs[i]! : 0);
    case 'interruptions':
      return (i) => c.interruptions[i]!;
    default:
      return columnSortKey(corpus, field);
  }
}

/** A column's order: fixed words (and flags) in the order of their codes, other words by word. */
function columnSortKey(corpus: Corpus, name: RowColumn): (i: number) => number | string {
  const spec: WordColumn | FlagColumn = CALL_COLUMNS[name];
  const column = corpus.cols[spec.column];
  if (spec.kind === 'flag' || spec.values) return (i) => column[i]!;
  const words = columnWords(corpus, name as WordColumnName & RowColumn).keys;
  return (i) => words[column[i]!]!;
}

/**
 * Sorts indices by a key; NaN and non-analysed values go last whatever the direction, ties
 * keep time order (newest first), so pages are stable.
 */
export function sortIndices(
  indices: Int32Array,
  key: (i: number) => number | string,
  direction: 'asc' | 'desc',
): Int32Array {
  const sign = direction === 'asc' ? 1 : -1;
  const keys = new Map<number, number | string>();
  for (const i of indices) keys.set(i, key(i));
  return Int32Array.from(indices).sort((a, b) => {
    const ka = keys.get(a)!;
    const kb = keys.get(b)!;
    const na = typeof ka === 'number' && Number.isNaN(ka);
    const nb = typeof kb === 'number' && Number.isNaN(kb);
    if (na !== nb) return na ? 1 : -1;
    if (ka !== kb && !na) return (ka < kb ? -1 : 1) * sign;
    return b - a;
  });
}

/** The customer's value segment (synthetic: fixed per customer). */
export function customerSegment(index: number): Customer['segment'] {
  const h = (index * 2654435761) >>> 0;
  return h % 10 < 7 ? 'consumer' : h % 10 < 9 ? 'small-business' : 'enterprise';
}

/**
 * What a customer's entity reads from their calls: the last one's index (-1: none), brand and
 * contacts in 30 days, and the highest churn level of their analysed calls in the 30 days up to
 * it (walking back from it in index order).
 */
export interface CustomerCalls {
  readonly last: number;
  readonly brand: number;
  readonly contactsIn30Days: number;
  readonly churn: number;
}

/** The churn window before a customer's last call. */
export const CUSTOMER_CHURN_DAYS = 30;

/** Whether a customer index names a customer of the corpus (not one deleted). */
export function knownCustomer(corpus: Corpus, index: number): boolean {
  return index >= 0 && index < corpus.customerCount && index !== corpus.ingested?.deletedCustomer;
}

export function customerCalls(corpus: Corpus, index: number): CustomerCalls {
  const c = corpus.cols;
  let last = -1;
  for (let i = corpus.n - 1; i >= 0; i--) {
    if (c.customer[i] === index) {
      last = i;
      break;
    }
  }
  let churn = 0;
  if (last >= 0) {
    const since = c.startMs[last]! - CUSTOMER_CHURN_DAYS * 86_400_000;
    for (let i = last; i >= 0 && c.startMs[i]! >= since; i--) {
      if (c.customer[i] === index && c.status[i] === 0) churn = Math.max(churn, c.churnLevel[i]!);
    }
  }
  return last < 0
    ? { last, brand: 0, contactsIn30Days: 0, churn }
    : { last, brand: c.brand[last]!, contactsIn30Days: c.contactsIn30Days[last]!, churn };
}

/** A known customer's entity from what their calls say (customerCalls). */
export function customerResult(corpus: Corpus, index: number, calls: CustomerCalls): Customer {
  const h = (index * 2654435761) >>> 0;
  return {
    id: customerId(index),
    // A deployment's customer is known by the id or number its calls gave.
    name: corpus.ingested?.customerNames.get(index) ?? customerName(index),
    account: `AC-${String(100000 + (h % 900000))}`,
    segment: customerSegment(index),
    brand: corpus.brands[calls.brand]!,
    tenureMonths: h % 120,
    contactsIn30Days: calls.contactsIn30Days,
    churnRisk: CHURN_LEVELS[calls.churn]!,
  };
}

export function customerEntity(corpus: Corpus, index: number): Customer | null {
  if (!knownCustomer(corpus, index)) return null;
  return customerResult(corpus, index, customerCalls(corpus, index));
}
