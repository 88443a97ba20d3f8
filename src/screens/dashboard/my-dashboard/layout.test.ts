import { describe, expect, it } from 'vitest';
import type { KpiKey } from '../../../data/index.ts';
import {
  MAX_WIDGETS,
  addWidget,
  defaultLayout,
  moveWidget,
  moveWidgetTo,
  parseLayout,
  removeWidget,
  resizeWidget,
  type Layout,
} from './layout.ts';

const METRICS: KpiKey[] = ['analysedCalls', 'ahtMs', 'qaScore'];
const ids = (l: Layout) => l.widgets.map((w) => w.id);

describe('default layout', () => {
  it('is the Dashboard: its tiles in order, then the three charts', () => {
    const l = defaultLayout(METRICS);
    expect(ids(l)).toEqual([
      'kpi-analysedCalls',
      'kpi-ahtMs',
      'kpi-qaScore',
      'chart-volume',
      'chart-categories',
      'chart-topics',
    ]);
    expect(parseLayout(JSON.parse(JSON.stringify(l)), METRICS)).toEqual({ ok: true, layout: l });
  });
});

describe('layout operations', () => {
  const l = defaultLayout(METRICS);
  it('moves by places and stops at the ends', () => {
    expect(ids(moveWidget(l, 'kpi-ahtMs', 1)).slice(0, 3)).toEqual([
      'kpi-analysedCalls',
      'kpi-qaScore',
      'kpi-ahtMs',
    ]);
    expect(ids(moveWidget(l, 'kpi-analysedCalls', -1))).toEqual(ids(l));
    expect(ids(moveWidget(l, 'kpi-analysedCalls', 99)).at(-1)).toBe('kpi-analysedCalls');
    expect(ids(moveWidgetTo(l, 'chart-topics', 0))[0]).toBe('chart-topics');
    expect(moveWidget(l, 'nope', 1)).toBe(l);
  });
  it('resizes within 1..4 columns and 1..3 rows', () => {
    const wider = resizeWidget(l, 'kpi-ahtMs', 5, 1).widgets[1]!;
    expect([wider.w, wider.h]).toEqual([4, 2]);
    const smaller = resizeWidget(l, 'chart-volume', -9, -9).widgets[3]!;
    expect([smaller.w, smaller.h]).toEqual([1, 1]);
  });
  it('adds at the end up to the limit and removes by id', () => {
    const added = addWidget(l, { type: 'search', expression: 'refund', w: 2, h: 1 }, 'w-1');
    expect(added.widgets.at(-1)).toEqual({
      id: 'w-1',
      type: 'search',
      expression: 'refund',
      w: 2,
      h: 1,
    });
    expect(ids(removeWidget(added, 'kpi-ahtMs'))).not.toContain('kpi-ahtMs');
    let full: Layout = { widgets: [] };
    for (let k = 0; k < MAX_WIDGETS + 3; k++)
      full = addWidget(full, { type: 'chart', chart: 'topics', w: 1, h: 1 }, `w${k}`);
    expect(full.widgets).toHaveLength(MAX_WIDGETS);
  });
});

describe('stored layout parser', () => {
  const ok = {
    widgets: [
      { id: 'a', type: 'kpi', metric: 'ahtMs', w: 1, h: 1 },
      { id: 'b', type: 'watch', dimension: 'agent', keys: ['agent-001', 'agent-002'], w: 2, h: 3 },
      { id: 'c', type: 'search', expression: 'refund OR "cancel my"', w: 4, h: 1 },
      { id: 'd', type: 'saved-search', searchId: 'search-1', name: 'Refunds', w: 2, h: 1 },
    ],
  };
  it('accepts every widget kind', () => {
    const parsed = parseLayout(ok, METRICS);
    expect(parsed.ok && ids(parsed.layout)).toEqual(['a', 'b', 'c', 'd']);
  });
  it('refuses a saved-search widget without its search id or name', () => {
    for (const bad of [
      { id: 'd', type: 'saved-search', name: 'Refunds', w: 2, h: 1 },
      { id: 'd', type: 'saved-search', searchId: 'search-1', name: ' ', w: 2, h: 1 },
    ])
      expect(parseLayout({ widgets: [bad] }, METRICS)).toEqual({
        ok: false,
        reason: 'widget 1 is not one this page knows',
      });
  });
  it.each([
    ['not an object', 'hello', 'it is not a list of widgets'],
    ['null', null, 'it is not a list of widgets'],
    ['widgets not a list', { widgets: {} }, 'it is not a list of widgets'],
    [
      'unknown kind',
      { widgets: [{ id: 'x', type: 'pie', w: 1, h: 1 }] },
      'widget 1 is not one this page knows',
    ],
    [
      'unknown KPI',
      { widgets: [{ id: 'x', type: 'kpi', metric: 'churnRiskCalls', w: 1, h: 1 }] },
      'widget 1 is not one this page knows',
    ],
    ['width 5', { widgets: [{ ...ok.widgets[0], w: 5 }] }, 'widget 1 is not one this page knows'],
    [
      'height 0.5',
      { widgets: [{ ...ok.widgets[0], h: 0.5 }] },
      'widget 1 is not one this page knows',
    ],
    [
      'empty watch list',
      { widgets: [{ ...ok.widgets[1], keys: [] }] },
      'widget 1 is not one this page knows',
    ],
    [
      'blank search',
      { widgets: [ok.widgets[0], { ...ok.widgets[2], expression: '  ' }] },
      'widget 2 is not one this page knows',
    ],
    ['duplicate ids', { widgets: [ok.widgets[0], ok.widgets[0]] }, 'two widgets share the id a'],
    [
      'too many',
      {
        widgets: Array.from({ length: MAX_WIDGETS + 1 }, (_, k) => ({
          ...ok.widgets[0],
          id: `k${k}`,
        })),
      },
      `it has more than ${MAX_WIDGETS} widgets`,
    ],
  ])('refuses %s', (_name, raw, reason) => {
    expect(parseLayout(raw, METRICS)).toEqual({ ok: false, reason });
  });
});
