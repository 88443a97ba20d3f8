/**
 * Reviews by people: the review queue, submitting an evaluation of a call, the dispute workflow
 * (submitted → acknowledged, or disputed → resolved) and calibration. Submitted reviews are kept
 * whole, with the form version and score they were given: publishing a new form version never
 * changes them. The latest review of a call also sets its review columns, so KPIs
 * (evaluated calls, QA score) count it like any other.
 */
import type { Evaluation } from '../../generated/data.types.ts';
import { QaAnswerError, qaScore, scoreSpread } from '../../metrics/index.ts';
import { REVIEW_STATUSES, activeForm, callId, callIndex, type Corpus } from '../corpus/corpus.ts';
import { hashSeed } from '../corpus/prng.ts';
import {
  DataSourceError,
  type CallDetail,
  type Calibration,
  type EvaluationDraft,
  type EvaluationEvent,
  type EvaluationUpdate,
  type ReviewQueue,
  type ReviewQueueItem,
  type ReviewQueueQuery,
  type ReviewRecord,
} from '../source.ts';
import { callDetail } from './detail.ts';
import { clone, page } from './page.ts';
import { selectCalls } from './select.ts';
import { writeTime } from './write-clock.ts';

/** Stored reviews by call index, oldest first. */
type ReviewBook = Map<number, ReviewRecord[]>;
const books = new WeakMap<Corpus, ReviewBook>();

export function reviewBook(corpus: Corpus): ReviewBook {
  let book = books.get(corpus);
  if (!book) {
    book = new Map();
    books.set(corpus, book);
    corpus.applyStoredReview = (i) => applyLatest(corpus, i);
  }
  return book;
}

/** Replaces every stored review (restoring from storage); a re-run then sets the columns. */
export function restoreReviews(corpus: Corpus, records: readonly ReviewRecord[]): void {
  const book = reviewBook(corpus);
  book.clear();
  for (const record of records) {
    const i = callIndex(String(record?.evaluation?.callId), corpus.n);
    if (i < 0) throw new Error(`a review names an unknown call (${record?.evaluation?.callId})`);
    book.set(i, [...(book.get(i) ?? []), clone(record)]);
  }
}

/** The call page's evaluations with the stored reviews in place of the generated one. */
export function withStoredReviews(corpus: Corpus, i: number, detail: CallDetail): CallDetail {
  const stored = books.get(corpus)?.get(i);
  if (!stored) return detail;
  return {
    ...detail,
    evaluations: [
      ...detail.evaluations.filter((e) => e.source === 'ai'),
      ...clone(stored.map((r) => r.evaluation)),
    ],
  };
}

export function exportReviews(corpus: Corpus): ReviewRecord[] {
  return [...reviewBook(corpus).values()].flat();
}

const STATUS_CODE = new Map(REVIEW_STATUSES.map((s, k) => [s, k]));

function applyLatest(corpus: Corpus, i: number): boolean {
  const list = books.get(corpus)?.get(i);
  const latest = list?.[list.length - 1]?.evaluation;
  if (!latest) return false;
  const c = corpus.cols;
  c.reviewSource[i] = latest.source === 'calibration' ? 2 : 1;
  c.reviewStatus[i] = STATUS_CODE.get(latest.status) ?? 1;
  c.reviewScore[i] = latest.score ?? NaN;
  // A draft is not a verdict yet: the call keeps the AI's score until the review is submitted.
  c.qaScore[i] = latest.status === 'draft' ? c.aiQaScore[i]! : (latest.score ?? NaN);
  c.qaAutoFailed[i] = (c.qaAutoFailed[i]! & 1) | (latest.autoFailed ? 2 : 0);
  return true;
}

function analysedIndex(corpus: Corpus, id: string): number {
  const i = callIndex(String(id), corpus.n);
  if (i < 0) throw new DataSourceError('not-found', `No call ${id}`, ['callId']);
  if (corpus.cols.status[i] !== 0)
    throw new DataSourceError('invalid-query', `Call ${id} is not analysed yet`, ['callId']);
  return i;
}

