/**
 * The product's roles and what each may do: one definition for the app (src/auth's public face)
 * and the API server (server/auth.ts). Roles arrive in the token's `roles` claim, as Entra ID
 * sends app roles (give the app registration app roles whose values are these names) and as
 * the local identity provider issues them for its demo users.
 *
 * No React and no browser API here: the server imports this file.
 */

/** Role values as they appear in the `roles` claim. */
export const ROLES = ['agent', 'reviewer', 'supervisor', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** What a role allows, in the product's words. */
export type Permission =
  | 'evaluate-calls'
  | 'respond-to-evaluations'
  | 'resolve-disputes'
  | 'edit-rules'
  | 'edit-forms'
  | 'edit-settings'
  | 'import-metadata'
  | 'assign-leads'
  | 'schedule-work'
  | 'change-others-schedules'
  | 'read-audit'
  | 'ingest-calls'
  | 'delete-calls';

const GRANTED_TO: Record<Permission, readonly Role[]> = {
  'evaluate-calls': ['reviewer', 'supervisor'],
  // The evaluated agent's answer: acknowledging or disputing is theirs, nobody else's.
  'respond-to-evaluations': ['agent'],
  'resolve-disputes': ['supervisor'],
  'edit-rules': ['supervisor', 'admin'],
  'edit-forms': ['supervisor', 'admin'],
  // The organisation's thresholds, sampling and spending cap, its calls' metadata and who owns
  // a lead change what everyone sees: not for an agent or a reviewer.
  'edit-settings': ['supervisor', 'admin'],
  'import-metadata': ['supervisor', 'admin'],
  'assign-leads': ['supervisor', 'admin'],
  // The team calendar's evaluations, calibration sessions and report deliveries are the quality
  // team's to plan: an agent is evaluated in them, and reads the calendar.
  'schedule-work': ['reviewer', 'supervisor', 'admin'],
  // An entry is its creator's to change or delete; a supervisor or admin plans for the team.
  'change-others-schedules': ['supervisor', 'admin'],
  // The audit log names every user's changes, saved searches included: the administrator's.
  'read-audit': ['admin'],
  // Calls the centre's own systems send (the API's calls.write scope too): what every screen
  // counts, so the people who run the quality programme.
  'ingest-calls': ['supervisor', 'admin'],
  // Deleting calls (a data-subject request) removes evidence for good: the administrator's.
  'delete-calls': ['admin'],
};

const ACTIONS: Record<Permission, string> = {
  'evaluate-calls': 'evaluate calls',
  'respond-to-evaluations': 'acknowledge or dispute an evaluation',
  'resolve-disputes': 'resolve a disputed evaluation',
  'edit-rules': 'change compliance rules',
  'edit-forms': 'change evaluation forms',
  'edit-settings': 'change the analysis and cost settings',
  'import-metadata': 'import or undo recording metadata',
  'assign-leads': 'assign leads',
  'schedule-work': 'put evaluations, calibrations and report deliveries on the team calendar',
  'change-others-schedules': "change or delete someone else's entry on the team calendar",
  'read-audit': 'read the audit log',
  'ingest-calls': 'load calls into Callscope',
  'delete-calls': 'delete calls',
};

const ROLE_NAMES: Record<Role, string> = {
  agent: 'an agent',
  reviewer: 'a reviewer',
  supervisor: 'a supervisor',
  admin: 'an administrator',
};

/** Every string in a token's `roles` claim (Entra ID and the local provider send an array). */
export function rolesFromClaims(claims: Readonly<Record<string, unknown>> | null | undefined) {
  const raw = claims?.roles;
  return Array.isArray(raw) ? raw.filter((r): r is string => typeof r === 'string') : [];
}

/** The product roles among a token's roles (other apps' roles may share the claim). */
export function productRoles(roles: readonly string[]): Role[] {
  return ROLES.filter((role) => roles.includes(role));
}

export interface Allowance {
  readonly allowed: boolean;
  /** Why not, in a sentence for the page; null when allowed. */
  readonly reason: string | null;
}

/** Whether these roles allow a permission, and if not, why (who may, and what the user has). */
export function allowance(roles: readonly string[], permission: Permission): Allowance {
  const granted = GRANTED_TO[permission];
  if (granted.some((role) => roles.includes(role))) return { allowed: true, reason: null };
  const names = granted.map((role) => ROLE_NAMES[role]);
  // "a reviewer or a supervisor", "a reviewer, a supervisor or an administrator"
  const who = names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}` : names[0];
  const mine = productRoles(roles);
  const have =
    mine.length === 0
      ? 'your account has no Callscope role; an administrator assigns them'
      : `your account is ${mine.map((role) => ROLE_NAMES[role]).join(' and ')}`;
  return { allowed: false, reason: `Only ${who} can ${ACTIONS[permission]}: ${have}.` };
}

/** The roles that grant a permission (for the API server's answers and for tests). */
export function rolesAllowedTo(permission: Permission): readonly Role[] {
  return GRANTED_TO[permission];
}
