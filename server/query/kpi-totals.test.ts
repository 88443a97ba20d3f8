/**
 * Each KPI contribution in SQL adds a call exactly as src/metrics' addCallToTotals does: hand-made calls
 * (boundaries of the sentiment bands, missing values, excluded and unanalysed calls) summed by
 * the database and by the metrics module give the same totals, field for field, and so the same
 * KPIs through summariseKpis.
 */
import { afterAll, describe, expect, it } from 'vitest';
import {
  KPI_TOTAL_FIELDS,
  addCallToTotals,
  emptyKpiTotals,
  handleTimeMs,
  sentimentBand,
  summariseKpis,
  type CallKpiInput,
} from '../../src/metrics/index.ts';
import { openEmbeddedDatabase } from '../store/database.ts';
import { temporaryDataDir } from '../test-kit.ts';
import { CONTRIBUTION_COLUMNS, columnSql } from '../store/schema.ts';
import { KPI_CONTRIBUTIONS, KPI_TOTALS_SELECT, SENTIMENT_BAND_SQL } from './kpi-totals.ts';

interface Row {
  status: number;
  duration_ms: number;
  ivr_ms: number;
  hold_ms: number;
  acw_ms: number;
  agent_talk_ms: number;
  customer_talk_ms: number;
  silence_ms: number;
  interruptions: number;
  agent_sentiment: number;
  customer_sentiment: number;
  sentiment_trend: number;
  followed_by_repeat: number;
  repeat_call: number;
  repeat_pending: number;
  compliance_score: number;
  compliant: number;
  qa_score: number;
  escalation: number;
  churn_level: number;
  fake: number;
  resolved: number;
  cost: number;
}

const base: Row = {
  status: 0,
  duration_ms: 300_000,
  ivr_ms: 20_000,
  hold_ms: 5_000,
  acw_ms: 30_000,
  agent_talk_ms: 120_000,
  customer_talk_ms: 100_000,
  silence_ms: 40_000,
  interruptions: 3,
  agent_sentiment: 1.5,
  customer_sentiment: -1,
  sentiment_trend: 0.25,
  followed_by_repeat: 1,
  repeat_call: 0,
  repeat_pending: 0,
  compliance_score: 0.75,
  compliant: 0,
  qa_score: 0.5,
  escalation: 4,
  churn_level: 2,
  fake: 0,
  resolved: 1,
  cost: 0.125,
};

const ROWS: Row[] = [
  base,
  { ...base, customer_sentiment: -0.5, escalation: 0, churn_level: 1, compliant: 1 },
  { ...base, customer_sentiment: 1, agent_sentiment: NaN, qa_score: NaN, fake: 1 },
  { ...base, customer_sentiment: NaN, sentiment_trend: NaN, compliance_score: NaN },
  { ...base, duration_ms: 10_000, ivr_ms: 15_000, repeat_call: 1, followed_by_repeat: 0 },
  { ...base, customer_sentiment: 0.5, repeat_pending: 1, followed_by_repeat: 0 }, // window open
  { ...base, status: 4 }, // excluded by cost control
  { ...base, status: 3 }, // failed: counts in calls only
];

const orNull = (x: number) => (Number.isNaN(x) ? null : x);

function asInput(r: Row): CallKpiInput {
  return {
    analysed: r.status === 0,
    excluded: r.status === 4,
    handleTimeMs: handleTimeMs({
      durationMs: r.duration_ms,
      ivrMs: r.ivr_ms,
      holdMs: r.hold_ms,
      acwMs: r.acw_ms,
    }),
    durationMs: r.duration_ms,
    agentTalkMs: r.agent_talk_ms,
    customerTalkMs: r.customer_talk_ms,
    silenceMs: r.silence_ms,
    interruptions: r.interruptions,
    agentSentiment: orNull(r.agent_sentiment),
    customerSentiment: orNull(r.customer_sentiment),
    sentimentTrend: orNull(r.sentiment_trend),
    negative:
      !Number.isNaN(r.customer_sentiment) && sentimentBand(r.customer_sentiment) === 'negative',
    followedByRepeat: r.followed_by_repeat === 1,
    repeatCall: r.repeat_call === 1,
    repeatPending: r.repeat_pending === 1,
    complianceScore: orNull(r.compliance_score),
    compliant: r.compliant === 1,
    qaScore: orNull(r.qa_score),
    escalated: r.escalation !== 0,
    churnHigh: r.churn_level === 2,
    fake: r.fake === 1,
    resolved: r.resolved === 1,
    cost: r.cost,
  };
}

describe('KPI contributions in SQL', () => {
  const data = temporaryDataDir();
  const db = openEmbeddedDatabase(data.dir);
  afterAll(() => {
    db.close();
    data.remove();
  });

  const columns = Object.keys(base) as (keyof Row)[];
  const load = async () => {
    await db.text(
      `CREATE TABLE IF NOT EXISTS fixture (${columns
        .map((c) => `${c} ${/sentiment|score|trend|cost/.test(c) ? 'Float32' : 'Int32'}`)
        .join(
          ', ',
        )}, ${CONTRIBUTION_COLUMNS.map(columnSql).join(', ')}) ENGINE = MergeTree ORDER BY tuple()`,
    );
    await db.text('TRUNCATE TABLE fixture');
    const tsv = ROWS.map((r) =>
      columns.map((c) => (Number.isNaN(r[c]) ? 'nan' : String(r[c]))).join('\t'),
    ).join('\n');
    await db.insertTsv('fixture', columns, `${tsv}\n`);
  };

  it('has an expression for every field of the metrics module', () => {
    expect(Object.keys(KPI_CONTRIBUTIONS).sort()).toEqual([...KPI_TOTAL_FIELDS].sort());
  });

  it('adds each call as addCallToTotals does', async () => {
    await load();
    const reference = emptyKpiTotals();
    for (const r of ROWS) addCallToTotals(reference, asInput(r));
    const line = (await db.text(`SELECT ${KPI_TOTALS_SELECT} FROM fixture`)).trim().split('\t');
    const sql = Object.fromEntries(KPI_TOTAL_FIELDS.map((f, k) => [f, Number(line[k])]));
    expect(sql).toEqual(reference);
    expect(summariseKpis(sql as unknown as typeof reference)).toEqual(summariseKpis(reference));
    expect(reference.negative).toBe(2); // the two analysed calls at -1 (the band edge), not -0.5
  });

  it('bands sentiment as sentimentBand does, at the edges', async () => {
    const scores = [-3, -1.0001, -1, -0.999, 0, 0.999, 1, 1.5];
    const text = await db.text(
      `SELECT ${SENTIMENT_BAND_SQL} FROM (SELECT arrayJoin([${scores.join(', ')}]) AS customer_sentiment)`,
    );
    const bands = ['negative', 'neutral', 'positive'];
    expect(
      text
        .trim()
        .split('\n')
        .map((k) => bands[Number(k)]),
    ).toEqual(scores.map(sentimentBand));
  });
});
