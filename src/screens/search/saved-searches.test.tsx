// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { clearStoredUser, writeStoredUser } from '../../auth/stored-user.ts';
import { demoSource, linkSearch, renderScreen } from '../../ui/screen-test-kit.tsx';
import KeywordSearch from './keyword-search.tsx';
import { href } from '../../runtime/index.ts';

afterEach(cleanup);
beforeAll(() => {
  void demoSource();
  writeStoredUser({ name: 'Ann', username: 'ann@example.com' });
});
afterAll(() => clearStoredUser());

describe('Saved searches on Keyword Search', () => {
  it('saves the search with its period, renames it and deletes it', async () => {
    renderScreen(
      KeywordSearch,
      href('keyword-search', { key: 'refund*', from: '2026-03-01', to: '2026-03-31' }),
    );
    const name = await screen.findByTestId('saved-search-name');
    // An empty name is refused with the reason next to the field, nothing saved.
    fireEvent.click(screen.getByTestId('saved-search-save'));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Give the search a name to save it.',
    );
    fireEvent.change(name, { target: { value: 'Refunds in March' } });
    fireEvent.click(screen.getByTestId('saved-search-save'));
    const link = await screen.findByRole('link', { name: 'Refunds in March' });
    const params = linkSearch(link.getAttribute('href')!);
    expect([params.get('key'), params.get('from'), params.get('to')]).toEqual([
      'refund*',
      '2026-03-01',
      '2026-03-31',
    ]);
    const item = screen.getByTestId('saved-search');
    expect(item.textContent).toContain('1 Mar 2026 – 31 Mar 2026');

    fireEvent.click(within(item).getByRole('button', { name: 'Rename Refunds in March' }));
    fireEvent.change(screen.getByTestId('saved-search-rename-input'), {
      target: { value: 'March refunds' },
    });
    fireEvent.click(within(item).getByRole('button', { name: 'Save name' }));
    await screen.findByRole('link', { name: 'March refunds' });

    fireEvent.click(screen.getByRole('button', { name: 'Delete March refunds' }));
    await waitFor(() => expect(screen.queryByTestId('saved-search')).toBeNull());
    expect(screen.getByTestId('saved-search-status').textContent).toBe('Deleted “March refunds”.');
  });
});
