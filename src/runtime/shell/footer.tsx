import { Link } from '../link.tsx';
import { signOut, useStoredUser } from '../../auth/index.ts';
import { manifest } from '../../generated/manifest.gen.ts';
import { targetHref } from '../targets.ts';
import { CompanyNotice } from './brand.tsx';
import './footer.css';

export function Footer() {
  // Signed in, a link to the sign-in page would lead nowhere useful: it becomes Sign out.
  const user = useStoredUser();
  return (
    <footer className="app-footer">
      <div className="footer-columns">
        {manifest.footer.columns.map((column) => (
          <nav key={column.id} aria-labelledby={`footer-${column.id}`}>
            <h2 className="eyebrow" id={`footer-${column.id}`}>
              {column.title}
            </h2>
            <ul>
              {column.links.map((link) => (
                <li key={link.id}>
                  {user && link.target.route === manifest.auth.loginRoute ? (
                    <button type="button" className="footer-action" onClick={() => void signOut()}>
                      Sign out
                    </button>
                  ) : (
                    <Link to={targetHref(link.target)}>{link.label}</Link>
                  )}
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <CompanyNotice />
    </footer>
  );
}
