import { useNavigation } from 'react-router-dom';

/**
 * The thin bar at the top while the next screen (its chunk and the sign-in check) loads. It
 * is in the DOM at once for assistive technology; CSS fades it in after a short delay so fast
 * navigations do not flicker.
 */
export function NavigationProgress() {
  const busy = useNavigation().state !== 'idle';
  if (!busy) return null;
  return (
    <div className="nav-progress" role="progressbar" aria-label="Loading page">
      <span />
    </div>
  );
}
