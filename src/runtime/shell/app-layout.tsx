/**
 * The page layout around the routed screen: sidebar or top navigation, header, footer and the
 * theme drawer, arranged by the user's layout preferences and the viewport width. The sign-in
 * route gets a focused layout of its own (logo, card, notice) without the app's navigation.
 */
import { useEffect, useState } from 'react';
import { Outlet, useLocation, useMatches, useNavigate } from 'react-router-dom';
import { useStoredUser } from '../../auth/index.ts';
import { manifest } from '../../generated/manifest.gen.ts';
import { routeTable } from '../../generated/routes.gen.ts';
import { guardRedirect } from '../guard.ts';
import { Icon } from '../icons.tsx';
import { usePreferences } from '../preferences-store.ts';
import { routeById } from '../targets.ts';
import { usePopover } from '../use-popover.ts';
import { BrandLink } from './brand.tsx';
import { CompanyNotice, Footer } from './footer.tsx';
import { Header, ModeToggle } from './header.tsx';
import { NavigationProgress } from './progress.tsx';
import { ScreenPending } from './screen-frame.tsx';
import { Sidebar } from './sidebar.tsx';
import { ThemePanel } from './theme-panel.tsx';
import { TopNav } from './top-nav.tsx';
import { useMediaQuery } from './use-media-query.ts';

// Every URL matches a child route ("*" at worst); this only guards against an empty match.
const errorRouteId = routeTable.find((r) => r.path === '*')?.id ?? routeTable[0]!.id;
const wideQuery = `(min-width: ${manifest.layout.topNavBreakpointPx}px)`;

function SkipLink() {
  return (
    <a className="skip-link" href="#main">
      Skip to main content
    </a>
  );
}

export function AppLayout() {
  const location = useLocation();
  const navigate = useNavigate();
  const matches = useMatches();
  const route = routeById(matches.at(-1)?.id ?? errorRouteId);
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

function ShellLayout() {
  const prefs = usePreferences();
  const wide = useMediaQuery(wideQuery);
  const location = useLocation();
  const drawerState = useState(false);
  const drawer = usePopover('dialog', drawerState);
  const theme = usePopover('dialog');
  const topNav = prefs.topNav && wide;
  const { setOpen: setDrawerOpen } = drawer;

  // Each navigation closes the mobile sidebar.
  useEffect(() => setDrawerOpen(false), [location.key, setDrawerOpen]);

  const sidebarToggle = topNav ? null : wide ? 'collapse' : 'drawer';
  return (
    <div
      className="app"
      data-viewport={wide ? 'wide' : 'narrow'}
      data-nav={topNav ? 'top' : wide && prefs.sidebarCollapsed ? 'collapsed' : 'side'}
      data-boxed={prefs.boxed || undefined}
    >
      <SkipLink />
      <NavigationProgress />
      {!topNav && (
        <Sidebar
          collapsed={wide && prefs.sidebarCollapsed}
          drawer={wide ? undefined : { ...drawer.panelProps, onClose: () => drawer.close(true) }}
        />
      )}
      <div className="app-main">
        <div className="cover" aria-hidden="true" />
        {prefs.headerHidden ? (
          <aside className="floating-controls" aria-label="Display controls">
            {sidebarToggle === 'drawer' && (
              <button {...drawer.buttonProps} className="icon-button" aria-label="Open navigation">
                <Icon name="menu" />
              </button>
            )}
            <ModeToggle />
            <button {...theme.buttonProps} className="icon-button" aria-label="Theme settings">
              <Icon name="palette" />
            </button>
          </aside>
        ) : (
          <Header
            sidebarToggle={sidebarToggle}
            drawerButton={drawer.buttonProps}
            themeButton={theme.buttonProps}
            showBrand={topNav}
          />
        )}
        {topNav && <TopNav />}
        <main id="main" tabIndex={-1} className="content">
          <Outlet />
        </main>
        {prefs.footer && <Footer />}
      </div>
      <ThemePanel panel={theme.panelProps} onClose={() => theme.close(true)} />
    </div>
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
        {pending ? <ScreenPending /> : <Outlet />}
      </main>
      <footer className="sign-in-footer">
        <CompanyNotice />
      </footer>
    </div>
  );
}
