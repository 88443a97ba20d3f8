/**
 * The header's pop-up menus: tools grid, Quick Search presets and the user menu. A menu's
 * entries are rendered only while it is open: closed, they were some 70 elements and as many
 * links in every page's first render and commit, one task on the path to the first paint of
 * content (issue 18).
 */
import { useLocation } from 'react-router-dom';
import { Link } from '../link.tsx';
import { signOut, useStoredUser, type StoredUser } from '../../auth/index.ts';
import { manifest } from '../../generated/manifest.gen.ts';
import { guardRedirect } from '../guard.ts';
import { Icon } from '../icons.tsx';
import { routeById, targetHref } from '../targets.ts';
import { usePopover } from '../use-popover.ts';
import { NavEntry } from './nav-entry.tsx';
import './popover.css';
import './header-menus.css';

const { tools, quickSearch, userMenu } = manifest.header;

export function ToolsMenu() {
  const { open, buttonProps, panelProps } = usePopover('menu');
  if (tools.length === 0) return null;
  return (
    <div className="popover-anchor">
      <button {...buttonProps} className="icon-button" aria-label="Tools">
        <Icon name="grid" />
      </button>
      <div {...panelProps} role="menu" aria-label="Tools" className="popover tools-grid">
        {open &&
          tools.map((tool) => (
            <NavEntry
              key={tool.id}
              item={tool}
              role="menuitem"
              tabIndex={-1}
              className="tool-tile"
            />
          ))}
      </div>
    </div>
  );
}

export function QuickSearchMenu() {
  const { open, buttonProps, panelProps } = usePopover('menu');
  if (quickSearch.length === 0) return null;
  return (
    <div className="popover-anchor">
      <button {...buttonProps} className="header-button" aria-label="Quick Search">
        <Icon name="bolt" />
        <span className="header-button-label">Quick Search</span>
      </button>
      <div {...panelProps} role="menu" aria-label="Quick Search" className="popover menu presets">
        <p className="popover-title eyebrow" aria-hidden="true">
          Quick Search
        </p>
        {open && <QuickSearchPresets />}
      </div>
    </div>
  );
}

function QuickSearchPresets() {
  return quickSearch.map((preset) => (
    <Link
      key={preset.id}
      to={targetHref(preset.target)}
      role="menuitem"
      tabIndex={-1}
      className="menu-item preset"
    >
      <span className="preset-label">{preset.label}</span>
      {preset.description && <span className="preset-text">{preset.description}</span>}
    </Link>
  ));
}

function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/);
  const letters = words.length > 1 ? [words[0], words.at(-1)] : [words[0]];
  return letters
    .map((word) => [...(word ?? '')][0] ?? '')
    .join('')
    .toUpperCase();
}

/** The user menu when signed in; a sign-in link (back to this page afterwards) otherwise. */
export function UserArea() {
  const user = useStoredUser();
  const location = useLocation();
  const { open, buttonProps, panelProps } = usePopover('menu');
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
    <div className="popover-anchor">
      <button {...buttonProps} className="user-button" aria-label={`Account menu for ${user.name}`}>
        <span className="avatar" aria-hidden="true">
          {initialsOf(user.name)}
        </span>
        <span className="user-greeting">Hi, {user.name}</span>
        <Icon name="chevron-down" size={16} />
      </button>
      <div {...panelProps} role="menu" aria-label="Account" className="popover menu user-menu">
        {open && <UserMenuEntries user={user} />}
      </div>
    </div>
  );
}

function UserMenuEntries({ user }: { user: StoredUser }) {
  return (
    <>
      <div className="user-card" aria-hidden="true">
        <span className="avatar avatar-large">{initialsOf(user.name)}</span>
        <span>
          <strong>{user.name}</strong>
          {user.username && <span className="user-card-username">{user.username}</span>}
        </span>
      </div>
      {userMenu.map((entry) => {
        const target = entry.target;
        if ('action' in target) {
          return (
            <button
              key={entry.id}
              type="button"
              role="menuitem"
              tabIndex={-1}
              className="menu-item menu-item-separated"
              onClick={() => void signOut()}
            >
              <Icon name={entry.icon ?? 'logout'} />
              {entry.label}
            </button>
          );
        }
        return (
          <Link
            key={entry.id}
            to={targetHref(target)}
            role="menuitem"
            tabIndex={-1}
            className="menu-item"
          >
            <Icon name={entry.icon ?? routeById(target.route).icon ?? 'chart'} />
            {entry.label}
          </Link>
        );
      })}
    </>
  );
}
