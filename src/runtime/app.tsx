/** Mounts the application: theme first (no flash), then the router inside the auth provider. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { AuthProvider } from '../auth/index.ts';
import { manifest } from '../generated/manifest.gen.ts';
import { applyStoredTheme } from './preferences-store.ts';
import { createAppRouter } from './router.tsx';

export { applyStoredTheme };

export function mountApp(container: HTMLElement): void {
  document.querySelector('link[rel="icon"]')?.setAttribute('href', manifest.brand.logo);
  // Created only now, after the sign-in start-up: its first guard check must see the result.
  const router = createAppRouter();
  createRoot(container).render(
    <StrictMode>
      <AuthProvider>
        <RouterProvider router={router} />
      </AuthProvider>
    </StrictMode>,
  );
}
