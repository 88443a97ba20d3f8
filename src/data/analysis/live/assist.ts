/**
 * Agent-assist prompts: what the agent should do when the analysis spots a moment. Keyed by the
 * category rules that detect it (SIGNAL_RULES and the default categories), so editing a rule
 * changes when a prompt appears, not what it says.
 */
import { SIGNAL_RULES } from '../../../domain/rules/index.ts';

export const ASSIST_PROMPTS: Record<string, string> = {
  [SIGNAL_RULES.cancellationIntent]:
    'The customer wants to leave: acknowledge it, ask why, and offer the loyalty discount.',
  [SIGNAL_RULES.competitorMention]:
    'A competitor came up: compare plans on value and offer to match the price.',
  [SIGNAL_RULES.supervisorRequest]:
    'The customer asked for a supervisor: acknowledge, summarise the issue, offer a callback or a transfer.',
  [SIGNAL_RULES.legalThreat]:
    'Legal action mentioned: stay calm, do not admit fault, explain the complaints procedure.',
  'cat-billing-dispute': 'Billing dispute: open the last two bills and check for a double charge.',
  'cat-technical-issue': 'Technical issue: run the line test before suggesting a technician visit.',
  'cat-repeat-complaint':
    'Repeated complaint: apologise for the repeat contact and take ownership of the case.',
  [SIGNAL_RULES.purchaseTalk]: 'Buying signal: confirm the plan and read the order summary back.',
};

export const NEGATIVE_PROMPT =
  'The customer is getting upset: slow down, acknowledge the frustration and apologise.';
