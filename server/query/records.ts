/**
 * The per-call records compiled to ClickHouse SQL over the call tables: a customer's entity,
 * the evaluations list, QA by form section and the review queue. The database selects, counts,
 * orders and pages; the engine's own builders (src/data/engine: customerResult, evaluationRow,
 * qaSectionsResult, reviewQueueItem) make the answer from the picked calls, so the answers are
 * the engine's answers. All of them read calls in index order, which is time order only while
 * no call was ingested (the service asks the engine then).
 */
import { REVIEW_STATUSES, customerIndex } from '../../src/data/corpus/corpus.ts';
import { asList } from '../../src/data/filters.ts';
import { page } from '../../src/data/engine/page.ts';
import { CUSTOMER_CHURN_DAYS, customerResult, knownCustomer } from '../../src/data/engine/rows.ts';
import { evaluationRow, type EvaluationPick } from '../../src/data/engine/records.ts';
import { qaSampleSize, qaSectionsResult } from '../../src/data/engine/scorecard.ts';
import {
  LOW_AI_SCORE,
  RANDOM_SAMPLE,
  reviewQueueItem,
  samplingRule,
} from '../../src/data/engine/reviews.ts';
import type { EvaluationQuery, EvaluationRow, Page } from '../../src/data/source.ts';
import type { Customer } from '../../src/generated/data.types.ts';
import type { QaSectionBreakdown, QaSectionQuery } from '../../src/data/scorecard.ts';
import type { ReviewQueue, ReviewQueueQuery } from '../../src/data/quality-types.ts';
import { hashSeedSql } from './hash-seed-sql.ts';
import { numberRows } from './compiler.ts';
import { rankSql } from './call-order.ts';
import { CompiledReads } from './filters.ts';

const DAY_MS = 86_400_000;

/** `column IN (codes)`, or false when none is listed. */
function inCodes(column: string, codes: readonly number[]): string {
  const known = codes.filter((k) => k >= 0);
  return known.length === 0 ? '0' : `${column} IN (${known.join(', ')})`;
}

export class CompiledRecords extends CompiledReads {
  /**
   * A customer from their calls: the last one (highest index) and the highest churn level of
   * their analysed calls in the window before it (the engine's customerCalls).
   */
  async customer(id: string): Promise<Customer | null> {
    const index = customerIndex(String(id), this.corpus.customerCount);
    if (!knownCustomer(this.corpus, index)) return null;
    const { calls } = this.tables;
    const [last] = numberRows(
      await this.db.text(
        `SELECT idx, brand, contacts_in30_days, start_ms FROM ${calls} WHERE customer = ${index} ORDER BY idx DESC LIMIT 1`,
      ),
    );
    if (!last)
      return customerResult(this.corpus, index, {
        last: -1,
        brand: 0,
        contactsIn30Days: 0,
        churn: 0,
      });
    const [idx, brand, contactsIn30Days, startMs] = last as [number, number, number, number];
    const churn = await this.db.text(
      `SELECT max(churn_level) FROM ${calls} WHERE customer = ${index} AND status = 0 AND idx <= ${idx} AND start_ms >= ${startMs - CUSTOMER_CHURN_DAYS * DAY_MS}`,
    );
    return customerResult(this.corpus, index, {
      last: idx,
      brand,
      contactsIn30Days,
      churn: Number(churn.trim()) || 0,
    });
  }

