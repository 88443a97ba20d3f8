/**
 * The one analysis of a conversation, whatever its source: a corpus call opened on the call
 * page, a transcript pasted or dropped into a public tool, a call streamed live. It runs the
 * transcript analysis the corpus columns come from (`analyseTranscript`: metrics module + rule
 * engine + AI answers), then the per-call signals the call page shows (churn risk, fake-call
 * assessment, categories, rule results in display order, speaking speed).
 *
 * What a source knows beyond the transcript (the disposition, repeat contacts, redials, the
 * scenario's topic and summary) comes in `context`; the tools, which know none of it, leave it
 * to the defaults and get topics and a suggested summary from the findings.
 */
import type {
  CallAnalysis,
  EvaluationAnswer,
  EvaluationForm,
  Rule,
  RuleResult,
  SmartSettings,
  TranscriptSegment,
} from '../../generated/data.types.ts';
import {
  churnRisk,
  fakeCallAssessment,
  fakeThreadAssessment,
  type QaScore,
} from '../../metrics/index.ts';
import { analyseTranscript, type TranscriptAnalysis } from '../../domain/analysis/index.ts';
import type { RuleSubject } from '../../domain/rules/index.ts';
import { suggestedSummary } from './suggested-summary.ts';

export interface ConversationContext {
  /** Whether the issue was resolved (a corpus call knows it from its disposition). */
  resolved: boolean;
  contactsIn30Days?: number;
  sameDayDials?: number;
  /** The disposition claims a sale. */
  saleDisposition?: boolean;
  /** Main topic; default: the category with the most evidence. */
  topic?: string;
  /** Default: a summary written from the findings. */
  summary?: string;
  /**
   * A written thread (chat, e-mail): no silence, and the fake-call signal reads its messages,
   * not talk time.
   */
  written?: boolean;
}

export interface ConversationInput {
  subject: Omit<RuleSubject, 'sentiment' | 'interruptions' | 'gaps'>;
  context: ConversationContext;
  rules: readonly Rule[];
  form: EvaluationForm;
  settings: SmartSettings;
}

/** The call page's view of a conversation, without the organisation's records around it. */
export interface ConversationAnalysis {
  /** `repeat`, `qaScore` and `cost` are the source's to fill (they need other calls or a price list). */
  analysis: Omit<CallAnalysis, 'repeat' | 'qaScore' | 'cost'>;
  /** Compliance first (failed first, most severe first), then the categories hit. */
  ruleResults: RuleResult[];
  aiAnswers: EvaluationAnswer[];
  qa: QaScore;
  /** The raw transcript analysis (agent turns, word counts, signals) for callers that need more. */
  transcript: TranscriptAnalysis;
}

const SEVERITY_ORDER = { critical: 0, major: 1, minor: 2 } as const;

export function analyseConversation(input: ConversationInput): ConversationAnalysis {
  const { subject, context, settings } = input;
  const a = analyseTranscript({
    subject,
    resolved: context.resolved,
    rules: input.rules,
    form: input.form,
    silenceThresholdMs: settings.silenceThresholdMs,
  });
  const churn = churnRisk(
    {
      cancellationIntent: a.signals.cancellationIntent,
      competitorMention: a.signals.competitorMention,
      contactsIn30Days: context.contactsIn30Days ?? 0,
      endSentiment: a.sentiment.customer.quarters[3],
      endEvidence: a.endEvidence,
      resolved: context.resolved,
    },
    settings,
  );
  const duration = subject.durationMs;
  const fake = context.written
    ? fakeThreadAssessment(
        {
          customerMessages: subject.segments.filter((s) => s.speaker === 'CUSTOMER').length,
          agentMessages: a.agentTurns,
        },
        settings,
      )
    : fakeCallAssessment(
        {
          durationMs: duration,
          customerTalkMs: a.talk.customerMs,
          turns: a.turns,
          agentTurns: a.agentTurns,
          silenceShare: duration > 0 ? a.silenceMs / duration : 0,
          sameDayDials: context.sameDayDials ?? 0,
          voicemail: a.signals.voicemail,
          saleDisposition: context.saleDisposition ?? false,
          purchaseTalk: a.signals.purchaseTalk,
        },
        settings,
      );
  // The time between messages is not silence: a thread has none, and no gaps to draw.
  const silenceMs = context.written ? 0 : a.silenceMs;
  const categories = a.ruleResults.filter((r) => r.kind === 'category' && r.hit);
  const byEvidence = [...categories].sort((x, y) => y.evidence.length - x.evidence.length);
  const topic = context.topic ?? byEvidence[0]?.name;
  const topics = [
    ...(topic ? [topic] : []),
    ...categories.map((r) => r.name).filter((n) => n !== topic),
  ];
  const analysis: ConversationAnalysis['analysis'] = {
    talk: a.talk,
    nonTalk: context.written ? [] : a.gaps,
    silenceMs,
    interruptions: a.interruptions,
    talkSpeedWpm: {
      agent: a.talk.agentMs > 0 ? Math.round((a.agentWords / a.talk.agentMs) * 60_000) : 0,
      customer:
        a.talk.customerMs > 0 ? Math.round((a.customerWords / a.talk.customerMs) * 60_000) : 0,
    },
    turns: a.turns,
    sentiment: a.sentiment,
    sentimentTrend: a.trend,
    categories: categories.map((r) => ({ ruleId: r.ruleId, name: r.name, evidence: r.evidence })),
    topics,
    summary: '',
    resolved: context.resolved,
    escalation: { escalated: a.escalation.length > 0, reasons: a.escalation },
    churnRisk: churn,
    fakeCall: fake,
    complianceScore: a.compliance.score,
    compliant: a.compliance.compliant,
  };
  analysis.summary = context.summary ?? suggestedSummary(analysis, a);
  const ruleResults = [
    ...a.ruleResults
      .filter((r) => r.kind === 'compliance')
      .sort(
        (x, y) =>
          Number(x.passed) - Number(y.passed) ||
          SEVERITY_ORDER[x.severity] - SEVERITY_ORDER[y.severity],
      ),
    ...categories,
  ];
  return { analysis, ruleResults, aiAnswers: a.aiAnswers, qa: a.qa, transcript: a };
}

/** Turns as the analysis wants them: indexes matching positions, in time order. */
export function indexedSegments(segments: readonly TranscriptSegment[]): TranscriptSegment[] {
  return [...segments]
    .sort((x, y) => x.beginMs - y.beginMs)
    .map((s, index) => (s.index === index ? s : { ...s, index }));
}
