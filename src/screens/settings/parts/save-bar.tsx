/** Save and discard for a settings form, with the outcome said where the buttons are. */
import { formatDateTime } from '../../../ui/format.ts';
import type { SaveState } from './use-settings-editor.ts';

export function SaveBar(props: {
  dirty: boolean;
  save: SaveState;
  readOnly: boolean;
  /** Problems found in the page: saving waits until they are fixed. */
  invalid: boolean;
  onReset: () => void;
}) {
  const { save } = props;
  if (props.readOnly) return null;
  return (
    <div className="st-savebar">
      <button
        type="submit"
        className="an-button an-button--primary"
        disabled={!props.dirty || save.kind === 'saving'}
      >
        {save.kind === 'saving' ? 'Saving…' : 'Save'}
      </button>
      <button
        type="button"
        className="an-button"
        onClick={props.onReset}
        disabled={!props.dirty || save.kind === 'saving'}
      >
        Discard changes
      </button>
      <p className="st-savebar__status" role="status" aria-live="polite">
        {save.kind === 'failed'
          ? `Not saved: ${save.message}. Your changes are still here.`
          : save.kind === 'saved'
            ? `Saved at ${formatDateTime(new Date(save.at).toISOString())}.`
            : props.invalid
              ? 'Fix the values marked above to save.'
              : props.dirty
                ? 'Unsaved changes.'
                : ''}
      </p>
    </div>
  );
}
