/**
 * MSAL's own cache in localStorage (accounts, tokens, its key index). When it is damaged (a
 * value that is not JSON, or `null`), MSAL throws on the next account lookup; the way out is to
 * drop its entries and ask the user to sign in again, never to leave them signed in with a
 * Logout that does nothing.
 */
export function clearIdentityCache(
  clientId: string,
  storage: Storage | undefined = local(),
): number {
  if (!storage) return 0;
  const doomed: string[] = [];
  try {
    for (let k = 0; k < storage.length; k++) {
      const key = storage.key(k);
      // MSAL names its index keys "msal.*" and its entries after the client id.
      if (key && (key.startsWith('msal.') || key.includes(clientId))) doomed.push(key);
    }
    for (const key of doomed) storage.removeItem(key);
  } catch {
    // Storage refused: nothing more to do here.
  }
  return doomed.length;
}

function local(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}