/**
 * Submits a review of a call, or saves it as a draft (`draft.draft`). A draft may leave questions
 * unanswered; a submit must answer each. The call's latest review, when it is a draft (a stored
 * one, or one the demo generated), is continued, keeping its id and history, whoever evaluates
 * now (each step names its person); otherwise the review is a new one.
 */
export function submitEvaluation(corpus: Corpus, draft: EvaluationDraft): ReviewRecord {
  const i = analysedIndex(corpus, draft.callId);
  if (typeof draft.evaluator !== 'string' || draft.evaluator.trim() === '')
    throw new DataSourceError('invalid-query', 'Say who evaluated the call', ['evaluator']);
  const asDraft = draft.draft === true;
  const form = activeForm(corpus);
  const problems: string[] = [];
  for (const section of form.sections)
    for (const q of section.questions) {
      if (q.type === 'text') continue;
      const answer = draft.answers.find((a) => a.questionId === q.id);
      const answered =
        answer && (answer.na || answer.optionId !== undefined || answer.value !== undefined);
      if (!answered) problems.push(`answers.${q.id}: answer "${q.text}"`);
    }
  if (problems.length > 0 && !asDraft)
    throw new DataSourceError(
      'invalid-query',
      `${problems.length} question${problems.length === 1 ? ' is' : 's are'} not answered`,
      problems,
    );
  let scored;
  try {
    scored = qaScore(form, draft.answers);
  } catch (error) {
    if (error instanceof QaAnswerError)
      throw new DataSourceError('invalid-query', error.message, ['answers']);
    throw error;
  }
  const book = reviewBook(corpus);
  const stored = book.get(i);
  const reviews = stored ?? callReviews(corpus, i).reviews;
  const last = reviews.at(-1);
  const continued = last?.evaluation.status === 'draft' ? last : null;
  // Without stored reviews the generated one gives way to the first stored, as on a change.
  const earlier = stored ? stored.slice(0, continued ? -1 : undefined) : [];
  const now = writeTime(corpus);
  const evaluator = draft.evaluator.trim();
  const evaluation: Evaluation = {
    id: continued?.evaluation.id ?? `eval-${callId(i)}-r${earlier.length + 1}`,
    formId: form.id,
    formVersion: form.version,
    callId: callId(i),
    agentId: corpus.cast.agents[corpus.cols.agent[i]!]!.id,
    evaluator,
    source: draft.source === 'calibration' ? 'calibration' : 'human',
    answers: clone(draft.answers),
    points: scored.points,
    potential: scored.potential,
    score: scored.score,
    autoFailed: scored.autoFailed,
    status: asDraft ? 'draft' : 'submitted',
    createdAt: now,
  };
  const record: ReviewRecord = {
    evaluation,
    history: [
      ...clone(continued?.history ?? []),
      { at: now, by: evaluator, action: asDraft ? 'draft' : 'submit' },
    ],
  };
  book.set(i, [...earlier, record]);
  applyLatest(corpus, i);
  return clone(record);
}

const NEXT: Record<
  EvaluationUpdate['action'],
  { from: Evaluation['status']; to: Evaluation['status'] }
> = {
  acknowledge: { from: 'submitted', to: 'acknowledged' },
  dispute: { from: 'submitted', to: 'disputed' },
  resolve: { from: 'disputed', to: 'resolved' },
};

