import { safeDivide } from './ratio.ts';

export const COST_PER_CALL_DEFINITION =
  'Cost per analysed call = (speech-to-text + analysis + storage cost) / analysed calls. Speech-to-text and storage are priced per audio minute, analysis per call (cost-control settings).';
export const ROI_DEFINITION =
  'ROI = (yearly gains - yearly cost) / yearly cost. Gains: hours of handle time saved x labour cost per hour, avoided repeat calls x cost per call, QA hours saved x QA cost per hour, and penalties avoided.';

export interface AnalysisRates {
  speechToTextPerMinute: number;
  analysisPerCall: number;
  storagePerMinute: number;
}

export interface CallCost {
  speechToText: number;
  analysis: number;
  storage: number;
  total: number;
}

export function callAnalysisCost(durationMs: number, rates: AnalysisRates): CallCost {
  const minutes = durationMs / 60_000;
  const speechToText = minutes * rates.speechToTextPerMinute;
  const storage = minutes * rates.storagePerMinute;
  return {
    speechToText,
    analysis: rates.analysisPerCall,
    storage,
    total: speechToText + rates.analysisPerCall + storage,
  };
}

export function costPerAnalysedCall(totalCost: number, analysedCalls: number): number | null {
  return safeDivide(totalCost, analysedCalls);
}

export interface RoiInputs {
  yearlyCost: number;
  /** Handle-time hours saved per year (AHT reduction x calls per year). */
  handleHoursSaved: number;
  labourCostPerHour: number;
  avoidedRepeatCalls: number;
  costPerCall: number;
  qaHoursSaved: number;
  qaCostPerHour: number;
  penaltiesAvoided: number;
}

export interface RoiResult {
  gains: { handleTime: number; repeatCalls: number; qa: number; penalties: number; total: number };
  /** null when the yearly cost is 0. */
  roi: number | null;
  /** Months until the gains have paid the yearly cost (null when gains are 0). */
  paybackMonths: number | null;
}

export function returnOnInvestment(i: RoiInputs): RoiResult {
  const handleTime = i.handleHoursSaved * i.labourCostPerHour;
  const repeatCalls = i.avoidedRepeatCalls * i.costPerCall;
  const qa = i.qaHoursSaved * i.qaCostPerHour;
  const total = handleTime + repeatCalls + i.penaltiesAvoided + qa;
  return {
    gains: { handleTime, repeatCalls, qa, penalties: i.penaltiesAvoided, total },
    roi: i.yearlyCost > 0 ? (total - i.yearlyCost) / i.yearlyCost : null,
    paybackMonths: total > 0 ? (i.yearlyCost / total) * 12 : null,
  };
}
