/**
 * The demo calls that have real audio: their words, who says them and how they feel. The audio
 * is synthesised from these lines (`npm run audio:demo`, scripts/audio/) and each turn's start
 * and end come from that audio (timings.json), so the transcript follows playback. Changing a
 * line means running the script again: a unit test compares these lines with the ones the
 * audio was made from. No names or brands are spoken: any agent or brand of the corpus can
 * have taken the call.
 */
import type { Scenario } from '../scenarios.ts';

export interface RecordedTurn {
  speaker: 'AGENT' | 'CUSTOMER' | 'IVR';
  text: string;
  /** -5..5, as the sentiment model scores a turn. */
  sentiment: number;
  /** Silence before the turn beyond the usual short gap (the agent working), ms. */
  waitMs?: number;
}

export interface RecordedScript {
  /** Name of the audio file, without extension. */
  id: string;
  scenario: Scenario;
  resolved: boolean;
  dispositionCode: string;
  topic: string;
  summary: string;
  turns: RecordedTurn[];
}

const ivr: RecordedTurn[] = [
  {
    speaker: 'IVR',
    text: 'Thank you for calling. Calls may be recorded for quality and training.',
    sentiment: 0,
  },
  {
    speaker: 'IVR',
    text: 'For billing press one, for technical support press two, for anything else please hold.',
    sentiment: 0,
  },
];

