/**
 * Whether a scroll box hides columns to its left or right, and how many, so a wide table on a
 * narrow screen says that it scrolls sideways instead of silently cutting off its numbers.
 */
import { useEffect, useState, type RefObject } from 'react';

export interface Sideways {
  /** Columns whose header lies wholly or mostly outside the visible part of the box. */
  hidden: number;
  /** More to see to the right / to the left. */
  right: boolean;
  left: boolean;
}

const NONE: Sideways = { hidden: 0, right: false, left: false };

/** Columns (header cells' left and right edges, px from the box's left) not mostly visible. */
export function hiddenColumns(
  edges: readonly { left: number; right: number }[],
  view: { left: number; right: number },
): number {
  return edges.filter((e) => {
    const visible = Math.min(e.right, view.right) - Math.max(e.left, view.left);
    return visible < (e.right - e.left) / 2;
  }).length;
}

export function useSideways(box: RefObject<HTMLElement | null>): Sideways {
  const [state, setState] = useState<Sideways>(NONE);
  useEffect(() => {
    const element = box.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    let frame = 0;
    const measure = () => {
      frame = 0;
      const { scrollLeft, scrollWidth, clientWidth } = element;
      if (scrollWidth - clientWidth < 2) {
        setState((s) => (s === NONE ? s : NONE));
        return;
      }
      const origin = element.getBoundingClientRect().left - scrollLeft;
      const edges = [...element.querySelectorAll('thead th')].map((th) => {
        const r = th.getBoundingClientRect();
        return { left: r.left - origin, right: r.right - origin };
      });
      const view = { left: scrollLeft, right: scrollLeft + clientWidth };
      const next: Sideways = {
        // A pinned column (the row's name) moves with the view, so it never counts as hidden.
        hidden: hiddenColumns(edges, view),
        right: scrollLeft + clientWidth < scrollWidth - 1,
        left: scrollLeft > 1,
      };
      setState((s) =>
        s.hidden === next.hidden && s.right === next.right && s.left === next.left ? s : next,
      );
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(measure);
    };
    const observer = new ResizeObserver(schedule);
    observer.observe(element);
    const table = element.querySelector('table');
    if (table) observer.observe(table);
    element.addEventListener('scroll', schedule, { passive: true });
    schedule();
    return () => {
      observer.disconnect();
      element.removeEventListener('scroll', schedule);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [box]);
  return state;
}
