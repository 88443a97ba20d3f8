import { ShellIcon } from '../shell-icons.tsx';
import './panel-unavailable.css';

/** Shown in a pop-up whose contents did not download; closing and opening again retries. */
export function PanelUnavailable({ what, onClose }: { what: string; onClose: () => void }) {
  return (
    <div className="panel-unavailable" role="alert">
      <p>{what} could not be loaded. Check the connection, then close this and open it again.</p>
      <button type="button" className="button" onClick={onClose}>
        <ShellIcon name="close" size={18} />
        Close
      </button>
    </div>
  );
}
