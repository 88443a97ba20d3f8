/**
 * Realistic call scripts. Each scenario writes a transcript turn by turn; the agent's
 * behaviour (disclosure, identity check, refund promises, closing, tone) follows the agent's
 * skill and the vendor's quality, so compliance and QA differ between agents and vendors.
 * The outcome (resolved, disposition, topic, summary) is decided by the same random stream,
 * so a rebuilt transcript always matches the stored call.
 */
import type { TranscriptSegment } from '../../generated/data.types.ts';
import { COMPETITORS } from '../../domain/rules/index.ts';
import type { Random } from './prng.ts';
import { extraExchanges, workPauseMs } from './pace.ts';
import type { Scenario } from './scenario-list.ts';
import { Script } from './script.ts';

export { SCENARIOS, type Scenario } from './scenario-list.ts';

export const TOPICS = [
  'Billing dispute',
  'Cancellation',
  'Competitor offer',
  'Technical issue',
  'New sale',
  'No conversation',
  'Follow-up',
  'Account information',
] as const;

export interface TranscriptContext {
  scenario: Scenario;
  direction: 'inbound' | 'outbound';
  brand: string;
  product: string;
  agentName: string;
  customerName: string;
  /** 0..1: agent skill times vendor quality. */
  diligence: number;
}

export interface TranscriptOutcome {
  segments: TranscriptSegment[];
  durationMs: number;
  ivrMs: number;
  resolved: boolean;
  dispositionCode: string;
  topic: string;
  summary: string;
}

const A = 'AGENT';
const C = 'CUSTOMER';

