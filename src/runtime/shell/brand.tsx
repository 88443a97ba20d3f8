import { Link } from 'react-router-dom';
import { manifest } from '../../generated/manifest.gen.ts';
import { routeTable } from '../../generated/routes.gen.ts';

/** The first route of the manifest is home (the dashboard). */
export const homePath = routeTable[0]?.path === '*' ? '/' : (routeTable[0]?.path ?? '/');

/** Logo and product name, linking home. The logo is decorative: the name is the link text. */
export function BrandLink({ className = 'brand' }: { className?: string }) {
  return (
    <Link to={homePath} className={className}>
      <img src={manifest.brand.logo} alt="" width="32" height="32" />
      <span className="brand-name">{manifest.brand.name}</span>
    </Link>
  );
}
