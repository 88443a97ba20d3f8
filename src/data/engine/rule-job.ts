/**
 * Saving a rule as a job: the new version is stored at once, then every stored call is analysed
 * again in steps, yielding between steps so the worker keeps answering (progress, other
 * screens). Cancel puts back the columns, failures and rules as they were before the save, so
 * a cancelled save leaves no trace. One job at a time: other writes wait for it to end.
 */
import type { Rule } from '../../generated/data.types.ts';
import type { CallColumns, Corpus } from '../corpus/corpus.ts';
import { reanalyseInSteps } from '../corpus/generate.ts';
import { DataSourceError, type RuleDraft, type RuleJob } from '../source.ts';
import { clone } from './page.ts';
import { forgetRuleVersion } from './rule-history.ts';
import { storeRule } from './writes.ts';
import { nextTask } from './next-task.ts';

/**
 * Work per step, in milliseconds. A step is measured in time, not calls: a fixed count of calls
 * took 20–50 ms here and several times that on a busy machine, where a progress poll (a few
 * turns of the server's event loop) could then miss every step of a short job.
 */
const STEP_MS = 8;

interface Snapshot {
  rules: Rule[];
  categoryRuleIds: string[];
  cols: Partial<Record<keyof CallColumns, ArrayLike<number>>>;
  failures: Corpus['failures'];
}

interface RunningJob {
  job: RuleJob;
  cancelled: boolean;
  snapshot: Snapshot;
}

export class RuleJobs {
  private readonly jobs = new Map<string, RunningJob>();
  private running: RunningJob | null = null;
  private counter = 0;

  constructor(
    private readonly corpus: Corpus,
    /** Called when a job ends (done or cancelled), e.g. to persist the rules. */
    private readonly onSettled: (job: RuleJob) => void | Promise<void> = () => {},
    /**
     * How a job lets other work run between steps (next-task.ts: unclamped in the browser's
     * worker, where nested setTimeout(0) waits 4 ms a step).
     */
    private readonly pause: () => Promise<void> = nextTask,
  ) {}

  /** True while a re-run is going: other writes must wait (they would be undone by a cancel). */
  get busy(): boolean {
    return this.running !== null;
  }

  assertIdle(): void {
    if (this.running)
      throw new DataSourceError(
        'unavailable',
        'A rule is being re-run on history; try again when it has finished',
      );
  }

  start(draft: RuleDraft): RuleJob {
    this.assertIdle();
    const snapshot = takeSnapshot(this.corpus);
    const rule = storeRule(this.corpus, draft);
    const job: RuleJob = {
      id: `rerun-${++this.counter}`,
      rule: clone(rule),
      state: 'running',
      processed: 0,
      total: this.corpus.n,
    };
    const entry: RunningJob = { job, cancelled: false, snapshot };
    this.jobs.set(job.id, entry);
    this.running = entry;
    void this.run(entry);
    return clone(job);
  }

  get(id: string): RuleJob | null {
    const entry = this.jobs.get(id);
    return entry ? clone(entry.job) : null;
  }

  cancel(id: string): RuleJob {
    const entry = this.jobs.get(id);
    if (!entry) throw new DataSourceError('not-found', `No re-run job ${id}`);
    if (entry.job.state === 'running') entry.cancelled = true;
    return clone(entry.job);
  }

  private async run(entry: RunningJob): Promise<void> {
    const { job } = entry;
    try {
      await this.pause(); // answer the start first; the work begins on the next turn
      let stepStart = performance.now();
      const stepEnds = () => performance.now() - stepStart >= STEP_MS;
      for (const done of reanalyseInSteps(this.corpus, stepEnds)) {
        job.processed = done;
        await this.pause();
        stepStart = performance.now();
        if (entry.cancelled) {
          restoreSnapshot(this.corpus, entry.snapshot);
          forgetRuleVersion(this.corpus, job.rule.id, job.rule.version);
          job.state = 'cancelled';
          job.message = `Cancelled after ${done.toLocaleString('en')} calls; version ${job.rule.version} was not kept`;
          return;
        }
      }
      job.processed = job.total;
      job.state = 'done';
    } catch (error) {
      restoreSnapshot(this.corpus, entry.snapshot);
      forgetRuleVersion(this.corpus, job.rule.id, job.rule.version);
      job.state = 'failed';
      job.message = error instanceof Error ? error.message : String(error);
    } finally {
      this.running = null;
      await this.onSettled(clone(job));
    }
  }
}

function takeSnapshot(corpus: Corpus): Snapshot {
  const cols: Snapshot['cols'] = {};
  for (const [key, column] of Object.entries(corpus.cols) as [keyof CallColumns, Int32Array][])
    cols[key] = column.slice();
  const f = corpus.failures;
  return {
    rules: corpus.rules,
    categoryRuleIds: corpus.categoryRuleIds,
    cols,
    failures: {
      offsets: f.offsets.slice(),
      rule: f.rule,
      segment: f.segment,
      beginMs: f.beginMs,
    },
  };
}

function restoreSnapshot(corpus: Corpus, snapshot: Snapshot): void {
  corpus.rules = snapshot.rules;
  corpus.categoryRuleIds = snapshot.categoryRuleIds;
  for (const [key, saved] of Object.entries(snapshot.cols) as [keyof CallColumns, Int32Array][])
    (corpus.cols[key] as Int32Array).set(saved);
  corpus.failures.offsets.set(snapshot.failures.offsets);
  corpus.failures.rule = snapshot.failures.rule;
  corpus.failures.segment = snapshot.failures.segment;
  corpus.failures.beginMs = snapshot.failures.beginMs;
}
