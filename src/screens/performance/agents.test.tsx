// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { demoSource, linkSearch, renderScreen } from '../../ui/screen-test-kit.tsx';
import AgentPerformance from './agents.tsx';
import { href } from '../../runtime/index.ts';

afterEach(cleanup);
// The corpus is built once per file, outside any one test's time; a busy machine may be slow.
beforeAll(() => void demoSource());

const values = (testId: string) =>
  screen.getAllByTestId(testId).map((e) => Number(e.getAttribute('data-value')));

describe('Agent leaderboard', () => {
  it('shows one vendor’s agents, whose calls add up to the vendor’s', async () => {
    const source = demoSource();
    const catalog = await source.catalog();
    const vendor = catalog.vendors[0]!;
    renderScreen(AgentPerformance, href('agents', { vendor: vendor.id }));
    await screen.findByTestId('agent-table');
    const total = values('agents-total-calls')[0]!;
    expect(values('agent-calls').reduce((a, b) => a + b, 0)).toBe(total);
    const info = await source.info();
    const to = info.range.to.slice(0, 10);
    const from = new Date(Date.parse(info.range.to) - 30 * 86_400_000).toISOString().slice(0, 10);
    const vendors = await source.aggregate({ filters: { from, to }, by: 'vendor' });
    expect(total).toBe(vendors.rows.find((r) => r.key === vendor.id)!.metrics.analysedCalls);
    const teams = new Set(
      catalog.agents.filter((a) => a.vendorId === vendor.id).map((a) => a.team),
    );
    for (const link of screen.getAllByTestId('agent-link')) {
      expect([...teams].some((t) => link.textContent!.includes(t))).toBe(true);
    }
  });

  it('marks quartile bands on the ranked metrics', async () => {
    renderScreen(AgentPerformance, href('agents'));
    const table = await screen.findByTestId('agent-table');
    const bands = table.querySelectorAll('.an-q[data-band="top"]');
    expect(bands.length).toBeGreaterThan(0);
    expect(within(table).getAllByText(', top quartile').length).toBe(bands.length);
  });
});

describe('Non-compliant calls (?compliant=false)', () => {
  it('lists the non-compliant calls, each with a failed rule and a link into the call', async () => {
    const source = demoSource();
    renderScreen(AgentPerformance, href('agents', { compliant: false }));
    const table = await screen.findByTestId('failing-table');
    const total = values('failing-total')[0]!;
    const info = await source.info();
    const to = info.range.to.slice(0, 10);
    const from = new Date(Date.parse(info.range.to) - 30 * 86_400_000).toISOString().slice(0, 10);
    const kpis = await source.kpis({ filters: { from, to } });
    expect(total).toBe(kpis.current.nonCompliantCalls);
    const rows = within(table).getAllByTestId('failed-rule');
    expect(rows.length).toBe(Math.min(total, rows.length));
    for (const rule of rows) expect(rule.textContent!.trim()).not.toBe('');
    for (const play of within(table).getAllByTestId('play-evidence')) {
      const params = linkSearch(play.getAttribute('href')!);
      expect(params.get('call')).toMatch(/^call-/);
    }
    expect(
      screen.getByRole('link', { name: 'Non-compliant calls' }).getAttribute('aria-current'),
    ).toBe('page');
  });
});
