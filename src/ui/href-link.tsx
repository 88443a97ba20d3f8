/**
 * A link to an address built by `links.ts` (a call list with filters, a call at a moment), for
 * screens, which do not import the router: the drill-down links of tables and cards. Typed
 * route links with literal paths stay `AppLink` from the runtime.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

export function HrefLink(props: {
  href: string;
  children: ReactNode;
  className?: string;
  testId?: string;
  /** The number the link shows, for tests that check it against the list it opens. */
  value?: number;
  'aria-label'?: string;
  'aria-describedby'?: string;
}) {
  return (
    <Link
      to={props.href}
      className={props.className}
      data-testid={props.testId}
      data-value={props.value}
      aria-label={props['aria-label']}
      aria-describedby={props['aria-describedby']}
    >
      {props.children}
    </Link>
  );
}
