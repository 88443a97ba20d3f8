import { useEffect, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { manifest } from '../../generated/manifest.gen.ts';
import { Icon } from '../icons.tsx';
import { updatePreferences, usePreferences } from '../preferences-store.ts';
import { searchHref, searchTextOf } from '../search.ts';
import type { PopoverButtonProps } from '../use-popover.ts';
import { BrandLink } from './brand.tsx';
import { QuickSearchMenu, ToolsMenu, UserArea } from './header-menus.tsx';
import { ModeToggle } from './mode-toggle.tsx';
import './header.css';

export interface HeaderProps {
  /** The sidebar toggle for this viewport, or none when there is no sidebar (top nav). */
  sidebarToggle: 'collapse' | 'drawer' | null;
  drawerButton: PopoverButtonProps;
  themeButton: PopoverButtonProps;
  showBrand: boolean;
}

export function Header({ sidebarToggle, drawerButton, themeButton, showBrand }: HeaderProps) {
  const prefs = usePreferences();
  return (
    <header className="app-header">
      {sidebarToggle === 'drawer' && (
        <button {...drawerButton} className="icon-button" aria-label="Open navigation">
          <Icon name="menu" />
        </button>
      )}
      {sidebarToggle === 'collapse' && (
        <button
          type="button"
          className="icon-button"
          aria-controls="sidebar"
          aria-expanded={!prefs.sidebarCollapsed}
          aria-label={prefs.sidebarCollapsed ? 'Expand sidebar' : 'Collapse sidebar'}
          onClick={() => updatePreferences({ sidebarCollapsed: !prefs.sidebarCollapsed })}
        >
          <Icon name="panel-left" />
        </button>
      )}
      {showBrand && <BrandLink />}
      <SearchForm />
      <div className="header-actions">
        <QuickSearchMenu />
        <ToolsMenu />
        <ModeToggle />
        <button {...themeButton} className="icon-button" aria-label="Theme settings">
          <Icon name="palette" />
        </button>
        <UserArea />
      </div>
    </header>
  );
}

function SearchForm() {
  const location = useLocation();
  const navigate = useNavigate();
  const current = searchTextOf(location);
  const [text, setText] = useState(current);
  // Show the search the URL holds (after a preset, or Back), not a stale draft.
  useEffect(() => setText(current), [current]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const target = searchHref(text);
    if (target) navigate(target);
  };

  return (
    <form role="search" aria-label="Search calls" className="header-search" onSubmit={submit}>
      <label htmlFor="header-search-input" className="sr-only">
        Search calls
      </label>
      <Icon name="search" size={18} />
      <input
        id="header-search-input"
        type="search"
        name={manifest.header.search.param}
        placeholder={manifest.header.search.placeholder}
        value={text}
        onChange={(event) => setText(event.target.value)}
        autoComplete="off"
        enterKeyHint="search"
      />
    </form>
  );
}
