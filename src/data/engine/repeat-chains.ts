/**
 * Repeat chains: a customer's call 1 -> 2 -> 3 where each call was followed by a repeat. Built
 * only from the corpus' repeat flags (metrics' repeat rule), so a change to the rule (transfer
 * legs merged, pending windows) changes the chains with it: no second copy of the rule here.
 */
import { customerName } from '../corpus/catalog.ts';
import { callId, customerId, type Corpus } from '../corpus/corpus.ts';
import type { RepeatChain, RepeatChainPage, RepeatChainQuery } from '../repeat-queries.ts';
import type { CallFilters } from '../source.ts';
import { page } from './page.ts';
import { selectCalls } from './select.ts';

/** Every call of each customer, oldest first: compressed rows plus each call's place in its row. */
export interface CustomerCalls {
  offsets: Int32Array;
  calls: Int32Array;
  position: Int32Array;
}

/** Counting sort by customer; calls are stored by start time, so each row stays in time order. */
export function callsByCustomer(customer: ArrayLike<number>, knownCustomers = 0): CustomerCalls {
  const n = customer.length;
  let customers = knownCustomers;
  for (let i = 0; i < n; i++) customers = Math.max(customers, customer[i]! + 1);
  const offsets = new Int32Array(customers + 1);
  for (let i = 0; i < n; i++) offsets[customer[i]! + 1]! += 1;
  for (let c = 0; c < customers; c++) offsets[c + 1]! += offsets[c]!;
  const next = offsets.slice(0, customers);
  const calls = new Int32Array(n);
  const position = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const c = customer[i]!;
    position[i] = next[c]! - offsets[c]!;
    calls[next[c]!++] = i;
  }
  return { offsets, calls, position };
}

/**
 * The chain starting at `row[start]`: while the current call was followed by a repeat, the next
 * call is the customer's first later call that is a repeat (calls in between, such as a
 * transferred leg of the same contact, are not repeats and are skipped).
 */
export function chainFrom(
  row: ArrayLike<number>,
  start: number,
  followedByRepeat: ArrayLike<number>,
  repeatCall: ArrayLike<number>,
): number[] {
  const chain = [row[start]!];
  let k = start;
  while (followedByRepeat[row[k]!] === 1) {
    let next = k + 1;
    while (next < row.length && repeatCall[row[next]!] !== 1) next++;
    if (next >= row.length) break;
    chain.push(row[next]!);
    k = next;
  }
  return chain;
}

/** The filters of the calls that start a chain: followed by a repeat, not a repeat themselves. */
export function chainStartFilters(filters: CallFilters): CallFilters {
  return { ...filters, followedByRepeat: true, repeatCall: false };
}

export function repeatChains(corpus: Corpus, query: RepeatChainQuery): RepeatChainPage {
  page(query); // the page asked is checked first
  const c = corpus.cols;
  const starts = selectCalls(corpus, chainStartFilters(query.filters ?? {}));
  const byCustomer = callsByCustomer(c.customer, corpus.customerCount);
  const chains = Array.from(starts, (i) => {
    const customer = c.customer[i]!;
    const row = byCustomer.calls.subarray(
      byCustomer.offsets[customer]!,
      byCustomer.offsets[customer + 1]!,
    );
    return chainFrom(row, byCustomer.position[i]!, c.followedByRepeat, c.repeatCall);
  });
  return repeatChainsResult(corpus, query, chains);
}

/** The page of chains (each a list of call indices, first call first), longest first. */
export function repeatChainsResult(
  corpus: Corpus,
  query: RepeatChainQuery,
  chains: number[][],
): RepeatChainPage {
  const { offset, limit } = page(query);
  const firstCallFilters = chainStartFilters(query.filters ?? {});
  chains.sort((a, b) => b.length - a.length || b[0]! - a[0]!);
  const counts = new Map<number, number>();
  for (const chain of chains) counts.set(chain.length, (counts.get(chain.length) ?? 0) + 1);
  return {
    total: chains.length,
    offset,
    limit,
    items: chains.slice(offset, offset + limit).map((chain) => chainEntity(corpus, chain)),
    lengths: [...counts]
      .sort((a, b) => a[0] - b[0])
      .map(([calls, count]) => ({ calls, chains: count })),
    firstCallFilters,
  };
}

function chainEntity(corpus: Corpus, chain: number[]): RepeatChain {
  const c = corpus.cols;
  const customer = c.customer[chain[0]!]!;
  return {
    customerId: customerId(customer),
    customerName: customerName(customer),
    spanMs: c.startMs[chain[chain.length - 1]!]! - c.startMs[chain[0]!]!,
    calls: chain.map((i, k) => {
      const analysed = c.status[i] === 0;
      const agent = corpus.cast.agents[c.agent[i]!]!;
      return {
        callId: callId(i),
        startedAt: new Date(c.startMs[i]!).toISOString(),
        agentId: agent.id,
        agentName: agent.name,
        topic: analysed ? corpus.topics[c.topic[i]!]! : null,
        resolved: analysed ? c.resolved[i] === 1 : null,
        durationMs: c.durationMs[i]!,
        gapMs: k === 0 ? null : c.startMs[i]! - c.startMs[chain[k - 1]!]!,
      };
    }),
  };
}
