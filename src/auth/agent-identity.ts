/**
 * Which agent a signed-in user is (issue 33, 38.5): the agent directory's `email` equal to the
 * user's sign-in name (the token's preferred_username, else its email; with Entra ID the user
 * principal name), ignoring case and surrounding space. Written once: the API server refuses an
 * acknowledge or dispute by anyone else (server/evaluated-agent.ts) and the call page offers
 * those steps only to that agent.
 */
export function isAgentSignedInAs(
  agent: { readonly email?: string | undefined },
  signInName: string | undefined,
): boolean {
  const name = signInName?.trim().toLowerCase();
  return Boolean(name) && agent.email?.trim().toLowerCase() === name;
}