export function updateEvaluation(corpus: Corpus, update: EvaluationUpdate): ReviewRecord {
  const record = findRecord(corpus, update.id);
  const e = record.evaluation;
  if (update.baseStatus !== undefined && update.baseStatus !== e.status)
    throw new DataSourceError(
      'conflict',
      `This evaluation changed elsewhere: it is now ${e.status}, not ${update.baseStatus}. Reload to see it.`,
      ['baseStatus'],
    );
  const step = NEXT[update.action];
  if (!step)
    throw new DataSourceError('invalid-query', `Unknown action ${String(update.action)}`, [
      'action',
    ]);
  if (e.status !== step.from)
    throw new DataSourceError(
      'invalid-query',
      `Only a ${step.from} evaluation can be ${step.to}; this one is ${e.status}`,
      ['action'],
    );
  const note = update.note?.trim();
  if ((update.action === 'dispute' || update.action === 'resolve') && !note)
    throw new DataSourceError('invalid-query', `Say why (a ${update.action} needs a note)`, [
      'note',
    ]);
  if (!update.by?.trim()) throw new DataSourceError('invalid-query', 'Say who is acting', ['by']);
  e.status = step.to;
  record.history.push({
    at: writeTime(corpus),
    by: update.by.trim(),
    action: update.action,
    ...(note ? { note } : {}),
  });
  applyLatest(corpus, callIndex(e.callId, corpus.n));
  return clone(record);
}

/**
 * The agent an evaluation is of (the agent of its call: every evaluation of a call is of the
 * agent who took it), or null when the id names no call; the one who may answer it.
 */
export function evaluatedAgentId(corpus: Corpus, evaluationId: string): string | null {
  const m = /^eval-(call-\d+)-/.exec(String(evaluationId));
  const i = m ? callIndex(m[1]!, corpus.n) : -1;
  return i < 0 ? null : corpus.cast.agents[corpus.cols.agent[i]!]!.id;
}

/** A stored review, or the generated one of a call made into a stored one on first change. */
function findRecord(corpus: Corpus, id: string): ReviewRecord {
  const m = /^eval-(call-\d+)-/.exec(String(id));
  const i = m ? callIndex(m[1]!, corpus.n) : -1;
  if (i < 0) throw new DataSourceError('not-found', `No evaluation ${id}`, ['id']);
  const book = reviewBook(corpus);
  const stored = book.get(i)?.find((r) => r.evaluation.id === id);
  if (stored) return stored;
  const generated = callDetail(corpus, i).evaluations.find((e) => e.id === id && e.source !== 'ai');
  if (!generated) throw new DataSourceError('not-found', `No evaluation ${id}`, ['id']);
  const record: ReviewRecord = { evaluation: generated, history: generatedHistory(generated) };
  book.set(i, [record]);
  return record;
}

/** The one step a generated review has had: saved as a draft, or submitted. */
function generatedHistory(e: Evaluation): EvaluationEvent[] {
  return [
    {
      at: e.createdAt,
      by: e.evaluator ?? 'Reviewer',
      action: e.status === 'draft' ? 'draft' : 'submit',
    },
  ];
}

/** Every review of a call: stored ones, else the generated one; with the AI's for comparison. */
export function callReviews(
  corpus: Corpus,
  i: number,
): { ai: Evaluation | null; reviews: ReviewRecord[] } {
  const stored = reviewBook(corpus).get(i);
  const detail = callDetail(corpus, i);
  const ai = detail.evaluations.find((e) => e.source === 'ai') ?? null;
  if (stored) return { ai, reviews: clone(stored) };
  const generated = detail.evaluations
    .filter((e) => e.source !== 'ai')
    .map((e) => ({ evaluation: e, history: generatedHistory(e) }));
  return { ai, reviews: generated };
}

export function calibration(corpus: Corpus, id: string): Calibration {
  const i = analysedIndex(corpus, id);
  const { ai, reviews } = callReviews(corpus, i);
  return {
    callId: callId(i),
    ai,
    reviews,
    ...scoreSpread(reviews.map((r) => r.evaluation.score)),
  };
}

const SAMPLING_RULES: Record<ReviewQueueQuery['sampling'], string> = {
  random:
    'A fixed random 2 % of analysed calls nobody has reviewed yet (drawn per call, the same for every reviewer), newest first.',
  'low-ai-score':
    'Analysed calls nobody has reviewed yet whose AI QA score is below 60 %, lowest score first.',
  'failed-critical':
    'Analysed calls nobody has reviewed yet that failed at least one critical compliance rule, newest first.',
  disputes: 'Reviews the agent disputed, waiting for a supervisor, oldest first.',
};

