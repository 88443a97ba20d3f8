/**
 * The rules a new deployment starts with. Compliance conditions describe a violation; category
 * conditions describe a match. Several metrics read well-known category ids (SIGNAL_RULES):
 * editing those rules changes what counts as, say, cancellation intent, which is the point.
 */
import type { Rule } from '../../generated/data.types.ts';
import { COMPETITORS } from './competitors.ts';

export const SIGNAL_RULES = {
  cancellationIntent: 'cat-cancellation-intent',
  competitorMention: 'cat-competitor-mention',
  purchaseTalk: 'cat-purchase-intent',
  supervisorRequest: 'cat-supervisor-request',
  legalThreat: 'cat-legal-threat',
  transfer: 'cat-transfer',
  voicemail: 'cat-voicemail',
} as const;

const compliance = (
  r: Omit<Rule, 'kind' | 'version' | 'active' | 'scope'> & { scope?: Rule['scope'] },
): Rule => ({
  kind: 'compliance',
  version: 1,
  active: true,
  scope: {},
  ...r,
});

const category = (
  id: string,
  name: string,
  description: string,
  condition: Rule['condition'],
): Rule => ({
  id,
  name,
  description,
  kind: 'category',
  version: 1,
  active: true,
  scope: {},
  condition,
  severity: 'minor',
  points: 1,
});