  /**
   * The evaluations list: one row per analysed call's AI evaluation and one per review, as the
   * query's sources and statuses allow, in the engine's order (ties: newer call first, the AI's
   * row before the review's). Null when a score to order by is missing (the engine answers:
   * its order then depends on its sort's visits).
   */
  async evaluations(query: EvaluationQuery): Promise<Page<EvaluationRow> | null> {
    const { offset, limit } = page(query);
    const sources = asList(query.source);
    const statuses = asList(query.status);
    const ai =
      (!sources || sources.includes('ai')) && (!statuses || statuses.includes('submitted'));
    const human = [
      'review_source != 0',
      ...(sources
        ? [
            `(${[
              ...(sources.includes('human') ? ['review_source != 2'] : []),
              ...(sources.includes('calibration') ? ['review_source = 2'] : []),
              '0',
            ].join(' OR ')})`,
          ]
        : []),
      ...(statuses
        ? [
            inCodes(
              'review_status',
              statuses.map((s) => REVIEW_STATUSES.indexOf(s)),
            ),
          ]
        : []),
    ].join(' AND ');
    const where = this.where({ ...(query.filters ?? {}), status: 'analysed' });
    const rows = `SELECT idx, arrayJoin(arrayConcat(${ai ? '[0]' : '[]'}, if(${human}, [1], []))) AS human, if(human = 1, review_score, ai_qa_score) AS score, agent FROM ${this.tables.calls} WHERE ${where}`;
    const sort = query.sort ?? { field: 'startedAt', direction: 'desc' };
    const dir = sort.direction === 'asc' ? 'ASC' : 'DESC';
    const agentName = rankSql(
      this.corpus.cast.agents.map((a) => a.name),
      'agent',
      (a, b) => a.localeCompare(b),
    );
    const order =
      sort.field === 'score'
        ? `score ${dir}, idx DESC, human ASC`
        : sort.field === 'agentName'
          ? `${agentName} ${dir}, idx DESC, human ASC`
          : `idx ${dir}, human ASC`;
    const [counted, picked] = await Promise.all([
      this.db.text(`SELECT count(), countIf(isNaN(score)) FROM (${rows})`),
      this.db.text(
        `SELECT idx, human FROM (${rows}) ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`,
      ),
    ]);
    const [[total = 0, unscored = 0] = []] = numberRows(counted);
    if (sort.field === 'score' && unscored > 0) return null;
    const items = numberRows(picked).map(([i, h]) =>
      evaluationRow(this.corpus, { i: i!, human: h === 1 } satisfies EvaluationPick),
    );
    return { total, offset, limit, items };
  }

  /** QA by section: the database counts the evaluated calls and picks the latest of them. */
  async qaBySection(query: QaSectionQuery): Promise<QaSectionBreakdown> {
    const size = qaSampleSize(query);
    const where = this.where({ ...(query.filters ?? {}), evaluated: true });
    const { calls } = this.tables;
    const [count, latest] = await Promise.all([
      this.db.text(`SELECT count() FROM ${calls} WHERE ${where}`),
      this.db.text(`SELECT idx FROM ${calls} WHERE ${where} ORDER BY idx DESC LIMIT ${size}`),
    ]);
    const sample = numberRows(latest)
      .map(([i]) => i!)
      .reverse();
    return qaSectionsResult(this.corpus, Number(count.trim()), sample);
  }

  /** The review queue: the database picks, counts and orders the sampling's calls. */
  async reviewQueue(query: ReviewQueueQuery): Promise<ReviewQueue> {
    const rule = samplingRule(query);
    const { offset, limit } = page(query);
    const { calls, failures } = this.tables;
    const critical = this.corpus.rules.flatMap((r, k) => (r.severity === 'critical' ? [k] : []));
    const [pick, order] = {
      disputes: [
        `review_source != 0 AND review_status = ${REVIEW_STATUSES.indexOf('disputed')}`,
        'idx ASC',
      ],
      random: [
        `review_source = 0 AND ${hashSeedSql(this.corpus.seed ^ RANDOM_SAMPLE.salt, 'idx')} % ${RANDOM_SAMPLE.every} = 0`,
        'idx DESC',
      ],
      'low-ai-score': [
        `review_source = 0 AND ai_qa_score < ${LOW_AI_SCORE}`,
        'ai_qa_score ASC, idx DESC',
      ],
      'failed-critical': [
        `review_source = 0 AND ${critical.length === 0 ? '0' : `idx IN (SELECT call FROM ${failures} WHERE rule IN (${critical.join(', ')}))`}`,
        'idx DESC',
      ],
    }[query.sampling];
    const where = `${this.where({ ...(query.filters ?? {}), status: 'analysed' })} AND ${pick}`;
    const [count, picked] = await Promise.all([
      this.db.text(`SELECT count() FROM ${calls} WHERE ${where}`),
      this.db.text(
        `SELECT idx FROM ${calls} WHERE ${where} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`,
      ),
    ]);
    const items = numberRows(picked).map(([i]) => reviewQueueItem(this.corpus, i!));
    return { rule, page: { total: Number(count.trim()), offset, limit, items } };
  }
}
