import { updatePreferences, usePreferences } from '../preferences-store.ts';
import { ShellIcon } from '../shell-icons.tsx';

/** Switches between dark and light mode (the theme panel offers the same choice). */
export function ModeToggle() {
  const { mode } = usePreferences();
  const next = mode === 'dark' ? 'light' : 'dark';
  return (
    <button
      type="button"
      className="icon-button"
      aria-label={`Switch to ${next} mode`}
      onClick={() => updatePreferences({ mode: next })}
    >
      <ShellIcon name={mode === 'dark' ? 'sun' : 'moon'} />
    </button>
  );
}
