// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DataSourceProvider, QueryState, useQuery } from '../../../src/data/index.ts';
import { readCacheOf } from '../../../src/data/read-cache.ts';
import { DataSourceError, type CallDataSource } from '../../../src/data/source.ts';

afterEach(cleanup);

function fakeSource(behaviour: () => Promise<unknown>): CallDataSource {
  return { info: behaviour } as unknown as CallDataSource;
}

function Info() {
  const q = useQuery((s) => s.info() as unknown as Promise<{ calls: number } | []>, []);
  return (
    <QueryState query={q} label="calls" empty="Nothing yet.">
      {(d) => <p>{(d as { calls: number }).calls} calls</p>}
    </QueryState>
  );
}

describe('useQuery + QueryState', () => {
  it('shows loading, then the data', async () => {
    let resolve!: (v: unknown) => void;
    render(
      <DataSourceProvider source={fakeSource(() => new Promise((r) => (resolve = r)))}>
        <Info />
      </DataSourceProvider>,
    );
    expect(screen.getByRole('status').textContent).toContain('Loading calls');
    await act(async () => resolve({ calls: 42 }));
    expect(screen.getByText('42 calls')).toBeTruthy();
  });

  it('starts ready with an answer read ahead that has arrived, and renders it once', async () => {
    let asked = 0;
    const source = {
      info: () => {
        asked += 1;
        return Promise.resolve({ calls: 42 });
      },
    } as unknown as CallDataSource;
    await readCacheOf(source).ahead([{ method: 'info', args: [] }])[0];
    let renders = 0;
    function Counted() {
      renders += 1;
      const q = useQuery((s) => s.info() as unknown as Promise<{ calls: number }>, []);
      return (
        <QueryState query={q} label="calls">
          {(d) => <p>{d.calls} calls</p>}
        </QueryState>
      );
    }
    render(
      <DataSourceProvider source={source}>
        <Counted />
      </DataSourceProvider>,
    );
    // In the first render: no loading state first.
    expect(screen.getByText('42 calls')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
    await act(async () => undefined);
    // The query's own run took the same answer: no second render, no second read.
    expect(asked).toBe(1);
    expect(renders).toBe(1);

    // An answer not in hand (not arrived) starts loading as before.
    cleanup();
    const later = { info: () => Promise.resolve({ calls: 3 }) };
    readCacheOf(later as unknown as CallDataSource).ahead([{ method: 'info', args: [] }]);
    render(
      <DataSourceProvider source={later as unknown as CallDataSource}>
        <Info />
      </DataSourceProvider>,
    );
    expect(screen.getByRole('status').textContent).toContain('Loading calls');
    expect(await screen.findByText('3 calls')).toBeTruthy();
  });

  it('shows the empty state', async () => {
    render(
      <DataSourceProvider source={fakeSource(async () => [])}>
        <Info />
      </DataSourceProvider>,
    );
    expect(await screen.findByText('Nothing yet.')).toBeTruthy();
  });

  it('shows an error with a retry that runs the query again', async () => {
    let calls = 0;
    const source = fakeSource(async () => {
      calls += 1;
      if (calls === 1) throw new DataSourceError('unavailable', 'The data worker failed');
      return { calls: 7 };
    });
    render(
      <DataSourceProvider source={source}>
        <Info />
      </DataSourceProvider>,
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The data worker failed');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Retry' })));
    expect(await screen.findByText('7 calls')).toBeTruthy();
    expect(calls).toBe(2);
  });

  it('offers no retry for invalid input, and survives a render error in the screen part', async () => {
    render(
      <DataSourceProvider
        source={fakeSource(async () =>
          Promise.reject(new DataSourceError('invalid-query', 'Search expression: Unclosed quote')),
        )}
      >
        <Info />
      </DataSourceProvider>,
    );
    expect((await screen.findByRole('alert')).textContent).toContain('Unclosed quote');
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    cleanup();

    function Broken() {
      const q = useQuery(async () => ({ calls: 1 }), []);
      return (
        <QueryState query={q} label="chart">
          {() => {
            throw new Error('bad data');
          }}
        </QueryState>
      );
    }
    const errors = console.error;
    console.error = () => {};
    try {
      render(
        <DataSourceProvider source={fakeSource(async () => null)}>
          <Broken />
        </DataSourceProvider>,
      );
      expect((await screen.findByRole('alert')).textContent).toContain(
        'Showing the chart failed: bad data',
      );
    } finally {
      console.error = errors;
    }
  });

  it('aborts the signal of a superseded run, and of the last one when the component goes', async () => {
    const signals: AbortSignal[] = [];
    function Keyed({ k }: { k: number }) {
      const q = useQuery(
        (_s, signal) => {
          signals.push(signal);
          return new Promise<number>(() => {});
        },
        [k],
      );
      return <p>{q.status}</p>;
    }
    const source = fakeSource(async () => null);
    const view = render(
      <DataSourceProvider source={source}>
        <Keyed k={1} />
      </DataSourceProvider>,
    );
    view.rerender(
      <DataSourceProvider source={source}>
        <Keyed k={2} />
      </DataSourceProvider>,
    );
    expect(signals.map((s) => s.aborted)).toEqual([true, false]);
    view.unmount();
    expect(signals[1]!.aborted).toBe(true);
  });

  it('runs a query again after a write that changes what it read, and only then', async () => {
    let settings = 0;
    let preferences = 0;
    const source = {
      settings: async () => ({ n: ++settings }),
      preferences: async () => ({ n: ++preferences }),
      saveSettings: async () => ({}),
    } as unknown as CallDataSource;
    function Both() {
      const s = useQuery((src) => src.settings() as unknown as Promise<{ n: number }>, []);
      const p = useQuery((src) => src.preferences() as unknown as Promise<{ n: number }>, []);
      return (
        <p>
          settings {s.data?.n} preferences {p.data?.n}
        </p>
      );
    }
    render(
      <DataSourceProvider source={source}>
        <Both />
      </DataSourceProvider>,
    );
    expect(await screen.findByText('settings 1 preferences 1')).toBeTruthy();
    await act(async () => {
      await readCacheOf(source).source.saveSettings({});
    });
    expect(await screen.findByText('settings 2 preferences 1')).toBeTruthy();
    expect(preferences).toBe(1);
  });

  it('compares its deps by value: the same filters built anew run nothing again', async () => {
    let asked = 0;
    const source = { kpis: async () => ++asked } as unknown as CallDataSource;
    function Kpis({ filters }: { filters: { from: string; to: string } }) {
      const q = useQuery((src) => src.kpis({ filters }) as unknown as Promise<number>, [filters]);
      return <p>kpis {q.data}</p>;
    }
    const view = render(
      <DataSourceProvider source={source}>
        <Kpis filters={{ from: 'a', to: 'b' }} />
      </DataSourceProvider>,
    );
    expect(await screen.findByText('kpis 1')).toBeTruthy();
    view.rerender(
      <DataSourceProvider source={source}>
        <Kpis filters={{ to: 'b', from: 'a' }} />
      </DataSourceProvider>,
    );
    await act(async () => undefined);
    expect(asked).toBe(1);
    view.rerender(
      <DataSourceProvider source={source}>
        <Kpis filters={{ from: 'a', to: 'c' }} />
      </DataSourceProvider>,
    );
    expect(await screen.findByText('kpis 2')).toBeTruthy();
  });
});