export const RECORDED_SCRIPTS: readonly RecordedScript[] = [
  {
    id: 'demo-billing-refund',
    scenario: 'billing-dispute',
    resolved: true,
    dispositionCode: 'BILL-ADJ',
    topic: 'Billing dispute',
    summary: 'Customer disputed a charge; the agent applied a credit.',
    turns: [
      ...ivr,
      {
        speaker: 'AGENT',
        text: 'Good morning, billing team. This call is recorded for quality and training purposes. How can I help?',
        sentiment: 1.5,
        waitMs: 1500,
      },
      {
        speaker: 'CUSTOMER',
        text: 'Hi. I have been charged twice this month and I would like a refund for the second payment.',
        sentiment: -2.5,
      },
      {
        speaker: 'AGENT',
        text: 'I am sorry about that. Before we go on, can you confirm your date of birth to verify your identity?',
        sentiment: 1,
      },
      { speaker: 'CUSTOMER', text: 'Yes, it is the third of May.', sentiment: 0 },
      {
        speaker: 'AGENT',
        text: 'Thank you, that is verified. Let me check the payments.',
        sentiment: 1.5,
      },
      {
        speaker: 'AGENT',
        text: 'I can see two payments on the same day. The second one was a mistake on our side.',
        sentiment: 0.5,
        waitMs: 4000,
      },
      {
        speaker: 'CUSTOMER',
        text: 'So am I getting a refund or not?',
        sentiment: -2,
      },
      {
        speaker: 'AGENT',
        text: 'Yes. I have put the refund through, it takes three to five working days.',
        sentiment: 2,
      },
      {
        speaker: 'CUSTOMER',
        text: 'Okay, thank you, that is really helpful.',
        sentiment: 2,
      },
      {
        speaker: 'AGENT',
        text: 'Is there anything else I can help you with today?',
        sentiment: 1.5,
      },
      { speaker: 'CUSTOMER', text: 'No, that is all, thanks.', sentiment: 1.5 },
      { speaker: 'AGENT', text: 'Thanks for calling, have a great day.', sentiment: 2 },
    ],
  },
  {
    id: 'demo-cancellation-retained',
    scenario: 'cancellation-intent',
    resolved: true,
    dispositionCode: 'RETAINED',
    topic: 'Cancellation',
    summary: 'Customer wanted to cancel and was retained with a discount.',
    turns: [
      ...ivr,
      {
        speaker: 'AGENT',
        text: 'Hello, you are through to customer care. This call is being recorded for training. What can I do for you?',
        sentiment: 1.5,
        waitMs: 2000,
      },
      {
        speaker: 'CUSTOMER',
        text: 'I want to cancel my contract. It is just too expensive for what I get.',
        sentiment: -2,
      },
      {
        speaker: 'AGENT',
        text: 'I understand. I just need to verify your identity first. What is the postcode on the account?',
        sentiment: 1,
      },
      { speaker: 'CUSTOMER', text: 'It is the same as always, north one.', sentiment: 0 },
      {
        speaker: 'AGENT',
        text: 'Thanks. I can offer you fifty percent off for the next six months if you stay with us.',
        sentiment: 2,
        waitMs: 3000,
      },
      {
        speaker: 'CUSTOMER',
        text: 'Half price? Okay, that sounds fair, I will stay.',
        sentiment: 1.5,
      },
      {
        speaker: 'AGENT',
        text: 'Great, that is done. Is there anything else I can help with?',
        sentiment: 1.5,
      },
      { speaker: 'CUSTOMER', text: 'No, thank you so much for your help.', sentiment: 2 },
    ],
  },
  {
    id: 'demo-technical-fixed',
    scenario: 'technical-support',
    resolved: true,
    dispositionCode: 'TECH-FIXED',
    topic: 'Technical issue',
    summary: 'Technical fault fixed on the call.',
    turns: [
      ...ivr,
      {
        speaker: 'AGENT',
        text: 'Technical support, this call is recorded. How can I help?',
        sentiment: 1,
        waitMs: 1500,
      },
      {
        speaker: 'CUSTOMER',
        text: 'My internet keeps dropping every evening, and I work from home.',
        sentiment: -1.5,
      },
      {
        speaker: 'AGENT',
        text: 'Sorry to hear that. Can you confirm your date of birth so I can verify your identity?',
        sentiment: 1,
      },
      { speaker: 'CUSTOMER', text: 'Sure, it is the ninth of June.', sentiment: 0 },
      {
        speaker: 'AGENT',
        text: 'Thank you. Let me run a quick test on your line.',
        sentiment: 1,
      },
      {
        speaker: 'AGENT',
        text: 'There was a fault on the port. I have moved you to a new one. Can you try now?',
        sentiment: 1.5,
        waitMs: 6000,
      },
      {
        speaker: 'CUSTOMER',
        text: 'Yes, it is working now, thank you so much.',
        sentiment: 2.5,
      },
      {
        speaker: 'AGENT',
        text: 'Is there anything else I can help you with today?',
        sentiment: 1.5,
      },
      { speaker: 'CUSTOMER', text: 'No, that is everything.', sentiment: 1.5 },
    ],
  },
  {
    id: 'demo-repeat-escalated',
    scenario: 'repeat-caller',
    resolved: false,
    dispositionCode: 'COMPLAINT',
    topic: 'Follow-up',
    summary: 'Repeat caller; the issue is still open.',
    turns: [
      ...ivr,
      {
        speaker: 'AGENT',
        text: 'Hi, thanks for holding. How can I help?',
        sentiment: 1,
        waitMs: 2500,
      },
      {
        speaker: 'CUSTOMER',
        text: 'This is the third time I am calling about the same problem. It is still not fixed.',
        sentiment: -3,
      },
      {
        speaker: 'AGENT',
        text: 'I do apologise. Let me look at the notes from your last call.',
        sentiment: 1,
      },
      {
        speaker: 'CUSTOMER',
        text: 'I am not happy at all. I want to speak to a manager.',
        sentiment: -3.5,
        waitMs: 3000,
      },
      {
        speaker: 'AGENT',
        text: 'I hear you. Let me transfer you to my supervisor.',
        sentiment: 0.5,
      },
      { speaker: 'CUSTOMER', text: 'Fine.', sentiment: -2.5 },
    ],
  },
  {
    id: 'demo-information',
    scenario: 'information-request',
    resolved: true,
    dispositionCode: 'INFO',
    topic: 'Account information',
    summary: 'Customer asked for account information.',
    turns: [
      ...ivr,
      {
        speaker: 'AGENT',
        text: 'Good afternoon, customer care. Please note this call is recorded for quality purposes. What is the call about today?',
        sentiment: 1.5,
        waitMs: 1000,
      },
      {
        speaker: 'CUSTOMER',
        text: 'Quick question. I would like to know when my contract ends.',
        sentiment: 0,
      },
      {
        speaker: 'AGENT',
        text: 'Of course. For security, could you confirm the postcode on the account?',
        sentiment: 1,
      },
      { speaker: 'CUSTOMER', text: 'Yes, it is south three.', sentiment: 0 },
      {
        speaker: 'AGENT',
        text: 'Thanks. Your contract ends in September, and there is no fee to renew.',
        sentiment: 1.5,
        waitMs: 2500,
      },
      { speaker: 'CUSTOMER', text: 'Perfect, that is all I needed.', sentiment: 1.5 },
      {
        speaker: 'AGENT',
        text: 'Is there anything else I can help you with?',
        sentiment: 1.5,
      },
      { speaker: 'CUSTOMER', text: 'No, thanks. Bye.', sentiment: 1 },
    ],
  },
  {
    id: 'demo-competitor-offer',
    scenario: 'competitor-mention',
    resolved: false,
    dispositionCode: 'CHURN-FLAG',
    topic: 'Competitor offer',
    summary: 'Customer compared prices with a competitor and may switch.',
    turns: [
      ...ivr,
      {
        speaker: 'AGENT',
        text: 'Hello, how can I help you today?',
        sentiment: 1,
        waitMs: 1500,
      },
      {
        speaker: 'CUSTOMER',
        text: 'Your prices are higher than Globex. They offered me a better deal, so why should I stay?',
        sentiment: -1.5,
      },
      {
        speaker: 'AGENT',
        text: 'Let me see what I can do for you.',
        sentiment: 1,
      },
      {
        speaker: 'AGENT',
        text: 'I cannot match that price, but I can add extra data at no cost.',
        sentiment: 1.5,
        waitMs: 4000,
      },
      {
        speaker: 'CUSTOMER',
        text: 'It is still more than they charge. I will think about it, but I will probably switch.',
        sentiment: -2,
      },
      { speaker: 'AGENT', text: 'Okay. Bye then.', sentiment: 0.5 },
    ],
  },
];
