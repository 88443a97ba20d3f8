/** Mounts the application: theme first (no flash), then the router inside the auth provider. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AuthProvider } from '../auth/index.ts';
import { manifest } from '../generated/manifest.gen.ts';
import { createAppNavigation, type AppNavigation } from './navigation.ts';
import { applyStoredTheme } from './preferences-store.ts';
import { AppRouter } from './router.tsx';
import { preloadScreen } from './screen-loader.ts';

export { applyStoredTheme };

export function mountApp(container: HTMLElement): void {
  document.querySelector('link[rel="icon"]')?.setAttribute('href', manifest.brand.logo);
  void firstNavigation().then((navigation) => render(container, navigation));
}

/**
 * The navigation the app starts with, once the first screen's chunk is here. Created only now,
 * after the sign-in start-up: its first guard check must see the result. The first render waits
 * for the chunk (on its way since main started, see first-screen.ts), as every later navigation
 * does: the page then paints whole, with no placeholder for the screen to replace (no layout
 * shift) and no Suspense fallback, after which React would hold the content back for its 300 ms
 * throttle. The static outline from index.html stays on screen meanwhile. A failed chunk
 * arrives too: the frame says so.
 */
async function firstNavigation(): Promise<AppNavigation> {
  for (let attempt = 1; ; attempt++) {
    const navigation = createAppNavigation();
    await preloadScreen(navigation.initial.route);
    // Back, Forward or a script may have moved the address while the chunk loaded, and the
    // history hears nothing before the router listens: start again from where it is now.
    const { pathname, search, hash } = navigation.initial.location;
    // (Bounded, in case an address never reads back the same: then the router follows it.)
    if (pathname + search + hash === addressNow() || attempt === 3) return navigation;
  }
}

function addressNow(): string {
  return window.location.pathname + window.location.search + window.location.hash;
}

function render(container: HTMLElement, navigation: AppNavigation): void {
  createRoot(container).render(
    <StrictMode>
      <AuthProvider>
        <AppRouter navigation={navigation} />
      </AuthProvider>
    </StrictMode>,
  );
}
