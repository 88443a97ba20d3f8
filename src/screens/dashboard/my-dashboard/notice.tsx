/** What went wrong with the saved layout, said once above the dashboard. */
import type { LayoutNotice } from './saved-layout.ts';

const TEXT: Record<Exclude<LayoutNotice, null>, { title: string; body: string }> = {
  corrupt: {
    title: 'Your saved layout could not be read, so the default layout is shown.',
    body: 'Nothing else was changed. Your next change to the layout saves it again.',
  },
  'save-failed': {
    title: 'Your layout could not be saved in this browser.',
    body: 'Storage is full or turned off: the change lasts until you leave this page.',
  },
};

export function LayoutNoticeBar(props: { notice: LayoutNotice; onDismiss: () => void }) {
  if (!props.notice) return null;
  const text = TEXT[props.notice];
  return (
    <div
      className="an-notice md-notice"
      role="status"
      data-testid="md-notice"
      data-notice={props.notice}
    >
      <strong>{text.title}</strong> <span>{text.body}</span>{' '}
      <button
        type="button"
        className="an-button an-button--quiet an-button--small"
        onClick={props.onDismiss}
      >
        Dismiss
      </button>
    </div>
  );
}
