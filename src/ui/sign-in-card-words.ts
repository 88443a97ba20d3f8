/**
 * The sign-in card's fixed words, shared by the card (sign-in-gate.tsx) and the route pages the
 * build draws it in before any script runs (scripts/build/route-pages.ts), so both say the same.
 */
export const SIGN_IN_CARD = {
  heading: 'Sign in to see your organisation’s data',
  button: 'Sign in',
} as const;
