/**
 * Public settings pages: anyone may read them, changing anything needs a signed-in user whose
 * roles allow it. Signed out, the page says so at the top with Sign in (back to this address);
 * signed in without the permission, it says who may; either way the form below is read-only.
 */
import type { ReactNode } from 'react';
import { usePermission, type Permission } from '../../../auth/permissions.ts';
import { SignInCard, useSignedIn } from '../../../ui/sign-in-gate.tsx';
import { RoleNotice } from '../../../ui/role-notice.tsx';

export function useReadOnly(permission: Permission): boolean {
  const signedIn = useSignedIn();
  const may = usePermission(permission);
  return !signedIn || !may.allowed;
}

export function ReadOnlyNotice(props: { purpose: ReactNode; permission: Permission }) {
  const { purpose } = props;
  const signedIn = useSignedIn();
  const may = usePermission(props.permission);
  if (signedIn) return <RoleNotice allowance={may} id="settings-role" />;
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
