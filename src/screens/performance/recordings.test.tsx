// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { demoSource, renderScreen } from '../../ui/screen-test-kit.tsx';
import Recordings from './recordings.tsx';
import { href } from '../../runtime/index.ts';

afterEach(cleanup);
// The corpus is built once per file, outside any one test's time; a busy machine may be slow.
beforeAll(() => void demoSource());
beforeEach(() => window.localStorage.clear());

const total = async () =>
  Number((await screen.findByTestId('call-list-total')).getAttribute('data-value'));

describe('Call list', () => {
  it('lists exactly the calls of the filters in the URL and says which they are', async () => {
    const { router } = renderScreen(
      Recordings,
      href('recordings', {
        from: '2026-03-01',
        to: '2026-03-31',
        compliant: false,
        category: 'cat-billing-dispute',
      }),
    );
    const filters = {
      from: '2026-03-01',
      to: '2026-04-01',
      compliant: false,
      category: 'cat-billing-dispute',
    };
    const expected = await demoSource().calls({ filters, limit: 1 });
    expect(await total()).toBe(expected.total);
    const compliance = screen.getByRole('combobox', { name: 'Compliance' }) as HTMLSelectElement;
    expect(compliance.value).toBe('false');
    fireEvent.change(compliance, { target: { value: '' } });
    await waitFor(() => expect(router.state.location.search).not.toMatch(/compliant/));
    const wider = await demoSource().calls({
      filters: { ...filters, compliant: undefined },
      limit: 1,
    });
    await waitFor(() =>
      expect(Number(screen.getByTestId('call-list-total').getAttribute('data-value'))).toBe(
        wider.total,
      ),
    );
    const chip = within(screen.getByTestId('active-filters')).getByRole('button', {
      name: 'Remove filter: Category: Billing dispute',
    });
    fireEvent.click(chip);
    await waitFor(() => expect(router.state.location.search).not.toMatch(/category/));
  });

  it('sorts on the data source from a header button and keeps the sort in the URL', async () => {
    const { router } = renderScreen(Recordings, href('recordings'));
    await total();
    const table = screen.getByTestId('call-table');
    fireEvent.click(within(table).getByRole('button', { name: 'Duration' }));
    await waitFor(() => expect(router.state.location.search).toMatch(/sort=durationMs&dir=desc/));
    const longest = await demoSource().calls({
      filters: {},
      sort: { field: 'durationMs', direction: 'desc' },
      limit: 1,
    });
    await waitFor(() =>
      expect(within(table).getAllByTestId('call-link')[0]!.getAttribute('href')).toContain(
        longest.items[0]!.id,
      ),
    );
    expect(
      within(table)
        .getByRole('button', { name: 'Duration' })
        .closest('th')!
        .getAttribute('aria-sort'),
    ).toBe('descending');
  });

  it('lets the reader choose the columns', async () => {
    renderScreen(Recordings, href('recordings'));
    await total();
    const table = screen.getByTestId('call-table');
    expect(within(table).getByRole('columnheader', { name: /Queue/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Queue' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Vendor' }));
    expect(within(table).queryByRole('columnheader', { name: /Queue/ })).toBeNull();
    expect(within(table).getByRole('columnheader', { name: /Vendor/ })).toBeTruthy();
  });
});

describe('Call page', () => {
  async function someCall() {
    const page = await demoSource().calls({
      filters: { status: 'analysed', compliant: false },
      sort: { field: 'durationMs', direction: 'desc' },
      limit: 1,
    });
    const detail = await demoSource().call(page.items[0]!.id);
    return detail!;
  }

  it('opens at the moment in the address, with the turn spoken then marked', async () => {
    const detail = await someCall();
    const turn = detail.transcript[Math.floor(detail.transcript.length / 2)]!;
    renderScreen(Recordings, href('recordings', { call: detail.call.id, at: turn.beginMs }));
    const position = await screen.findByTestId('call-position');
    expect(Number(position.getAttribute('data-value'))).toBe(turn.beginMs);
    const current = screen.getByTestId('call-transcript').querySelector('[aria-current="true"]');
    expect(current?.getAttribute('data-index')).toBe(String(turn.index));
    const slider = screen.getByRole('slider', { name: 'Position in the call' });
    expect(slider.getAttribute('aria-valuenow')).toBe(String(turn.beginMs));
  });

  it('moves the position from a transcript turn and from the keyboard on the timeline', async () => {
    const detail = await someCall();
    renderScreen(Recordings, href('recordings', { call: detail.call.id }));
    const last = detail.transcript[detail.transcript.length - 1]!;
    const transcript = await screen.findByTestId('call-transcript');
    const buttons = within(transcript).getAllByRole('button', { name: /^Go to/ });
    fireEvent.click(buttons[buttons.length - 1]!);
    const slider = screen.getByRole('slider', { name: 'Position in the call' });
    expect(slider.getAttribute('aria-valuenow')).toBe(String(last.beginMs));
    fireEvent.keyDown(slider, { key: 'Home' });
    expect(slider.getAttribute('aria-valuenow')).toBe('0');
    fireEvent.keyDown(slider, { key: 'ArrowRight' });
    expect(slider.getAttribute('aria-valuenow')).toBe(
      String(Math.min(5000, detail.call.durationMs)),
    );
  });

  it('shows the failed rules first, with their evidence or why there is none', async () => {
    const detail = await someCall();
    renderScreen(Recordings, href('recordings', { call: detail.call.id }));
    const rules = await screen.findByTestId('rule-results');
    const failed = detail.ruleResults.filter((r) => r.kind === 'compliance' && !r.passed);
    expect(failed.length).toBeGreaterThan(0);
    const items = within(rules).getAllByRole('listitem');
    expect(items[0]!.getAttribute('data-passed')).toBe('false');
    expect(within(rules).getAllByText('failed')).toHaveLength(failed.length);
  });

  it('says so when the call does not exist', async () => {
    renderScreen(Recordings, href('recordings', { call: 'call-nope' }));
    expect(await screen.findByText(/No call has the id “call-nope”/)).toBeTruthy();
  });
});

describe('Call page with audio', () => {
  it('shows a player and moves it with the transcript', async () => {
    const base = demoSource();
    const page = await base.calls({ filters: { status: 'analysed' }, limit: 1 });
    const withAudio: typeof base = Object.create(base);
    withAudio.call = async (id) => {
      const detail = await base.call(id);
      return detail && { ...detail, call: { ...detail.call, audioUrl: '/recordings/demo.mp3' } };
    };
    renderScreen(Recordings, href('recordings', { call: page.items[0]!.id }), withAudio);
    const transcript = await screen.findByTestId('call-transcript');
    const audio = document.querySelector('audio')!;
    expect(audio.getAttribute('src')).toBe('/recordings/demo.mp3');
    expect(audio.hasAttribute('controls')).toBe(true);
    const buttons = within(transcript).getAllByRole('button', { name: /^Go to/ });
    fireEvent.click(buttons[buttons.length - 1]!);
    const detail = await base.call(page.items[0]!.id);
    expect(audio.currentTime).toBeCloseTo(detail!.transcript.at(-1)!.beginMs / 1000, 2);
  });
});
