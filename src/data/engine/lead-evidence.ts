/**
 * Where a lead's buying signals were heard: the first place in each of its analysed calls
 * where the signal's category rule hit (the same rules that set the lead's signals), plus the
 * customer's price questions.
 */
import type { Lead } from '../../generated/data.types.ts';
import { callIndex, type Corpus } from '../corpus/corpus.ts';
import { analyseCall, rebuildTranscript } from '../corpus/generate.ts';
import { SIGNAL_RULES } from '../../domain/rules/index.ts';
import type { LeadSignalEvidence } from '../source.ts';

const SIGNALS: { signal: string; ruleId: string }[] = [
  { signal: 'Purchase intent', ruleId: SIGNAL_RULES.purchaseTalk },
  { signal: 'Compared with a competitor', ruleId: SIGNAL_RULES.competitorMention },
  { signal: 'Cancellation intent', ruleId: SIGNAL_RULES.cancellationIntent },
];

const PRICE_QUESTION = /\b(price|prices|cost|costs|how much|per month|fee)\b/i;

export function leadEvidence(corpus: Corpus, lead: Lead): LeadSignalEvidence[] {
  const out: LeadSignalEvidence[] = [];
  for (const callId of lead.callIds) {
    const i = callIndex(callId, corpus.n);
    if (i < 0 || corpus.cols.status[i] !== 0) continue;
    const transcript = rebuildTranscript(corpus, i);
    const analysis = analyseCall(corpus, i, transcript);
    for (const { signal, ruleId } of SIGNALS) {
      const result = analysis.ruleResults.find((r) => r.ruleId === ruleId && r.hit);
      const evidence = result?.evidence[0];
      if (evidence) out.push({ signal, callId, evidence });
    }
    const k = transcript.segments.findIndex(
      (s) => s.speaker === 'CUSTOMER' && PRICE_QUESTION.test(s.text),
    );
    const s = transcript.segments[k];
    if (s)
      out.push({
        signal: 'Asked about price',
        callId,
        evidence: { segment: k, beginMs: s.beginMs, endMs: s.endMs, text: s.text },
      });
  }
  return out;
}
