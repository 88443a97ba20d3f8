/**
 * The ROI calculator's rules: a scenario (prices the visitor types, yearly volumes from the data
 * or typed too) becomes the inputs of `returnOnInvestment` (cost.ts, the one ROI formula), and
 * the sensitivity table re-runs that formula with one assumption scaled at a time.
 */
import { returnOnInvestment, type RoiInputs, type RoiResult } from './cost.ts';

export const DAYS_PER_YEAR = 365;

export interface RoiScenario {
  /** Loaded cost of an agent or QA analyst hour. */
  labourCostPerHour: number;
  /** What one handled call costs the centre (a repeat call avoided saves this). */
  costPerCall: number;
  agents: number;
  /** Licence of the product per agent per year. */
  licencePerAgentPerYear: number;
  /** Speech-to-text, analysis and storage per year (usage). */
  analysisCostPerYear: number;
  /** Analyst hours one manual evaluation takes. */
  qaHoursPerEvaluation: number;
  /** Fine or refund risk of one non-compliant call. */
  penaltyPerNonCompliantCall: number;
  handledCallsPerYear: number;
  /** Seconds of handle time saved per call. */
  ahtReductionSeconds: number;
  avoidedRepeatCallsPerYear: number;
  /** Evaluations the product scores instead of an analyst. */
  automatedEvaluationsPerYear: number;
  avoidedNonCompliantCallsPerYear: number;
}

export type RoiScenarioField = keyof RoiScenario;

/** The formula's inputs: QA hours are priced at the labour cost per hour. */
export function roiInputs(s: RoiScenario): RoiInputs {
  return {
    yearlyCost: s.agents * s.licencePerAgentPerYear + s.analysisCostPerYear,
    handleHoursSaved: (s.ahtReductionSeconds * s.handledCallsPerYear) / 3600,
    labourCostPerHour: s.labourCostPerHour,
    avoidedRepeatCalls: s.avoidedRepeatCallsPerYear,
    costPerCall: s.costPerCall,
    qaHoursSaved: s.automatedEvaluationsPerYear * s.qaHoursPerEvaluation,
    qaCostPerHour: s.labourCostPerHour,
    penaltiesAvoided: s.avoidedNonCompliantCallsPerYear * s.penaltyPerNonCompliantCall,
  };
}

export function scenarioRoi(s: RoiScenario): RoiResult & { inputs: RoiInputs } {
  const inputs = roiInputs(s);
  return { ...returnOnInvestment(inputs), inputs };
}

export const SENSITIVITY_FACTORS = [0.5, 0.75, 1, 1.25, 1.5] as const;

export interface SensitivityRow {
  field: RoiScenarioField;
  /** ROI with the field scaled by each factor, the others unchanged. */
  roi: (number | null)[];
}

/** ROI with each of `fields` scaled by each factor in turn: which assumption moves the answer most. */
export function roiSensitivity(
  s: RoiScenario,
  fields: readonly RoiScenarioField[],
  factors: readonly number[] = SENSITIVITY_FACTORS,
): SensitivityRow[] {
  return fields.map((field) => ({
    field,
    roi: factors.map((f) => scenarioRoi({ ...s, [field]: s[field] * f }).roi),
  }));
}

/**
 * What the groups would save if each matched the best group: Σ max(0, value − best) × weight
 * for a lower-is-better value (AHT, repeat rate, non-compliance share), groups without a value
 * left out. With AHT in ms and calls as weights, that is the handle time saved.
 */
export function gapToBestGroup(
  groups: readonly { value: number | null; weight: number }[],
  better: 'lower' | 'higher',
): { best: number | null; saving: number } {
  const known = groups.filter((g): g is { value: number; weight: number } => g.value !== null);
  if (known.length === 0) return { best: null, saving: 0 };
  const values = known.map((g) => g.value);
  const best = better === 'lower' ? Math.min(...values) : Math.max(...values);
  const saving = known.reduce((sum, g) => sum + Math.abs(g.value - best) * g.weight, 0);
  return { best, saving };
}

/** A count over a period of `days` days scaled to a year. */
export function perYear(count: number, days: number): number {
  return days > 0 ? (count * DAYS_PER_YEAR) / days : 0;
}
