/**
 * What a write changes, as the reads to ask again after it (read-cache.ts): each method of the
 * contract (http/contract.ts, which says which are writes) names the stored data it reads or,
 * for a write, changes; a write changes every read of data it names. One line per method, so a
 * new method in the contract does not compile until it says what it touches.
 *
 * The data, in the product's words: `calls` (the calls and everything computed from them: their
 * analysis, rule outcomes, evaluations, leads), `rules`, `jobs` (rule re-runs), `forms`
 * (evaluation forms), `settings`, `imports` (metadata imports), `leads` (who owns a lead),
 * `inbox` (read marks), `preferences`, `searches` (saved searches), `schedules`.
 */
import { CONTRACT } from './http/contract.ts';
import type { Entry, Listener } from './read-cache.ts';
import type { DataSourceMethod } from './source.ts';

const TOUCHES: Record<DataSourceMethod, string> = {
  info: 'calls',
  catalog: 'calls',
  kpis: 'calls',
  aggregate: 'calls',
  timeSeries: 'calls',
  calls: 'calls',
  call: 'calls',
  complianceFailures: 'calls',
  search: 'calls',
  customer: 'calls',
  leads: 'calls leads',
  lead: 'calls leads',
  evaluations: 'calls',
  usage: 'calls',
  usageCost: 'calls settings',
  repeatCost: 'calls',
  repeatFactors: 'calls',
  repeatChains: 'calls',
  complianceByRule: 'calls rules',
  qaBySection: 'calls forms',
  voiceOfCustomer: 'calls',
  fakeCallInsights: 'calls',
  churnInsights: 'calls',
  atRiskCustomers: 'calls',
  topicTrends: 'calls',
  spread: 'calls',
  ruleStats: 'calls rules',
  ruleVersions: 'rules',
  startRuleSave: 'rules jobs calls',
  ruleJob: 'jobs',
  cancelRuleJob: 'rules jobs calls',
  reviewQueue: 'calls forms',
  submitEvaluation: 'calls',
  updateEvaluation: 'calls',
  calibration: 'calls',
  rules: 'rules',
  previewRule: 'calls rules',
  saveRule: 'rules calls',
  deleteRule: 'rules calls',
  evaluationForms: 'forms',
  saveEvaluationForm: 'forms',
  settings: 'settings',
  saveSettings: 'settings calls',
  importMetadata: 'imports calls',
  ingestCalls: 'calls',
  deleteCalls: 'calls',
  metadataImports: 'imports',
  undoMetadataImport: 'imports calls',
  previewSettings: 'calls settings',
  assignLeads: 'leads',
  inbox: 'inbox calls settings',
  markInboxRead: 'inbox',
  calendar: 'schedules calls',
  preferences: 'preferences',
  savePreferences: 'preferences',
  savedSearches: 'searches',
  saveSearch: 'searches',
  deleteSavedSearch: 'searches',
  schedules: 'schedules',
  saveSchedule: 'schedules',
  deleteSchedule: 'schedules',
};

const data = (method: DataSourceMethod) => TOUCHES[method].split(' ');

/** The read methods whose answers `write` changes. */
export function changedBy(write: DataSourceMethod): ReadonlySet<DataSourceMethod> {
  const changes = data(write);
  return new Set(
    (Object.keys(TOUCHES) as DataSourceMethod[]).filter(
      (method) => !CONTRACT[method].write && data(method).some((d) => changes.includes(d)),
    ),
  );
}

/**
 * Runs a write for the read cache (here, not there: no page's first load pays for it). Reads
 * after a write see it: the entries of what it changes, asked before it or while it ran, are
 * dropped before it starts and after it ends; once it has succeeded, the queries that read
 * what it changed are told, and read again.
 */
export async function write(
  method: DataSourceMethod,
  run: () => Promise<unknown>,
  entries: Map<string, Entry>,
  listeners: ReadonlySet<Listener>,
): Promise<unknown> {
  const changed = changedBy(method);
  const drop = () => {
    for (const [key, entry] of entries)
      if (changed.has(entry.method as DataSourceMethod)) entries.delete(key);
  };
  drop();
  try {
    const answer = await run();
    drop();
    for (const listener of [...listeners]) listener(changed);
    return answer;
  } catch (error) {
    drop();
    throw error;
  }
}
