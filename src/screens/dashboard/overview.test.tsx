// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { demoSource, linkSearch, renderScreen } from '../../ui/screen-test-kit.tsx';
import { filtersFromParams } from '../../ui/url-filters.ts';
import Dashboard from './overview.tsx';
import { href } from '../../runtime/index.ts';

afterEach(cleanup);
// The corpus is built once per file, outside any one test's time; a busy machine may be slow.
beforeAll(() => void demoSource());

async function tiles() {
  const grid = await screen.findByTestId('kpi-grid');
  return grid;
}

describe('Dashboard', () => {
  it('shows the eight KPI tiles, each with its definition one hover away', async () => {
    renderScreen(Dashboard, href('dashboard'));
    const grid = await tiles();
    const articles = within(grid).getAllByRole('article');
    expect(articles.map((a) => a.querySelector('h3')?.textContent)).toEqual([
      'Calls analysed',
      'AHT',
      'Customer sentiment',
      'QA %',
      'Compliance %',
      'Repeat %',
      'Fake-call %',
      'Churn-risk calls',
    ]);
    const info = within(grid).getByRole('button', { name: 'About AHT' });
    const tip = document.getElementById(info.getAttribute('aria-describedby')!);
    expect(tip?.textContent).toMatch(/talk \+ hold \+ after-call work/);
  });

  it('drills every tile into a call list with exactly the count the tile shows', async () => {
    renderScreen(Dashboard, href('dashboard'));
    const grid = await tiles();
    const links = within(grid).getAllByRole('link');
    expect(links).toHaveLength(8);
    for (const link of links) {
      const { filters, problems } = filtersFromParams(linkSearch(link.getAttribute('href')!));
      expect(problems).toEqual([]);
      const page = await demoSource().calls({ filters, limit: 1 });
      expect(page.total, link.textContent ?? '').toBe(Number(link.getAttribute('data-count')));
    }
  });

  it('narrows every number to the vendor in the URL', async () => {
    const source = demoSource();
    const catalog = await source.catalog();
    const vendor = catalog.vendors[2]!;
    renderScreen(Dashboard, href('dashboard', { vendor: vendor.id }));
    const grid = await tiles();
    await waitFor(() =>
      expect(
        within(grid).getByTestId('kpi-analysedCalls').querySelector('[data-value]'),
      ).toBeTruthy(),
    );
    const shown = Number(
      within(grid)
        .getByTestId('kpi-analysedCalls')
        .querySelector('.an-kpi__value')!
        .getAttribute('data-value'),
    );
    const info = await source.info();
    const to = info.range.to.slice(0, 10);
    const from = new Date(Date.parse(info.range.to) - 30 * 86_400_000).toISOString().slice(0, 10);
    const byVendor = await source.aggregate({ filters: { from, to }, by: 'vendor' });
    expect(shown).toBe(byVendor.rows.find((r) => r.key === vendor.id)!.metrics.analysedCalls);
    expect((screen.getByLabelText('Vendor') as HTMLSelectElement).value).toBe(vendor.id);
  });

  it('reports a bad filter in the address and still shows the dashboard', async () => {
    renderScreen(Dashboard, href('dashboard', { from: 'someday' }));
    expect(
      await screen.findByText(/from: “.*” was ignored \(expected a day, YYYY-MM-DD\)/),
    ).toBeTruthy();
    await tiles();
  });
});
