/**
 * Which columns the call list shows: a disclosure with one checkbox per column, remembered on
 * this device. The first column (the call's time, its link) always shows.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { CallColumn } from './call-columns.tsx';
import './column-chooser.css';

const STORAGE_KEY = 'speech-analytics:recordings-columns:v1';

function readChoice(fallback: readonly string[]): string[] {
  try {
    const raw = window.localStorage.getItem(STORAGE_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    if (Array.isArray(parsed) && parsed.every((v) => typeof v === 'string')) return parsed;
  } catch {
    // Storage can be unavailable (private mode, quota): the defaults still work.
  }
  return [...fallback];
}

/** The visible column ids, remembered in localStorage (a per-device preference). */
export function useColumnChoice(fallback: readonly string[]) {
  const [visible, setVisible] = useState<string[]>(() => readChoice(fallback));
  const update = useCallback((ids: string[]) => {
    setVisible(ids);
    try {
      window.localStorage.setItem(STORAGE_KEY, JSON.stringify(ids));
    } catch {
      // Not remembered, still applied.
    }
  }, []);
  return [visible, update] as const;
}

export function ColumnChooser(props: {
  columns: readonly CallColumn[];
  visible: readonly string[];
  onChange: (ids: string[]) => void;
}) {
  const details = useRef<HTMLDetailsElement>(null);
  // Close on Escape and on a click outside, like a menu.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && details.current?.open) {
        details.current.open = false;
        details.current.querySelector('summary')?.focus();
      }
    };
    const onClick = (e: MouseEvent) => {
      if (details.current?.open && !details.current.contains(e.target as Node))
        details.current.open = false;
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('click', onClick);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('click', onClick);
    };
  }, []);
  const shown = props.columns.filter((c) => props.visible.includes(c.id)).length;
  return (
    <details className="an-menu" ref={details}>
      <summary className="an-button an-button--small">
        Columns <span className="an-menu__count">{shown + 1}</span>
      </summary>
      <fieldset className="an-menu__panel">
        <legend>Show columns</legend>
        {props.columns.map((c) => (
          <label key={c.id} className="an-check">
            <input
              type="checkbox"
              checked={props.visible.includes(c.id)}
              onChange={(e) =>
                props.onChange(
                  e.target.checked
                    ? [...props.visible, c.id]
                    : props.visible.filter((id) => id !== c.id),
                )
              }
            />
            {c.label}
          </label>
        ))}
      </fieldset>
    </details>
  );
}
