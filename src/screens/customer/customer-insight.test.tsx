// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { demoSource, linkSearch, renderScreen } from '../../ui/screen-test-kit.tsx';
import TrendAnalysis from './trend-analysis.tsx';
import VoiceOfTheCustomer from './voice-of-customer.tsx';
import { href } from '../../runtime/index.ts';

afterEach(cleanup);
beforeAll(() => void demoSource());

const values = (testId: string, root: HTMLElement = document.body) =>
  within(root)
    .getAllByTestId(testId)
    .map((e) => Number(e.getAttribute('data-value')));
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const find = (testId: string) => screen.findByTestId(testId);

describe('Voice of the customer', () => {
  it('splits the analysed calls of a disposition over its codes, each drilling to its list', async () => {
    renderScreen(VoiceOfTheCustomer, href('voc', { disposition: 'Billing Dispute' }));
    const total = await find('voc-total');
    await find('voc-groups');
    fireEvent.click(screen.getByRole('button', { name: 'Disposition' }));
    // The topics stay on screen until the codes arrive: wait for rows that drill to a code.
    const search = await waitFor(() => {
      const link = screen.getAllByTestId('voc-group-calls')[0]!;
      const s = linkSearch(link.getAttribute('href')!);
      expect(s.get('disposition')).not.toBeNull();
      return s;
    });
    expect(search.get('dispositionGroup')).toBe('Billing Dispute');
    const rows = values('voc-group-calls');
    expect(sum(rows)).toBe(Number(total.getAttribute('data-value')));
    const quotes = await screen.findAllByTestId('voc-quote-link');
    expect(linkSearch(quotes[0]!.getAttribute('href')!).get('at')).toMatch(/^\d+$/);
  });

  it('says so when the address names an unknown disposition', async () => {
    renderScreen(VoiceOfTheCustomer, `${href('voc')}?disposition=Nonsense`);
    const notice = await find('address-notice');
    expect(notice.textContent).toContain('disposition: “Nonsense” was ignored');
    await find('voc-total');
  });

  it('shows the fake-call view: flagged calls drill to the list, a signal filters the evidence', async () => {
    renderScreen(VoiceOfTheCustomer, href('voc', { disposition: 'Fake Call' }));
    const flagged = await find('fake-flagged-calls');
    const count = Number(flagged.getAttribute('data-value'));
    expect(linkSearch(flagged.getAttribute('href')!).get('fakeCall')).toBe('true');
    const signals = screen.getAllByTestId('fake-signal-evidence');
    expect(count).toBeGreaterThan(0);
    const counts = screen.getAllByTestId('fake-signal-count');
    expect(linkSearch(counts[0]!.getAttribute('href')!).get('fakeSignal')).not.toBeNull();
    const bands = screen.getAllByTestId('fake-band-calls');
    expect(bands).toHaveLength(10);
    expect(linkSearch(bands[3]!.getAttribute('href')!).get('fakeScoreBand')).toBe('3');
    const first = signals.find((s) => Number(s.getAttribute('data-value')) > 0)!;
    fireEvent.click(first);
    expect(first.getAttribute('aria-pressed')).toBe('true');
    const shown = screen.getAllByTestId('fake-evidence-call');
    expect(shown.length).toBe(Math.min(25, Number(first.getAttribute('data-value'))));
    await find('fake-vendors');
  });

  it('shows the churn view with reasons and the high-risk calls', async () => {
    renderScreen(VoiceOfTheCustomer, href('voc', { disposition: 'Churn Prediction' }));
    const high = await find('churn-high-calls');
    expect(linkSearch(high.getAttribute('href')!).get('churnRisk')).toBe('high');
    expect(screen.getAllByTestId('churn-reason-calls')).toHaveLength(4);
  });
});

describe('Trend analysis', () => {
  it('topics over time add up to the analysed calls, and the comparison lists both periods', async () => {
    renderScreen(TrendAnalysis, href('trend-analysis', { bucket: 'month' }));
    const table = await find('trend-table');
    const topicCalls = sum(values('trend-calls', table));
    const source = demoSource();
    const info = await source.info();
    const to = info.range.to.slice(0, 10);
    const from = new Date(Date.parse(to) - 90 * 86_400_000).toISOString().slice(0, 10);
    const kpis = await source.kpis({ filters: { from, to } });
    expect(topicCalls).toBe(kpis.current.analysedCalls);
    await find('compare-table');
    // No data before the 90 days: A and B are the period's two halves, which together are it.
    expect(sum(values('compare-a')) + sum(values('compare-b'))).toBe(kpis.current.analysedCalls);
    expect(sum(values('compare-b'))).toBeGreaterThan(0);
  });

  it('reports a bad bucket and a bad comparison day', async () => {
    renderScreen(TrendAnalysis, `${href('trend-analysis')}?bucket=year&compareFrom=soon`);
    const notice = await screen.findByRole('status');
    expect(notice.textContent).toContain('bucket');
    expect(notice.textContent).toContain('compareFrom');
  });
});
