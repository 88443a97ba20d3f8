/**
 * The text tool and the call page give the same result for a corpus call's transcript: the
 * call's transcript written as text goes through the text tool's reader and the one
 * conversation analysis, and every finding the call page shows comes out the same.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { analyseConversation } from '../../../src/data/analysis/conversation.ts';
import { transcriptAsText } from '../../../src/data/analysis/formats/plain-text.ts';
import { toolsApi } from '../../../src/data/analysis/tools-api.ts';
import type { CallAnalysis } from '../../../src/data/index.ts';
import type { CallDetail } from '../../../src/data/source.ts';
import { SMALL_CORPUS_BUDGET_MS, smallSource } from '../data/shared-corpus.ts';

async function analysedCalls(
  direction: 'inbound' | 'outbound',
  count: number,
): Promise<CallDetail[]> {
  const source = smallSource();
  const page = await source.calls({
    filters: { status: 'analysed', direction, queue: ['Billing', 'Retention', 'General'] },
    limit: count,
  });
  const details = await Promise.all(page.items.map((row) => source.call(row.id)));
  return details.filter((d): d is CallDetail => d !== null);
}

/** What the call page shows that depends only on the words, who said them and when. */
function wordFindings(a: Omit<CallAnalysis, 'repeat' | 'qaScore' | 'cost'>) {
  return {
    talk: a.talk,
    nonTalk: a.nonTalk,
    silenceMs: a.silenceMs,
    interruptions: a.interruptions,
    talkSpeedWpm: a.talkSpeedWpm,
    turns: a.turns,
    complianceScore: a.complianceScore,
    compliant: a.compliant,
    escalation: a.escalation,
  };
}

// The corpus is generated once, in its own budget, not in the first test's.
beforeAll(() => void smallSource(), SMALL_CORPUS_BUDGET_MS);

describe('text tool = call page', { timeout: SMALL_CORPUS_BUDGET_MS }, () => {
  for (const direction of ['inbound', 'outbound'] as const) {
    it(`reads a ${direction} corpus call's transcript back turn for turn and finds the same`, async () => {
      const calls = await analysedCalls(direction, 12);
      expect(calls.length).toBeGreaterThan(5);
      for (const detail of calls) {
        const text = transcriptAsText(detail.transcript, detail.call.durationMs);
        const result = toolsApi.analyse({ name: detail.call.id, text, direction });
        if (!result.ok) throw new Error(result.message);
        const tool = result.conversation;
        expect(tool.durationMs).toBe(detail.call.durationMs);
        expect(
          tool.segments.map(({ speaker, beginMs, endMs, text: t }) => ({
            speaker,
            beginMs,
            endMs,
            t,
          })),
        ).toEqual(
          detail.transcript.map(({ speaker, beginMs, endMs, text: t }) => ({
            speaker,
            beginMs,
            endMs,
            t,
          })),
        );
        const page = detail.call.analysis!;
        expect(wordFindings(tool.analysis)).toEqual(wordFindings(page));
        // Rules on words: same pass/fail and the same evidence, in the call page's order.
        const wordRules = (rs: CallDetail['ruleResults']) =>
          rs
            .filter((r) => r.ruleId !== 'cat-unhappy-ending')
            .map((r) => ({ id: r.ruleId, hit: r.hit, passed: r.passed, evidence: r.evidence }));
        expect(wordRules(tool.ruleResults)).toEqual(wordRules(detail.ruleResults));
        expect(
          tool.analysis.churnRisk.reasons.filter(
            (r) => r.signal !== 'unresolved-negative-end' && r.signal !== 'repeated-contact',
          ),
        ).toEqual(
          page.churnRisk.reasons.filter(
            (r) => r.signal !== 'unresolved-negative-end' && r.signal !== 'repeated-contact',
          ),
        );
      }
    });
  }

  it('with the call’s own turn sentiment and context, the shared analysis is the call page’s analysis exactly', async () => {
    const [detail] = await analysedCalls('inbound', 1);
    const { call } = detail!;
    const page = call.analysis!;
    const source = smallSource();
    const rules = await source.rules();
    const forms = await source.evaluationForms();
    const settings = await source.settings();
    const result = analyseConversation({
      subject: {
        callId: call.id,
        segments: detail!.transcript,
        durationMs: call.durationMs,
        ivrMs: call.ivrMs,
        attributes: {
          direction: call.direction,
          queue: call.queue,
          brand: call.brand,
          product: call.product,
          language: call.language,
          disposition: call.disposition.code,
          vendorId: call.vendorId,
          agentId: call.agentId,
        },
      },
      context: {
        resolved: page.resolved,
        contactsIn30Days: page.repeat.contactsIn30Days,
        saleDisposition: call.disposition.code === 'SALE',
        topic: page.topics[0]!,
        summary: page.summary,
      },
      rules,
      form: forms.find((f) => f.active)!,
      settings: settings.smart,
    });
    const { repeat: _r, qaScore: _q, cost: _c, ...shared } = page;
    expect(result.analysis).toEqual(shared);
    expect(result.ruleResults).toEqual(detail!.ruleResults);
    const ai = detail!.evaluations.find((e) => e.source === 'ai')!;
    expect(result.aiAnswers).toEqual(ai.answers);
    expect(result.qa.score).toBe(ai.score);
  });
});
