/**
 * An in-app link to a prebuilt address (a drill-down from links.ts), for screens, which may
 * not import react-router-dom themselves. Typed routes with a query use AppLink instead.
 */
import type { ComponentProps } from 'react';
import { Link } from 'react-router-dom';

export function HrefLink(props: Omit<ComponentProps<typeof Link>, 'to'> & { to: string }) {
  return <Link {...props} />;
}
