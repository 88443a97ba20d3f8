/**
 * Realistic call scripts. Each scenario writes a transcript turn by turn; the agent's
 * behaviour (disclosure, identity check, refund promises, closing, tone) follows the agent's
 * skill and the vendor's quality, so compliance and QA differ between agents and vendors.
 * The outcome (resolved, disposition, topic, summary) is decided by the same random stream,
 * so a rebuilt transcript always matches the stored call.
 */
import type { TranscriptSegment } from '../../generated/data.types.ts';
import { COMPETITORS } from './catalog.ts';
import type { Random } from './prng.ts';
import { Script } from './script.ts';

export const SCENARIOS = [
  'billing-dispute',
  'cancellation-intent',
  'competitor-mention',
  'technical-support',
  'sales-lead',
  'silent-or-fake',
  'repeat-caller',
  'information-request',
] as const;
export type Scenario = (typeof SCENARIOS)[number];

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
      'Thank you for calling {brand}. Calls may be recorded for quality and training.',
      0,
    );
    s.say(
      'IVR',
      'For billing press one, for technical support press two, for anything else please hold.',
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

function greet(s: Script, ctx: TranscriptContext, b: Behaviour): void {
  const disclosure = b.discloses ? ' This call is recorded for quality and training purposes.' : '';
  if (ctx.direction === 'inbound') {
    s.say(
      A,
      `Thank you for calling {brand}, my name is {agentFirst}.${disclosure} How can I help you today?`,
      1.5,
    );
  } else {
    s.say(
      A,
      `Hi, is this {customerFirst}? This is {agentFirst} calling from {brand}.${disclosure} Is now a good time to talk?`,
      1.5,
    );
    s.say(C, ['Yes, go ahead.', 'Sure, I have a few minutes.', 'Okay, what is it about?'], 0);
  }
}

function verify(s: Script, b: Behaviour): void {
  if (!b.verifies) return;
  s.say(
    A,
    [
      'Before we go on, can you please confirm your date of birth to verify your identity?',
      'For security, could you confirm the postcode on the account so I can verify your identity?',
    ],
    1,
  );
  s.say(C, ['Sure, it is {dob}.', 'Yes, it is {postcode}.'], 0);
  s.say(A, 'Thank you, that is verified.', 1.5);
}

function details(s: Script, rand: Random, mood: number, count: number): void {
  for (let i = 0; i < count; i++) {
    s.say(
      A,
      [
        'Can you tell me a bit more about when this started?',
        'I am just pulling up your account details now.',
        'I can see your account here, you are on the {product}.',
        'Let me explain how this works so it does not happen again.',
        'I am adding a note to your account so the next person can see this.',
        'Could you confirm the email address we have on file?',
      ],
      1,
    );
    if (rand.chance(0.35)) s.pause(2000, 14000);
    s.say(
      C,
      [
        'It started about two weeks ago.',
        'Yes, that is the one.',
        'Okay, I see.',
        'I have been a customer for years, you know.',
        'Yes, the email is the same as before.',
        'Alright, go on.',
      ],
      mood,
    );
  }
}

function close(s: Script, b: Behaviour, mood: number): void {
  if (b.closes) {
    s.say(A, 'Is there anything else I can help you with today?', 1.5);
    s.say(
      C,
      mood >= 0
        ? ['No, that is all, thanks.', 'No, thank you so much for your help.']
        : ['No.', 'No, that is it.'],
      mood,
    );
    s.say(A, 'Thank you for calling {brand}, have a great day.', 2);
  } else {
    s.say(A, ['Okay, bye.', 'Alright, bye then.'], 0.5);
  }
}

function rudeMoment(s: Script, b: Behaviour): void {
  if (b.rude)
    s.say(
      A,
      ['Look, calm down, that is not my problem.', 'Whatever, I cannot do anything about that.'],
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
      ],
      -4,
    );
  }
  s.say(C, ['I want to speak to a manager.', 'Put me through to your supervisor right now.'], -3.5);
  s.say(A, 'I understand, let me transfer you to my supervisor.', 0.5);
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
    ],
    -2.5,
  );
  verify(s, b);
  s.say(A, 'I am sorry to hear that, let me check that for you.', 1);
  s.pause(4000, 20000);
  s.say(A, 'I can see the charge of {amount} here.', 0.5);
  details(s, rand, -1.5, rand.int(1, 4));
  if (rand.chance(0.4)) s.say(C, 'This is the third time this happens, it is ridiculous.', -3.5);
  rudeMoment(s, b);
  if (b.refundPromise) s.say(A, 'Do not worry, I guarantee a full refund today.', 1.5);
  const escalated = escalate(s, rand, d);
  const resolved = !escalated && rand.chance(0.45 + d * 0.4);
  if (resolved) {
    s.say(
      A,
      'I have applied a credit of {amount} to your account, it will show on your next bill.',
      2,
    );
    s.say(C, 'Okay, thank you, that is really helpful.', 2);
  } else if (!escalated) {
    s.say(
      A,
      'I have raised a billing dispute, someone will get back to you within five days.',
      0.5,
    );
    s.say(C, 'That is not good enough, I need this sorted.', -2.5);
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
    ],
    -2,
  );
  verify(s, b);
  s.say(A, 'I am sorry to hear that. May I ask why you want to leave?', 1);
  s.say(
    C,
    ['It is just too expensive for what I get.', 'The service keeps dropping and nobody fixes it.'],
    -2.5,
  );
  details(s, rand, -1.5, rand.int(1, 3));
  rudeMoment(s, b);
  const offers = rand.chance(0.4 + d * 0.55);
  let code = 'CANCELLED';
  if (offers) {
    s.say(A, 'I can offer you fifty percent off for the next six months if you stay with us.', 2);
    if (rand.chance(0.55)) {
      s.say(C, 'Okay, that sounds fair, I will stay.', 1.5);
      code = 'RETAINED';
    } else {
      s.say(C, 'No, I have made up my mind, please cancel it.', -2.5);
    }
  }
  if (code === 'CANCELLED') {
    if (rand.chance(0.3)) {
      s.say(A, 'I will pass this to our retention team and they will call you back.', 0.5);
      s.say(C, 'Fine, but I want this done.', -3);
      code = 'CHURN-FLAG';
    } else {
      s.say(A, 'Okay, I have processed the cancellation for you.', 0.5);
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
      ? 'I can match that price with our loyalty discount.'
      : 'I cannot match that price, but I can add extra data at no cost.',
    1.5,
  );
  const stays = matched ? rand.chance(0.8) : rand.chance(0.3);
  s.say(
    C,
    stays
      ? 'Okay, that works for me, I will stay.'
      : 'I will think about it, but I will probably switch.',
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
    ],
    -1.5,
  );
  verify(s, b);
  s.say(A, 'Let me run a quick test on your line.', 1);
  s.pause(5000, 25000);
  details(s, rand, -0.5, rand.int(1, 4));
  const fixed = rand.chance(0.4 + d * 0.4);
  if (fixed) {
    s.say(A, 'I have reset your connection, can you try now?', 1.5);
    s.say(C, 'Yes, it is working now, thank you so much.', 2.5);
  } else {
    rudeMoment(s, b);
    s.say(A, 'I will raise a ticket and an engineer will visit on {day}.', 0.5);
    s.say(C, 'Fine, but this keeps happening.', -2);
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
  s.say(A, 'We have a new {product} offer with a lower monthly price.', 2);
  s.say(C, ['That sounds interesting, how much would it cost?', 'What would that cost me?'], 0.5);
  s.say(A, 'It is {amount} a month, with the first month free.', 2);
  details(s, rand, 0.5, rand.int(1, 3));
  const r = rand.next();
  let code: string;
  if (r < 0.42) {
    s.say(C, ['Okay, let us do it, sign me up.', 'Great, I want to buy it.'], 2.5);
    s.say(A, 'Great, I have placed the order, you will get a confirmation email.', 2.5);
    code = 'SALE';
  } else if (r < 0.7) {
    s.say(C, 'Can you call me back next week? I need to think about it.', 0.5);
    s.say(A, 'Of course, I will call you back on {day}.', 1.5);
    code = 'CALLBACK';
  } else {
    s.say(C, 'No thanks, I am happy with what I have.', -0.5);
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
    ],
    -3,
  );
  verify(s, b);
  s.say(A, 'I am sorry about that, let me look at the notes from your last call.', 1);
  s.pause(3000, 15000);
  details(s, rand, -2, rand.int(1, 3));
  rudeMoment(s, b);
  const escalated = escalate(s, rand, d);
  const resolved = !escalated && rand.chance(0.35 + d * 0.4);
  if (resolved) {
    s.say(A, 'I have fixed it now and added a credit for the trouble.', 2);
    s.say(C, 'Finally, thank you.', 1);
  } else if (!escalated) {
    s.say(A, 'I have escalated this to the specialist team.', 0.5);
    s.say(C, 'I am really fed up with this.', -3.5);
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
    ],
    0,
  );
  verify(s, b);
  s.say(
    A,
    [
      'Of course, your contract ends in {month}.',
      'Sure, I will send you the steps by text message now.',
    ],
    1.5,
  );
  details(s, rand, 0.5, rand.int(0, 2));
  s.say(C, 'Great, thanks.', 1.5);
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
