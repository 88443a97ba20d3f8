import { useEffect, type ReactNode } from 'react';
import { getAuthRuntime } from './runtime-instance.ts';

/**
 * Wraps the app: MSAL's React context (when the identity client could be created) and,
 * once mounted, the background renewal of a restored session's access token.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const runtime = getAuthRuntime();
  useEffect(() => {
    void runtime?.session.renew();
  }, [runtime]);
  if (!runtime) return <>{children}</>;
  const { Provider } = runtime;
  return <Provider instance={runtime.client}>{children}</Provider>;
}
