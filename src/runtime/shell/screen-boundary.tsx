import { Component, type ReactNode } from 'react';
import { isChunkLoadError } from '../chunk-errors.ts';
import { ShellIcon } from '../shell-icons.tsx';
import './screen-error.css';

interface Props {
  /** A new key (next route, next attempt) clears a shown error. */
  resetKey: string;
  onRetry: () => void;
  children: ReactNode;
}

/**
 * Catches a screen that failed to load or to render, so the shell (navigation, header) stays
 * usable and the user is told what to do instead of facing a blank page.
 */
export class ScreenBoundary extends Component<Props, { error: unknown; key: string }> {
  override state = { error: undefined as unknown, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: { error: unknown; key: string }) {
    return props.resetKey === state.key ? null : { error: undefined, key: props.resetKey };
  }

  override render() {
    if (this.state.error === undefined) return this.props.children;
    const chunk = isChunkLoadError(this.state.error);
    return (
      <div className="screen-error" role="alert">
        <h2>{chunk ? 'This page could not be loaded' : 'This page ran into a problem'}</h2>
        <p>
          {chunk
            ? 'Its code did not download: the connection may have dropped, or a new version of the app was just released. Try again, or reload the app if it keeps failing.'
            : 'Something went wrong while showing this page. Try again, or reload the app if it keeps happening.'}
        </p>
        <div className="button-row">
          <button type="button" className="button button-primary" onClick={this.props.onRetry}>
            <ShellIcon name="refresh" size={18} />
            Retry
          </button>
          <button type="button" className="button" onClick={() => window.location.reload()}>
            Reload the app
          </button>
        </div>
      </div>
    );
  }
}
