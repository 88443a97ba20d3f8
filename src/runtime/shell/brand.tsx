/** Page parts both layouts use: brand link, skip link, company notice. */
import { Link } from '../link.tsx';
import { manifest } from '../../generated/manifest.gen.ts';
import { routeTable } from '../../generated/routes.gen.ts';
import './brand.css';

/** Home: the "/" route, or else the manifest's first linkable route. */
export const homePath = routeTable.some((r) => r.path === '/')
  ? '/'
  : (routeTable.find((r) => r.path !== '*')?.path ?? '/');

export function SkipLink() {
  return (
    <a className="skip-link" href="#main">
      Skip to main content
    </a>
  );
}

export function CompanyNotice() {
  return (
    <p className="footer-notice">
      © {new Date().getFullYear()} {manifest.brand.companyNotice}
    </p>
  );
}

/** Logo and product name, linking home. The logo is decorative: the name is the link text. */
export function BrandLink({ className = 'brand' }: { className?: string }) {
  return (
    <Link to={homePath} className={className}>
      <img src={manifest.brand.logo} alt="" width="32" height="32" />
      <span className="brand-name">{manifest.brand.name}</span>
    </Link>
  );
}
