/** A small set of threads to try the interaction tool with (written for the purpose). */
export const THREADS_EXAMPLE = JSON.stringify(
  {
    threads: [
      {
        id: 'chat-1',
        channel: 'chat',
        customerId: 'C-1001',
        subject: 'Double charge',
        messages: [
          {
            author: 'Jamie',
            role: 'customer',
            time: '2026-03-02T09:00:00Z',
            text: 'Hi, I was charged twice this month.',
          },
          {
            author: 'Alex',
            role: 'agent',
            time: '2026-03-02T09:01:10Z',
            text: 'Sorry about that! To verify your identity, what is the postcode on the account?',
          },
          {
            author: 'Jamie',
            role: 'customer',
            time: '2026-03-02T09:02:00Z',
            text: "AB1 2CD. This is the third time, I'm thinking of leaving.",
          },
          {
            author: 'Alex',
            role: 'agent',
            time: '2026-03-02T09:03:30Z',
            text: 'I can offer you a loyalty discount and a refund of the extra charge.',
          },
        ],
      },
      {
        id: 'email-7',
        channel: 'email',
        customerId: 'C-1001',
        subject: 'Re: Double charge',
        messages: [
          {
            author: 'jamie@example.com',
            role: 'customer',
            time: '2026-03-05T18:20:00Z',
            text: 'The refund has not arrived. Please cancel my contract, Globex has a better deal.',
          },
          {
            author: 'billing@example.com',
            role: 'agent',
            time: '2026-03-06T08:05:00Z',
            text: 'We are sorry for the delay. The credit was issued today.',
          },
        ],
      },
      {
        id: 'chat-2',
        channel: 'chat',
        customerId: 'C-2002',
        subject: 'New phone',
        messages: [
          {
            author: 'Riley',
            time: '2026-03-04T12:00:00Z',
            text: 'I want to buy the new phone on the family plan.',
          },
          {
            author: 'Sam',
            time: '2026-03-04T12:00:40Z',
            text: 'Great choice! I can place the order now.',
          },
          { author: 'Riley', time: '2026-03-04T12:01:30Z', text: 'Perfect, thank you so much.' },
        ],
      },
    ],
  },
  null,
  2,
);
