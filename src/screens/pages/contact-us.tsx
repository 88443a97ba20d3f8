/**
 * Contact us: a real form (name, e-mail, organisation, topic, message) checked at each field,
 * kept as a draft in this browser while it is written (a reload or a failed send loses
 * nothing), guarded against spam without a third party, and delivered to the endpoint the
 * deployment's manifest configures. Without an endpoint it says where to write instead and
 * hands the message to the visitor's e-mail app.
 */
import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { contactSettings, deploymentStorage } from '../../runtime/index.ts';
import { fieldAria, type FieldControl } from '../../ui/form-field.tsx';
import {
  EMPTY_DRAFT,
  LIMITS,
  TOPICS,
  contactDraftSpec,
  deliver,
  looksAutomated,
  mailtoLink,
  typingStartedAt,
  validateDraft,
  type ContactDraft,
  type ContactField,
  type FieldErrors,
} from './contact/message.ts';
import './contact-us.css';

type Status =
  | { kind: 'editing' }
  | { kind: 'sending' }
  | { kind: 'sent' }
  | { kind: 'handed-to-mail' }
  | { kind: 'failed'; reason: string };

const FIELD_ORDER: ContactField[] = ['name', 'email', 'organisation', 'topic', 'message'];

export default function ContactUs() {
  const { endpoint, email } = contactSettings;
  const storage = deploymentStorage();
  const [draft, setDraft] = useState<ContactDraft>(
    () => storage.read(contactDraftSpec) ?? EMPTY_DRAFT,
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const [status, setStatus] = useState<Status>({ kind: 'editing' });
  const [trap, setTrap] = useState('');
  const shownAt = useRef(Date.now());
  const summaryRef = useRef<HTMLDivElement>(null);
  const ids = useId();
  const idOf = (field: ContactField) => `${ids}-${field}`;

  const update = (field: ContactField, value: string) => {
    // The first keystroke starts the spam guard's timer, stored with the draft.
    const next = { startedAt: Date.now(), ...draft, [field]: value } as ContactDraft;
    setDraft(next);
    storage.write(contactDraftSpec, next);
    // A corrected field loses its message as soon as it is valid.
    if (errors[field] && !validateDraft(next)[field]) setErrors({ ...errors, [field]: undefined });
  };
  const checkField = (field: ContactField) => {
    const problem = validateDraft(draft)[field];
    if (problem !== errors[field]) setErrors({ ...errors, [field]: problem });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateDraft(draft);
    setErrors(found);
    const invalid = FIELD_ORDER.filter((f) => found[f]);
    if (invalid.length > 0) {
      // The summary is announced; focus goes to it so keyboard users land on the list.
      requestAnimationFrame(() => summaryRef.current?.focus());
      return;
    }
    if (looksAutomated(trap, typingStartedAt(draft, shownAt.current), Date.now())) {
      setStatus({
        kind: 'failed',
        reason: 'That was faster than a person types. Check your message and send it again.',
      });
      shownAt.current = Date.now();
      return;
    }
    if (!endpoint) {
      if (email) {
        window.location.href = mailtoLink(email, draft);
        setStatus({ kind: 'handed-to-mail' });
      }
      return;
    }
    setStatus({ kind: 'sending' });
    const result = await deliver(endpoint, draft);
    if (result.ok) {
      storage.remove(contactDraftSpec);
      setStatus({ kind: 'sent' });
    } else {
      setStatus({ kind: 'failed', reason: result.reason });
    }
  };

  if (status.kind === 'sent') {
    return (
      <div className="contact-layout">
        <section className="card contact-sent" role="status" aria-labelledby="contact-sent-title">
          <h2 id="contact-sent-title">Thank you, your message was sent</h2>
          <p>
            We reply to <strong>{draft.email.trim()}</strong>, usually within one working day.
          </p>
          <button
            type="button"
            className="button"
            onClick={() => {
              setDraft(EMPTY_DRAFT);
              setStatus({ kind: 'editing' });
              shownAt.current = Date.now();
            }}
          >
            Write another message
          </button>
        </section>
      </div>
    );
  }

  const invalid = FIELD_ORDER.filter((f) => errors[f]);
  const sendLabel = endpoint ? 'Send message' : email ? 'Write it in my e-mail app' : undefined;

  return (
    <div className="contact-layout">
      <form className="card contact-form" noValidate onSubmit={(e) => void submit(e)}>
        {!endpoint && (
          <p className="contact-note" role="note">
            {email ? (
              <>
                Messages from this form are not delivered on this site. Write to{' '}
                <a href={`mailto:${email}`}>{email}</a>: the button below opens your e-mail app with
                what you wrote.
              </>
            ) : (
              'This site has no contact address. Ask the administrator of your organisation’s Callscope deployment.'
            )}
          </p>
        )}
        {invalid.length > 0 && (
          <div
            className="contact-summary"
            role="alert"
            tabIndex={-1}
            ref={summaryRef}
            aria-labelledby={`${ids}-summary`}
          >
            <p id={`${ids}-summary`}>
              {invalid.length === 1
                ? 'One field needs your attention:'
                : `${invalid.length} fields need your attention:`}
            </p>
            <ul>
              {invalid.map((f) => (
                <li key={f}>
                  <a href={`#${idOf(f)}`}>{errors[f]}</a>
                </li>
              ))}
            </ul>
          </div>
        )}
        <Field id={idOf('name')} label="Name" error={errors.name}>
          {(aria) => (
            <input
              {...aria}
              type="text"
              autoComplete="name"
              maxLength={LIMITS.name * 2}
              value={draft.name}
              onChange={(e) => update('name', e.target.value)}
              onBlur={() => checkField('name')}
            />
          )}
        </Field>
        <Field id={idOf('email')} label="Work e-mail" error={errors.email}>
          {(aria) => (
            <input
              {...aria}
              type="email"
              autoComplete="email"
              inputMode="email"
              value={draft.email}
              onChange={(e) => update('email', e.target.value)}
              onBlur={() => checkField('email')}
            />
          )}
        </Field>
        <Field
          id={idOf('organisation')}
          label="Organisation"
          hint="Optional"
          error={errors.organisation}
        >
          {(aria) => (
            <input
              {...aria}
              type="text"
              autoComplete="organization"
              value={draft.organisation}
              onChange={(e) => update('organisation', e.target.value)}
              onBlur={() => checkField('organisation')}
            />
          )}
        </Field>
        <Field id={idOf('topic')} label="Topic" error={errors.topic}>
          {(aria) => (
            <select
              {...aria}
              value={draft.topic}
              onChange={(e) => update('topic', e.target.value)}
              onBlur={() => checkField('topic')}
            >
              <option value="">Choose a topic…</option>
              {TOPICS.map((t) => (
                <option key={t} value={t}>
                  {t}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field
          id={idOf('message')}
          label="Message"
          hint={`${draft.message.trim().length} of ${LIMITS.message} characters`}
          error={errors.message}
        >
          {(aria) => (
            <textarea
              {...aria}
              rows={7}
              value={draft.message}
              onChange={(e) => update('message', e.target.value)}
              onBlur={() => checkField('message')}
            />
          )}
        </Field>
        {/* The spam trap: people never see or reach it; form-filling bots fill it in. */}
        <div className="contact-trap" aria-hidden="true">
          <label>
            Leave this field empty
            <input
              type="text"
              tabIndex={-1}
              autoComplete="off"
              name="website"
              value={trap}
              onChange={(e) => setTrap(e.target.value)}
            />
          </label>
        </div>
        {status.kind === 'failed' && (
          <div className="contact-failure" role="alert">
            <p>{status.reason}</p>
            <p>
              Your message is kept in this browser.{' '}
              {email ? (
                <>
                  Send it again, or write to <a href={mailtoLink(email, draft)}>{email}</a>.
                </>
              ) : (
                'Send it again in a moment.'
              )}
            </p>
          </div>
        )}
        {status.kind === 'handed-to-mail' && (
          <p className="contact-note" role="status">
            Your e-mail app should have opened with the message. If it did not, write to{' '}
            <a href={`mailto:${email}`}>{email}</a>; your text stays here until you clear it.
          </p>
        )}
        <div className="contact-actions">
          {sendLabel && (
            <button
              type="submit"
              className="button button-primary"
              disabled={status.kind === 'sending'}
            >
              {status.kind === 'sending' ? 'Sending…' : sendLabel}
            </button>
          )}
          <button
            type="button"
            className="button"
            onClick={() => {
              setDraft(EMPTY_DRAFT);
              setErrors({});
              storage.remove(contactDraftSpec);
              setStatus({ kind: 'editing' });
            }}
          >
            Clear
          </button>
          <span className="muted contact-saved">Your draft is kept in this browser.</span>
        </div>
      </form>
      <aside className="card contact-aside" aria-labelledby={`${ids}-aside`}>
        <h2 id={`${ids}-aside`}>Before you write</h2>
        <ul>
          <li>
            <strong>Sales and pilots</strong>: tell us your call volume and the number of sites.
          </li>
          <li>
            <strong>Support</strong>: name the page and, if you can, the call it is about.
          </li>
          <li>
            <strong>Privacy</strong>: requests about personal data in recorded calls go to the
            organisation that recorded them; we help you find it.
          </li>
        </ul>
        {email && (
          <p>
            E-mail: <a href={`mailto:${email}`}>{email}</a>
          </p>
        )}
      </aside>
    </div>
  );
}

function Field({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  children: (aria: FieldControl) => ReactNode;
}) {
  return (
    <div className={`contact-field${error ? ' contact-field--invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {children({ id, ...fieldAria(error, hint && `${id}-hint`, error && `${id}-error`) })}
      {hint && (
        <span id={`${id}-hint`} className="contact-hint muted">
          {hint}
        </span>
      )}
      {error && (
        <span id={`${id}-error`} className="contact-error">
          {error}
        </span>
      )}
    </div>
  );
}
