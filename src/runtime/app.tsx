/** Mounts the application: theme first (no flash), then the router inside the auth provider. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AuthProvider } from '../auth/index.ts';
import { manifest } from '../generated/manifest.gen.ts';
import { createAppNavigation } from './navigation.ts';
import { applyStoredTheme } from './preferences-store.ts';
import { AppRouter } from './router.tsx';

export { applyStoredTheme };

export function mountApp(container: HTMLElement): void {
  document.querySelector('link[rel="icon"]')?.setAttribute('href', manifest.brand.logo);
  // Created only now, after the sign-in start-up: its first guard check must see the result.
  const navigation = createAppNavigation();
  createRoot(container).render(
    <StrictMode>
      <AuthProvider>
        <AppRouter navigation={navigation} />
      </AuthProvider>
    </StrictMode>,
  );
}
