import { useState } from 'react';
import { signIn, signOut, useAuthError, useStoredUser } from '../../auth/index.ts';
// The failure texts are kept out of the shell's first load; only this page needs them.
import { failureMessage } from '../../auth/failure-messages.ts';
import { AppLink, useRouteQuery } from '../../runtime/index.ts';
import './sign-in.css';

/**
 * The sign-in page's body (the shell draws the heading): the button that sends the user to
 * the organisation's identity provider, and, after a failed attempt, what went wrong with a
 * way to try again. Back from a successful sign-in the auth module returns the user to the
 * page they were going to (`returnTo`), so this page is rarely seen signed in.
 */
export default function SignIn() {
  const { returnTo } = useRouteQuery('login');
  const failure = useAuthError();
  const user = useStoredUser();
  const [leaving, setLeaving] = useState(false);

  const start = () => {
    setLeaving(true);
    // Resolves only if the redirect could not start; the failure then shows below.
    void signIn(returnTo).finally(() => setLeaving(false));
  };

  if (user && !failure) {
    return (
      <div className="stack">
        <p>
          You are signed in as <strong>{user.name}</strong>
          {user.username ? ` (${user.username})` : ''}.
        </p>
        <div className="button-row">
          <AppLink route="dashboard" className="button button-primary sign-in-button">
            Continue to the dashboard
          </AppLink>
          {/* Signing out here is also how to switch to another account. */}
          <button type="button" className="button sign-in-button" onClick={() => void signOut()}>
            Sign out or use another account
          </button>
        </div>
      </div>
    );
  }

  return (
    <div className="stack">
      {failure && (
        <section className="sign-in-failure" role="alert" aria-labelledby="sign-in-failure-title">
          <h2 id="sign-in-failure-title">{failureMessage(failure.kind).title}</h2>
          <p>{failureMessage(failure.kind).message}</p>
          <p className="sign-in-failure-code">Error code: {failure.code}</p>
        </section>
      )}
      <button
        type="button"
        className="button button-primary sign-in-button"
        onClick={start}
        disabled={leaving}
        aria-describedby="sign-in-status"
      >
        {failure ? 'Try again' : 'Sign in with your work or school account'}
      </button>
      <p id="sign-in-status" className="sign-in-status" aria-live="polite">
        {leaving
          ? 'Taking you to your organisation’s sign-in page…'
          : 'You will be taken to your organisation’s sign-in page and brought back here.'}
      </p>
    </div>
  );
}
