/**
 * My Dashboard's layout: which widgets, in which order, how wide and how tall. Pure data and
 * pure operations (add, remove, move, resize), the stored format (version 1) and its parser,
 * which accepts a stored value only when every part of it is valid: a layout that is half
 * right would show a dashboard the user never made.
 */
import type { KpiKey } from '../../../data/index.ts';

/** Columns of the widest grid; widths are in columns, heights in rows. */
export const GRID_COLUMNS = 4;
export const MAX_HEIGHT = 3;
export const MAX_WIDGETS = 40;
export const MAX_WATCHED = 20;
export const MAX_EXPRESSION_LENGTH = 500;
export const LAYOUT_VERSION = 1;

export const CHARTS = ['volume', 'categories', 'topics'] as const;
export type ChartWidget = (typeof CHARTS)[number];
export type WatchDimension = 'vendor' | 'agent';

interface WidgetBase {
  id: string;
  /** Columns, 1..GRID_COLUMNS (fewer on narrow screens). */
  w: number;
  /** Rows, 1..MAX_HEIGHT. */
  h: number;
}

export type Widget = WidgetBase &
  (
    | { type: 'kpi'; metric: KpiKey }
    | { type: 'chart'; chart: ChartWidget }
    | { type: 'search'; expression: string }
    /** A saved keyword search by id (its name at the time it was added, for when it is gone). */
    | { type: 'saved-search'; searchId: string; name: string }
    | { type: 'watch'; dimension: WatchDimension; keys: string[] }
  );

/** A widget before it has a place: what the "Add widget" form produces. */
export type WidgetSpec = Widget extends infer W
  ? W extends Widget
    ? Omit<W, 'id'>
    : never
  : never;

export interface Layout {
  widgets: Widget[];
}

/** The Dashboard's own tiles, in its order: My Dashboard starts as a copy of `/`. */
export function defaultLayout(tiles: readonly KpiKey[]): Layout {
  return {
    widgets: [
      ...tiles.map((metric): Widget => ({ id: `kpi-${metric}`, type: 'kpi', metric, w: 1, h: 1 })),
      { id: 'chart-volume', type: 'chart', chart: 'volume', w: 4, h: 2 },
      { id: 'chart-categories', type: 'chart', chart: 'categories', w: 2, h: 2 },
      { id: 'chart-topics', type: 'chart', chart: 'topics', w: 2, h: 2 },
    ],
  };
}

// ------------------------------------------------------------------ operations

const clamp = (value: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, value));

export function addWidget(layout: Layout, spec: WidgetSpec, id: string): Layout {
  if (layout.widgets.length >= MAX_WIDGETS) return layout;
  return { widgets: [...layout.widgets, { ...spec, id } as Widget] };
}

export function removeWidget(layout: Layout, id: string): Layout {
  return { widgets: layout.widgets.filter((w) => w.id !== id) };
}

/** Moves a widget by `by` places (negative = earlier), stopping at either end. */
export function moveWidget(layout: Layout, id: string, by: number): Layout {
  const from = layout.widgets.findIndex((w) => w.id === id);
  if (from < 0) return layout;
  return moveWidgetTo(layout, id, clamp(from + by, 0, layout.widgets.length - 1));
}

/** Puts a widget at index `to` (drag and drop). */
export function moveWidgetTo(layout: Layout, id: string, to: number): Layout {
  const from = layout.widgets.findIndex((w) => w.id === id);
  if (from < 0 || from === to) return layout;
  const widgets = [...layout.widgets];
  const [moved] = widgets.splice(from, 1);
  widgets.splice(clamp(to, 0, widgets.length), 0, moved!);
  return { widgets };
}

export function resizeWidget(layout: Layout, id: string, dw: number, dh: number): Layout {
  return {
    widgets: layout.widgets.map((w) =>
      w.id === id
        ? { ...w, w: clamp(w.w + dw, 1, GRID_COLUMNS), h: clamp(w.h + dh, 1, MAX_HEIGHT) }
        : w,
    ),
  };
}

// ------------------------------------------------------------------ stored format

/** What is stored: the layout, under `my-dashboard.<user>` at format version 1. */
export interface StoredLayout {
  widgets: Widget[];
}

/** The parsed stored value: the layout, or why it was refused. */
export type ParsedLayout = { ok: true; layout: Layout } | { ok: false; reason: string };

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const isSize = (v: unknown, max: number): v is number =>
  typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= max;
const isKey = (v: unknown): v is string => typeof v === 'string' && v.length > 0 && v.length <= 100;

/** Checks a stored value; `metrics` are the KPI widgets that exist (the Dashboard's tiles). */
export function parseLayout(raw: unknown, metrics: readonly KpiKey[]): ParsedLayout {
  if (!isRecord(raw) || !Array.isArray(raw.widgets))
    return { ok: false, reason: 'it is not a list of widgets' };
  if (raw.widgets.length > MAX_WIDGETS)
    return { ok: false, reason: `it has more than ${MAX_WIDGETS} widgets` };
  const ids = new Set<string>();
  const widgets: Widget[] = [];
  for (const [k, item] of raw.widgets.entries()) {
    const widget = parseWidget(item, metrics);
    if (!widget) return { ok: false, reason: `widget ${k + 1} is not one this page knows` };
    if (ids.has(widget.id)) return { ok: false, reason: `two widgets share the id ${widget.id}` };
    ids.add(widget.id);
    widgets.push(widget);
  }
  return { ok: true, layout: { widgets } };
}

function parseWidget(item: unknown, metrics: readonly KpiKey[]): Widget | undefined {
  if (!isRecord(item) || !isKey(item.id)) return undefined;
  if (!isSize(item.w, GRID_COLUMNS) || !isSize(item.h, MAX_HEIGHT)) return undefined;
  const base = { id: item.id, w: item.w, h: item.h };
  switch (item.type) {
    case 'kpi':
      return metrics.includes(item.metric as KpiKey)
        ? { ...base, type: 'kpi', metric: item.metric as KpiKey }
        : undefined;
    case 'chart':
      return (CHARTS as readonly unknown[]).includes(item.chart)
        ? { ...base, type: 'chart', chart: item.chart as ChartWidget }
        : undefined;
    case 'search':
      return typeof item.expression === 'string' &&
        item.expression.trim() !== '' &&
        item.expression.length <= MAX_EXPRESSION_LENGTH
        ? { ...base, type: 'search', expression: item.expression }
        : undefined;
    case 'saved-search':
      return isKey(item.searchId) &&
        typeof item.name === 'string' &&
        item.name.trim() !== '' &&
        item.name.length <= MAX_EXPRESSION_LENGTH
        ? { ...base, type: 'saved-search', searchId: item.searchId, name: item.name }
        : undefined;
    case 'watch':
      return (item.dimension === 'vendor' || item.dimension === 'agent') &&
        Array.isArray(item.keys) &&
        item.keys.length >= 1 &&
        item.keys.length <= MAX_WATCHED &&
        item.keys.every(isKey)
        ? { ...base, type: 'watch', dimension: item.dimension, keys: [...item.keys] as string[] }
        : undefined;
    default:
      return undefined;
  }
}
