import { useCurrentRoute } from '../current-route.ts';
import './progress.css';

/**
 * The thin bar at the top while the next screen (its chunk and the sign-in check) loads. It
 * is in the DOM at once for assistive technology; CSS fades it in after a short delay so fast
 * navigations do not flicker.
 */
export function NavigationProgress() {
  if (!useCurrentRoute().pending) return null;
  return (
    <div className="nav-progress" role="progressbar" aria-label="Loading page">
      <span />
    </div>
  );
}
