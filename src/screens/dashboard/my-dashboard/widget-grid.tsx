/**
 * The widgets in their order and sizes. While editing, each widget has a toolbar: move
 * earlier/later, narrower/wider, shorter/taller, remove. Buttons work with keyboard and mouse;
 * the handle also takes arrow keys and can be dragged onto another widget. After a move the
 * focus returns to the button that was used, and a live region says where the widget went.
 */
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import {
  GRID_COLUMNS,
  MAX_HEIGHT,
  moveWidget,
  moveWidgetTo,
  removeWidget,
  resizeWidget,
  type Layout,
  type Widget,
} from './layout.ts';
import { WidgetBody, widgetTitle, type WidgetData } from './widgets.tsx';

type Action = 'handle' | 'earlier' | 'later' | 'narrower' | 'wider' | 'shorter' | 'taller';

export function WidgetGrid(props: {
  layout: Layout;
  editing: boolean;
  data: WidgetData;
  onChange: (next: Layout, said: string) => void;
}) {
  const { layout, editing, data, onChange } = props;
  const grid = useRef<HTMLDivElement>(null);
  const [focusAfter, setFocusAfter] = useState<{ id: string; action: Action } | null>(null);
  const [dragging, setDragging] = useState<string | null>(null);

  // Moving a widget moves its DOM node, which drops the focus: put it back on the same button.
  useEffect(() => {
    if (!focusAfter) return;
    grid.current
      ?.querySelector<HTMLElement>(
        `[data-widget="${CSS.escape(focusAfter.id)}"] [data-action="${focusAfter.action}"]`,
      )
      ?.focus();
    setFocusAfter(null);
  }, [focusAfter, layout]);

  const count = layout.widgets.length;
  const titleOf = (w: Widget) => widgetTitle(w, data.catalog, data.savedSearches.list.data);
  const move = (w: Widget, by: number, action: Action) => {
    const next = moveWidget(layout, w.id, by);
    const at = next.widgets.findIndex((x) => x.id === w.id) + 1;
    onChange(next, `${titleOf(w)} moved to position ${at} of ${count}.`);
    setFocusAfter({ id: w.id, action });
  };
  const resize = (w: Widget, dw: number, dh: number, action: Action) => {
    const next = resizeWidget(layout, w.id, dw, dh);
    const after = next.widgets.find((x) => x.id === w.id)!;
    const same = after.w === w.w && after.h === w.h;
    onChange(
      next,
      same
        ? `${titleOf(w)} is already at its ${dw !== 0 ? (dw > 0 ? 'widest' : 'narrowest') : dh > 0 ? 'tallest' : 'shortest'}.`
        : `${titleOf(w)} is now ${after.w} of ${GRID_COLUMNS} columns wide and ${after.h} of ${MAX_HEIGHT} rows tall.`,
    );
    setFocusAfter({ id: w.id, action });
  };
  const remove = (w: Widget, index: number) => {
    onChange(removeWidget(layout, w.id), `${titleOf(w)} removed.`);
    // Focus the next widget's handle (or the previous one) so the keyboard user is not lost.
    const neighbour = layout.widgets[index + 1] ?? layout.widgets[index - 1];
    if (neighbour) setFocusAfter({ id: neighbour.id, action: 'handle' });
  };
  const onHandleKey = (w: Widget, e: KeyboardEvent) => {
    const keys: Record<string, () => void> = {
      ArrowLeft: () => move(w, -1, 'handle'),
      ArrowUp: () => move(w, -1, 'handle'),
      ArrowRight: () => move(w, 1, 'handle'),
      ArrowDown: () => move(w, 1, 'handle'),
      Home: () => move(w, -count, 'handle'),
      End: () => move(w, count, 'handle'),
    };
    const run = keys[e.key];
    if (!run) return;
    e.preventDefault();
    run();
  };

  if (count === 0)
    return (
      <p className="an-empty md-empty" data-testid="md-empty">
        No widgets yet. Choose <strong>Edit layout</strong> to add tiles, charts, searches and watch
        lists, or reset to the default layout.
      </p>
    );

  return (
    <div className="md-grid" ref={grid} data-testid="md-grid" data-editing={editing}>
      {layout.widgets.map((w, index) => {
        const title = titleOf(w);
        return (
          <div
            key={w.id}
            className={`md-widget md-widget--${w.type}`}
            data-widget={w.id}
            data-w={w.w}
            data-h={w.h}
            data-dragging={dragging === w.id || undefined}
            data-testid="md-widget"
            data-title={title}
            onDragOver={(e) => {
              if (dragging && dragging !== w.id) e.preventDefault();
            }}
            onDrop={(e) => {
              e.preventDefault();
              if (!dragging || dragging === w.id) return;
              const moved = layout.widgets.find((x) => x.id === dragging)!;
              onChange(
                moveWidgetTo(layout, dragging, index),
                `${titleOf(moved)} moved to position ${index + 1} of ${count}.`,
              );
              setDragging(null);
            }}
          >
            {editing && (
              <div className="md-toolbar" role="toolbar" aria-label={`Layout of ${title}`}>
                <button
                  type="button"
                  className="md-handle"
                  data-action="handle"
                  draggable
                  onDragStart={(e) => {
                    e.dataTransfer.effectAllowed = 'move';
                    e.dataTransfer.setData('text/plain', w.id);
                    setDragging(w.id);
                  }}
                  onDragEnd={() => setDragging(null)}
                  onKeyDown={(e) => onHandleKey(w, e)}
                  aria-label={`Move ${title}: position ${index + 1} of ${count}. Arrow keys move it; or drag.`}
                  title="Drag, or use the arrow keys, to move"
                >
                  <span aria-hidden="true">⠿</span>
                  <span className="md-toolbar__title">{title}</span>
                </button>
                <span className="md-toolbar__buttons">
                  <ToolButton
                    label={`Move ${title} earlier`}
                    action="earlier"
                    onClick={() => move(w, -1, 'earlier')}
                    text="◀"
                  />
                  <ToolButton
                    label={`Move ${title} later`}
                    action="later"
                    onClick={() => move(w, 1, 'later')}
                    text="▶"
                  />
                  <ToolButton
                    label={`Make ${title} narrower`}
                    action="narrower"
                    onClick={() => resize(w, -1, 0, 'narrower')}
                    text="−W"
                  />
                  <ToolButton
                    label={`Make ${title} wider`}
                    action="wider"
                    onClick={() => resize(w, 1, 0, 'wider')}
                    text="+W"
                  />
                  <ToolButton
                    label={`Make ${title} shorter`}
                    action="shorter"
                    onClick={() => resize(w, 0, -1, 'shorter')}
                    text="−H"
                  />
                  <ToolButton
                    label={`Make ${title} taller`}
                    action="taller"
                    onClick={() => resize(w, 0, 1, 'taller')}
                    text="+H"
                  />
                  <ToolButton
                    label={`Remove ${title}`}
                    action="remove"
                    onClick={() => remove(w, index)}
                    text="✕"
                  />
                </span>
              </div>
            )}
            <div className="md-widget__body">
              {w.type !== 'kpi' && <h2 className="md-widget__title">{title}</h2>}
              <WidgetBody widget={w} data={data} />
            </div>
          </div>
        );
      })}
    </div>
  );
}

function ToolButton(props: {
  label: string;
  action: Action | 'remove';
  text: string;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      className="an-button an-button--small md-tool"
      aria-label={props.label}
      title={props.label}
      data-action={props.action}
      onClick={props.onClick}
    >
      <span aria-hidden="true">{props.text}</span>
    </button>
  );
}
