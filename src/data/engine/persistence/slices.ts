/**
 * What of the engine's state is persisted, one slice per kind of write. Each slice captures
 * plain JSON and restores it after checking it whole: a value that does not pass is reported
 * and dropped, never half-applied. Another kind of write adds its slice here.
 */
import type { EvaluationForm, Rule } from '../../../generated/data.types.ts';
import type { Corpus } from '../../corpus/corpus.ts';
import type {
  IngestRecord,
  MetadataImportRequest,
  ReviewRecord,
  RuleVersion,
} from '../../source.ts';
import { ingestCalls, storedRecords } from '../ingest.ts';
import { exportLeadOwners, importLeadOwners } from '../lead-owners.ts';
import { importMetadata } from '../metadata-import.ts';
import { exportReviews, restoreReviews } from '../reviews.ts';
import { exportSavedSearches, importSavedSearches } from '../saved-searches.ts';
import { exportSchedules, importSchedules } from '../schedules.ts';
import { exportPersonal, importPersonal } from '../personal.ts';
import { exportRuleHistory, importRuleHistory } from '../rule-history.ts';
import { validateFormDraft, validateRuleDraft, validateSettingsPatch } from '../validate.ts';

export interface PersistedSlice {
  key: string;
  /** For notices: "your saved <label> could not be read". */
  label: string;
  capture(corpus: Corpus): unknown;
  /** Throws (changing nothing) when the value is not usable. */
  restore(corpus: Corpus, value: unknown): void;
  /** False when restoring it changes no call's analysis (no re-analysis needed). */
  changesCalls?: boolean;
}

const isObject = (x: unknown): x is Record<string, unknown> =>
  typeof x === 'object' && x !== null && !Array.isArray(x);

function list<T>(value: unknown, what: string): T[] {
  if (!Array.isArray(value)) throw new Error(`${what} is not a list`);
  return value as T[];
}

function checkVersioned(x: { id?: unknown; version?: unknown }, what: string): void {
  if (typeof x.id !== 'string' || x.id === '') throw new Error(`${what} has no id`);
  if (!Number.isInteger(x.version) || (x.version as number) < 1)
    throw new Error(`${what} has no valid version`);
}

const rules: PersistedSlice = {
  key: 'rules',
  label: 'compliance and category rules',
  capture: (corpus) => ({ rules: corpus.rules, history: exportRuleHistory(corpus) }),
  restore(corpus, value) {
    if (!isObject(value)) throw new Error('not an object');
    const saved = list<Rule>(value.rules, 'rules');
    saved.forEach((r, k) => {
      checkVersioned(r, `rule ${k + 1}`);
      validateRuleDraft(r);
    });
    const history = isObject(value.history) ? (value.history as Record<string, RuleVersion[]>) : {};
    for (const versions of Object.values(history))
      list<RuleVersion>(versions, 'rule history').forEach((v) =>
        checkVersioned(isObject(v) && isObject(v.rule) ? v.rule : {}, 'a past version'),
      );
    corpus.rules = saved;
    importRuleHistory(corpus, history);
  },
};

const forms: PersistedSlice = {
  key: 'forms',
  label: 'evaluation forms',
  capture: (corpus) => corpus.forms,
  restore(corpus, value) {
    const saved = list<EvaluationForm>(value, 'forms');
    if (saved.length === 0) throw new Error('no form');
    saved.forEach((f, k) => {
      checkVersioned(f, `form ${k + 1}`);
      validateFormDraft(f);
    });
    corpus.forms = saved;
  },
};

const settings: PersistedSlice = {
  key: 'settings',
  label: 'smart and cost settings',
  capture: (corpus) => corpus.settings,
  restore(corpus, value) {
    if (!isObject(value) || !isObject(value.smart) || !isObject(value.costControl))
      throw new Error('not settings');
    validateSettingsPatch(value, corpus.settings);
    corpus.settings = {
      smart: { ...corpus.settings.smart, ...value.smart },
      costControl: { ...corpus.settings.costControl, ...value.costControl },
    };
  },
};

/** Applied metadata imports, replayed in order (each applies all its rows or none). */
const importLogs = new WeakMap<Corpus, MetadataImportRequest[]>();

export function recordImport(corpus: Corpus, request: MetadataImportRequest): void {
  importLogs.set(corpus, [...(importLogs.get(corpus) ?? []), structuredClone(request)]);
}

/**
 * An import undone: it is the newest in effect (the only one undo takes), the last one kept, and
 * is no longer replayed on the next load.
 */
export function recordImportUndone(corpus: Corpus): void {
  importLogs.set(corpus, (importLogs.get(corpus) ?? []).slice(0, -1));
}

const imports: PersistedSlice = {
  key: 'imports',
  label: 'metadata imports',
  capture: (corpus) => importLogs.get(corpus) ?? [],
  restore(corpus, value) {
    const saved = list<MetadataImportRequest>(value, 'imports');
    // Check every file first (dry run), so a bad one leaves the calls untouched.
    for (const request of saved) {
      const check = importMetadata(corpus, { ...request, dryRun: true });
      if (check.errors.length > 0)
        throw new Error(`${request.fileName}: ${check.errors[0]!.message}`);
    }
    for (const request of saved) importMetadata(corpus, { ...request, dryRun: false });
    importLogs.set(corpus, saved);
  },
};

