import { Link } from 'react-router-dom';
import { manifest } from '../../generated/manifest.gen.ts';
import { targetHref } from '../targets.ts';
import { CompanyNotice } from './brand.tsx';

export function Footer() {
  return (
    <footer className="app-footer">
      <div className="footer-columns">
        {manifest.footer.columns.map((column) => (
          <nav key={column.id} aria-labelledby={`footer-${column.id}`}>
            <h2 id={`footer-${column.id}`}>{column.title}</h2>
            <ul>
              {column.links.map((link) => (
                <li key={link.id}>
                  <Link to={targetHref(link.target)}>{link.label}</Link>
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
