/**
 * Calls a deployment sent (ingest) beside the generated ones. Generated calls keep indices
 * [0, generated) in time order; ingested calls are appended after them in arrival order and keep
 * their index for life (a re-sent call replaces its own row), so every state keyed by call index
 * (reviews, imports, failures) stays right. Selections read calls through `order`, the live
 * calls' indices in time order; a deleted call leaves `order` and every derived column.
 */
import { pinnedCorpusDay } from './anchor.ts';
import type { Corpus, IngestedCalls } from './corpus.ts';
import { allocateColumns, prepareCorpus } from './generate.ts';

/** Starts ingest state on a corpus (once), keeping its generated calls as they are. */
export function ingestState(corpus: Corpus): IngestedCalls {
  if (!corpus.ingested) {
    corpus.ingested = {
      generated: corpus.n,
      byExternalId: new Map(),
      calls: new Map(),
      customers: new Map(),
      customerNames: new Map(),
      deleted: new Set(),
      deletedCustomer: -1,
      order: new Int32Array(0),
      orderStart: new Float64Array(0),
    };
    updateOrder(corpus);
  }
  return corpus.ingested;
}

/** Recomputes the live calls' time order after calls were added, replaced or deleted. */
export function updateOrder(corpus: Corpus): void {
  const state = corpus.ingested!;
  const start = corpus.cols.startMs;
  const live: number[] = [];
  for (let i = 0; i < corpus.n; i++) if (!state.deleted.has(i)) live.push(i);
  // Stable: calls starting at the same moment stay in index order, as generated ones are.
  live.sort((a, b) => start[a]! - start[b]! || a - b);
  state.order = Int32Array.from(live);
  state.orderStart = Float64Array.from(live, (i) => start[i]!);
}

/** Whether call i exists (not deleted). */
export function isLiveCall(corpus: Corpus, i: number): boolean {
  return i >= 0 && i < corpus.n && !corpus.ingested?.deleted.has(i);
}

/**
 * A corpus without any generated call (SA_API_DEMO=off): the cast, rules, form and settings a
 * deployment starts from, its period ending on `day`, and no calls until some are ingested.
 */
export function emptyCorpus(day?: string): Corpus {
  const corpus = prepareCorpus({ calls: 1, ...(day ? { day } : {}) });
  corpus.n = 0;
  corpus.seed = 0;
  corpus.cols = allocateColumns(0);
  corpus.failures.offsets = new Int32Array(1);
  corpus.customerCount = 0;
  // No generated agents or vendors: the deployment's are created when its calls name them.
  corpus.cast = {
    vendors: [],
    vendorQuality: new Float32Array(0),
    agents: [],
    agentSkill: new Float32Array(0),
    agentVendor: new Uint8Array(0),
    agentTeam: new Uint8Array(0),
    agentSite: new Uint8Array(0),
    teams: [],
    sites: [],
  };
  corpus.queues = [];
  corpus.brands = [];
  corpus.products = [];
  // A deployment runs for days: unless a day is pinned (tests, a fixed demo), its period ends
  // on the latest day calls came in, not on the day the process started.
  corpus.followsClock = day === undefined && pinnedCorpusDay() === undefined;
  ingestState(corpus);
  return corpus;
}
