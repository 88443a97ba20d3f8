/**
 * An in-app link to a prebuilt address (a drill-down from links.ts: a call list with filters, a
 * call at a moment), for screens, which do not import the router. It can carry the number it
 * shows (data-value), so tests compare the number with the count of the list it opens. A link to
 * a route with a query known in place stays `AppLink` (by route id) from the runtime.
 */
import type { AnchorHTMLAttributes } from 'react';
import { Link } from '../runtime/link.tsx';

export type HrefLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  href: string;
  /** The count the link shows, as data-value. */
  value?: number;
  testId?: string;
};

export function HrefLink({ href, value, testId, ...rest }: HrefLinkProps) {
  return <Link to={href} data-testid={testId} data-value={value} {...rest} />;
}
