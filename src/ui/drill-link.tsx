/**
 * A link to an address built by `links.ts` (a call list with filters, a call at a moment): the
 * app's router handles it without a reload. Screens use it instead of importing the router;
 * typed routes with typed queries use the runtime's AppLink.
 */
import type { AnchorHTMLAttributes } from 'react';
import { Link } from 'react-router-dom';

export type DrillLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  /** An in-app address, such as callListHref(filters) or callHref(id, atMs). */
  to: string;
  [data: `data-${string}`]: string | number | boolean | undefined;
};

export function DrillLink({ to, ...rest }: DrillLinkProps) {
  return <Link to={to} {...rest} />;
}
