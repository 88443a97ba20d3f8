/** The image tool's default text type: a recognised conversation is analysed as one (issue 38.6). */
import { describe, expect, it } from 'vitest';
import { looksLikeConversation } from '../../../src/screens/tools/parts/text-kind.ts';

describe('recognised text: a conversation or one message', () => {
  it.each([
    'Agent: Hello, how can I help?\nCustomer: I was charged twice.',
    '[10:42] Maria: Hi there\n[10:43] You: My router keeps dropping\n[10:44] Maria: Sorry!',
    'Customer: hi\n\nAgent: hello\nCustomer: bye',
  ])('%j is a conversation', (text) => {
    expect(looksLikeConversation(text)).toBe(true);
  });

  it.each([
    'Dear Sir or Madam,\nI was charged twice on my bill and I want to cancel my contract.',
    'Re: account 4471\nI was overcharged again.',
    'Customer: one message only, as an e-mail pasted with its sender.',
    'Agent: first line\nAgent: same speaker again',
  ])('%j is one message', (text) => {
    expect(looksLikeConversation(text)).toBe(false);
  });
});
