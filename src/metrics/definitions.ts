/**
 * What each KPI means, in one sentence or two, for the hover help next to every number.
 * Keyed by KpiKey so a screen can do `metricDefinitions[key].definition`.
 */
import { AHT_DEFINITION } from './aht.ts';
import { CHURN_RISK_DEFINITION } from './churn.ts';
import { COMPLIANCE_RATE_DEFINITION, COMPLIANCE_SCORE_DEFINITION } from './compliance.ts';
import { COST_PER_CALL_DEFINITION } from './cost.ts';
import { ESCALATION_DEFINITION } from './escalation.ts';
import { FAKE_CALL_DEFINITION } from './fake-call.ts';
import { INTERRUPTIONS_DEFINITION } from './interruptions.ts';
import { QA_SCORE_DEFINITION } from './qa.ts';
import { FCR_DEFINITION, REPEAT_DEFINITION, REPEAT_PENDING_DEFINITION } from './repeat.ts';
import {
  SENTIMENT_DEFINITION,
  SENTIMENT_SCORED_DEFINITION,
  SENTIMENT_TREND_DEFINITION,
} from './sentiment.ts';
import { SILENCE_DEFINITION } from './silence.ts';
import type { KpiKey } from './summary.ts';
import { TALK_RATIO_DEFINITION, TALK_SHARE_DEFINITION } from './talk.ts';

export type MetricUnit =
  'count' | 'share' | 'duration' | 'sentiment' | 'ratio' | 'perCall' | 'money';

export interface MetricDefinition {
  label: string;
  definition: string;
  unit: MetricUnit;
  /** Which way is good, for colouring changes; null when neither. */
  better: 'higher' | 'lower' | null;
}

const d = (
  label: string,
  definition: string,
  unit: MetricUnit,
  better: MetricDefinition['better'],
) => ({
  label,
  definition,
  unit,
  better,
});

export const metricDefinitions: Record<KpiKey, MetricDefinition> = {
  calls: d(
    'Calls',
    'Calls recorded in the selection, whatever their analysis status.',
    'count',
    null,
  ),
  analysedCalls: d(
    'Calls analysed',
    'Calls in the selection whose analysis is complete. All averages and rates use these calls.',
    'count',
    null,
  ),
  excludedCalls: d(
    'Calls excluded',
    'Calls left out of the analysis by cost control (sampling per queue or vendor, duration limits). They count in Calls but never in Calls analysed.',
    'count',
    null,
  ),
  ahtMs: d('AHT', AHT_DEFINITION, 'duration', 'lower'),
  talkRatio: d('Talk ratio', TALK_RATIO_DEFINITION, 'ratio', null),
  agentTalkShare: d('Agent talk %', TALK_SHARE_DEFINITION, 'share', null),
  customerTalkShare: d('Customer talk %', TALK_SHARE_DEFINITION, 'share', null),
  silenceShare: d('Silence %', SILENCE_DEFINITION, 'share', 'lower'),
  interruptionsPerCall: d('Interruptions per call', INTERRUPTIONS_DEFINITION, 'perCall', 'lower'),
  agentSentiment: d('Agent sentiment', SENTIMENT_DEFINITION, 'sentiment', 'higher'),
  customerSentiment: d('Customer sentiment', SENTIMENT_DEFINITION, 'sentiment', 'higher'),
  sentimentTrend: d('Sentiment trend', SENTIMENT_TREND_DEFINITION, 'sentiment', 'higher'),
  negativeCalls: d(
    'Negative calls',
    "Analysed calls where the customer's overall sentiment is -1 or below.",
    'count',
    'lower',
  ),
  sentimentScoredCalls: d('Scored calls', SENTIMENT_SCORED_DEFINITION, 'count', null),
  fcr: d('FCR', FCR_DEFINITION, 'share', 'higher'),
  repeatRate: d('Repeat %', `${REPEAT_DEFINITION} Repeat % = 1 - FCR.`, 'share', 'lower'),
  followedByRepeatCalls: d('Calls followed by a repeat', REPEAT_DEFINITION, 'count', 'lower'),
  repeatCalls: d('Repeat calls', REPEAT_DEFINITION, 'count', 'lower'),
  repeatPendingCalls: d('Pending repeat window', REPEAT_PENDING_DEFINITION, 'count', null),
  complianceScore: d('Compliance score', COMPLIANCE_SCORE_DEFINITION, 'share', 'higher'),
  complianceRate: d('Compliance %', COMPLIANCE_RATE_DEFINITION, 'share', 'higher'),
  nonCompliantCalls: d('Non-compliant calls', COMPLIANCE_RATE_DEFINITION, 'count', 'lower'),
  qaScore: d('QA %', QA_SCORE_DEFINITION, 'share', 'higher'),
  evaluatedCalls: d(
    'Evaluated calls',
    'Analysed calls with a QA evaluation (by the AI, a person or a calibration).',
    'count',
    null,
  ),
  escalationRate: d('Escalation %', ESCALATION_DEFINITION, 'share', 'lower'),
  escalatedCalls: d('Escalated calls', ESCALATION_DEFINITION, 'count', 'lower'),
  churnRiskCalls: d('Churn-risk calls', CHURN_RISK_DEFINITION, 'count', 'lower'),
  churnRiskRate: d('Churn-risk %', CHURN_RISK_DEFINITION, 'share', 'lower'),
  fakeCalls: d('Fake calls', FAKE_CALL_DEFINITION, 'count', 'lower'),
  fakeCallRate: d('Fake-call %', FAKE_CALL_DEFINITION, 'share', 'lower'),
  resolvedRate: d(
    'Resolved %',
    'Analysed calls closed with a disposition that counts as resolved / analysed calls.',
    'share',
    'higher',
  ),
  totalCost: d('Analysis cost', COST_PER_CALL_DEFINITION, 'money', 'lower'),
  costPerAnalysedCall: d('Cost per analysed call', COST_PER_CALL_DEFINITION, 'money', 'lower'),
};
