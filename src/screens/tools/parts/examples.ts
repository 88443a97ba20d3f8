/** Conversations to try the tools with, written for the purpose (no customer's data). */
export interface Example {
  id: string;
  label: string;
  text: string;
}

export const EXAMPLES: Example[] = [
  {
    id: 'billing',
    label: 'Billing dispute, customer wants to leave',
    text: `[0:00] Agent: Thank you for calling, my name is Sam. Please note this call is recorded for quality and training.
[0:07] Customer: Hi Sam. I was charged twice this month and my bill is way too high.
[0:14] Agent: I'm sorry about that. Before we look, can you verify your identity with your date of birth?
[0:20] Customer: Sure, it's the fourth of May.
[0:26] Agent: Thank you. I can see the double charge on your last bill.
[0:33] Customer: This is the third time this has happened. Honestly I'm thinking of leaving, Globex has a better deal.
[0:43] Agent: I understand that's frustrating. I can offer you a loyalty discount and credit the extra charge today.
[0:52] Customer: Okay, that would help. Thank you.
[0:57] Agent: Done. The credit will show on your next bill. Is there anything else I can help you with?
[1:04] Customer: No, that's all. Thanks for sorting it.`,
  },
  {
    id: 'rude',
    label: 'Non-compliant call: no disclosure, rude agent',
    text: `Agent: Yeah, support.
Customer: Hello, my internet keeps dropping every evening and nothing works.
Agent: That's not my problem, it's probably your router.
Customer: I've restarted it three times. This is ridiculous, I want to speak to a manager.
Agent: Calm down. I can't do anything else.
Customer: Then I'll take legal action. Please cancel my contract.
Agent: Whatever. I'll transfer you.`,
  },
  {
    id: 'sale',
    label: 'Outbound sale',
    text: `[0:00] Agent: Hi, this is Priya calling from Northwind Mobile. This call may be recorded.
[0:06] Customer: Oh hi, yes, I asked for a callback about the family plan.
[0:11] Agent: Great! The family plan gives four lines with unlimited data for sixty dollars.
[0:19] Customer: That sounds good. What about the extra data for my son?
[0:25] Agent: I can add extra data at no cost for the first year.
[0:31] Customer: Perfect, sign me up please.
[0:35] Agent: Wonderful, I've placed the order. Is there anything else I can help you with today?
[0:41] Customer: No thank you, that was really helpful.`,
  },
];
