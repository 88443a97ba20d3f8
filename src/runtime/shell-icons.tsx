/**
 * The shell's own control icons (menu, close, sun, moon...) and the SVG frame every icon is
 * drawn in. Kept apart from the manifest's icon set (icons.tsx) so the sign-in page, which
 * needs only a few of them, does not download the whole set.
 */
// A circle as two arcs, so every icon stays a single path.
export const circle = (cx: number, cy: number, r: number) =>
  `M${cx - r} ${cy}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0`;

/**
 * Icons of the shell's own controls (not offered to the manifest), adapted from Lucide like the
 * manifest's set (credited with its licence in THIRD_PARTY_NOTICES.md).
 */
export const shellIcons = {
  menu: 'M3 6h18M3 12h18M3 18h18',
  close: 'M18 6L6 18M6 6l12 12',
  'chevron-down': 'M6 9l6 6 6-6',
  'chevron-right': 'M9 18l6-6-6-6',
  'panel-left':
    'M5 3h14a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2zM9 3v18M16 10l-2 2 2 2',
  grid: 'M4 4h6v6H4zM14 4h6v6h-6zM4 14h6v6H4zM14 14h6v6h-6z',
  palette: `M12 22a10 10 0 1 1 10-10c0 2.8-2.2 4-4 4h-2a2 2 0 0 0-1.5 3.3A1.7 1.7 0 0 1 12 22zM7.5 10.5h.01M10.5 7h.01M15.5 7.5h.01`,
  sun: `${circle(12, 12, 4)}M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4`,
  moon: 'M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z',
  bolt: 'M13 2L3 14h9l-1 8 10-12h-9z',
  refresh: 'M21 12a9 9 0 1 1-3-6.7L21 8M21 3v5h-5',
};

export type ShellIconName = keyof typeof shellIcons;

/** A decorative 24x24 stroke icon: always paired with visible text or an aria-label. */
export function SvgIcon({ d, size = 20 }: { d: string; size?: number }) {
  return (
    <svg
      className="icon"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={d} />
    </svg>
  );
}

export function ShellIcon({ name, size }: { name: ShellIconName; size?: number }) {
  return <SvgIcon d={shellIcons[name]} size={size} />;
}
