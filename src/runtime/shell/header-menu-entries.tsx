/**
 * The entries of the header's menus (tools grid, Quick Search presets, the user menu), a chunk
 * of their own: every page draws the menus' buttons (header-menus.tsx), but their entries only
 * once a menu opens, so they are fetched when the user first points at, focuses or presses one
 * of the buttons, not in the page's first load.
 */
import { Link } from '../link.tsx';
import { signOut, type StoredUser } from '../../auth/index.ts';
import { manifest } from '../../generated/manifest.gen.ts';
import { Icon } from '../icons.tsx';
import { routeById, targetHref } from '../targets.ts';
import { initialsOf } from './initials.ts';
import { NavEntry } from './nav-entry.tsx';
import './header-menu-entries.css';

const { tools, quickSearch, userMenu } = manifest.header;

export function ToolEntries() {
  return tools.map((tool) => (
    <NavEntry key={tool.id} item={tool} role="menuitem" tabIndex={-1} className="tool-tile" />
  ));
}

export function QuickSearchPresets() {
  return (
    <>
      <p className="popover-title eyebrow" aria-hidden="true">
        Quick Search
      </p>
      {quickSearch.map((preset) => (
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
      ))}
    </>
  );
}

export function UserMenuEntries({ user }: { user: StoredUser }) {
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
