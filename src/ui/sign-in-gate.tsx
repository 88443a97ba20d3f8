/**
 * Organisation data behind sign-in on a public route. The spec makes some data routes public
 * (Churn Prediction, the analytics tools, the public settings pages): anyone may open them,
 * but calls, agents and settings of the organisation are shown only to a signed-in user.
 * Signed out, the page says what it is for and offers Sign in, which comes back to this very
 * address (path and query), so a shared link still lands where it pointed.
 */
import { useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { signIn, useStoredUser } from '../auth/index.ts';
import { useRoutePurpose } from '../runtime/index.ts';
import { SIGN_IN_CARD } from './sign-in-card-words.ts';

export interface SignInGateProps {
  /**
   * One or two sentences: what this page shows once signed in. The route's manifest `purpose`
   * when left out (a page that is only the gate: its pre-rendered page draws that text too).
   */
  purpose?: ReactNode;
  /** What needs the organisation's data; rendered only for a signed-in user. */
  children: ReactNode;
  /** Shown above the sign-in card to a signed-out visitor (e.g. a tool that works on their own input). */
  signedOut?: ReactNode;
}

export function SignInGate({ purpose, children, signedOut }: SignInGateProps) {
  const user = useStoredUser();
  if (user) return <>{children}</>;
  return (
    <div className="stack">
      {signedOut}
      <SignInCard purpose={purpose} />
    </div>
  );
}

/** True when a user is signed in: for pages that are read-only when signed out. */
export function useSignedIn(): boolean {
  return useStoredUser() !== null;
}

/** The card a signed-out visitor sees: what the page is for, and Sign in back to here. */
export function SignInCard(props: { purpose?: ReactNode }) {
  const routePurpose = useRoutePurpose();
  const purpose = props.purpose ?? routePurpose;
  const location = useLocation();
  const [leaving, setLeaving] = useState(false);
  const returnTo = `${location.pathname}${location.search}${location.hash}`;
  const start = () => {
    setLeaving(true);
    // Resolves only if the redirect could not start; the button is usable again then.
    void signIn(returnTo).finally(() => setLeaving(false));
  };
  return (
    <section className="card sign-in-gate" aria-labelledby="sign-in-gate-title">
      <h2 id="sign-in-gate-title">{SIGN_IN_CARD.heading}</h2>
      {/* A text is a paragraph, as route-pages.ts draws it before the app starts. */}
      <div className="muted">{typeof purpose === 'string' ? <p>{purpose}</p> : purpose}</div>
      <p>
        <button
          type="button"
          className="button button-primary"
          onClick={start}
          disabled={leaving}
          data-return-to={returnTo}
        >
          {SIGN_IN_CARD.button}
        </button>
      </p>
    </section>
  );
}
