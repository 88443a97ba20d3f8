/**
 * The address of this scenario, ready to copy. Copying can fail (no clipboard permission, an
 * insecure page): then the address stays selected in its field for a manual copy.
 */
import { useId, useRef, useState } from 'react';
import { useRouteQuery, href } from '../../../runtime/index.ts';

export function ShareLink() {
  const query = useRouteQuery('roi');
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [status, setStatus] = useState('');
  const address =
    typeof window === 'undefined'
      ? href('roi', query)
      : new URL(href('roi', query), window.location.origin).toString();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(address);
      setStatus('Link copied.');
    } catch {
      input.current?.select();
      setStatus('Copying is not allowed here: the link is selected, copy it with Ctrl+C or ⌘C.');
    }
  };
  return (
    <div className="roi-share">
      <label htmlFor={id}>Link to this scenario</label>
      <div className="roi-share__row">
        <input
          id={id}
          ref={input}
          className="an-input"
          readOnly
          value={address}
          onFocus={(e) => e.currentTarget.select()}
          data-testid="roi-share-link"
        />
        <button type="button" className="an-button" onClick={() => void copy()}>
          Copy link
        </button>
      </div>
      <p className="roi-help" role="status">
        {status}
      </p>
    </div>
  );
}
