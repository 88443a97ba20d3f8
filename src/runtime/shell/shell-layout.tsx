/**
 * The application's chrome around a screen: sidebar or top navigation (from
 * `layout.topNavBreakpointPx`), header, footer and the theme drawer, arranged by the user's
 * layout preferences.
 */
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { Link } from '../link.tsx';
import { manifest } from '../../generated/manifest.gen.ts';
import { Icon } from '../icons.tsx';
import { usePreferences } from '../preferences-store.ts';
import { usePopover } from '../use-popover.ts';
import { SkipLink } from './brand.tsx';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';
import { UserArea } from './header-menus.tsx';
import { ModeToggle } from './mode-toggle.tsx';
import { NavigationProgress } from './progress.tsx';
import { CurrentScreen } from './screen-frame.tsx';
import { Sidebar } from './sidebar.tsx';
import { deferred } from '../deferred.ts';
import { PanelUnavailable } from './panel-unavailable.tsx';
import { TopNav } from './top-nav.tsx';
import { useMediaQuery } from './use-media-query.ts';
import { routeById } from '../targets.ts';
import './drawer.css';
import './shell-layout.css';

// Opened on request only: the theme drawer is its own chunk.
const themePanel = deferred(() => import('./theme-panel.tsx'));

const searchPagePath = routeById(manifest.header.search.route).path;

const wideQuery = `(min-width: ${manifest.layout.topNavBreakpointPx}px)`;

export default function ShellLayout() {
  const prefs = usePreferences();
  const wide = useMediaQuery(wideQuery);
  const location = useLocation();
  const drawerState = useState(false);
  const drawer = usePopover('dialog', drawerState);
  const theme = usePopover('dialog', undefined, { prepare: themePanel.fetch });
  const ThemePanel = themePanel.get()?.ThemePanel;
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
            {/* Search and the account menu (Logout) stay reachable without the header. */}
            <Link to={searchPagePath} className="icon-button" aria-label="Search calls">
              <Icon name="search" />
            </Link>
            <UserArea />
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
          <CurrentScreen />
        </main>
        {prefs.footer && <Footer />}
      </div>
      {ThemePanel ? (
        <ThemePanel panel={theme.panelProps} onClose={() => theme.close(true)} />
      ) : (
        theme.open && (
          <div
            {...theme.panelProps}
            className="drawer"
            data-state="open"
            role="dialog"
            aria-label="Theme"
          >
            <PanelUnavailable what="The theme settings" onClose={() => theme.close(true)} />
          </div>
        )
      )}
    </div>
  );
}
