/** The tools worker's operations, called exactly as the pages call them. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { toolsApi } from '../../../src/data/analysis/tools-api.ts';
import { qaScore } from '../../../src/metrics/index.ts';

const dir = path.resolve(import.meta.dirname, '../../fixtures/tools');
const read = (name: string) => readFileSync(path.join(dir, name), 'utf8');

const BILLING = `[0:00] Agent: Thank you for calling. Please note this call is recorded.
[0:07] Customer: I was charged twice and I'm thinking of leaving.
[0:14] Agent: Sorry! Can you verify your identity with your date of birth?
[0:20] Customer: Sure.
[0:26] Agent: I can offer you a loyalty discount and a credit.
[0:33] Customer: Okay, thank you so much.
[0:40] Agent: Is there anything else I can help you with?
[0:45] Customer: No, thanks.`;

describe('automated QM', () => {
  it('answers what rules and signals decide, with evidence and confidence, and leaves the rest', () => {
    const r = toolsApi.automatedQm({ name: 'billing', text: BILLING });
    if (!r.ok) throw new Error(r.message);
    const by = Object.fromEntries(r.evaluation.answers.map((a) => [a.questionId, a]));
    expect(by.disclosure).toMatchObject({
      basis: 'rule',
      confidence: 0.95,
      answer: { optionId: 'yes' },
    });
    expect(by.disclosure!.evidence[0]!.text).toContain('this call is recorded');
    expect(by.identity).toMatchObject({ basis: 'rule', answer: { optionId: 'yes' } });
    expect(by.retention).toMatchObject({ basis: 'signal', answer: { optionId: 'yes' } });
    expect(by.listening).toMatchObject({ basis: 'signal', answer: { value: 2 } });
    expect(by.resolved).toMatchObject({ basis: 'human', confidence: null });
    expect(by.resolved!.answer).toBeUndefined();
    expect(by.notes).toMatchObject({ basis: 'human' });
  });

  it('scores as evaluations do: the automated answers plus a person’s give the AI evaluation’s score', () => {
    const r = toolsApi.automatedQm({ name: 'billing', text: BILLING });
    if (!r.ok) throw new Error(r.message);
    const automated = r.evaluation.answers.flatMap((a) => (a.answer ? [a.answer] : []));
    expect(r.evaluation.automatedScore).toEqual(qaScore(r.evaluation.form, automated));
    const person = r.conversation.aiAnswers.filter((a) => a.questionId === 'resolved');
    expect(qaScore(r.evaluation.form, [...automated, ...person])).toEqual(r.conversation.qa);
  });

  it('an auto-fail answer makes the total 0', () => {
    const r = toolsApi.automatedQm({
      name: 'rude',
      text: 'Agent: This call is recorded. Calm down.\nCustomer: Excuse me?',
    });
    if (!r.ok) throw new Error(r.message);
    expect(r.evaluation.answers.find((a) => a.questionId === 'language')!.answer!.optionId).toBe(
      'no',
    );
    expect(r.evaluation.automatedScore).toMatchObject({ autoFailed: true, score: 0 });
  });

  it('bad input is a message, never a throw', () => {
    expect(toolsApi.automatedQm({ name: 'x', text: '' })).toEqual({
      ok: false,
      name: 'x',
      message: 'It is empty.',
    });
  });
});

describe('analyseMany', () => {
  it('keeps going past a broken file', () => {
    const results = toolsApi.analyseMany([
      { name: 'a.json', text: read('malformed-truncated.json') },
      { name: 'plain.txt', text: read('plain.txt') },
    ]);
    expect(results.map((r) => r.ok)).toEqual([false, true]);
  });

  it('a pasted transcript: sentiment per turn from the words, categories and churn', () => {
    const r = toolsApi.analyse({ name: 'p', text: read('plain.txt') });
    if (!r.ok) throw new Error(r.message);
    const c = r.conversation;
    expect(c.segments.at(-1)!.sentiment).toBe('POSITIVE');
    expect(c.analysis.categories.map((x) => x.name)).toContain('Cancellation intent');
    expect(c.analysis.churnRisk.reasons.map((x) => x.signal)).toEqual([
      'cancellation-intent',
      'competitor-mention',
    ]);
    expect(c.analysis.summary).toMatch(/^The conversation was about /);
  });
});

describe('interaction analysis', () => {
  it('threads from JSON, each analysed with the rules that apply to text, and a journey per customer', () => {
    const r = toolsApi.analyseThreads({ name: 'threads.json', text: read('threads.json') });
    if (!r.ok) throw new Error(r.message);
    expect(r.threads.map((t) => [t.id, t.channel, t.messages])).toEqual([
      ['chat-881', 'chat', 4],
      ['mail-204', 'email', 2],
      ['chat-902', 'chat', 3],
    ]);
    const ruleIds = r.threads[0]!.conversation.ruleResults.map((x) => x.ruleId);
    expect(ruleIds).not.toContain('rule-recording-disclosure');
    expect(ruleIds).toContain('rule-identity-verification');
    const chat = r.threads[2]!.conversation;
    expect(chat.segments.map((s) => s.speaker)).toEqual(['CUSTOMER', 'AGENT', 'CUSTOMER']);
    const journey = r.journeys.find((j) => j.customerId === 'C-1001')!;
    expect(journey.channels).toEqual(['chat', 'email']);
    expect(journey.steps.map((s) => s.threadId)).toEqual(['chat-881', 'mail-204']);
    expect(journey.repeatContacts).toBe(1);
  });

  it('CSV: a bad row is reported and left out, the others still count', () => {
    const r = toolsApi.analyseThreads({ name: 'threads.csv', text: read('threads.csv') });
    if (!r.ok) throw new Error(r.message);
    expect(r.skipped).toEqual(['Row 4 has a time that is not a date: “not a date”.']);
    expect(r.threads.map((t) => t.messages)).toEqual([2, 2]);
    expect(r.journeys[0]!.channels).toEqual(['sms', 'chat']);
  });

  it('CSV without the needed columns says which', () => {
    const r = toolsApi.analyseThreads({ name: 'bad.csv', text: read('malformed-threads.csv') });
    expect(r).toMatchObject({ ok: false, message: expect.stringContaining('no “author” column') });
  });
});

describe('churn signals in the usual wordings', () => {
  const analyse = (customer: string) => {
    const r = toolsApi.analyse({
      name: 'churn',
      text: `Agent: Thank you for calling, how can I help?\nCustomer: ${customer}\nAgent: I understand.`,
    });
    if (!r.ok) throw new Error(r.message);
    return r.conversation;
  };
  const signals = (customer: string) =>
    analyse(customer).analysis.churnRisk.reasons.map((r) => r.signal);
  const categories = (customer: string) => analyse(customer).analysis.categories.map((c) => c.name);

  it.each([
    "I'm going to cancel.",
    "I'll cancel if this is not fixed.",
    'I am cancelling the broadband.',
    'Just cancel the contract.',
    'I want to leave.',
  ])('“%s” is cancellation intent', (said) => {
    expect(signals(said)).toContain('cancellation-intent');
  });

  it.each([
    'Vodafone has a lower price, so I might go with another provider.',
    'I can get it cheaper elsewhere.',
    'There is a better price elsewhere.',
    'I am switching to a different provider.',
    'Your competitor is cheaper.',
    "It's cheaper with Virgin.",
    'Other companies are cheaper.',
  ])('“%s” is a competitor or price comparison', (said) => {
    expect(signals(said)).toContain('competitor-mention');
  });

  it.each([
    'I was overcharged last month.',
    'You charged me twice for the same thing.',
    'My bill went up again.',
    'My bill increased by ten pounds.',
    'You put my price up without telling me.',
    'I was double charged.',
  ])('“%s” is a billing dispute', (said) => {
    expect(categories(said)).toContain('Billing dispute');
  });

  it.each([
    'I want to cancel my contract, another provider offered me a lower price and I was overcharged.',
    // The customer, in the words people use.
    "I'm going to cancel. Globex offered me a cheaper deal and you overcharged me.",
  ])('cancel, a competitor’s lower price and an overcharge each show: “%s”', (said) => {
    const c = analyse(said);
    expect(c.analysis.churnRisk.reasons.map((r) => r.signal)).toEqual(
      expect.arrayContaining(['cancellation-intent', 'competitor-mention']),
    );
    expect(c.analysis.categories.map((x) => x.name)).toEqual(
      expect.arrayContaining(['Cancellation intent', 'Competitor mention', 'Billing dispute']),
    );
  });
});

describe('interaction analysis on text channels', () => {
  const thread = (...rows: [string, string, string][]) =>
    toolsApi.analyseThreads({
      name: 'chat.csv',
      text: [
        'thread,channel,author,role,time,text',
        ...rows.map(([role, time, text]) => `chat-1,chat,${role},${role},${time},${text}`),
      ].join('\n'),
    });
  const only = (r: ReturnType<typeof thread>) => {
    if (!r.ok) throw new Error(r.message);
    return r.threads[0]!.conversation.analysis;
  };

  it('a two-message chat has no silence and is not a possible fake call', () => {
    const a = only(
      thread(
        ['customer', '2026-03-02T09:00:00Z', 'Hi, my router keeps dropping.'],
        ['agent', '2026-03-02T09:02:00Z', 'Sorry to hear that, let me check.'],
      ),
    );
    expect(a.silenceMs).toBe(0);
    expect(a.nonTalk).toEqual([]);
    expect(a.fakeCall.flagged).toBe(false);
    expect(a.fakeCall.reasons.map((r) => r.signal)).toEqual(['too-few-turns']);
    expect(a.fakeCall.reasons[0]!.description).toBe('Only 2 message(s) in the thread.');
  });

  it('a one-message chat is explained by its messages, not by seconds spoken', () => {
    const a = only(thread(['customer', '2026-03-02T09:00:00Z', 'Hello?']));
    const said = a.fakeCall.reasons.map((r) => r.description);
    expect(said).toEqual(['Only 1 message(s) in the thread.', 'No agent replied.']);
    expect(said.join(' ')).not.toMatch(/spoke|lasted|Silence/);
  });
});

describe('automated QM and post-call analysis agree', () => {
  it('a saver plan offered to a customer who wants to leave is a retention offer', () => {
    const r = toolsApi.automatedQm({
      name: 'saver',
      text: [
        'Agent: Thank you for calling. This call is recorded.',
        'Customer: I want to cancel my contract.',
        'Agent: Before you go, I can put you on our saver plan for half the price.',
        'Customer: Okay, that works.',
      ].join('\n'),
    });
    if (!r.ok) throw new Error(r.message);
    const retention = r.evaluation.answers.find((a) => a.questionId === 'retention')!;
    expect(retention.answer!.optionId).toBe('yes');
    // The same answer as the AI evaluation Post-call analysis scores.
    expect(r.conversation.aiAnswers.find((a) => a.questionId === 'retention')).toEqual(
      retention.answer,
    );
  });
});