/**
 * Calls ingested in this browser, as stored (redacted), ingested again on load in the order they
 * first came, so they keep their call ids; restored before anything that names calls.
 */
const ingested: PersistedSlice = {
  key: 'ingested',
  label: 'calls you loaded',
  capture: (corpus) => storedRecords(corpus),
  restore(corpus, value) {
    const saved = list<IngestRecord>(value, 'loaded calls');
    if (saved.length === 0) return;
    const report = ingestCalls(corpus, { calls: saved });
    const bad = report.results.find((r) => r.status === 'rejected');
    if (bad && bad.status === 'rejected')
      throw new Error(`call ${bad.index + 1}: ${bad.field} ${bad.reason}`);
  },
};

const reviews: PersistedSlice = {
  key: 'reviews',
  label: 'evaluations by reviewers',
  capture: (corpus) => exportReviews(corpus),
  restore(corpus, value) {
    const saved = list<ReviewRecord>(value, 'reviews');
    saved.forEach((r, k) => {
      if (!isObject(r) || !isObject(r.evaluation) || !Array.isArray(r.history))
        throw new Error(`review ${k + 1} is not a review`);
    });
    restoreReviews(corpus, saved);
  },
};

/** Owners given to leads by hand (bulk assign); leads are built from the calls, like reviews. */
const leadOwners: PersistedSlice = {
  key: 'leadOwners',
  label: 'lead owners you assigned',
  capture: (corpus) => exportLeadOwners(corpus),
  restore: (corpus, value) => importLeadOwners(corpus, value),
  changesCalls: false,
};

/** Stored before the corpus had an anchor day: those corpora all ended on 31 March 2026. */
const DAY_BEFORE_ANCHORS = '2026-03-31';

/**
 * A slice about particular calls (imports, reviews), kept with the day its corpus ended on.
 * The demo corpus moves with the day (src/data/corpus/anchor.ts) and call ids then name other
 * calls, so such writes made on another day's corpus are set aside with a notice instead of
 * landing on the wrong calls; rules, forms and settings apply to any day and are kept.
 */
export function dayBound(slice: PersistedSlice): PersistedSlice {
  return {
    ...slice,
    capture: (corpus) => ({ day: corpus.day, items: slice.capture(corpus) }),
    restore(corpus, value) {
      const stored = Array.isArray(value)
        ? { day: DAY_BEFORE_ANCHORS, items: value }
        : (value as { day?: unknown; items?: unknown } | null);
      if (!isObject(stored) || typeof stored.day !== 'string')
        throw new Error(`the stored ${slice.label} have no corpus day`);
      const none = Array.isArray(stored.items) && stored.items.length === 0;
      if (stored.day !== corpus.day && !none) {
        throw new Error(
          `they were made on the demo calls up to ${stored.day}, and the demo data now ends on ${corpus.day}, so their calls are other calls now`,
        );
      }
      slice.restore(corpus, stored.items);
    },
  };
}

const savedSearches: PersistedSlice = {
  key: 'savedSearches',
  label: 'saved keyword searches',
  capture: (corpus) => exportSavedSearches(corpus),
  restore: (corpus, value) => importSavedSearches(corpus, value),
  changesCalls: false,
};

/**
 * Scheduled calendar entries, kept with the day the demo data ended on: their times are the
 * user's own and stay, but a call they name would be another call once the data has moved on,
 * so that link is dropped then.
 */
const schedules: PersistedSlice = {
  key: 'schedules',
  label: 'scheduled calendar entries',
  capture: (corpus) => ({ day: corpus.day, items: exportSchedules(corpus) }),
  restore(corpus, value) {
    if (!isObject(value) || typeof value.day !== 'string') throw new Error('no corpus day');
    const items = list<Record<string, unknown>>(value.items, 'scheduled entries');
    importSchedules(
      corpus,
      value.day === corpus.day ? items : items.map(({ callId: _c, ...rest }) => rest),
    );
  },
  changesCalls: false,
};

/** The user's preferences and which inbox alerts they have read. */
const personal: PersistedSlice = {
  key: 'personal',
  label: 'preferences and read alerts',
  capture: (corpus) => exportPersonal(corpus),
  restore: (corpus, value) => importPersonal(corpus, value),
  changesCalls: false,
};

/**
 * In restore order: settings and imports shape the calls, then rules, forms, reviews and lead
 * owners; saved searches last (their filters are checked against the restored calls).
 */
export const PERSISTED_SLICES: readonly PersistedSlice[] = [
  settings,
  ingested,
  dayBound(imports),
  rules,
  forms,
  dayBound(reviews),
  dayBound(leadOwners),
  savedSearches,
  schedules,
  personal,
];
