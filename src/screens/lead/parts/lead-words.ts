/** Words and tones for lead stages and temperatures, shared by the list and the lead page. */
import type { Lead } from '../../../data/index.ts';

export const STAGES: readonly Lead['stage'][] = [
  'new',
  'contacted',
  'qualified',
  'proposal',
  'won',
  'lost',
];
export const TEMPERATURES: readonly Lead['temperature'][] = ['hot', 'warm', 'cold'];

export const TEMPERATURE_TONE: Record<Lead['temperature'], 'good' | 'warn' | 'accent'> = {
  hot: 'good',
  warm: 'warn',
  cold: 'accent',
};

export const SCORE_HELP =
  'Likelihood to buy, 0 to 100, from the stage the calls reached and the customer’s sentiment. Hot from 70, warm from 40, else cold.';
