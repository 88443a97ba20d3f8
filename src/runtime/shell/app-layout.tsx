/**
 * The layout: picks the page layout for the current route. The sign-in route gets a focused
 * layout (logo, card, notice); every other route gets the app's chrome (shell-layout.tsx).
 * The chrome is part of the first load: a separate chunk cost every signed-in first visit
 * about 0.9 KB gzip (and a request) to spare the sign-in page 5.5 KB it has room for.
 */
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useStoredUser } from '../../auth/index.ts';
import { manifest } from '../../generated/manifest.gen.ts';
import { useCurrentRoute } from '../current-route.ts';
import { guardRedirect } from '../guard.ts';
import { BrandLink, CompanyNotice, SkipLink } from './brand.tsx';
import { ModeToggle } from './mode-toggle.tsx';
import { NavigationProgress } from './progress.tsx';
import { CurrentScreen, ScreenPending } from './screen-frame.tsx';
import ShellLayout from './shell-layout.tsx';
import './app-layout.css';

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
  return <ShellLayout />;
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
