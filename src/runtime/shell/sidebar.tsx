import { useLocation } from 'react-router-dom';
import { manifest } from '../../generated/manifest.gen.ts';
import { findActiveEntry } from '../active-item.ts';
import { Icon } from '../icons.tsx';
import type { PopoverPanelProps } from '../use-popover.ts';
import { BrandLink } from './brand.tsx';
import { NavEntry } from './nav-entry.tsx';
import './sidebar.css';

const { sections, callToAction } = manifest.sidebar;
/** Every sidebar entry, so exactly one of them (the best match) is active. */
export const sidebarEntries = [
  ...sections.flatMap((s) => s.items),
  ...(callToAction ? [callToAction] : []),
];

interface SidebarProps {
  /** Desktop: icons only. */
  collapsed: boolean;
  /** Narrow screens: the sidebar is an off-canvas drawer with these behaviours. */
  drawer?: PopoverPanelProps & { onClose: () => void };
}

export function Sidebar({ collapsed, drawer }: SidebarProps) {
  const location = useLocation();
  const active = findActiveEntry(sidebarEntries, location);
  const hint = (label: string) => (collapsed ? label : undefined);
  const drawerOpen = drawer ? !drawer.hidden : false;
  return (
    <>
      {drawer && drawerOpen && <div className="backdrop" aria-hidden="true" />}
      <div
        className="sidebar"
        id={drawer?.id ?? 'sidebar'}
        ref={drawer?.ref}
        onKeyDown={drawer?.onKeyDown}
        data-state={
          drawer ? (drawerOpen ? 'open' : 'closed') : collapsed ? 'collapsed' : 'expanded'
        }
        role={drawer ? 'dialog' : undefined}
        aria-modal={drawer ? true : undefined}
        aria-label={drawer ? 'Navigation' : undefined}
      >
        {/* One landmark for all of it: brand, sections and the call to action. */}
        <nav className="sidebar-nav" aria-label="Main">
          <div className="sidebar-brand">
            <BrandLink />
            {drawer && (
              <button
                type="button"
                className="icon-button"
                aria-label="Close navigation"
                onClick={drawer.onClose}
              >
                <Icon name="close" />
              </button>
            )}
          </div>
          <div className="sidebar-sections">
            {sections.map((section) => (
              <div className="nav-section" key={section.id}>
                <p className="nav-section-title eyebrow" id={`nav-${section.id}`}>
                  {section.title}
                </p>
                <ul aria-labelledby={`nav-${section.id}`}>
                  {section.items.map((item) => (
                    <li key={item.id}>
                      <NavEntry
                        item={item}
                        className="nav-link"
                        active={item === active}
                        title={hint(item.label)}
                      />
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </div>
          {callToAction && (
            <div className="sidebar-footer">
              <NavEntry
                item={callToAction}
                className="button button-primary sidebar-cta"
                active={callToAction === active}
                title={hint(callToAction.label)}
              />
            </div>
          )}
        </nav>
      </div>
    </>
  );
}
