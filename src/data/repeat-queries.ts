/**
 * Query and result types of the repeat-call analyses (Repeated Call statistics and analysis).
 * The repeat flags themselves come from the corpus (metrics' repeat rule); these queries only
 * group, chain and price the calls those flags mark, so the figures follow the one definition.
 */
import type { Vendor } from '../generated/data.types.ts';
import type { CallKpis } from '../metrics/index.ts';
import type { CallFilters, PageRequest } from './query-types.ts';

export interface RepeatCostQuery {
  filters: CallFilters;
}

/** What the repeat calls of one vendor cost at its rate card. */
export interface RepeatCostRow {
  vendorId: string;
  vendorName: string;
  /** Calls that repeat an earlier call (the `repeatCall` filter). */
  repeatCalls: number;
  /** Their handle time in minutes (talk + hold + after-call work). */
  handleMinutes: number;
  /** repeatCalls x perCall + handleMinutes x perHandledMinute. */
  cost: number;
  rateCard: Vendor['rateCard'];
  /** The filters of exactly these repeat calls. */
  filters: CallFilters;
}

export interface RepeatCostResult {
  rows: RepeatCostRow[];
  total: { repeatCalls: number; handleMinutes: number; cost: number; filters: CallFilters };
  currency: string;
}

export interface RepeatFactorQuery {
  filters: CallFilters;
}

export interface RepeatFactorRow {
  key: string;
  label: string;
  /** KPIs of the calls in this group (repeatRate, fcr, followedByRepeatCalls...). */
  metrics: CallKpis;
  /** The group's calls as call-list filters; null when no filter expresses the group. */
  filters: CallFilters | null;
}

/** The first call's outcome against how often it is followed by a repeat. */
export interface RepeatFactorResult {
  /** Resolved on the call or not (analysed calls). */
  resolution: RepeatFactorRow[];
  /** Band of the customer's sentiment in the last quarter of the call. */
  endSentiment: RepeatFactorRow[];
  total: CallKpis;
}

export interface RepeatChainQuery extends PageRequest {
  /** Chains whose first call matches these filters. */
  filters: CallFilters;
}

export interface RepeatChainCall {
  callId: string;
  startedAt: string;
  agentId: string;
  agentName: string;
  topic: string | null;
  resolved: boolean | null;
  durationMs: number;
  /** Time since the previous call of the chain started; null for the first call. */
  gapMs: number | null;
}

export interface RepeatChain {
  customerId: string;
  customerName: string;
  calls: RepeatChainCall[];
  /** From the first call's start to the last call's start. */
  spanMs: number;
}

export interface RepeatChainPage {
  /** Chains in the selection (all pages). */
  total: number;
  offset: number;
  limit: number;
  /** Longest chains first, then newest first call. */
  items: RepeatChain[];
  /** How many chains have 2, 3, ... calls (ascending length). */
  lengths: { calls: number; chains: number }[];
  /** The filters of the chains' first calls (their count is `total`). */
  firstCallFilters: CallFilters;
}