export function defaultRules(): Rule[] {
  return [
    compliance({
      id: 'rule-recording-disclosure',
      name: 'Recording disclosure',
      description: 'The agent tells the customer the call is recorded within the first 30 seconds.',
      severity: 'critical',
      points: 3,
      condition: {
        phrase: {
          terms: [
            'this call is recorded',
            'call may be recorded',
            'this call is being recorded',
            'call is recorded',
          ],
          speaker: 'AGENT',
          window: { firstSec: 30 },
        },
        negate: true,
      },
    }),
    compliance({
      id: 'rule-identity-verification',
      name: 'Identity verification',
      description:
        'On inbound service calls the agent verifies the caller before discussing the account.',
      severity: 'critical',
      points: 3,
      scope: {
        direction: 'inbound',
        queues: ['Billing', 'Retention', 'Technical Support', 'General'],
      },
      condition: {
        phrase: {
          terms: ['verify your identity', 'date of birth', 'postcode on the account'],
          speaker: 'AGENT',
        },
        negate: true,
      },
    }),
    compliance({
      id: 'rule-refund-promise',
      name: 'No refund promises over the agent limit',
      description: 'Agents may not guarantee refunds; refunds above their limit need approval.',
      severity: 'major',
      points: 2,
      condition: {
        phrase: {
          terms: ['guarantee a full refund', 'guarantee a refund', 'promise you a refund'],
          speaker: 'AGENT',
        },
      },
    }),
    compliance({
      id: 'rule-professional-language',
      name: 'Professional language',
      description: 'The agent never dismisses or talks down to the customer.',
      severity: 'critical',
      points: 3,
      condition: {
        phrase: { terms: ['not my problem', 'calm down', 'whatever i cannot'], speaker: 'AGENT' },
      },
    }),
    compliance({
      id: 'rule-outbound-introduction',
      name: 'Outbound introduction',
      description: 'On outbound calls the agent says who is calling within the first 20 seconds.',
      severity: 'major',
      points: 2,
      scope: { direction: 'outbound' },
      condition: {
        phrase: { terms: ['calling from'], speaker: 'AGENT', window: { firstSec: 20 } },
        negate: true,
      },
    }),
    compliance({
      id: 'rule-proper-closing',
      name: 'Proper closing',
      description: 'The agent offers further help before ending the call.',
      severity: 'minor',
      points: 1,
      condition: {
        phrase: { terms: ['anything else i can help'], speaker: 'AGENT', window: { lastSec: 60 } },
        negate: true,
      },
    }),
    category('cat-billing-dispute', 'Billing dispute', 'The customer disputes a charge.', {
      phrase: {
        terms: [
          'charged twice',
          'charged me twice',
          'overcharged',
          'overcharging',
          'charge on my bill',
          'my bill is',
          'bill so high',
          'bill went up',
          'bill has gone up',
          'bill keeps going up',
          'bill increased',
          'bill has increased',
          'price went up',
          'price has gone up',
          'put my price up',
          'put the price up',
          'overcharge',
          'double charged',
          'charged double',
          'charged me double',
          'charged too much',
        ],
        speaker: 'CUSTOMER',
      },
    }),
    category(
      SIGNAL_RULES.cancellationIntent,
      'Cancellation intent',
      'The customer wants to cancel or leave.',
      {
        phrase: {
          terms: [
            'cancel my',
            'close my account',
            'thinking of leaving',
            'please cancel',
            'want to cancel',
            'want this done',
            // Saying it will happen, not only wishing it.
            'going to cancel',
            'will cancel',
            "i'll cancel",
            "i'm cancelling",
            'am cancelling',
            'cancelling my',
            'cancel the contract',
            'cancel the service',
            'cancel the account',
            'end my contract',
            'terminate my',
            'want to leave',
            'going to leave',
            'leaving you',
          ],
          speaker: 'CUSTOMER',
        },
      },
    ),
    category(
      SIGNAL_RULES.competitorMention,
      'Competitor mention',
      'A competitor or a better price elsewhere comes up.',
      {
        phrase: {
          terms: [
            ...COMPETITORS,
            // A competitor the catalogue does not know is still named this way.
            'another provider',
            'other provider',
            'different provider',
            'another company',
            'switch providers',
            'switching providers',
            'cheaper elsewhere',
            'cheaper somewhere',
            'cheaper price',
            'lower price',
            'better price',
            'better deal',
            'prices are higher',
            'probably switch',
            'competitor',
            'competitors',
            'other companies',
            'other providers',
            'cheaper with',
            'cheaper at',
            'cheaper deal',
            'better offer',
            'go elsewhere',
            'going elsewhere',
          ],
          speaker: 'CUSTOMER',
        },
      },
    ),
    category('cat-technical-issue', 'Technical issue', 'Something does not work.', {
      phrase: {
        terms: ['keeps dropping', 'no signal', 'shows an error', 'not working', 'will not start'],
        speaker: 'CUSTOMER',
      },
    }),
    category(SIGNAL_RULES.purchaseTalk, 'Purchase intent', 'Buying or ordering is discussed.', {
      phrase: { terms: ['sign me up', 'want to buy', 'placed the order', 'place the order'] },
    }),
    category(
      SIGNAL_RULES.supervisorRequest,
      'Supervisor request',
      'The customer asks for a manager.',
      {
        phrase: {
          terms: ['speak to a manager', 'your supervisor', 'supervisor right now'],
          speaker: 'CUSTOMER',
        },
      },
    ),
    category(
      SIGNAL_RULES.legalThreat,
      'Legal threat',
      'The customer threatens legal action or a regulator.',
      {
        phrase: { terms: ['legal action', 'ombudsman', 'lawyer'], speaker: 'CUSTOMER' },
      },
    ),
    category(SIGNAL_RULES.transfer, 'Transfer', 'The agent transfers the call.', {
      phrase: { terms: ['transfer you'], speaker: 'AGENT' },
    }),
    category('cat-refund-request', 'Refund', 'Refunds or credits are discussed.', {
      phrase: { terms: ['refund', 'credit'] },
    }),
    category('cat-praise', 'Praise', 'The customer thanks the agent warmly.', {
      phrase: { terms: ['thank you so much', 'really helpful'], speaker: 'CUSTOMER' },
    }),
    category(SIGNAL_RULES.voicemail, 'Voicemail', 'A voicemail greeting answered.', {
      phrase: { terms: ['leave a message after the tone'], speaker: 'IVR' },
    }),
    category(
      'cat-repeat-complaint',
      'Repeated complaint',
      'The customer says they called about this before.',
      {
        phrase: { terms: ['called last week', 'third time', 'same problem'], speaker: 'CUSTOMER' },
      },
    ),
    category(
      'cat-unhappy-ending',
      'Unhappy ending',
      'The customer is clearly negative in the last quarter.',
      {
        sentiment: { speaker: 'CUSTOMER', part: 'end', below: -2 },
      },
    ),
    category('cat-long-silence', 'Long silence', 'A gap of more than 15 seconds without speech.', {
      nonTalk: { overSec: 15 },
    }),
  ];
}