const DISPUTED = STATUS_CODE.get('disputed')!;

/** The sampling's rule, as the queue states it (an unknown sampling is refused). */
export function samplingRule(query: ReviewQueueQuery): string {
  const rule = SAMPLING_RULES[query.sampling];
  if (!rule)
    throw new DataSourceError('invalid-query', `Unknown sampling ${String(query.sampling)}`, [
      'sampling',
    ]);
  return rule;
}

/** The random sample: a call is in it when hashSeed(seed ^ salt, call) % every is 0. */
export const RANDOM_SAMPLE = { salt: 0x5a3b1e, every: 50 } as const;
/** The low-AI-score sample: unreviewed calls whose AI QA score is below this. */
export const LOW_AI_SCORE = 0.6;

export function reviewQueue(corpus: Corpus, query: ReviewQueueQuery): ReviewQueue {
  const rule = samplingRule(query);
  const { offset, limit } = page(query);
  const c = corpus.cols;
  const f = corpus.failures;
  const critical = (i: number) => {
    for (let k = f.offsets[i]!; k < f.offsets[i + 1]!; k++)
      if (corpus.rules[f.rule[k]!]?.severity === 'critical') return true;
    return false;
  };
  const picked: number[] = [];
  for (const i of selectCalls(corpus, { ...(query.filters ?? {}), status: 'analysed' })) {
    const reviewed = c.reviewSource[i] !== 0;
    if (query.sampling === 'disputes') {
      if (reviewed && c.reviewStatus[i] === DISPUTED) picked.push(i);
    } else if (reviewed) continue;
    else if (query.sampling === 'random') {
      if (hashSeed(corpus.seed ^ RANDOM_SAMPLE.salt, i) % RANDOM_SAMPLE.every === 0) picked.push(i);
    } else if (query.sampling === 'low-ai-score') {
      if (c.aiQaScore[i]! < LOW_AI_SCORE) picked.push(i);
    } else if (critical(i)) picked.push(i);
  }
  if (query.sampling === 'low-ai-score')
    picked.sort((a, b) => c.aiQaScore[a]! - c.aiQaScore[b]! || b - a);
  else if (query.sampling !== 'disputes') picked.reverse();
  const items = picked.slice(offset, offset + limit).map((i) => reviewQueueItem(corpus, i));
  return { rule, page: { total: picked.length, offset, limit, items } };
}

/** One call of the review queue. */
export function reviewQueueItem(corpus: Corpus, i: number): ReviewQueueItem {
  const c = corpus.cols;
  const f = corpus.failures;
  const agents = corpus.cast.agents;
  const failedCritical: string[] = [];
  for (let k = f.offsets[i]!; k < f.offsets[i + 1]!; k++) {
    const r = corpus.rules[f.rule[k]!];
    if (r?.severity === 'critical') failedCritical.push(r.name);
  }
  const latest = reviewBook(corpus).get(i)?.at(-1)?.evaluation;
  const reviewed = c.reviewSource[i] !== 0;
  return {
    callId: callId(i),
    startedAt: new Date(c.startMs[i]!).toISOString(),
    agentId: agents[c.agent[i]!]!.id,
    agentName: agents[c.agent[i]!]!.name,
    vendorName: corpus.cast.vendors[c.vendor[i]!]!.name,
    durationMs: c.durationMs[i]!,
    aiScore: Number.isNaN(c.aiQaScore[i]!) ? null : c.aiQaScore[i]!,
    failedCritical,
    reviewStatus: reviewed ? REVIEW_STATUSES[c.reviewStatus[i]!]! : null,
    evaluationId: reviewed ? (latest?.id ?? `eval-${callId(i)}-human`) : null,
  };
}
