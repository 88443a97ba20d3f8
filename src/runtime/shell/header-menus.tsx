/**
 * The header's pop-up menus: tools grid, Quick Search presets and the user menu. Every page draws
 * their buttons; a menu's entries are rendered only while it is open (closed, they were some 70
 * elements and as many links in every page's first render and commit, one task on the path to
 * the first paint of content, issue 18), and their code is a chunk of its own
 * (header-menu-entries.tsx), fetched when the user first points at, focuses or presses a menu's
 * button: opening waits for it, so the first entry is there to take the focus.
 */
import type { ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { Link } from '../link.tsx';
import { useStoredUser } from '../../auth/index.ts';
import { manifest } from '../../generated/manifest.gen.ts';
import { deferred } from '../deferred.ts';
import { guardRedirect } from '../guard.ts';
import { Icon } from '../icons.tsx';
import { targetHref } from '../targets.ts';
import { usePopover } from '../use-popover.ts';
import { initialsOf } from './initials.ts';
import './popover.css';
import './header-menus.css';

const { tools, quickSearch } = manifest.header;

const menuEntries = deferred(() => import('./header-menu-entries.tsx'));

/**
 * A header menu: its button, and its panel with the entries `entries` draws while it is open,
 * or, when their chunk did not download, one entry that says so (a menu holds menu items only);
 * choosing it closes the menu, and opening it again retries.
 */
function HeaderMenu(props: {
  /** The menu's name (the button's unless `buttonLabel`). */
  label: string;
  buttonLabel?: string;
  buttonClass: string;
  panelClass: string;
  children: ReactNode;
  entries: (loaded: NonNullable<ReturnType<typeof menuEntries.get>>) => ReactNode;
}) {
  const { open, close, buttonProps, panelProps } = usePopover('menu', undefined, {
    prepare: menuEntries.fetch,
  });
  const loaded = menuEntries.get();
  return (
    <div className="popover-anchor">
      <button
        {...buttonProps}
        className={props.buttonClass}
        aria-label={props.buttonLabel ?? props.label}
      >
        {props.children}
      </button>
      <div
        {...panelProps}
        role="menu"
        aria-label={props.label}
        className={`popover ${props.panelClass}`}
      >
        {open &&
          (loaded ? (
            props.entries(loaded)
          ) : (
            <button
              type="button"
              role="menuitem"
              tabIndex={-1}
              className="menu-item"
              onClick={() => close(true)}
            >
              This menu could not be loaded. Check the connection, then open it again.
            </button>
          ))}
      </div>
    </div>
  );
}

export function ToolsMenu() {
  if (tools.length === 0) return null;
  return (
    <HeaderMenu
      label="Tools"
      buttonClass="icon-button"
      panelClass="tools-grid"
      entries={({ ToolEntries }) => <ToolEntries />}
    >
      <Icon name="grid" />
    </HeaderMenu>
  );
}

export function QuickSearchMenu() {
  if (quickSearch.length === 0) return null;
  return (
    <HeaderMenu
      label="Quick Search"
      buttonClass="header-button"
      panelClass="menu presets"
      entries={({ QuickSearchPresets }) => <QuickSearchPresets />}
    >
      <Icon name="bolt" />
      <span className="header-button-label">Quick Search</span>
    </HeaderMenu>
  );
}

/** The user menu when signed in; a sign-in link (back to this page afterwards) otherwise. */
export function UserArea() {
  const user = useStoredUser();
  const location = useLocation();
  if (!user) {
    const login = guardRedirect({ auth: 'required' }, false, location);
    return (
      <Link
        to={login ?? targetHref({ route: manifest.auth.loginRoute })}
        className="button button-primary"
      >
        Sign in
      </Link>
    );
  }
  return (
    <HeaderMenu
      label="Account"
      buttonLabel={`Account menu for ${user.name}`}
      buttonClass="user-button"
      panelClass="menu user-menu"
      entries={({ UserMenuEntries }) => <UserMenuEntries user={user} />}
    >
      <span className="avatar" aria-hidden="true">
        {initialsOf(user.name)}
      </span>
      <span className="user-greeting">Hi, {user.name}</span>
      <Icon name="chevron-down" size={16} />
    </HeaderMenu>
  );
}
