import { Component, type ReactNode } from 'react';
import { manifest } from '../../generated/manifest.gen.ts';
import './screen-error.css';
import './shell-crash.css';

/** Last resort when the shell itself fails: still a page with a way out, never a blank one. */
export function ShellCrash() {
  return (
    <main id="main" className="shell-crash">
      <div className="screen-error" role="alert">
        <h1>{manifest.brand.name} ran into a problem</h1>
        <p>The page could not be shown. Reload to try again.</p>
        <div className="button-row">
          <button type="button" className="button button-primary" onClick={() => location.reload()}>
            Reload
          </button>
          <a className="button" href="/">
            Go to the start page
          </a>
        </div>
      </div>
    </main>
  );
}

/**
 * Shows ShellCrash when the layout fails (its chrome chunk did not download, say). Screens have
 * their own boundary with Retry, so this only sees failures of the shell itself.
 */
export class ShellBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? <ShellCrash /> : this.props.children;
  }
}
