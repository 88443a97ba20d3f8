// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetAuthStateForTests, signInWithRolesForTests } from '../../auth/test-account.ts';
import { createEmbeddedSource } from '../../data/engine/index.ts';
import { renderScreen } from '../../ui/screen-test-kit.tsx';
import SettingsOverview from './overview.tsx';
import { href } from '../../runtime/index.ts';

// The quality team schedules (the token's roles); one test signs in as an agent.
beforeEach(() => signInWithRolesForTests('Rita Reviewer', ['reviewer']));
afterEach(() => {
  cleanup();
  resetAuthStateForTests();
});

const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

describe('Calendar: scheduled entries', () => {
  it('schedules a calibration, shows it on its day, edits it, deletes it and undoes that', async () => {
    const source = createEmbeddedSource({ calls: 300, seed: 46 });
    renderScreen(SettingsOverview, href('settings', { section: 'calendar' }), source);
    fireEvent.click(await screen.findByRole('button', { name: 'Schedule…' }));
    const form = screen.getByTestId('schedule-form');
    fireEvent.change(within(form).getByLabelText('Title'), {
      target: { value: 'Calibration: refund calls' },
    });
    // A time that has passed is refused at the field, before anything is sent.
    fireEvent.change(within(form).getByLabelText('Date (UTC)'), {
      target: { value: '2020-01-06' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Schedule' }));
    expect(await within(form).findByText('this time has passed: choose a later one')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('Date (UTC)'), { target: { value: tomorrow() } });
    // Nobody named: the source's problem is shown at its field, the draft stays.
    fireEvent.click(within(form).getByRole('button', { name: 'Schedule' }));
    const who = within(form).getByLabelText('Who takes part');
    await waitFor(() => expect(who.getAttribute('aria-invalid')).toBe('true'));
    expect(within(form).getByText('name at least one person')).toBeTruthy();
    expect((within(form).getByLabelText('Title') as HTMLInputElement).value).toBe(
      'Calibration: refund calls',
    );
    fireEvent.change(who, { target: { value: 'Rita Reviewer, Sam Supervisor' } });
    fireEvent.change(within(form).getByLabelText('Repeat'), { target: { value: 'weekly' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Schedule' }));

    const list = await screen.findByTestId('scheduled-list');
    expect(list.textContent).toContain('Calibration: refund calls');
    expect(list.textContent).toContain('every week · with Rita Reviewer, Sam Supervisor');
    const [stored] = await source.schedules();
    const onDays = screen
      .getAllByTestId('calendar-entry')
      .filter((e) => e.hasAttribute('data-scheduled'));
    expect(onDays.length).toBe(
      (await source.calendar()).filter((e) => e.scheduleId === stored!.id).length,
    );
    expect(onDays.length).toBeGreaterThanOrEqual(2);

    fireEvent.click(within(list).getByRole('button', { name: 'Edit Calibration: refund calls' }));
    const edit = screen.getByTestId('schedule-form');
    fireEvent.change(within(edit).getByLabelText('Title'), {
      target: { value: 'Refund calibration' },
    });
    fireEvent.click(within(edit).getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(screen.getByTestId('scheduled-list').textContent).toContain('Refund calibration'),
    );
    expect((await source.schedules())[0]).toMatchObject({
      title: 'Refund calibration',
      version: 2,
    });

    fireEvent.click(screen.getByRole('button', { name: 'Delete Refund calibration' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete “Refund calibration”' }));
    await waitFor(() => expect(screen.queryByTestId('scheduled-list')).toBeNull());
    expect(screen.getByTestId('calendar-status').textContent).toContain('was deleted');
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(screen.queryByTestId('scheduled-list')).not.toBeNull());
    expect((await source.schedules())[0]).toMatchObject({
      id: stored!.id,
      title: 'Refund calibration',
    });
  });

  it('shows an agent the calendar and its scheduled entries, offers no change, says who may', async () => {
    const source = createEmbeddedSource({ calls: 300, seed: 46 });
    await source.saveSchedule({
      id: 'team-cal',
      kind: 'calibration',
      title: 'Team calibration',
      at: `${tomorrow()}T15:00:00.000Z`,
      repeat: 'none',
      who: ['Rita Reviewer'],
      createdBy: 'Rita Reviewer',
    });
    signInWithRolesForTests('Alex Agent', ['agent']);
    renderScreen(SettingsOverview, href('settings', { section: 'calendar' }), source);
    const list = await screen.findByTestId('scheduled-list');
    expect(list.textContent).toContain('Team calibration');
    expect(
      screen.getAllByTestId('calendar-entry').some((e) => e.hasAttribute('data-scheduled')),
    ).toBe(true);
    expect(screen.getByTestId('role-refused').textContent).toMatch(
      /^Only a reviewer, a supervisor or an administrator can put evaluations, calibrations and report deliveries on the team calendar: your account is an agent\./,
    );
    expect(screen.queryByRole('button', { name: 'Schedule…' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^(Edit|Delete)/ })).toBeNull();
  });
});
