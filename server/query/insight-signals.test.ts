/**
 * The fake-call and churn signals in SQL are the metrics module's: calls made at every
 * threshold of fakeCallAssessment and churnRisk (either side of it and on it), written to a
 * calls table as the store writes the engine's columns, show in SQL exactly the signals the
 * engine's fakeSignalsOf and churnSignalsOf give them, under two short-call limits.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { prepareCorpus } from '../../src/data/corpus/generate.ts';
import { DISPOSITIONS } from '../../src/domain/dispositions/index.ts';
import {
  CHURN_SIGNALS,
  FAKE_SIGNALS,
  churnSignalsOf,
  fakeSignalsOf,
} from '../../src/data/engine/insight-filters.ts';
import { openEmbeddedDatabase } from '../store/database.ts';
import { writeCallTables } from '../store/corpus-table.ts';
import { temporaryDataDir } from '../test-kit.ts';
import { churnSignalsSql, fakeSignalsSql } from './insight-signals.ts';

const CALLS = 3_000;
/** Values either side of and on each threshold the signals compare with. */
const POOLS = {
  customerTalkMs: [0, 1_999, 2_000, 2_001, 60_000],
  turns: [0, 2, 3, 4, 40],
  agentTurns: [0, 1, 20],
  durationMs: [0, 19_999, 20_000, 20_001, 44_999, 45_000, 300_000],
  sameDayDials: [0, 2, 3, 4],
  signals: Array.from({ length: 16 }, (_, k) => k),
  disposition: DISPOSITIONS.map((_, k) => k),
  contactsIn30Days: [0, 2, 3, 4],
  resolved: [0, 1],
  customerEndSentiment: [NaN, -1.5, -1.0001, -1, -0.999, 0, 1],
};

/** A call of each combination, drawn by a fixed sequence (no two runs differ). */
function makeCorpus() {
  const corpus = prepareCorpus({ calls: CALLS });
  const cols = corpus.cols as unknown as Record<string, { [i: number]: number }>;
  let state = 12_345;
  const pick = <T>(values: readonly T[]) => {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    return values[(state >>> 8) % values.length]!;
  };
  for (let i = 0; i < CALLS; i++) {
    for (const [name, values] of Object.entries(POOLS)) cols[name]![i] = pick(values);
    // Silence just under, on and over half the call (long-silence), and none.
    const d = corpus.cols.durationMs[i]!;
    corpus.cols.silenceMs[i] = pick([0, Math.floor(d / 2), Math.ceil(d / 2), d / 2 + 1, d]);
    corpus.cols.startMs[i] = corpus.fromMs + i;
  }
  return corpus;
}

const TABLES = { calls: 'signal_calls', failures: 'signal_failures', leads: 'signal_leads' };

describe('insight signals in SQL', () => {
  const data = temporaryDataDir();
  const db = openEmbeddedDatabase(data.dir);
  const corpus = makeCorpus();
  afterAll(() => {
    db.close();
    data.remove();
  });

  /** Per call, the indices of the conditions that hold. */
  async function shown(conditions: string[]): Promise<number[][]> {
    const text = await db.text(
      `SELECT arrayFilter(k -> k >= 0, [${conditions.map((c, k) => `if(${c}, ${k}, -1)`).join(', ')}]) FROM ${TABLES.calls} ORDER BY idx`,
      'JSONCompactEachRow',
    );
    return text
      .split('\n')
      .filter(Boolean)
      .map((line) => (JSON.parse(line) as number[][])[0]!);
  }

  it('shows each call the fake-call signals fakeCallAssessment finds', async () => {
    await writeCallTables(db, corpus, TABLES);
    for (const shortCallSeconds of [20, 45]) {
      corpus.settings = {
        ...corpus.settings,
        smart: { ...corpus.settings.smart, shortCallSeconds },
      };
      const sql = await shown(fakeSignalsSql(corpus.settings.smart));
      const engine = Array.from({ length: CALLS }, (_, i) =>
        fakeSignalsOf(corpus, i).map((s) => FAKE_SIGNALS.indexOf(s)),
      );
      expect(sql).toEqual(engine);
      // Every signal is both shown and not shown somewhere: the fixture reaches each threshold.
      for (let k = 0; k < FAKE_SIGNALS.length; k++) {
        expect(engine.some((s) => s.includes(k))).toBe(true);
        expect(engine.some((s) => !s.includes(k))).toBe(true);
      }
    }
  });

  it('shows each call the churn signals churnRisk finds', async () => {
    await writeCallTables(db, corpus, TABLES);
    const sql = await shown(churnSignalsSql());
    const engine = Array.from({ length: CALLS }, (_, i) =>
      churnSignalsOf(corpus, i).map((s) => CHURN_SIGNALS.indexOf(s)),
    );
    expect(sql).toEqual(engine);
    for (let k = 0; k < CHURN_SIGNALS.length; k++) {
      expect(engine.some((s) => s.includes(k))).toBe(true);
      expect(engine.some((s) => !s.includes(k))).toBe(true);
    }
  });
});
