/**
 * The demo users of the local identity provider. They exist so a newcomer can sign in on a
 * fresh machine; the password is published in the README on purpose and protects nothing.
 */
export interface DemoUser {
  /** Stable subject identifier (the id_token's `sub`). */
  readonly id: string;
  readonly email: string;
  readonly givenName: string;
  readonly familyName: string;
  /**
   * Issued in the `roles` claim of the ID and access tokens, as Entra ID issues app roles.
   * The values are the product's role names (src/auth/roles.ts; a unit test keeps them in step).
   */
  readonly roles: readonly string[];
}

/** Documented in the README and printed by `npm start`. Not a secret. */
export const DEMO_PASSWORD = 'callscope-demo';

export const demoUsers: readonly DemoUser[] = [
  // Evaluates calls, resolves disputes and changes rules and forms.
  {
    id: 'avery-quinn',
    email: 'avery@callscope.example',
    givenName: 'Avery',
    familyName: 'Quinn',
    roles: ['supervisor', 'reviewer'],
  },
  // An agent of the demo corpus (agent-001 in src/data/corpus/catalog.ts, whose directory e-mail
  // this is): acknowledges or disputes the evaluations of their own calls, changes nothing else.
  {
    id: 'noah-garcia',
    email: 'noah.garcia@callscope.example',
    givenName: 'Noah',
    familyName: 'Garcia',
    roles: ['agent'],
  },
];

export function displayName(user: DemoUser): string {
  return `${user.givenName} ${user.familyName}`;
}

export function findDemoUser(id: string): DemoUser | undefined {
  return demoUsers.find((user) => user.id === id);
}

/** Checks a sign-in form; emails compare case-insensitively like real directories do. */
export function authenticate(email: string, password: string): DemoUser | undefined {
  const wanted = email.trim().toLowerCase();
  const user = demoUsers.find((candidate) => candidate.email === wanted);
  return user && password === DEMO_PASSWORD ? user : undefined;
}

/** The claims the provider may release for a user (filtered by the granted scopes). */
export function userClaims(user: DemoUser): Record<string, string | boolean | string[]> {
  return {
    sub: user.id,
    name: displayName(user),
    given_name: user.givenName,
    family_name: user.familyName,
    // MSAL's AccountInfo.username comes from preferred_username.
    preferred_username: user.email,
    email: user.email,
    email_verified: true,
    roles: [...user.roles],
  };
}
