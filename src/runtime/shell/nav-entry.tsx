import type { ComponentProps } from 'react';
import { Link } from '../link.tsx';
import type { NavItem } from '../../generated/manifest.types.ts';
import { Icon } from '../icons.tsx';
import { preloadScreen } from '../screen-loader.ts';
import { routeById, targetHref } from '../targets.ts';

type EntryProps = Omit<ComponentProps<typeof Link>, 'to'> & {
  item: NavItem;
  active?: boolean;
};

/** A manifest menu entry: icon, label, active state, and its screen fetched on first intent. */
export function NavEntry({ item, active = false, className, ...rest }: EntryProps) {
  const route = routeById(item.target.route);
  const preload = () => void preloadScreen(route);
  return (
    <Link
      to={targetHref(item.target)}
      className={className}
      aria-current={active ? 'page' : undefined}
      onPointerEnter={preload}
      onFocus={preload}
      {...rest}
    >
      <Icon name={item.icon ?? route.icon ?? 'chart'} />
      <span className="nav-label">{item.label}</span>
    </Link>
  );
}
