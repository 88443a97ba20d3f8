/** Mounts the application: theme first (no flash), then the router inside the auth provider. */
import { StrictMode, startTransition } from 'react';
import type { createRoot as CreateRoot } from './react-dom-client.ts';
import { AuthProvider } from '../auth/index.ts';
import { manifest } from '../generated/manifest.gen.ts';
import { createAppNavigation, type AppNavigation } from './navigation.ts';
import { applyStoredTheme } from './preferences-store.ts';
import { AppRouter } from './router.tsx';
import { preloadScreen } from './screen-loader.ts';

export { applyStoredTheme };

/**
 * `createRoot` comes from React DOM's chunk, which main.tsx imports beside this one rather than
 * through it: the two are fetched together and each evaluates in a task of its own.
 */
export function mountApp(container: HTMLElement, createRoot: typeof CreateRoot): void {
  document.querySelector('link[rel="icon"]')?.setAttribute('href', manifest.brand.logo);
  // Created only now, after the sign-in start-up: its first guard check must see the result.
  const navigation = createAppNavigation();
  // The first render waits for the first screen's chunk (on its way since main started, see
  // first-screen.ts), as every later navigation does: the page then paints whole, with no
  // placeholder for the screen to replace (no layout shift) and no Suspense fallback, after
  // which React would hold the content back for its 300 ms throttle. The static outline from
  // index.html stays on screen meanwhile. A failed chunk renders too: the frame says so. An
  // address that moves meanwhile is caught up when the router listens (navigation.ts).
  void preloadScreen(navigation.initial.route).then(() =>
    render(createRoot(container), navigation),
  );
}

function render(root: ReturnType<typeof CreateRoot>, navigation: AppNavigation): void {
  // As a transition, React renders the first page in slices of a few milliseconds, yielding to
  // the browser between them, where a plain render was one task of 30-65 ms (issue 18: no long
  // task after the first paint). The skeleton, and a public route's drawn head, stay meanwhile.
  startTransition(() =>
    root.render(
      <StrictMode>
        <AuthProvider>
          <AppRouter navigation={navigation} />
        </AuthProvider>
      </StrictMode>,
    ),
  );
}
