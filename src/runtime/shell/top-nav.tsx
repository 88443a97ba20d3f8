import { useLocation } from 'react-router-dom';
import { manifest } from '../../generated/manifest.gen.ts';
import { findActiveEntry } from '../active-item.ts';
import { Icon } from '../icons.tsx';
import { usePopover } from '../use-popover.ts';
import { NavEntry } from './nav-entry.tsx';
import { sidebarEntries } from './sidebar.tsx';
import './popover.css';
import './top-nav.css';

type Section = (typeof manifest.sidebar.sections)[number];

/** The sidebar's sections as a horizontal menu bar (the "top nav" layout on wide screens). */
export function TopNav() {
  const location = useLocation();
  const active = findActiveEntry(sidebarEntries, location);
  const { callToAction } = manifest.sidebar;
  return (
    <nav className="top-nav" aria-label="Main">
      <ul>
        {manifest.sidebar.sections.map((section) => (
          <li key={section.id}>
            <TopNavSection section={section} active={active} />
          </li>
        ))}
      </ul>
      {callToAction && (
        <NavEntry
          item={callToAction}
          className="button button-primary top-nav-cta"
          active={callToAction === active}
        />
      )}
    </nav>
  );
}

function TopNavSection({ section, active }: { section: Section; active: unknown }) {
  const { open, buttonProps, panelProps } = usePopover('menu');
  const containsActive = section.items.some((item) => item === active);
  return (
    <div className="popover-anchor">
      <button {...buttonProps} className="top-nav-button" data-active={containsActive || undefined}>
        {section.title}
        <Icon name="chevron-down" size={16} />
      </button>
      <div {...panelProps} role="menu" aria-label={section.title} className="popover menu">
        {/* Entries only while open, as the header's menus (header-menus.tsx). */}
        {open &&
          section.items.map((item) => (
            <NavEntry
              key={item.id}
              item={item}
              role="menuitem"
              tabIndex={-1}
              className="menu-item"
              active={item === active}
            />
          ))}
      </div>
    </div>
  );
}
