import { describe, expect, it, vi } from 'vitest';
import {
  EMPTY_DRAFT,
  MIN_FILL_MS,
  deliver,
  looksAutomated,
  mailtoLink,
  parseDraft,
  typingStartedAt,
  validateDraft,
  type ContactDraft,
} from './message.ts';

const good: ContactDraft = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  organisation: 'Analytical Engines',
  topic: 'Sales',
  message: 'We run 40 seats in two sites.',
};

describe('contact form rules', () => {
  it('a complete draft has no problems; each missing or malformed field has its own', () => {
    expect(validateDraft(good)).toEqual({});
    expect(Object.keys(validateDraft(EMPTY_DRAFT)).sort()).toEqual([
      'email',
      'message',
      'name',
      'topic',
    ]);
    expect(validateDraft({ ...good, email: 'ada@example' }).email).toBe(
      'Enter an e-mail address like name@example.com.',
    );
    expect(validateDraft({ ...good, message: 'hi' }).message).toMatch(/at least 10/);
    expect(validateDraft({ ...good, message: 'x'.repeat(5001) }).message).toMatch(/5000/);
    expect(validateDraft({ ...good, name: '   ' }).name).toBe('Enter your name.');
  });

  it('a stored draft is read field by field: corrupt fields are dropped, the rest kept', () => {
    expect(parseDraft(null)).toBeUndefined();
    expect(parseDraft('{not json')).toBeUndefined();
    expect(parseDraft({ ...good, topic: 'Hacking', email: 42 })).toEqual({
      ...good,
      topic: '',
      email: '',
    });
  });

  it('the spam guard times a restored draft from its first keystroke, not the reload', () => {
    const typed = Date.now() - 60_000;
    const restored = parseDraft(JSON.parse(JSON.stringify({ ...good, startedAt: typed })))!;
    const reloadedAt = Date.now();
    expect(looksAutomated('', typingStartedAt(restored, reloadedAt), reloadedAt + 10)).toBe(false);
    // A draft never typed is timed from when the form was shown; a start in the future is none.
    expect(typingStartedAt(good, reloadedAt)).toBe(reloadedAt);
    expect(parseDraft({ ...good, startedAt: Date.now() + 86_400_000 })).toEqual(good);
  });

  it('the spam guard: a filled trap or a send faster than a person types', () => {
    expect(looksAutomated('', 0, MIN_FILL_MS)).toBe(false);
    expect(looksAutomated('', 0, MIN_FILL_MS - 1)).toBe(true);
    expect(looksAutomated('https://spam.example', 0, 60_000)).toBe(true);
  });

  it('delivers the trimmed message as JSON and says why when it could not', async () => {
    const send = vi.fn(async () => new Response(null, { status: 202 }));
    expect(await deliver('/api/v1/contact', { ...good, name: ' Ada ' }, send)).toEqual({
      ok: true,
    });
    const [url, init] = send.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/contact');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toMatchObject({ name: 'Ada', topic: 'Sales' });

    const refused = await deliver('/x', good, async () => new Response(null, { status: 500 }));
    expect(refused).toEqual({
      ok: false,
      reason: 'The message could not be delivered (the server answered 500).',
    });
    const offline = await deliver('/x', good, async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(offline.ok).toBe(false);
  });

  it('hands the draft to the e-mail app with subject and body', () => {
    const link = mailtoLink('hello@example.com', good);
    expect(
      link.startsWith('mailto:hello@example.com?subject=Sales%20from%20Ada%20Lovelace&body='),
    ).toBe(true);
    expect(decodeURIComponent(link.split('body=')[1]!)).toContain('Analytical Engines');
  });
});
