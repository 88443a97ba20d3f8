/**
 * A link to a drill-down target built by links.ts (a call list, a call), for screens, which do
 * not import the router. It carries the number it shows in data-value, so tests can compare the
 * number with the count of the list it opens.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

export function DrillLink(props: {
  href: string;
  children: ReactNode;
  /** The count the link shows (data-value). */
  value?: number;
  testId?: string;
  className?: string;
  'aria-label'?: string;
}) {
  return (
    <Link
      to={props.href}
      className={props.className}
      data-testid={props.testId}
      data-value={props.value}
      aria-label={props['aria-label']}
    >
      {props.children}
    </Link>
  );
}
