/**
 * Why this page's changes are not offered to the signed-in account (the token's roles decide;
 * src/auth/roles.ts). Rendered nothing when they are; the controls it explains point at it
 * with aria-describedby.
 */
import type { Allowance } from '../auth/permissions.ts';

export function RoleNotice({ allowance, id }: { allowance: Allowance; id: string }) {
  if (allowance.allowed) return null;
  return (
    <p id={id} className="an-notice" data-testid="role-refused">
      {allowance.reason} You can still look at everything here.
    </p>
  );
}
