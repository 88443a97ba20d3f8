/**
 * The contact form's rules, apart from its UI: what a message holds, what makes a field valid,
 * how a draft is stored, the spam guard, and delivery to the deployment's endpoint.
 */
import type { StoredValueSpec } from '../../../runtime/index.ts';

export const TOPICS = ['Sales', 'Support', 'Partnerships', 'Careers', 'Privacy', 'Other'] as const;
export type Topic = (typeof TOPICS)[number];

export interface ContactDraft {
  name: string;
  email: string;
  organisation: string;
  topic: Topic | '';
  message: string;
  /**
   * When the draft was first typed (epoch ms), kept with it: the spam guard's timer runs from
   * then, so a draft restored after a reload can be sent at once.
   */
  startedAt?: number;
}

export type ContactField = Exclude<keyof ContactDraft, 'startedAt'>;
export type FieldErrors = Partial<Record<ContactField, string>>;

export const EMPTY_DRAFT: ContactDraft = {
  name: '',
  email: '',
  organisation: '',
  topic: '',
  message: '',
};

export const LIMITS = { name: 120, email: 254, organisation: 160, message: 5000 } as const;
const MIN_MESSAGE = 10;
// One @, something on both sides, a dot in the domain: what a person mistypes, not RFC 5322.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The problem of each field, in the words shown beside it; empty when the draft can be sent. */
export function validateDraft(draft: ContactDraft): FieldErrors {
  const errors: FieldErrors = {};
  const name = draft.name.trim();
  if (name === '') errors.name = 'Enter your name.';
  else if (name.length > LIMITS.name) errors.name = `Use at most ${LIMITS.name} characters.`;
  const email = draft.email.trim();
  if (email === '') errors.email = 'Enter your e-mail address, so we can reply.';
  else if (email.length > LIMITS.email || !EMAIL.test(email))
    errors.email = 'Enter an e-mail address like name@example.com.';
  if (draft.organisation.trim().length > LIMITS.organisation)
    errors.organisation = `Use at most ${LIMITS.organisation} characters.`;
  if (draft.topic === '') errors.topic = 'Choose what your message is about.';
  const message = draft.message.trim();
  if (message.length < MIN_MESSAGE)
    errors.message = `Write at least ${MIN_MESSAGE} characters, so we know how to help.`;
  else if (message.length > LIMITS.message)
    errors.message = `Shorten the message to ${LIMITS.message} characters (it has ${message.length}).`;
  return errors;
}

/** The draft kept in this browser, so a reload or a failed send loses nothing. */
export const contactDraftSpec: StoredValueSpec<ContactDraft> = {
  name: 'contact-draft',
  version: 1,
  parse: parseDraft,
};

/** Accepts a stored draft field by field: a corrupt field is dropped, the rest kept. */
export function parseDraft(raw: unknown): ContactDraft | undefined {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return undefined;
  const value = raw as Record<string, unknown>;
  const text = (key: keyof typeof LIMITS, max: number) =>
    typeof value[key] === 'string' ? (value[key] as string).slice(0, max * 2) : '';
  const topic = TOPICS.includes(value.topic as Topic) ? (value.topic as Topic) : '';
  const startedAt = value.startedAt;
  return {
    // A start in the future (a clock set back, an edited store) is no start.
    ...(typeof startedAt === 'number' && Number.isFinite(startedAt) && startedAt <= Date.now()
      ? { startedAt }
      : {}),
    name: text('name', LIMITS.name),
    email: text('email', LIMITS.email),
    organisation: text('organisation', LIMITS.organisation),
    topic,
    message: text('message', LIMITS.message),
  };
}

/**
 * The spam guard, with no third party: a field people never see (bots fill every input) and a
 * minimum time between showing the form and sending it (bots submit at once).
 */
export const MIN_FILL_MS = 3000;

/** When typing began: the draft's first keystroke, else when the form was shown. */
export function typingStartedAt(draft: ContactDraft, shownAt: number): number {
  return draft.startedAt ?? shownAt;
}
export function looksAutomated(trap: string, shownAt: number, now: number): boolean {
  return trap.trim() !== '' || now - shownAt < MIN_FILL_MS;
}

export type DeliveryResult = { ok: true } | { ok: false; reason: string };

/** POSTs the message as JSON to the deployment's endpoint. Never throws. */
export async function deliver(
  endpoint: string,
  draft: ContactDraft,
  send: typeof fetch = fetch,
): Promise<DeliveryResult> {
  const body = {
    name: draft.name.trim(),
    email: draft.email.trim(),
    organisation: draft.organisation.trim() || undefined,
    topic: draft.topic,
    message: draft.message.trim(),
  };
  try {
    const response = await send(endpoint, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (response.ok) return { ok: true };
    return {
      ok: false,
      reason:
        response.status === 429
          ? 'Too many messages were sent from here just now. Wait a minute and send again.'
          : `The message could not be delivered (the server answered ${response.status}).`,
    };
  } catch {
    return { ok: false, reason: 'The message could not be sent: check your connection.' };
  }
}

/** A mailto: address with the draft as subject and body, for deployments without an endpoint. */
export function mailtoLink(address: string, draft: ContactDraft): string {
  const subject = `${draft.topic || 'Message'} from ${draft.name.trim() || 'the contact page'}`;
  const lines = [
    draft.message.trim(),
    '',
    `${draft.name.trim()}${draft.organisation.trim() ? `, ${draft.organisation.trim()}` : ''}`,
    draft.email.trim(),
  ];
  return `mailto:${address}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(lines.join('\n'))}`;
}
