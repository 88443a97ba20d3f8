// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { demoSource, linkSearch, renderScreen } from '../../ui/screen-test-kit.tsx';
import KeywordSearch from './keyword-search.tsx';
import { href } from '../../runtime/index.ts';

afterEach(cleanup);
// The corpus is built once per file, outside any one test's time; a busy machine may be slow.
beforeAll(() => void demoSource());

describe('Keyword search', () => {
  it('shows hits with highlighted words, each linking to the call at the hit', async () => {
    renderScreen(KeywordSearch, href('keyword-search', { key: 'cancel' }));
    const hits = await screen.findByTestId('search-hits');
    const marks = hits.querySelectorAll('mark');
    expect(marks.length).toBeGreaterThan(0);
    for (const mark of marks) expect(mark.textContent!.toLowerCase()).toMatch(/^cancel/);
    const link = within(hits).getAllByTestId('hit-link')[0]!;
    const params = linkSearch(link.getAttribute('href')!);
    expect(params.get('call')).toBe(link.getAttribute('data-call'));
    expect(params.get('at')).toBe(link.getAttribute('data-at'));
    const detail = await demoSource().call(params.get('call')!);
    const at = Number(params.get('at'));
    expect(detail!.transcript.some((s) => s.beginMs === at && /cancel/i.test(s.text))).toBe(true);
  });

  it('shows the searched text back as text, never as markup', async () => {
    const key = '<img src=x onerror=alert> cancel';
    renderScreen(KeywordSearch, href('keyword-search', { key }));
    const echo = await screen.findByTestId('search-echo');
    expect(echo.textContent).toBe(key);
    expect(document.querySelector('img')).toBeNull();
  });

  it('explains a syntax error as the user’s input, once, pointing at it', async () => {
    renderScreen(KeywordSearch, href('keyword-search', { key: 'cancel AND (refund' }));
    const alert = await screen.findByTestId('search-syntax-problem');
    expect(alert.textContent).toMatch(/cannot be read/);
    expect(alert.textContent).not.toMatch(/Could not load/);
    expect(alert.querySelector('mark')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /try again|retry/i })).toBeNull();
  });

  it('ignores a limit outside 1..500 with a notice, and the Show selector follows the address', async () => {
    renderScreen(KeywordSearch, href('keyword-search', { key: 'cancel', limit: -5 }));
    expect((await screen.findByTestId('address-notice')).textContent).toMatch(
      /limit: “-5” was ignored/,
    );
    expect(screen.queryByText('Top -5')).toBeNull();
    cleanup();
    renderScreen(KeywordSearch, href('keyword-search', { key: 'cancel', limit: 3 }));
    const show = (await screen.findByLabelText('Show')) as HTMLSelectElement;
    expect(show.selectedOptions[0]!.textContent).toBe('Top 3');
  });

  it('echoes a quoted phrase with its own quotes only', async () => {
    renderScreen(KeywordSearch, href('keyword-search', { key: '"cancel my"' }));
    const echo = await screen.findByTestId('search-echo');
    expect(echo.tagName).toBe('SPAN');
    expect(echo.textContent).toBe('"cancel my"');
  });

  it('lists the newest weeks first, and all of them on demand', async () => {
    renderScreen(KeywordSearch, href('keyword-search', { key: 'cancel' }));
    const facets = await screen.findByTestId('search-facets');
    const weeks = within(facets).getByRole('region', { name: 'Week' });
    const labels = () =>
      within(weeks)
        .getAllByRole('button')
        .map((b) => b.querySelector('.an-facet__label')?.textContent)
        .filter(Boolean);
    const first = labels();
    expect(first.length).toBe(8);
    fireEvent.click(within(weeks).getByRole('button', { name: /Show all/ }));
    const all = labels();
    expect(all.length).toBeGreaterThan(8);
    // Newest first: the first listed week is the last week of the data.
    const days = (s: string | null | undefined) => Date.parse(s!.replace('Week of ', ''));
    expect(days(all[0])).toBeGreaterThan(days(all.at(-1)));
  });

  it('narrows the hits to a facet and shows its count', async () => {
    renderScreen(KeywordSearch, href('keyword-search', { key: 'cancel' }));
    const facets = await screen.findByTestId('search-facets');
    const vendor = within(within(facets).getByRole('region', { name: 'Vendor' })).getAllByRole(
      'button',
    )[0]!;
    const count = Number(vendor.querySelector('.an-facet__count')!.textContent!.replace(/,/g, ''));
    fireEvent.click(vendor);
    await waitFor(() =>
      expect(Number(screen.getByTestId('search-total').getAttribute('data-value'))).toBe(count),
    );
    expect(screen.getByRole('button', { name: /Remove vendor filter/ })).toBeTruthy();
  });

  it('keeps a speaker filter inside the expression of the address', async () => {
    const { router } = renderScreen(KeywordSearch, href('keyword-search'));
    fireEvent.change(screen.getByLabelText('Words or phrases'), {
      target: { value: 'refund OR cancel' },
    });
    fireEvent.change(screen.getByLabelText('Said by'), { target: { value: 'CUSTOMER' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).get('key')).toBe(
        'CUSTOMER:(refund OR cancel)',
      ),
    );
    expect((screen.getByLabelText('Said by') as HTMLSelectElement).value).toBe('CUSTOMER');
  });
});

describe('Keyword search form', () => {
  it('points at a syntax error in the box and does not search', async () => {
    const { router } = renderScreen(KeywordSearch, href('keyword-search'));
    fireEvent.change(screen.getByLabelText('Words or phrases'), {
      target: { value: 'refund AND (cancel' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/⟨here⟩/);
    expect(screen.getByLabelText('Words or phrases').getAttribute('aria-invalid')).toBe('true');
    expect(router.state.location.search).toBe('');
  });
});

describe('Keyword search limited to a period', () => {
  it('searches only the period’s calls, says so, and clears it with a link', async () => {
    const source = demoSource();
    const to = (await source.info()).range.to.slice(0, 10);
    const from = new Date(Date.parse(to) - 13 * 86_400_000).toISOString().slice(0, 10);
    renderScreen(KeywordSearch, href('keyword-search', { key: 'cancel', from, to }));
    const total = Number((await screen.findByTestId('search-total')).getAttribute('data-value'));
    const exclusiveTo = new Date(Date.parse(to) + 86_400_000).toISOString().slice(0, 10);
    const expected = await source.search({
      expression: 'cancel',
      filters: { from, to: exclusiveTo },
      limit: 1,
    });
    const everything = await source.search({ expression: 'cancel', limit: 1 });
    expect(total).toBe(expected.total);
    expect(total).toBeLessThan(everything.total);
    expect(screen.getByTestId('search-period').textContent).toMatch(/Only calls of/);
    const clear = screen.getByTestId('search-period-clear');
    const params = linkSearch(clear.getAttribute('href')!);
    expect(params.get('key')).toBe('cancel');
    expect(params.get('from')).toBeNull();
    expect(params.get('to')).toBeNull();
  });

  it('names a bad day in a notice and searches every call', async () => {
    renderScreen(KeywordSearch, href('keyword-search', { key: 'cancel', from: 'yesterday' }));
    const notice = await screen.findByTestId('address-notice');
    expect(notice.textContent).toContain('yesterday');
    await screen.findByTestId('search-total');
    expect(screen.queryByTestId('search-period')).toBeNull();
  });
});
