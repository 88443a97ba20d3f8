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
  SENTIMENT_SCORED_DEFINITION,
  SENTIMENT_TREND_DEFINITION,
  partySentiment,
  sentimentScored,
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
  REPEAT_PENDING_DEFINITION,
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
  LONG_SILENCE_SHARE,
  MIN_TURNS,
  NO_CUSTOMER_SPEECH_MS,
  REDIAL_THRESHOLD,
  fakeCallAssessment,
  fakeThreadAssessment,
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
export { HANDLING_COST_DEFINITION, handlingCost, type HandlingRateCard } from './handling-cost.ts';
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
  SLA_METRICS,
  SLA_STATUS_DEFINITION,
  SLA_STATUS_WORDS,
  quartileBand,
  quartiles,
  slaStatus,
  type Quartiles,
  type SlaMetric,
  type SlaStatus,
} from './bands.ts';
export { metricDefinitions, type MetricDefinition, type MetricUnit } from './definitions.ts';
export {
  DRIVER_DEFINITION,
  MIN_DRIVER_CALLS,
  MIN_DRIVER_Z,
  PEER_PERCENTILE_DEFINITION,
  associationZ,
  outcomeAssociation,
  peerPercentile,
  type OutcomeAssociation,
  type OutcomeCounts,
} from './association.ts';
export {
  DAYS_PER_YEAR,
  SENSITIVITY_FACTORS,
  gapToBestGroup,
  perYear,
  roiInputs,
  roiSensitivity,
  scenarioRoi,
  type RoiScenario,
  type RoiScenarioField,
  type SensitivityRow,
} from './roi.ts';
export {
  SIGNIFICANCE_LEVEL,
  TWO_PROPORTION_TEST_DEFINITION,
  WELCH_TEST_DEFINITION,
  normalCdf,
  studentQuantile975,
  studentTwoSidedP,
  summariseMoments,
  twoProportionTest,
  welchTest,
  type DifferenceTest,
  type MomentTotals,
  type SampleSummary,
} from './statistics.ts';
export {
  BOOTSTRAP_DEFINITION,
  BOOTSTRAP_RESAMPLES,
  HOLM_DEFINITION,
  SKEWED_AT,
  bootstrapMeanDifference,
  holmAdjust,
  skewness,
} from './bootstrap.ts';
