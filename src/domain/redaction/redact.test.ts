import { describe, expect, it } from 'vitest';
import { passesLuhn, redactTranscript, type RedactionTurn } from './index.ts';

const C = (text: string): RedactionTurn => ({ speaker: 'CUSTOMER', text });
const A = (text: string): RedactionTurn => ({ speaker: 'AGENT', text });
const texts = (turns: RedactionTurn[], kinds?: Parameters<typeof redactTranscript>[1]) =>
  redactTranscript(turns, kinds).turns.map((t) => t.text);

describe('card numbers', () => {
  it('knows Luhn', () => {
    expect(passesLuhn('4111111111111111')).toBe(true);
    expect(passesLuhn('4111111111111112')).toBe(false);
  });

  it.each([
    ['written as one number', 'It is 4111111111111111.', 'It is [card].'],
    ['written in groups', 'sure, 4111 1111 1111 1111 thanks', 'sure, [card] thanks'],
    ['written with dashes', 'card 5500-0000-0000-0004 ok', 'card [card] ok'],
    [
      'spoken digit by digit in groups',
      'four one one one, one one one one, one one one one, one one one one',
      '[card]',
    ],
    [
      'spoken with double and oh',
      'five five oh oh, double oh double oh, oh oh oh oh, oh oh oh four',
      '[card]',
    ],
    [
      'spoken with triple',
      'four triple one, one one one one, one one one one, triple one one',
      '[card]',
    ],
    ['spoken as pairs', 'forty-one eleven, eleven eleven, eleven eleven, eleven eleven', '[card]'],
    [
      'mixed words and digits with fillers',
      "uh it's 4111 and then one one one one um 1111 1111",
      "uh it's [card]",
    ],
    ['American Express, 15 digits', '3782 822463 10005', '[card]'],
  ])('masks a card %s', (_, said, redacted) => {
    expect(texts([C(said)])).toEqual([redacted]);
  });

  it('joins a card split over two turns of the caller with the agent between', () => {
    const out = redactTranscript([
      C('four one one one, one one one one'),
      A('okay, go on'),
      C('one one one one, one one one one'),
    ]);
    expect(out.turns.map((t) => t.text)).toEqual(['[card]', 'okay, go on', '[card]']);
    expect(out.spans.map((s) => [s.kind, s.turn, s.words])).toEqual([
      ['card', 0, [0, 8]],
      ['card', 2, [0, 8]],
    ]);
  });

  it('joins a card split over three turns', () => {
    expect(
      texts([
        C('Four one one one.'),
        A('Yes.'),
        C('One one one one, one one one one.'),
        A('Mm-hm.'),
        C('And one one one one.'),
      ]),
    ).toEqual(['[card].', 'Yes.', '[card].', 'Mm-hm.', 'And [card].']);
  });

  it('does not join the agent’s digits into the caller’s card', () => {
    // Caller 4111 1111 1111 + agent 1111 would pass Luhn if speakers were mixed.
    expect(texts([C('4111 1111 1111'), A('1111')])).toEqual(['4111 1111 1111', '1111']);
  });

  it('leaves the agent reading back the last four alone', () => {
    expect(
      texts([C('4111 1111 1111 1111'), A('Thanks, the card ending one one one one, correct?')]),
    ).toEqual(['[card]', 'Thanks, the card ending one one one one, correct?']);
  });

  it.each([
    ['an order number failing Luhn', 'my order number is 4111 1111 1111 1112'],
    [
      'a spoken order number failing Luhn',
      'order four one one one one one one one one one one one one one one two',
    ],
    ['a date', 'it was on 2024-03-05 at 10:30'],
    ['an amount', 'I was charged $1,234.56 twice, then four hundred dollars'],
    ['a short number said as words', 'I called two times about the one bill'],
    ['oh as a word', 'Oh, oh I see, oh well'],
  ])('leaves %s alone', (_, said) => {
    expect(texts([C(said)])).toEqual([said]);
  });
});

