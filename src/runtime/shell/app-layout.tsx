/**
 * The layout: picks the page layout for the current route. The sign-in route gets a focused
 * layout (logo, card, notice) in the first load; every other route gets the app's chrome
 * (shell-layout.tsx), fetched as its own chunk together with the first screen.
 */
import { lazy, Suspense, useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useStoredUser } from '../../auth/index.ts';
import { manifest } from '../../generated/manifest.gen.ts';
import { useCurrentRoute } from '../current-route.ts';
import { guardRedirect } from '../guard.ts';
import { BrandLink, CompanyNotice, SkipLink } from './brand.tsx';
import { preloadShellLayout } from './chrome-loader.ts';
import { ModeToggle } from './mode-toggle.tsx';
import { NavigationProgress } from './progress.tsx';
import { CurrentScreen, ScreenPending } from './screen-frame.tsx';

// If its chunk fails, React.lazy keeps the error: the shell's error page offers a reload.
const ShellLayout = lazy(preloadShellLayout);

/** The static outline of index.html again, while the chrome's chunk arrives. */
function ShellPending() {
  return (
    <div className="boot" aria-busy="true">
      <div className="boot-sidebar" />
      <div className="boot-main">
        <div className="boot-header" />
        <p className="boot-status" role="status">
          Loading…
        </p>
      </div>
    </div>
  );
}

export function AppLayout() {
  const location = useLocation();
  const navigate = useNavigate();
  const { route } = useCurrentRoute();
  const user = useStoredUser();
  const leaving = guardRedirect(route, user !== null, location);

  // Signed out elsewhere (another tab, expired session): leave the protected page at once.
  useEffect(() => {
    if (leaving) navigate(leaving, { replace: true });
  }, [leaving, navigate]);

  // On the way to sign in (also while the first guard check runs) nothing protected shows.
  if (leaving) return <SignInLayout pending />;
  if (route.id === manifest.auth.loginRoute) return <SignInLayout />;
  return (
    <Suspense fallback={<ShellPending />}>
      <ShellLayout />
    </Suspense>
  );
}

function SignInLayout({ pending = false }: { pending?: boolean }) {
  return (
    <div className="sign-in-layout">
      <SkipLink />
      <NavigationProgress />
      <div className="cover" aria-hidden="true" />
      <header className="sign-in-header">
        <BrandLink />
        <ModeToggle />
      </header>
      <main id="main" tabIndex={-1} className="sign-in-card">
        {pending ? <ScreenPending /> : <CurrentScreen />}
      </main>
      <footer className="sign-in-footer">
        <CompanyNotice />
      </footer>
    </div>
  );
}
