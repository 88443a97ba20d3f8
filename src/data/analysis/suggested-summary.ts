/**
 * A summary written from what the analysis found, for conversations that come without one
 * (the public tools): what it was about, how the customer felt and ended, what went wrong.
 * Plain sentences from the findings, so every statement can be traced to a panel beside it.
 */
import type { CallAnalysis } from '../../generated/data.types.ts';
import { sentimentBand } from '../../metrics/index.ts';
import type { TranscriptAnalysis } from '../../domain/analysis/index.ts';

type Findings = Pick<
  CallAnalysis,
  'topics' | 'sentiment' | 'resolved' | 'churnRisk' | 'compliant' | 'escalation' | 'turns'
>;

const ESCALATION_WORDS = {
  'supervisor-request': 'asked for a supervisor',
  'legal-threat': 'mentioned legal action',
  transfer: 'was transferred',
} as const;

export function suggestedSummary(a: Findings, t: Pick<TranscriptAnalysis, 'ruleResults'>): string {
  if (a.turns === 0) return 'Nobody spoke in this conversation.';
  const sentences: string[] = [];
  const [topic, ...others] = a.topics;
  sentences.push(
    topic
      ? `The conversation was about ${lower(topic)}${others.length > 0 ? `, with ${list(others.map(lower))}` : ''}.`
      : 'No category rule matched this conversation.',
  );
  const overall = a.sentiment.customer.overall;
  const end = a.sentiment.customer.quarters[3];
  if (overall !== null) {
    const mood = sentimentBand(overall);
    const ending = end === null ? '' : `, ending ${sentimentBand(end)}`;
    sentences.push(`The customer was ${mood} overall${ending}.`);
  }
  if (a.escalation.escalated) {
    sentences.push(
      `The call was escalated: the customer ${list(a.escalation.reasons.map((r) => ESCALATION_WORDS[r]))}.`,
    );
  }
  if (a.churnRisk.level !== 'low') sentences.push(`Churn risk is ${a.churnRisk.level}.`);
  const failed = t.ruleResults.filter((r) => r.kind === 'compliance' && !r.passed);
  if (failed.length > 0) {
    sentences.push(
      `Failed ${failed.length === 1 ? 'rule' : 'rules'}: ${list(failed.map((r) => r.name))}.`,
    );
  } else if (a.compliant) {
    sentences.push('Every compliance rule that applies passed.');
  }
  return sentences.join(' ');
}

function lower(s: string): string {
  return s.charAt(0).toLowerCase() + s.slice(1);
}

function list(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}
