/**
 * A metric's definition one hover (or one Tab) away. The definition is the accessible
 * description (aria-describedby) of the control it belongs to: a small "i" button next to a
 * label, or a sortable column's own header button. The tooltip shows on hover and focus, stays
 * while the pointer is over it, and Escape hides it (WCAG 1.4.13). It is positioned `fixed`
 * from the trigger's box, in a portal on <body>, so neither a table's scroll box nor an
 * animated (transformed) ancestor clips or moves it.
 */
import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type ButtonHTMLAttributes,
  type ReactNode,
} from 'react';
import { createPortal } from 'react-dom';
import { metricDefinitions, type KpiKey } from '../data/index.ts';

type Position = { left: number; top: number; below: boolean };

/**
 * A tooltip for one trigger: spread `trigger` on the control, render `tip` anywhere. The tip
 * is always in the DOM (hidden when closed) so the description is there for screen readers.
 */
export function useTooltip(content: ReactNode) {
  const id = useId();
  const anchor = useRef<HTMLButtonElement>(null);
  const [position, setPosition] = useState<Position | null>(null);
  const closeTimer = useRef<number | undefined>(undefined);

  const open = useCallback(() => {
    window.clearTimeout(closeTimer.current);
    const box = anchor.current?.getBoundingClientRect();
    if (!box) return;
    const width = Math.min(300, window.innerWidth - 16);
    const left = Math.min(
      Math.max(8, box.left + box.width / 2 - width / 2),
      window.innerWidth - width - 8,
    );
    // Above the trigger when there is room, below otherwise.
    const below = box.top < 140;
    setPosition({ left, top: below ? box.bottom + 8 : box.top - 8, below });
  }, []);
  const close = useCallback(() => {
    closeTimer.current = window.setTimeout(() => setPosition(null), 80);
  }, []);

  const shown = position !== null;
  useEffect(() => {
    if (!shown) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setPosition(null);
    };
    // A scroll moves the trigger: follow it rather than leave the tip behind.
    const onScroll = () => open();
    window.addEventListener('keydown', onKey);
    window.addEventListener('scroll', onScroll, true);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('scroll', onScroll, true);
    };
  }, [shown, open]);

  useEffect(() => () => window.clearTimeout(closeTimer.current), []);

  const trigger = {
    ref: anchor,
    'aria-describedby': id,
    onMouseEnter: open,
    onMouseLeave: close,
    onFocus: open,
    onBlur: close,
  } satisfies ButtonHTMLAttributes<HTMLButtonElement> & { ref: typeof anchor };

  const tip = createPortal(
    <span
      id={id}
      role="tooltip"
      className="an-tip__bubble"
      data-below={position?.below || undefined}
      hidden={!position}
      style={position ? { left: position.left, top: position.top } : undefined}
      onMouseEnter={open}
      onMouseLeave={close}
    >
      {content}
    </span>,
    document.body,
  );
  return { trigger, tip, open };
}

interface InfoTipProps {
  /** What the button is about: "About AHT". */
  label: string;
  children: ReactNode;
}

/** A small "i" button whose tooltip is its description. */
export function InfoTip({ label, children }: InfoTipProps) {
  const { trigger, tip, open } = useTooltip(children);
  return (
    <span className="an-tip">
      <button
        type="button"
        className="an-tip__button"
        aria-label={label}
        {...trigger}
        onClick={(event) => {
          // Inside a link or a sortable header, the info button only informs.
          event.preventDefault();
          event.stopPropagation();
          open();
        }}
      >
        <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
          <circle cx="8" cy="8" r="6.5" fill="none" stroke="currentColor" strokeWidth="1.3" />
          <path
            d="M8 7.2v3.8M8 4.8v.1"
            stroke="currentColor"
            strokeWidth="1.6"
            strokeLinecap="round"
          />
        </svg>
      </button>
      {tip}
    </span>
  );
}

/** What a KPI's definition reads as. */
export function MetricDefinitionText({ metric }: { metric: KpiKey }) {
  const def = metricDefinitions[metric];
  return (
    <>
      <strong>{def.label}.</strong> {def.definition}
    </>
  );
}

/** Only the definition button of a KPI (when its label is elsewhere). */
export function MetricTip({ metric }: { metric: KpiKey }) {
  return (
    <InfoTip label={`About ${metricDefinitions[metric].label}`}>
      <MetricDefinitionText metric={metric} />
    </InfoTip>
  );
}

/** A KPI's label with its definition one hover away. */
export function MetricLabel({ metric, children }: { metric: KpiKey; children?: ReactNode }) {
  return (
    <span className="an-metric-label">
      <span>{children ?? metricDefinitions[metric].label}</span>
      <MetricTip metric={metric} />
    </span>
  );
}