describe('CVV and expiry after a card', () => {
  it('masks the expiry and CVV the agent asks for', () => {
    expect(
      texts([
        C('4111 1111 1111 1111'),
        A('And the expiry date?'),
        C('oh nine twenty seven'),
        A('And the three digits on the back?'),
        C('one two three'),
      ]),
    ).toEqual([
      '[card]',
      'And the expiry date?',
      '[expiry]',
      'And the three digits on the back?',
      '[cvv]',
    ]);
  });

  it('masks them said in the same breath as the card', () => {
    expect(texts([C('4111 1111 1111 1111 expiring 09/27 and the code is 123')])).toEqual([
      '[card] expiring [expiry] and the code is [cvv]',
    ]);
  });

  it('masks a month-name expiry', () => {
    expect(texts([C('4111111111111111'), A('Expiry?'), C('September twenty-seven')])).toEqual([
      '[card]',
      'Expiry?',
      '[expiry]',
    ]);
  });

  it('takes three digits after a card for the CVV even when nobody names it', () => {
    expect(texts([C('5555 5555 5555 4444'), A('And?'), C('seven three one')])).toEqual([
      '[card]',
      'And?',
      '[cvv]',
    ]);
  });

  it('masks a 19-digit card and its same-breath expiry', () => {
    expect(texts([C('6011 0009 9013 9424 124 expires 12/29')])).toEqual([
      '[card] expires [expiry]',
    ]);
  });

  it('leaves three digits alone when no card came before', () => {
    expect(texts([A('What is the code on the back?'), C('one two three')])).toEqual([
      'What is the code on the back?',
      'one two three',
    ]);
  });
});

describe('SSNs, e-mail addresses and phone numbers', () => {
  it('masks a written SSN and a spoken one after the agent asks', () => {
    expect(
      texts([
        C('my SSN is 123-45-6789'),
        A('Can you repeat your social security number?'),
        C('one two three four five six seven eight nine'),
      ]),
    ).toEqual(['my SSN is [ssn]', 'Can you repeat your social security number?', '[ssn]']);
  });

  it('leaves nine digits alone without a social security cue', () => {
    expect(texts([C('the reference is 123456789')])).toEqual(['the reference is 123456789']);
  });

  it.each([
    ['written', 'mail me at john.smith@example.com.', 'mail me at [email].'],
    ['spoken', "it's john dot smith at example dot com okay", "it's [email] okay"],
    ['spoken with a country domain', 'jane underscore doe at mail dot co dot uk', '[email]'],
    ['spelled', 'j o h n at gmail dot com', '[email]'],
  ])('masks an e-mail address %s', (_, said, redacted) => {
    expect(texts([C(said)])).toEqual([redacted]);
  });

  it('leaves "at" in ordinary speech alone', () => {
    expect(texts([C('I was at the store at noon')])).toEqual(['I was at the store at noon']);
  });

  it.each([
    ['written', 'call me on (555) 234-5678 please', 'call me on [phone] please'],
    ['spoken', 'it is five five five, two three four, five six seven eight', 'it is [phone]'],
    ['international', 'my number is +44 20 7946 0958', 'my number is [phone]'],
  ])('masks a phone number %s', (_, said, redacted) => {
    expect(texts([C(said)])).toEqual([redacted]);
  });

  it('leaves a ten-digit order number that is no phone number alone', () => {
    expect(texts([C('order 1234567890')])).toEqual(['order 1234567890']);
  });
});

describe('options and spans', () => {
  it('masks only the kinds asked for', () => {
    const turns = [C('4111 1111 1111 1111 or john@example.com')];
    expect(texts(turns, { kinds: ['email'] })).toEqual(['4111 1111 1111 1111 or [email]']);
    expect(texts(turns, { kinds: [] })).toEqual(['4111 1111 1111 1111 or john@example.com']);
  });

  it('gives the time range of the masked words and merges their timings', () => {
    const words = 'my card is 4111 1111 1111 1111 thanks'.split(' ').map((_, k) => ({
      beginMs: k * 1000,
      endMs: k * 1000 + 800,
    }));
    const out = redactTranscript([{ ...C('my card is 4111 1111 1111 1111 thanks'), words }]);
    expect(out.spans).toEqual([
      {
        kind: 'card',
        turn: 0,
        words: [3, 7],
        chars: [11, 17],
        audio: { beginMs: 3000, endMs: 6800, from: 'words' },
      },
    ]);
    expect(out.turns[0]!.text.slice(11, 17)).toBe('[card]');
    expect(out.turns[0]!.words).toHaveLength(5);
    expect(out.turns[0]!.words![3]).toEqual({ beginMs: 3000, endMs: 6800 });
  });

  it('silences the whole turn when the file has only turn times', () => {
    const out = redactTranscript([{ ...C('4111 1111 1111 1111'), beginMs: 500, endMs: 4000 }]);
    expect(out.spans[0]!.audio).toEqual({ beginMs: 500, endMs: 4000, from: 'turn' });
  });
});
