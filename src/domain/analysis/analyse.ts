/**
 * Turns one call's transcript into its analysis, using the metrics module for every number
 * and the rule engine for every finding. Used when the corpus is generated (to fill the
 * columns) and when a call is opened (to build the full CallAnalysis with evidence), so both
 * always agree.
 */
import type {
  EvaluationAnswer,
  EvaluationForm,
  Evidence,
  Rule,
  RuleResult,
  TranscriptSegment,
} from '../../generated/data.types.ts';
import {
  complianceOutcome,
  countInterruptions,
  escalationReasons,
  nonTalkInstances,
  partySentiment,
  qaScore,
  sentimentTrend,
  silenceMs,
  talkTimes,
  type EscalationReason,
  type Gap,
  type InterruptionCount,
  type PartySentimentScores,
  type PartyTalkTime,
  type QaScore,
} from '../../metrics/index.ts';
import { findPhrase, phraseWords, tokenize } from '../../data/text/tokenize.ts';
import { aiAnswers } from '../evaluation/index.ts';
import { SIGNAL_RULES, evaluateRules, type RuleSubject } from '../rules/index.ts';

export interface TranscriptAnalysis {
  talk: PartyTalkTime;
  gaps: Gap[];
  silenceMs: number;
  interruptions: InterruptionCount;
  turns: number;
  agentTurns: number;
  agentWords: number;
  customerWords: number;
  sentiment: { agent: PartySentimentScores; customer: PartySentimentScores };
  trend: number | null;
  ruleResults: RuleResult[];
  compliance: { score: number | null; compliant: boolean };
  escalation: EscalationReason[];
  signals: {
    cancellationIntent: Evidence[];
    competitorMention: Evidence[];
    purchaseTalk: boolean;
    voicemail: boolean;
  };
  /** Customer turns of the last quarter (evidence for an unresolved negative end). */
  endEvidence: Evidence[];
  aiAnswers: EvaluationAnswer[];
  qa: QaScore;
}

export interface AnalyseInput {
  subject: Omit<RuleSubject, 'sentiment' | 'interruptions' | 'gaps'>;
  resolved: boolean;
  rules: readonly Rule[];
  form: EvaluationForm;
  silenceThresholdMs: number;
  /** Keep only the first evidence of each rule (when filling columns). */
  firstEvidenceOnly?: boolean;
}

const RETENTION_TERMS = [
  'offer you',
  'match that price',
  'loyalty discount',
  'extra data at no cost',
  // Wordings the demo's scripts do not use, so its numbers stay as they are.
  'saver plan',
  'special offer',
  'give you a discount',
  'waive the fee',
  'better rate',
].map(phraseWords);

/** What rules measure on a transcript besides its words: gaps, interruptions, sentiment. */
export function subjectMeasures(
  segments: RuleSubject['segments'],
  durationMs: number,
  ivrMs: number,
): { gaps: Gap[] } & Pick<RuleSubject, 'sentiment' | 'interruptions'> {
  const span = { beginMs: ivrMs, endMs: durationMs };
  return {
    gaps: nonTalkInstances(segments, durationMs),
    interruptions: countInterruptions(segments),
    sentiment: {
      agent: partySentiment(segments, 'AGENT', span),
      customer: partySentiment(segments, 'CUSTOMER', span),
    },
  };
}

export function analyseTranscript(input: AnalyseInput): TranscriptAnalysis {
  const { segments, durationMs, ivrMs } = input.subject;
  const talk = talkTimes(segments);
  const { gaps, interruptions, sentiment } = subjectMeasures(segments, durationMs, ivrMs);
  const span = { beginMs: ivrMs, endMs: durationMs };
  const subject: RuleSubject = { ...input.subject, sentiment, interruptions, gaps };
  const ruleResults = evaluateRules(input.rules, subject, {
    firstEvidenceOnly: input.firstEvidenceOnly ?? false,
  });
  // About 20 results: a scan is cheaper than building a Map for every call.
  const find = (id: string) => {
    for (const r of ruleResults) if (r.ruleId === id) return r;
    return undefined;
  };
  const hit = (id: string) => find(id)?.hit === true;
  const evidenceOf = (id: string) => (hit(id) ? find(id)!.evidence : []);
  const compliance = complianceOutcome(
    ruleResults
      .filter((r) => r.kind === 'compliance')
      .map((r) => ({ applicable: true, passed: r.passed, points: r.points, severity: r.severity })),
  );

  let turns = 0;
  let agentTurns = 0;
  let agentWords = 0;
  let customerWords = 0;
  let retentionOffered = false;
  for (const s of segments) {
    if (s.speaker === 'IVR') continue;
    turns += 1;
    const words = tokenize(s.text);
    if (s.speaker === 'AGENT') {
      agentTurns += 1;
      agentWords += words.length;
      if (!retentionOffered)
        retentionOffered = RETENTION_TERMS.some((t) => findPhrase(words, t).length > 0);
    } else customerWords += words.length;
  }

  const cancellationIntent = evidenceOf(SIGNAL_RULES.cancellationIntent);
  const answers = aiAnswers(input.form, {
    ruleResults,
    resolved: input.resolved,
    cancellationIntent: cancellationIntent.length > 0,
    retentionOffered,
    agentSentiment: sentiment.agent.overall,
    agentInterruptions: interruptions.byAgent,
  });

  return {
    talk,
    gaps,
    silenceMs: silenceMs(gaps, input.silenceThresholdMs),
    interruptions,
    turns,
    agentTurns,
    agentWords,
    customerWords,
    sentiment,
    trend: sentimentTrend(sentiment.customer.quarters),
    ruleResults,
    compliance: { score: compliance.score, compliant: compliance.compliant },
    escalation: escalationReasons({
      supervisorRequest: hit(SIGNAL_RULES.supervisorRequest),
      legalThreat: hit(SIGNAL_RULES.legalThreat),
      transfer: hit(SIGNAL_RULES.transfer),
    }),
    signals: {
      cancellationIntent,
      competitorMention: evidenceOf(SIGNAL_RULES.competitorMention),
      purchaseTalk: hit(SIGNAL_RULES.purchaseTalk),
      voicemail: hit(SIGNAL_RULES.voicemail),
    },
    endEvidence: lastQuarterCustomerTurns(segments, span),
    aiAnswers: answers,
    qa: qaScore(input.form, answers),
  };
}

function lastQuarterCustomerTurns(
  segments: readonly TranscriptSegment[],
  span: { beginMs: number; endMs: number },
): Evidence[] {
  const from = span.endMs - (span.endMs - span.beginMs) / 4;
  return segments
    .filter((s) => s.speaker === 'CUSTOMER' && (s.beginMs + s.endMs) / 2 >= from)
    .slice(-2)
    .map((s) => ({ segment: s.index, beginMs: s.beginMs, endMs: s.endMs, text: s.text }));
}
