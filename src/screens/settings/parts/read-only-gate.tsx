/**
 * Public settings pages: anyone may read them, changing anything needs a signed-in user.
 * Signed out, the page says so at the top with Sign in (back to this address) and the form
 * below is read-only.
 */
import type { ReactNode } from 'react';
import { SignInCard, useSignedIn } from '../../../ui/sign-in-gate.tsx';

export function useReadOnly(): boolean {
  return !useSignedIn();
}

export function ReadOnlyNotice({ purpose }: { purpose: ReactNode }) {
  const signedIn = useSignedIn();
  if (signedIn) return null;
  return (
    <div data-testid="read-only-notice">
      <SignInCard
        purpose={
          <>
            {purpose} You are viewing these settings read-only: sign in to change them and to see
            their effect on your calls.
          </>
        }
      />
    </div>
  );
}
