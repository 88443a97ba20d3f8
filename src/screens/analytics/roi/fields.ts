/**
 * The ROI calculator's inputs: one entry per scenario field, with its name in the address (the
 * manifest declares each as a decimal string), its words, and the example value a visitor
 * starts from when no figure from the organisation's data is available.
 */
import type { RoiScenario, RoiScenarioField } from '../../../metrics/index.ts';
import type { IgnoredParam } from '../../../runtime/index.ts';

export type RoiFieldUnit = 'money' | 'hours' | 'seconds' | 'count';

export interface RoiField {
  key: RoiScenarioField;
  /** Query parameter of /analytics/roi. */
  param: RoiParam;
  label: string;
  unit: RoiFieldUnit;
  /** Prices are always the visitor's; volumes come from the data when signed in. */
  group: 'prices' | 'volumes';
  /** Example value used signed out, or when the data has nothing to say. */
  example: number;
  /** Largest accepted value: a typo of three extra zeros is caught, a real centre is not. */
  max: number;
  help: string;
}

export const ROI_PARAMS = [
  'labour',
  'costPerCall',
  'licence',
  'qaHours',
  'penalty',
  'agents',
  'analysisCost',
  'calls',
  'ahtSaving',
  'repeatsAvoided',
  'evaluations',
  'nonCompliantAvoided',
] as const;
export type RoiParam = (typeof ROI_PARAMS)[number];

export const ROI_FIELDS: readonly RoiField[] = [
  {
    key: 'labourCostPerHour',
    param: 'labour',
    label: 'Labour cost per hour',
    unit: 'money',
    group: 'prices',
    example: 25,
    max: 10_000,
    help: 'Loaded cost of an agent or QA analyst hour (pay, taxes, seat).',
  },
  {
    key: 'costPerCall',
    param: 'costPerCall',
    label: 'Cost per call',
    unit: 'money',
    group: 'prices',
    example: 5,
    max: 10_000,
    help: 'What one handled call costs the centre; each avoided repeat call saves it.',
  },
  {
    key: 'licencePerAgentPerYear',
    param: 'licence',
    label: 'Licence cost per agent per year',
    unit: 'money',
    group: 'prices',
    example: 600,
    max: 1_000_000,
    help: 'The product’s licence for one agent seat for a year.',
  },
  {
    key: 'qaHoursPerEvaluation',
    param: 'qaHours',
    label: 'QA hours per evaluation',
    unit: 'hours',
    group: 'prices',
    example: 0.5,
    max: 100,
    help: 'Analyst time to listen to and score one call by hand.',
  },
  {
    key: 'penaltyPerNonCompliantCall',
    param: 'penalty',
    label: 'Penalty per non-compliant call',
    unit: 'money',
    group: 'prices',
    example: 50,
    max: 10_000_000,
    help: 'Expected fine, refund or remediation cost of one call that breaks a critical rule.',
  },
  {
    key: 'agents',
    param: 'agents',
    label: 'Agents',
    unit: 'count',
    group: 'volumes',
    example: 50,
    max: 1_000_000,
    help: 'Agent seats licensed.',
  },
  {
    key: 'analysisCostPerYear',
    param: 'analysisCost',
    label: 'Analysis cost per year',
    unit: 'money',
    group: 'volumes',
    example: 10_000,
    max: 1_000_000_000,
    help: 'Speech-to-text, analysis and storage for a year of calls.',
  },
  {
    key: 'handledCallsPerYear',
    param: 'calls',
    label: 'Handled calls per year',
    unit: 'count',
    group: 'volumes',
    example: 100_000,
    max: 1_000_000_000,
    help: 'Calls your agents handle in a year.',
  },
  {
    key: 'ahtReductionSeconds',
    param: 'ahtSaving',
    label: 'AHT reduction per call',
    unit: 'seconds',
    group: 'volumes',
    example: 20,
    max: 36_000,
    help: 'Seconds of handle time (talk + hold + after-call work) saved per call.',
  },
  {
    key: 'avoidedRepeatCallsPerYear',
    param: 'repeatsAvoided',
    label: 'Repeat calls avoided per year',
    unit: 'count',
    group: 'volumes',
    example: 2_000,
    max: 1_000_000_000,
    help: 'Customers who no longer need to call back.',
  },
  {
    key: 'automatedEvaluationsPerYear',
    param: 'evaluations',
    label: 'Manual evaluations replaced per year',
    unit: 'count',
    group: 'volumes',
    example: 2_000,
    max: 1_000_000_000,
    help: 'QA evaluations analysts score by hand today; the product scores every call instead.',
  },
  {
    key: 'avoidedNonCompliantCallsPerYear',
    param: 'nonCompliantAvoided',
    label: 'Non-compliant calls avoided per year',
    unit: 'count',
    group: 'volumes',
    example: 200,
    max: 1_000_000_000,
    help: 'Calls that would have broken a critical compliance rule.',
  },
];

export const fieldOf = (key: RoiScenarioField): RoiField => ROI_FIELDS.find((f) => f.key === key)!;

export function exampleScenario(): RoiScenario {
  return Object.fromEntries(ROI_FIELDS.map((f) => [f.key, f.example])) as unknown as RoiScenario;
}

/** A typed value: a plain decimal, at least 0 and at most the field's maximum. */
export function parseFieldValue(field: RoiField, raw: string): number | string {
  const text = raw.trim().replace(/,/g, '');
  if (!/^\d+(\.\d+)?$|^\.\d+$/.test(text)) return 'is not a number of 0 or more';
  const value = Number(text);
  if (value > field.max) return `is more than ${field.max.toLocaleString('en-US')}`;
  return value;
}

export interface ScenarioFromAddress {
  scenario: RoiScenario;
  /** Fields the address sets (they override the defaults). */
  fromAddress: ReadonlySet<RoiScenarioField>;
  /** One line per ignored parameter, naming it and the value. */
  problems: IgnoredParam[];
}

/** The scenario of the address over the defaults; a bad value is reported and the default kept. */
export function scenarioFromAddress(
  query: Partial<Record<RoiParam, string>>,
  defaults: RoiScenario,
): ScenarioFromAddress {
  const scenario = { ...defaults };
  const fromAddress = new Set<RoiScenarioField>();
  const problems: IgnoredParam[] = [];
  for (const field of ROI_FIELDS) {
    const raw = query[field.param];
    if (raw === undefined) continue;
    const value = parseFieldValue(field, raw);
    if (typeof value === 'number') {
      scenario[field.key] = value;
      fromAddress.add(field.key);
    } else {
      problems.push({
        param: field.param,
        value: raw,
        reason: `${value.replace(/^is /, '')}; the default is used`,
      });
    }
  }
  return { scenario, fromAddress, problems };
}
