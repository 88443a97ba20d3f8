// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { TimeChart, type TimePoint } from './time-chart.tsx';
import { linePath, niceTicks } from './scale.ts';

afterEach(cleanup);

const points: TimePoint[] = [
  { start: '2026-03-01T00:00:00.000Z', volume: 120, line: 0.4, href: '/calls?day=1' },
  { start: '2026-03-02T00:00:00.000Z', volume: 80, line: null, href: '/calls?day=2' },
  { start: '2026-03-03T00:00:00.000Z', volume: 150, line: -1.2, href: '/calls?day=3' },
];

function renderChart() {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <TimeChart
            title="Calls per day"
            points={points}
            volumeLabel="Calls"
            lineLabel="Sentiment"
            formatVolume={String}
            formatLine={(v) => (v === null ? '–' : v.toFixed(1))}
            formatBucket={(iso) => iso.slice(5, 10)}
            formatBucketLong={(iso) => iso.slice(0, 10)}
            summary="350 calls over 3 days."
          />
        ),
      },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('TimeChart', () => {
  it('has a written summary and a data table with a link to each day', () => {
    renderChart();
    expect(screen.getByText('350 calls over 3 days.')).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Calls per day' });
    const links = within(table).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual(points.map((p) => p.href));
    expect(within(table).getAllByRole('row')[2]!.textContent).toContain('–');
  });

  it('moves between days with the arrow keys, says each, and opens a day with Enter', () => {
    const router = renderChart();
    const plot = screen.getByRole('group', { name: /Calls per day/ });
    const live = document.getElementById(plot.getAttribute('aria-describedby')!)!;
    fireEvent.keyDown(plot, { key: 'ArrowRight' });
    expect(live.textContent).toBe('2026-03-01: Calls 120, Sentiment 0.4.');
    fireEvent.keyDown(plot, { key: 'End' });
    expect(live.textContent).toBe('2026-03-03: Calls 150, Sentiment -1.2.');
    fireEvent.keyDown(plot, { key: 'Enter' });
    expect(router.state.location.search).toBe('?day=3');
  });
});

describe('chart scales', () => {
  it('picks round ticks that cover the data', () => {
    expect(niceTicks(0, 337, 4)).toEqual([0, 100, 200, 300, 400]);
    expect(niceTicks(-1, 1, 4)).toEqual([-1, -0.5, 0, 0.5, 1]);
  });

  it('breaks the line where a value is missing', () => {
    expect(
      linePath([
        { x: 0, y: 1 },
        { x: 1, y: null },
        { x: 2, y: 3 },
        { x: 3, y: 4 },
      ]),
    ).toBe('M0.0,1.0M2.0,3.0L3.0,4.0');
  });
});
