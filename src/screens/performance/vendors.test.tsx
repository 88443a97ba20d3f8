// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { demoSource, linkSearch, renderScreen } from '../../ui/screen-test-kit.tsx';
import { filtersFromParams } from '../../ui/url-filters.ts';
import { slaStatus } from '../../metrics/index.ts';
import VendorPerformance from './vendors.tsx';
import { href } from '../../runtime/index.ts';

afterEach(cleanup);
// The corpus is built once per file, outside any one test's time; a busy machine may be slow.
beforeAll(() => void demoSource());

const values = (testId: string) =>
  screen.getAllByTestId(testId).map((e) => Number(e.getAttribute('data-value')));

describe('Vendor performance', () => {
  it('lists every vendor, and the total row is the sum of their calls', async () => {
    renderScreen(VendorPerformance, href('vendors'));
    const table = await screen.findByTestId('vendor-table');
    const catalog = await demoSource().catalog();
    const rows = within(table).getAllByTestId('vendor-link');
    expect(rows).toHaveLength(catalog.vendors.length);
    const total = values('vendor-total-calls')[0]!;
    expect(values('vendor-calls').reduce((a, b) => a + b, 0)).toBe(total);
    expect(total).toBeGreaterThan(0);
  });

  it('colours each SLA cell against the vendor’s own target', async () => {
    renderScreen(VendorPerformance, href('vendors'));
    const table = await screen.findByTestId('vendor-table');
    const source = demoSource();
    const [catalog, info] = await Promise.all([source.catalog(), source.info()]);
    const to = info.range.to.slice(0, 10);
    const from = new Date(Date.parse(info.range.to) - 30 * 86_400_000).toISOString().slice(0, 10);
    const rows = (await source.aggregate({ filters: { from, to }, by: 'vendor' })).rows;
    for (const link of within(table).getAllByTestId('vendor-link')) {
      const id = link.getAttribute('data-vendor')!;
      const vendor = catalog.vendors.find((v) => v.id === id)!;
      const metrics = rows.find((r) => r.key === id)!.metrics;
      const cell = within(link.closest('tr')!).getByTestId('sla-qaScore');
      expect(cell.getAttribute('data-status')).toBe(
        slaStatus('qaScore', metrics.qaScore, vendor.sla.qaScore) ?? 'none',
      );
      expect(cell.textContent).toMatch(/SLA ≥ \d+(\.\d)?%/);
    }
  });

  it('drills a vendor into its agents, keeping the period', async () => {
    renderScreen(VendorPerformance, href('vendors', { from: '2026-03-01', to: '2026-03-15' }));
    const link = (await screen.findAllByTestId('vendor-link'))[0]!;
    const drill = link.getAttribute('href')!;
    expect(drill.startsWith(`${href('agents')}?`)).toBe(true);
    const params = linkSearch(drill);
    expect(params.get('vendor')).toBe(link.getAttribute('data-vendor'));
    expect(params.get('from')).toBe('2026-03-01');
    expect(params.get('to')).toBe('2026-03-15');
  });

  it('lists exactly a vendor’s calls behind its number', async () => {
    renderScreen(VendorPerformance, href('vendors'));
    const cells = await screen.findAllByTestId('vendor-calls');
    const cell = cells[0]!;
    const { filters } = filtersFromParams(linkSearch(cell.getAttribute('href')!));
    const page = await demoSource().calls({ filters, limit: 1 });
    expect(page.total).toBe(Number(cell.getAttribute('data-value')));
  });

  it('sorts by a column from its header button, with aria-sort', async () => {
    renderScreen(VendorPerformance, href('vendors'));
    const table = await screen.findByTestId('vendor-table');
    const button = within(table).getByRole('button', { name: 'Vendor' });
    fireEvent.click(button);
    await waitFor(() => expect(button.closest('th')!.getAttribute('aria-sort')).toBe('ascending'));
    const names = within(table)
      .getAllByTestId('vendor-link')
      .map((a) => a.getAttribute('data-vendor'));
    const catalog = await demoSource().catalog();
    const byName = [...catalog.vendors]
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((v) => v.id);
    expect(names).toEqual(byName);
  });
});
