/**
 * The one metrics module. Every number a screen shows is computed here, from per-call values
 * (transcript timing, sentiment, rule outcomes) up to selection KPIs. Pure functions, no I/O;
 * each definition text is what the screens show on hover.
 */
export { safeDivide, rate } from './ratio.ts';
export type { TimedSegment } from './segments.ts';
export { AHT_DEFINITION, handleTimeMs, averageHandleTimeMs } from './aht.ts';
export {
  TALK_RATIO_DEFINITION,
  TALK_SHARE_DEFINITION,
  talkTimes,
  talkRatio,
  talkShare,
  type PartyTalkTime,
} from './talk.ts';
export {
  DEFAULT_SILENCE_THRESHOLD_MS,
  SILENCE_DEFINITION,
  nonTalkInstances,
  silenceMs,
  silenceShare,
  type Gap,
} from './silence.ts';
export {
  INTERRUPTIONS_DEFINITION,
  countInterruptions,
  interruptionMarkers,
  interruptionsPerCall,
  type InterruptionCount,
  type InterruptionMarker,
} from './interruptions.ts';
export {
  SENTIMENT_DEFINITION,
  SENTIMENT_TREND_DEFINITION,
  partySentiment,
  sentimentBand,
  sentimentLabel,
  sentimentTrend,
  type PartySentimentScores,
  type SentimentBand,
  type SentimentLabel,
} from './sentiment.ts';
export {
  DEFAULT_REPEAT_WINDOW_DAYS,
  DEFAULT_TRANSFER_WINDOW_MINUTES,
  FCR_DEFINITION,
  REPEAT_DEFINITION,
  firstContactResolution,
  repeatContacts,
  repeatRate,
  type RepeatFlags,
  type RepeatSettings,
} from './repeat.ts';
export {
  COMPLIANCE_RATE_DEFINITION,
  COMPLIANCE_SCORE_DEFINITION,
  complianceOutcome,
  type ComplianceOutcome,
  type ComplianceRuleOutcome,
} from './compliance.ts';
export { QA_SCORE_DEFINITION, QaAnswerError, qaScore, type QaScore } from './qa.ts';
export { CALIBRATION_SPREAD_DEFINITION, scoreSpread, type ScoreSpread } from './calibration.ts';
export {
  ESCALATION_DEFINITION,
  escalationReasons,
  escalationRate,
  type EscalationReason,
} from './escalation.ts';
export {
  CHURN_RISK_DEFINITION,
  CHURN_SIGNAL_WEIGHTS,
  REPEATED_CONTACT_THRESHOLD,
  churnLevel,
  churnRisk,
  type ChurnSignals,
  type ChurnThresholds,
} from './churn.ts';
export {
  FAKE_CALL_DEFINITION,
  FAKE_SIGNAL_WEIGHTS,
  fakeCallAssessment,
  sameDayDials,
  type FakeCallSettings,
  type FakeCallSignals,
} from './fake-call.ts';
export {
  COST_PER_CALL_DEFINITION,
  ROI_DEFINITION,
  callAnalysisCost,
  costPerAnalysedCall,
  returnOnInvestment,
  type AnalysisRates,
  type CallCost,
  type RoiInputs,
  type RoiResult,
} from './cost.ts';
export {
  KPI_TOTAL_FIELDS,
  addCallToTotals,
  emptyKpiTotals,
  summariseKpis,
  type CallKpiInput,
  type CallKpis,
  type KpiKey,
  type KpiTotals,
} from './summary.ts';
export {
  QUARTILE_DEFINITION,
  SLA_STATUS_DEFINITION,
  quartileBand,
  quartiles,
  slaStatus,
  type Quartiles,
  type SlaStatus,
} from './bands.ts';
export { metricDefinitions, type MetricDefinition, type MetricUnit } from './definitions.ts';
