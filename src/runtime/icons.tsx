/**
 * The runtime's icon set: one 24x24 stroke path per name, adapted from the Lucide icon set
 * (https://lucide.dev, ISC licence; its Feather-derived icons MIT), merged into single paths.
 * The licence texts are in THIRD_PARTY_NOTICES.md, which the build ships with the site. `Record<
 * IconName, string>` makes the compiler reject an icon name added to the schema without a
 * drawing here.
 */
import type { IconName } from '../generated/manifest.types.ts';
import { circle, shellIcons, SvgIcon, type ShellIconName } from './shell-icons.tsx';

const manifestIcons: Record<IconName, string> = {
  gauge: `M3.3 19a10 10 0 1 1 17.4 0M12 14l4-4${circle(12, 14, 1)}`,
  layout: 'M5 3h14a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2zM3 9h18M9 21V9',
  building:
    'M6 22V4a2 2 0 0 1 2-2h8a2 2 0 0 1 2 2v18zM6 12H4a2 2 0 0 0-2 2v6a2 2 0 0 0 2 2h2M18 9h2a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2h-2M10 6h4M10 10h4M10 14h4M10 18h4',
  headset:
    'M3 15v-3a9 9 0 0 1 18 0v3M3 14h3a1 1 0 0 1 1 1v3a1 1 0 0 1-1 1H5a2 2 0 0 1-2-2zM21 14h-3a1 1 0 0 0-1 1v3a1 1 0 0 0 1 1h1a2 2 0 0 0 2-2zM19 19a3 3 0 0 1-3 3h-3',
  'trend-down': 'M22 17l-8.5-8.5-5 5L2 7M16 17h6v-6',
  'trend-up': 'M22 7l-8.5 8.5-5-5L2 17M16 7h6v6',
  tag: `M12.6 2.6A2 2 0 0 0 11.2 2H4a2 2 0 0 0-2 2v7.2a2 2 0 0 0 .6 1.4l8.7 8.7a2.4 2.4 0 0 0 3.4 0l6.6-6.6a2.4 2.4 0 0 0 0-3.4z${circle(7.5, 7.5, 1)}`,
  message: 'M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2zM8 9h8M8 13h5',
  'users-minus': `M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2${circle(9, 7, 4)}M22 11h-6`,
  alert:
    'M10.3 3.9L1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0zM12 9v4M12 17h.01',
  'crystal-ball': `${circle(12, 10, 7)}M6 21h12M8 16.5L7 21M16 16.5l1 4.5M9 9a3 3 0 0 1 3-3`,
  shield: 'M12 22s8-4 8-10V5l-8-3-8 3v7c0 6 8 10 8 10zM9 12l2 2 4-4',
  sliders: 'M4 21v-7M4 10V3M12 21v-9M12 8V3M20 21v-5M20 12V3M1 14h6M9 8h6M17 16h6',
  list: 'M8 6h13M8 12h13M8 18h13M3 6h.01M3 12h.01M3 18h.01',
  book: 'M4 19.5A2.5 2.5 0 0 1 6.5 17H20V2H6.5A2.5 2.5 0 0 0 4 4.5zM4 19.5A2.5 2.5 0 0 0 6.5 22H20v-5',
  coins: `${circle(9, 8, 6)}M18.1 10.4a6 6 0 1 1-7.7 7.7M8 6h1v4`,
  receipt:
    'M4 2v20l2-1 2 1 2-1 2 1 2-1 2 1 2-1 2 1V2l-2 1-2-1-2 1-2-1-2 1-2-1-2 1zM16 8h-5.5a2 2 0 0 0 0 4h3a2 2 0 0 1 0 4H8M12 6.5v11',
  repeat: 'M17 1l4 4-4 4M3 11V9a4 4 0 0 1 4-4h14M7 23l-4-4 4-4M21 13v2a4 4 0 0 1-4 4H3',
  wand: 'M15 4V2M15 16v-2M8 9h2M20 9h2M17.8 11.8L19 13M17.8 6.2L19 5M3 21l9-9M12.2 6.2L11 5',
  wallet:
    'M19 7V4a1 1 0 0 0-1-1H5a2 2 0 0 0 0 4h15a1 1 0 0 1 1 1v4h-3a2 2 0 0 0 0 4h3v4a1 1 0 0 1-1 1H5a2 2 0 0 1-2-2V5',
  scale:
    'M16 16l3-8 3 8a4.5 4.5 0 0 1-6 0zM2 16l3-8 3 8a4.5 4.5 0 0 1-6 0zM7 21h10M12 3v18M3 7h2c2 0 5-1 7-2 2 1 5 2 7 2h2',
  search: `${circle(11, 11, 8)}M21 21l-4.3-4.3`,
  user: `M20 21v-2a4 4 0 0 0-4-4H8a4 4 0 0 0-4 4v2${circle(12, 7, 4)}`,
  inbox:
    'M22 12h-6l-2 3h-4l-2-3H2M5.5 5.1L2 12v6a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2v-6l-3.5-6.9A2 2 0 0 0 16.8 4H7.2a2 2 0 0 0-1.7 1.1z',
  calendar:
    'M5 4h14a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2zM16 2v4M8 2v4M3 10h18',
  settings: `${circle(12, 12, 3)}${circle(12, 12, 7)}M12 2v3M12 19v3M2 12h3M19 12h3M4.9 4.9L7 7M17 17l2.1 2.1M4.9 19.1L7 17M17 7l2.1-2.1`,
  logout: 'M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4M16 17l5-5-5-5M21 12H9',
  microphone:
    'M12 2a3 3 0 0 0-3 3v7a3 3 0 0 0 6 0V5a3 3 0 0 0-3-3zM19 10v2a7 7 0 0 1-14 0v-2M12 19v3',
  'file-text':
    'M14 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V8zM14 2v6h6M16 13H8M16 17H8M10 9H8',
  image: `M5 3h14a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2zM21 15l-5-5L5 21${circle(8.5, 8.5, 1.5)}`,
  activity: 'M22 12h-4l-3 9L9 3l-3 9H2',
  'check-circle': 'M22 11.1V12a10 10 0 1 1-5.9-9.1M22 4L12 14l-3-3',
  upload: 'M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4M17 8l-5-5-5 5M12 3v12',
  star: 'M12 2l3.1 6.3 6.9 1-5 4.9 1.2 6.8L12 17.8 5.8 21l1.2-6.8-5-4.9 6.9-1z',
  chart: 'M3 3v18h18M18 17V9M13 17V5M8 17v-3',
};

const paths: Record<IconName | ShellIconName, string> = { ...manifestIcons, ...shellIcons };

/** A decorative icon: always paired with visible text or an aria-label on its control. */
export function Icon({ name, size }: { name: IconName | ShellIconName; size?: number }) {
  return <SvgIcon d={paths[name]} size={size} />;
}

export const iconNames = Object.keys(manifestIcons) as IconName[];
