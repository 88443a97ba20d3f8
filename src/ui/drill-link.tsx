/**
 * A link to a drill-down address built by ./links.ts (callListHref...), for screens, which do
 * not import the router: the address is already typed by the helper that built it.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

export function DrillLink(props: {
  href: string;
  children: ReactNode;
  testId?: string;
  /** The number behind the link, for tests that compare it with the list's total. */
  value?: number;
}) {
  return (
    <Link to={props.href} data-testid={props.testId} data-value={props.value}>
      {props.children}
    </Link>
  );
}
