/**
 * The theme drawer: mode, the manifest's colours and covers, and the layout flags. Every
 * control is a native radio or checkbox, so keyboards and screen readers work without help;
 * each change is applied and saved at once.
 */
import { manifest } from '../../generated/manifest.gen.ts';
import { Icon } from '../icons.tsx';
import { layoutFlags, type LayoutFlag, type Mode } from '../preferences.ts';
import { resetPreferences, updatePreferences, usePreferences } from '../preferences-store.ts';
import type { PopoverPanelProps } from '../use-popover.ts';
import './drawer.css';
import './theme-panel.css';

const flagLabels: Record<LayoutFlag, { label: string; hint: string }> = {
  sidebarCollapsed: { label: 'Collapsed sidebar', hint: 'Icons only, on wide screens' },
  headerHidden: { label: 'Hide header', hint: 'More room for content' },
  footer: { label: 'Footer', hint: 'Links and company notice' },
  boxed: { label: 'Boxed layout', hint: 'Content in a centred column' },
  topNav: {
    label: 'Top navigation',
    hint: `Menu bar instead of the sidebar from ${manifest.layout.topNavBreakpointPx} px`,
  },
};

const modes: readonly { id: Mode; label: string; icon: 'moon' | 'sun' }[] = [
  { id: 'dark', label: 'Dark', icon: 'moon' },
  { id: 'light', label: 'Light', icon: 'sun' },
];

export function ThemePanel({ panel, onClose }: { panel: PopoverPanelProps; onClose: () => void }) {
  const prefs = usePreferences();
  const { colors, covers } = manifest.theme;
  return (
    <>
      {!panel.hidden && <div className="backdrop drawer-backdrop" aria-hidden="true" />}
      <div
        ref={panel.ref}
        id={panel.id}
        onKeyDown={panel.onKeyDown}
        className="drawer"
        data-state={panel.hidden ? 'closed' : 'open'}
        role="dialog"
        aria-modal="true"
        aria-labelledby="theme-panel-title"
      >
        <div className="drawer-head">
          <h2 id="theme-panel-title">Theme</h2>
          <button
            type="button"
            className="icon-button"
            aria-label="Close theme settings"
            onClick={onClose}
          >
            <Icon name="close" />
          </button>
        </div>
        <div className="drawer-body">
          <fieldset className="choice-group">
            <legend className="eyebrow">Mode</legend>
            <div className="segmented">
              {modes.map((mode) => (
                <label key={mode.id}>
                  <input
                    type="radio"
                    name="theme-mode"
                    checked={prefs.mode === mode.id}
                    onChange={() => updatePreferences({ mode: mode.id })}
                  />
                  <span>
                    <Icon name={mode.icon} size={18} />
                    {mode.label}
                  </span>
                </label>
              ))}
            </div>
          </fieldset>

          <fieldset className="choice-group">
            <legend className="eyebrow">Colour</legend>
            <div className="swatches">
              {colors.map((color) => (
                <label key={color.id} className="swatch" title={color.name}>
                  <input
                    type="radio"
                    name="theme-color"
                    checked={prefs.color === color.id}
                    onChange={() => updatePreferences({ color: color.id })}
                  />
                  <span className="swatch-dot" style={{ background: color[prefs.mode] }} />
                  <span className="sr-only">{color.name}</span>
                </label>
              ))}
            </div>
          </fieldset>

          <fieldset className="choice-group">
            <legend className="eyebrow">Cover</legend>
            <div className="covers">
              {covers.map((cover) => (
                <label key={cover.id} className="cover-choice">
                  <input
                    type="radio"
                    name="theme-cover"
                    checked={prefs.cover === cover.id}
                    onChange={() => updatePreferences({ cover: cover.id })}
                  />
                  <img src={cover.image} alt="" loading="lazy" />
                  <span>{cover.name}</span>
                </label>
              ))}
            </div>
          </fieldset>

          <fieldset className="choice-group">
            <legend className="eyebrow">Layout</legend>
            {layoutFlags.map((flag) => (
              <label key={flag} className="switch">
                <input
                  type="checkbox"
                  checked={prefs[flag]}
                  onChange={(event) => updatePreferences({ [flag]: event.target.checked })}
                />
                <span className="switch-track" aria-hidden="true" />
                <span className="switch-text">
                  {flagLabels[flag].label}
                  <small>{flagLabels[flag].hint}</small>
                </span>
              </label>
            ))}
          </fieldset>
        </div>
        <div className="drawer-foot">
          <button type="button" className="button" onClick={resetPreferences}>
            <Icon name="refresh" size={18} />
            Reset to defaults
          </button>
        </div>
      </div>
    </>
  );
}
