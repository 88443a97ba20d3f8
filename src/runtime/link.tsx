/**
 * The app's in-app link: an `<a href>` whose plain click moves the app's history, while a click
 * with a modifier, another button or another target is the browser's (new tab, new window,
 * download).
 *
 * Why not react-router's `<Link>`: it runs about fifteen hooks and two effects a link, for
 * relative paths, prefetching, view transitions and the data router's route discovery, none of
 * which the app uses. A page draws a hundred links and more (sidebar, tiles, chart bars, lists):
 * in a CPU profile of `/`, its links were the costliest component of the first renders (issue
 * 18). Every address the app links to is absolute (targets.ts, routes.gen.ts `href`, links.ts),
 * so the `href` is the address; the navigator is the one the router renders (navigation.ts),
 * so the sign-in guard and the screen's chunk come first as for any other change of address.
 */
import { useContext, type AnchorHTMLAttributes, type MouseEvent, type Ref } from 'react';
import { UNSAFE_NavigationContext } from 'react-router-dom';

export type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  /** An absolute in-app address: path, query and hash. */
  to: string;
  ref?: Ref<HTMLAnchorElement>;
};

export function Link({ to, onClick, ...rest }: LinkProps) {
  const { navigator } = useContext(UNSAFE_NavigationContext);
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || !isPlainClick(event, rest.target)) return;
    event.preventDefault();
    // As react-router's link: following a link to where one already is adds no history entry.
    const { pathname, search, hash } = window.location;
    if (`${pathname}${search}${hash}` === to) navigator.replace(to);
    else navigator.push(to);
  };
  return <a {...rest} href={to} onClick={follow} />;
}

/** A left click without modifier keys on a link that opens in this tab. */
export function isPlainClick(
  event: Pick<MouseEvent, 'button' | 'metaKey' | 'altKey' | 'ctrlKey' | 'shiftKey'>,
  target: string | undefined,
): boolean {
  return (
    event.button === 0 &&
    (!target || target === '_self') &&
    !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey)
  );
}