export function buildTranscript(ctx: TranscriptContext, rand: Random): TranscriptOutcome {
  const amount = `$${rand.int(19, 480)}.${String(rand.int(0, 99)).padStart(2, '0')}`;
  const slots = {
    brand: ctx.brand,
    product: ctx.product,
    agentFirst: ctx.agentName.split(' ')[0]!,
    customerFirst: ctx.customerName.split(' ')[0]!,
    competitor: rand.pick(COMPETITORS),
    amount,
    day: rand.pick(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']),
    month: rand.pick(['March', 'June', 'September', 'December']),
  };
  const d = ctx.diligence;
  const s = new Script(rand, slots, {
    agentWpm: rand.int(135, 175),
    customerWpm: rand.int(120, 170),
    interruptChance: 0.02 + (1 - d) * 0.12,
  });
  s.spareExchanges = extraExchanges(rand, ctx.scenario, d);
  const behaviour = {
    discloses: rand.chance(0.8 + d * 0.2),
    verifies: rand.chance(0.72 + d * 0.27),
    closes: rand.chance(0.7 + d * 0.3),
    rude: rand.chance(0.004 + (1 - d) * 0.05),
    refundPromise: rand.chance(0.01 + (1 - d) * 0.12),
  };

  // IVR: inbound calls only.
  let ivrMs = 0;
  if (ctx.direction === 'inbound' && ctx.scenario !== 'silent-or-fake') {
    s.say(
      'IVR',
      [
        'Thank you for calling {brand}. Calls may be recorded for quality and training.',
        'Welcome to {brand}. Your call may be recorded for quality and training purposes.',
      ],
      0,
    );
    s.say(
      'IVR',
      [
        'For billing press one, for technical support press two, for anything else please hold.',
        'Please say or press one for bills and payments, two for technical help, or hold for an adviser.',
      ],
      0,
    );
    s.pause(800, 4000);
    ivrMs = s.cursor + 1000;
  }

  const outcome = SCRIPTS[ctx.scenario](s, rand, ctx, behaviour, d);
  const durationMs = s.finish();
  return { segments: s.segments, durationMs, ivrMs: Math.min(ivrMs, durationMs), ...outcome };
}

interface Behaviour {
  discloses: boolean;
  verifies: boolean;
  closes: boolean;
  rude: boolean;
  refundPromise: boolean;
}

type ScriptOutcome = Pick<TranscriptOutcome, 'resolved' | 'dispositionCode' | 'topic' | 'summary'>;
type ScenarioScript = (
  s: Script,
  rand: Random,
  ctx: TranscriptContext,
  b: Behaviour,
  d: number,
) => ScriptOutcome;

const DISCLOSURES = [
  ' This call is recorded for quality and training purposes.',
  ' Just so you know, this call is being recorded for training.',
  ' Please note this call is recorded for quality purposes.',
];
const INBOUND_GREETINGS = [
  'Thank you for calling {brand}, my name is {agentFirst}.',
  'Good morning, you are through to {agentFirst} at {brand}.',
  'Hi, thanks for holding, {agentFirst} speaking.',
  '{brand} customer care, this is {agentFirst}.',
];
const HOW_CAN_I_HELP = [
  'How can I help you today?',
  'What can I do for you?',
  'How can I help?',
  'What is the call about today?',
];

function greet(s: Script, ctx: TranscriptContext, b: Behaviour): void {
  const disclosure = b.discloses ? s.choose(DISCLOSURES) : '';
  if (ctx.direction === 'inbound') {
    s.say(A, `${s.choose(INBOUND_GREETINGS)}${disclosure} ${s.choose(HOW_CAN_I_HELP)}`, 1.5);
  } else {
    s.say(
      A,
      `Hi, is this {customerFirst}? This is {agentFirst} calling from {brand}.${disclosure} Is now a good time to talk?`,
      1.5,
    );
    s.say(
      C,
      [
        'Yes, go ahead.',
        'Sure, I have a few minutes.',
        'Okay, what is it about?',
        'I am just driving, but go on, quickly.',
        'Yeah, who is this again?',
      ],
      0,
    );
  }
}

function verify(s: Script, b: Behaviour): void {
  if (!b.verifies) return;
  s.say(
    A,
    [
      'Before we go on, can you please confirm your date of birth to verify your identity?',
      'For security, could you confirm the postcode on the account so I can verify your identity?',
      'I just need to verify your identity first, what is your date of birth?',
      'Can I take the first line of the address and the postcode on the account, please?',
    ],
    1,
  );
  s.say(
    C,
    [
      'Sure, it is {dob}.',
      'Yes, it is {postcode}.',
      'Hang on, let me think, it is {postcode}.',
      'It is {dob}, same as always.',
    ],
    0,
  );
  s.say(
    A,
    ['Thank you, that is verified.', 'Perfect, thanks, you are verified.', 'Great, that matches.'],
    1.5,
  );
}

const AGENT_DETAILS = [
  'Can you tell me a bit more about when this started?',
  'I am just pulling up your account details now.',
  'I can see your account here, you are on the {product}.',
  'Let me explain how this works so it does not happen again.',
  'I am adding a note to your account so the next person can see this.',
  'Could you confirm the email address we have on file?',
  'Bear with me a moment, the system is a bit slow today.',
  'Okay, and has anything changed on your side recently, a new device or a new address?',
  'Right, I am just going through the history on the account so I have the full picture.',
  'So if I understand correctly, this has been going on for a while now, is that right?',
  'I can see a couple of notes from earlier, give me a second to read through them.',
  'Just so I get this right, can you walk me through what happened step by step?',
  'Thanks for your patience, I am still checking a few things here.',
  'That makes sense, I can see why that would be frustrating.',
];
const CUSTOMER_DETAILS = [
  'It started about two weeks ago.',
  'Yes, that is the one.',
  'Okay, I see.',
  'I have been a customer for years, you know.',
  'Yes, the email is the same as before.',
  'Alright, go on.',
  'Well, it was fine until last month, and then out of nowhere it all changed and nobody told me anything.',
  'No, nothing has changed, same address, same phone, I have not touched anything.',
  'Sorry, can you say that again? The line is a bit bad.',
  'I did try the app first but it just sent me round in circles, so that is why I am calling.',
  'Yes, exactly, and to be honest I have spent far too long on this already.',
  'Hmm, I am not sure, my partner usually deals with that side of things.',
  'Okay, take your time.',
  'Right, so what does that mean for me?',
];

/**
 * `count` exchanges of questions and answers, plus the call's spare exchanges (the long
 * tail of call lengths, see pace.ts), with waits while the agent works.
 */
function details(s: Script, rand: Random, mood: number, count: number): void {
  const total = count + s.spareExchanges;
  s.spareExchanges = 0;
  for (let i = 0; i < total; i++) {
    s.say(A, AGENT_DETAILS, 1);
    if (rand.chance(0.4)) s.pauseFor(workPauseMs(rand));
    s.say(C, CUSTOMER_DETAILS, mood);
  }
}

function close(s: Script, b: Behaviour, mood: number): void {
  if (b.closes) {
    s.say(
      A,
      [
        'Is there anything else I can help you with today?',
        'Before you go, is there anything else I can help with?',
        'Is there anything else I can help you with?',
      ],
      1.5,
    );
    s.say(
      C,
      mood >= 0
        ? [
            'No, that is all, thanks.',
            'No, thank you so much for your help.',
            'No, you have been really helpful, thanks.',
            'That is everything, cheers.',
          ]
        : ['No.', 'No, that is it.', 'No. Just get it sorted.'],
      mood,
    );
    s.say(
      A,
      [
        'Thank you for calling {brand}, have a great day.',
        'Thanks for your time, take care.',
        'Thank you, have a lovely rest of your day.',
      ],
      2,
    );
  } else {
    s.say(A, ['Okay, bye.', 'Alright, bye then.', 'Okay. Bye now.'], 0.5);
  }
}

function rudeMoment(s: Script, b: Behaviour): void {
  if (b.rude)
    s.say(
      A,
      [
        'Look, calm down, that is not my problem.',
        'Whatever, I cannot do anything about that.',
        'Honestly, that is not my problem, you will have to take it up with someone else.',
      ],
      -2.5,
    );
}

function escalate(s: Script, rand: Random, d: number): boolean {
  if (!rand.chance(0.25 - d * 0.12)) return false;
  if (rand.chance(0.2)) {
    s.say(
      C,
      [
        'If this is not fixed I will take legal action.',
        'I am going to report this to the ombudsman.',
        'I have already spoken to a lawyer about this.',
        'I will be making a formal complaint to the ombudsman.',
      ],
      -4,
    );
  }
  s.say(
    C,
    [
      'I want to speak to a manager.',
      'Put me through to your supervisor right now.',
      'Can I speak to a manager, please? I am not happy with this at all.',
      'I would like to escalate this to your supervisor.',
    ],
    -3.5,
  );
  s.say(
    A,
    [
      'I understand, let me transfer you to my supervisor.',
      'Of course, I will transfer you to a team leader now, please hold.',
      'I hear you, let me transfer you to my manager.',
    ],
    0.5,
  );
  return true;
}

const billing: ScenarioScript = (s, rand, ctx, b, d) => {
  greet(s, ctx, b);
  s.say(
    C,
    [
      'I have been charged twice this month, my bill is {amount} and it should be much less.',
      'There is a charge on my bill I do not recognise, it says {amount}.',
      'Why is my bill so high? I was overcharged again.',
      'There is a roaming charge on my bill, but I never used my phone abroad.',
      'I have fallen into arrears, can I set up a payment plan to pay off the balance?',
      'Hi, yes, I think I have been overcharged, my bill is {amount} this month.',
      'I am calling about my bill, it is way more than I agreed when I signed up.',
      'You took {amount} from my account and I want to know what it is for.',
    ],
    -2.5,
  );
  verify(s, b);
  s.say(
    A,
    [
      'I am sorry to hear that, let me check that for you.',
      'Okay, I understand, let me have a look at the bill with you.',
      'Right, let me go through the charges on the account.',
    ],
    1,
  );
  s.pause(4000, 20000);
  s.say(
    A,
    [
      'I can see the charge of {amount} here.',
      'Okay, I have found it, there is a charge of {amount} on the latest bill.',
      'So the {amount} is made up of your plan and an extra usage charge.',
    ],
    0.5,
  );
  if (rand.chance(0.45))
    s.say(
      C,
      [
        'I want a refund for that, it is not my fault.',
        'Can I get that money back? I never agreed to it.',
        'I expect every penny of that to be refunded.',
        'I would like a full refund, please, I never used it.',
        'So am I getting a refund or not?',
        'Just credit it back to my account, please.',
      ],
      -2.5,
    );
  details(s, rand, -1.5, rand.int(1, 4));
  if (rand.chance(0.4))
    s.say(
      C,
      [
        'This is the third time this happens, it is ridiculous.',
        'Honestly, I am not happy, this keeps happening every few months.',
        'Every single month there is something wrong with the bill.',
      ],
      -3.5,
    );
  rudeMoment(s, b);
  if (b.refundPromise)
    s.say(
      A,
      [
        'Do not worry, I guarantee a full refund today.',
        'I can promise you a refund on that, no problem at all.',
        'Leave it with me, I guarantee a refund by the end of the week.',
      ],
      1.5,
    );
  const escalated = escalate(s, rand, d);
  const resolved = !escalated && rand.chance(0.45 + d * 0.4);
  if (resolved) {
    s.say(
      A,
      [
        'I have applied a credit of {amount} to your account, it will show on your next bill.',
        'I have put a refund of {amount} through, it takes three to five working days.',
        'Okay, I have taken that charge off, so your next bill will be {amount} lower.',
        'Good news, the charge was a mistake on our side, I have credited it back.',
      ],
      2,
    );
    s.say(
      C,
      [
        'Okay, thank you, that is really helpful.',
        'Oh great, thank you so much.',
        'Right, well, thanks for sorting that.',
        'Good, that is what I wanted to hear.',
      ],
      2,
    );
  } else if (!escalated) {
    s.say(
      A,
      [
        'I have raised a billing dispute, someone will get back to you within five days.',
        'I cannot refund it from here, but I have passed it to the billing team to review.',
        'I have opened a dispute on that charge, you should hear back within a week.',
      ],
      0.5,
    );
    s.say(
      C,
      [
        'That is not good enough, I need this sorted.',
        'A week? I want my money back now.',
        'So I just have to wait again. Great.',
      ],
      -2.5,
    );
  }
  close(s, b, resolved ? 1.5 : -2);
  return {
    resolved,
    dispositionCode: resolved ? 'BILL-ADJ' : escalated ? 'COMPLAINT' : 'BILL-OPEN',
    topic: 'Billing dispute',
    summary: resolved
      ? 'Customer disputed a charge; the agent applied a credit.'
      : escalated
        ? 'Customer disputed a charge and escalated to a supervisor.'
        : 'Customer disputed a charge; a billing dispute was raised.',
  };
};

const cancellation: ScenarioScript = (s, rand, ctx, b, d) => {
  greet(s, ctx, b);
  s.say(
    C,
    [
      'I want to cancel my contract.',
      'I would like to close my account please.',
      'I am thinking of leaving, the service has been terrible.',
      'I am moving to another network, please send me my PAC so I can keep my number.',
      'Hi, I want to cancel my broadband, I am moving house next month.',
      'I have had enough, I want to cancel my contract today please.',
      'Can you please cancel the TV package? We never watch it.',
    ],
    -2,
  );
  verify(s, b);
  s.say(
    A,
    [
      'I am sorry to hear that. May I ask why you want to leave?',
      'Okay, I can help with that. Can I ask what made you decide to go?',
      'I understand. Before I do anything, what is the main reason?',
    ],
    1,
  );
  s.say(
    C,
    [
      'It is just too expensive for what I get.',
      'The service keeps dropping and nobody fixes it.',
      'Your prices went up again and I did not get anything extra for it.',
      'I am just not using it enough to justify the cost.',
      'I paid for the whole month, so will I get a refund for the days I do not use?',
    ],
    -2.5,
  );
  details(s, rand, -1.5, rand.int(1, 3));
  rudeMoment(s, b);
  const offers = rand.chance(0.4 + d * 0.55);
  let code = 'CANCELLED';
  if (offers) {
    s.say(
      A,
      [
        'I can offer you fifty percent off for the next six months if you stay with us.',
        'What if I take ten pounds off your monthly bill for the next year?',
        'I can move you to a cheaper plan with the same speed, would that help?',
      ],
      2,
    );
    if (rand.chance(0.55)) {
      s.say(
        C,
        [
          'Okay, that sounds fair, I will stay.',
          'Alright, if you can do that then I will stay.',
          'Hmm, okay, go on then, put that through.',
        ],
        1.5,
      );
      code = 'RETAINED';
    } else {
      s.say(
        C,
        [
          'No, I have made up my mind, please cancel it.',
          'No thanks, I just want to cancel my account.',
          'Too late for that, I have already signed up somewhere else.',
        ],
        -2.5,
      );
    }
  }
  if (code === 'CANCELLED') {
    if (rand.chance(0.3)) {
      s.say(A, 'I will pass this to our retention team and they will call you back.', 0.5);
      s.say(C, 'Fine, but I want this done.', -3);
      code = 'CHURN-FLAG';
    } else {
      s.say(
        A,
        [
          'Okay, I have processed the cancellation for you.',
          'That is all cancelled now, you will get a confirmation email with your final bill.',
          'Done, the service will end on your next billing date.',
        ],
        0.5,
      );
    }
  }
  close(s, b, code === 'RETAINED' ? 1 : -1.5);
  const retained = code === 'RETAINED';
  return {
    resolved: code !== 'CHURN-FLAG',
    dispositionCode: code,
    topic: 'Cancellation',
    summary: retained
      ? 'Customer wanted to cancel and was retained with a discount.'
      : code === 'CANCELLED'
        ? 'Customer cancelled the contract.'
        : 'Customer wants to cancel; passed to the retention team.',
  };
};

const competitor: ScenarioScript = (s, rand, ctx, b, d) => {
  greet(s, ctx, b);
  s.say(
    C,
    [
      '{competitor} is offering me the same plan for much less.',
      'I can get a better deal with {competitor}.',
      'Your prices are higher than {competitor}, why should I stay?',
      'My neighbour pays half what I pay with {competitor}, so what can you do?',
      '{competitor} sent me a better deal in the post, I am tempted to be honest.',
    ],
    -1.5,
  );
  verify(s, b);
  s.say(A, 'Let me see what I can do for you.', 1);
  s.pause(3000, 15000);
  details(s, rand, -1, rand.int(1, 3));
  const matched = rand.chance(0.35 + d * 0.45);
  s.say(
    A,
    matched
      ? [
          'I can match that price with our loyalty discount.',
          'I have checked and I can match that, and keep your current speed.',
        ]
      : [
          'I cannot match that price, but I can add extra data at no cost.',
          'I am afraid I cannot go that low, but I can give you a free upgrade.',
        ],
    1.5,
  );
  const stays = matched ? rand.chance(0.8) : rand.chance(0.3);
  s.say(
    C,
    stays
      ? ['Okay, that works for me, I will stay.', 'Fine, that is good enough, thanks.']
      : [
          'I will think about it, but I will probably switch.',
          'It is still more than they charge, so I will probably switch.',
        ],
    stays ? 1.5 : -2,
  );
  close(s, b, stays ? 1 : -1.5);
  return {
    resolved: stays,
    dispositionCode: stays ? 'RETAINED' : 'CHURN-FLAG',
    topic: 'Competitor offer',
    summary: stays
      ? 'Customer compared prices with a competitor and stayed.'
      : 'Customer compared prices with a competitor and may switch.',
  };
};

const technical: ScenarioScript = (s, rand, ctx, b, d) => {
  greet(s, ctx, b);
  s.say(
    C,
    [
      'My internet keeps dropping every evening.',
      'My phone has no signal at home.',
      'The TV box shows an error and will not start.',
      'The streaming channel I pay for is missing from my TV package.',
      'The picture on the sports channel has been poor all week.',
      'My broadband is not working at all since this morning.',
      'The wifi keeps dropping whenever I am on a video call for work.',
      'I have restarted the router three times and it is still not working.',
    ],
    -1.5,
  );
  verify(s, b);
  s.say(
    A,
    [
      'Let me run a quick test on your line.',
      'Okay, I am going to run a line test from here, it takes a minute.',
      'Can you check the lights on the router for me while I run a test?',
    ],
    1,
  );
  s.pause(5000, 25000);
  details(s, rand, -0.5, rand.int(1, 4));
  const fixed = rand.chance(0.4 + d * 0.4);
  if (fixed) {
    s.say(
      A,
      [
        'I have reset your connection, can you try now?',
        'I have pushed a new configuration to the box, could you restart it for me?',
        'There was a fault on the port, I have moved you to a new one, try it now.',
      ],
      1.5,
    );
    s.say(
      C,
      [
        'Yes, it is working now, thank you so much.',
        'Oh, that is back, brilliant.',
        'Yes, the lights are green now, thanks.',
      ],
      2.5,
    );
  } else {
    rudeMoment(s, b);
    s.say(
      A,
      [
        'I will raise a ticket and an engineer will visit on {day}.',
        'It looks like a fault outside your home, I have booked an engineer for {day}.',
      ],
      0.5,
    );
    s.say(
      C,
      ['Fine, but this keeps happening.', 'Not until {day}? I work from home, you know.'],
      -2,
    );
    if (rand.chance(0.15))
      s.say(A, 'Let me transfer you to our network team for the appointment.', 0.5);
  }
  close(s, b, fixed ? 2 : -1);
  return {
    resolved: fixed,
    dispositionCode: fixed ? 'TECH-FIXED' : 'TECH-TICKET',
    topic: 'Technical issue',
    summary: fixed
      ? 'Technical fault fixed on the call.'
      : 'Technical fault; an engineer visit was booked.',
  };
};

const sales: ScenarioScript = (s, rand, ctx, b) => {
  greet(s, ctx, b);
  if (ctx.direction === 'inbound') s.say(C, 'I saw your new offer and wanted to ask about it.', 1);
  s.say(
    A,
    [
      'We have a new {product} offer with a lower monthly price.',
      'I am calling because you are eligible for an upgrade to the {product}.',
      'Customers like you can now get the {product} with more data for less.',
    ],
    2,
  );
  s.say(
    C,
    [
      'That sounds interesting, how much would it cost?',
      'What would that cost me?',
      'Okay, what is the catch?',
      'Is that on top of what I pay now?',
    ],
    0.5,
  );
  s.say(
    A,
    [
      'It is {amount} a month, with the first month free.',
      'It would be {amount} a month on a twelve month plan, no setup fee.',
    ],
    2,
  );
  details(s, rand, 0.5, rand.int(1, 3));
  const r = rand.next();
  let code: string;
  if (r < 0.42) {
    s.say(C, ['Okay, let us do it, sign me up.', 'Great, I want to buy it.'], 2.5);
    s.say(A, 'Great, I have placed the order, you will get a confirmation email.', 2.5);
    code = 'SALE';
  } else if (r < 0.7) {
    s.say(
      C,
      [
        'Can you call me back next week? I need to think about it.',
        'Let me talk to my wife first and call me back.',
      ],
      0.5,
    );
    s.say(
      A,
      ['Of course, I will call you back on {day}.', 'No problem, I will ring you on {day}.'],
      1.5,
    );
    code = 'CALLBACK';
  } else {
    s.say(
      C,
      [
        'No thanks, I am happy with what I have.',
        'Not interested, thanks.',
        'No, it is too much for me.',
      ],
      -0.5,
    );
    code = 'NO-SALE';
  }
  close(s, b, code === 'NO-SALE' ? 0 : 1.5);
  return {
    resolved: code !== 'CALLBACK',
    dispositionCode: code,
    topic: 'New sale',
    summary:
      code === 'SALE'
        ? 'Customer bought the offer.'
        : code === 'CALLBACK'
          ? 'Interested; callback scheduled.'
          : 'Customer declined the offer.',
  };
};

const fake: ScenarioScript = (s, rand, ctx) => {
  const kind = rand.weighted([0.4, 0.35, 0.25]);
  if (kind === 0) {
    s.say(A, 'Hello? Is anyone there?', 0);
    s.pause(6000, 20000);
    s.say(A, 'Hello, I cannot hear you.', -0.5);
    s.pause(2000, 8000);
  } else if (kind === 1) {
    s.say(
      'IVR',
      'The person you are calling is not available. Please leave a message after the tone.',
      0,
    );
    s.say(A, 'Hi, this is {agentFirst} from {brand}, please call us back.', 0.5);
  } else {
    s.say(A, 'Thank you for calling {brand}, how can I help?', 1);
    s.say(C, 'Hello?', 0);
    s.pause(5000, 15000);
  }
  // Some agents close empty calls as sales: the transcript contradicts the disposition.
  const claimsSale = ctx.direction === 'outbound' && rand.chance(0.3 + (1 - ctx.diligence) * 0.5);
  return {
    resolved: false,
    dispositionCode: claimsSale ? 'SALE' : 'NO-CONTACT',
    topic: 'No conversation',
    summary:
      kind === 1 ? 'Reached voicemail; message left.' : 'No genuine conversation took place.',
  };
};

const repeatCaller: ScenarioScript = (s, rand, ctx, b, d) => {
  greet(s, ctx, b);
  s.say(
    C,
    [
      'I called last week about this and it is still not fixed.',
      'This is the third time I am calling about the same problem.',
      'I called before about this and I was promised a call back that never came.',
      'I am calling again because it is still not fixed.',
      'I have already told two of your colleagues about this, the same problem again.',
    ],
    -3,
  );
  verify(s, b);
  s.say(
    A,
    [
      'I am sorry about that, let me look at the notes from your last call.',
      'I do apologise, I can see the previous calls here, let me read through them.',
    ],
    1,
  );
  s.pause(3000, 15000);
  details(s, rand, -2, rand.int(1, 3));
  rudeMoment(s, b);
  const escalated = escalate(s, rand, d);
  const resolved = !escalated && rand.chance(0.35 + d * 0.4);
  if (resolved) {
    s.say(
      A,
      [
        'I have fixed it now and added a credit for the trouble.',
        'That is sorted now, and I have added a goodwill credit to say sorry.',
      ],
      2,
    );
    s.say(C, ['Finally, thank you.', 'Thank you, that is all I wanted.'], 1);
  } else if (!escalated) {
    s.say(
      A,
      [
        'I have escalated this to the specialist team.',
        'I am raising this with the escalations team, they will call you within two days.',
      ],
      0.5,
    );
    s.say(
      C,
      ['I am really fed up with this.', 'That is what the last person said. Still not fixed.'],
      -3.5,
    );
  }
  close(s, b, resolved ? 1 : -2.5);
  return {
    resolved,
    dispositionCode: resolved ? 'COMPLAINT-RES' : 'COMPLAINT',
    topic: 'Follow-up',
    summary: resolved
      ? 'Repeat caller; the issue was finally fixed.'
      : 'Repeat caller; the issue is still open.',
  };
};

const information: ScenarioScript = (s, rand, ctx, b) => {
  greet(s, ctx, b);
  s.say(
    C,
    [
      'I would like to know when my contract ends.',
      'Can you tell me how to set up roaming?',
      'How do I change my payment date?',
      'Quick question, when does my discount run out?',
      'I just want to check whether my last payment went through.',
    ],
    0,
  );
  verify(s, b);
  s.say(
    A,
    [
      'Of course, your contract ends in {month}.',
      'Sure, I will send you the steps by text message now.',
      'Yes, that went through on {day}, you are all up to date.',
    ],
    1.5,
  );
  details(s, rand, 0.5, rand.int(0, 2));
  s.say(C, ['Great, thanks.', 'Perfect, that is all I needed.', 'Oh good, thanks.'], 1.5);
  close(s, b, 1.5);
  return {
    resolved: true,
    dispositionCode: 'INFO',
    topic: 'Account information',
    summary: 'Customer asked for account information.',
  };
};

const SCRIPTS: Record<Scenario, ScenarioScript> = {
  'billing-dispute': billing,
  'cancellation-intent': cancellation,
  'competitor-mention': competitor,
  'technical-support': technical,
  'sales-lead': sales,
  'silent-or-fake': fake,
  'repeat-caller': repeatCaller,
  'information-request': information,
};
