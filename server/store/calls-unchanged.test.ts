/**
 * The writes the API server does not copy to the database's call tables (CALLS_UNCHANGED_BY)
 * leave every call's columns and rule failures as they were: were one to change them, the
 * compiled queries would answer from a stale copy.
 */
import { describe, expect, it } from 'vitest';
import { createEmbeddedSource } from '../../src/data/engine/index.ts';
import { lastDays } from '../../src/data/period.ts';
import type { DataSourceMethod } from '../../src/data/source.ts';
import { CALLS_UNCHANGED_BY } from './live-tables.ts';

describe('writes that leave the call tables alone', () => {
  const source = createEmbeddedSource({ calls: 400, seed: 7 });
  const { corpus } = source;

  /** Every column of every call and the rule failures, as plain numbers. */
  const calls = () => ({
    cols: Object.fromEntries(
      Object.entries(corpus.cols).map(([k, v]) => [k, Array.from(v as ArrayLike<number>)]),
    ),
    failures: Object.fromEntries(
      Object.entries(corpus.failures).map(([k, v]) => [k, Array.from(v as ArrayLike<number>)]),
    ),
  });

  it('change no call, each of them', async () => {
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const [alert] = await source.inbox();
    const writes: [DataSourceMethod, () => Promise<unknown>][] = [
      [
        'assignLeads',
        () =>
          source.assignLeads({
            leadIds: [corpus.leads[0]!.id],
            ownerAgentId: corpus.cast.agents[0]!.id,
          }),
      ],
      ['markInboxRead', () => source.markInboxRead({ ids: [alert!.id], read: true })],
      ['savePreferences', () => source.savePreferences({ inboxShows: 'unread' })],
      [
        'saveSearch',
        () =>
          source.saveSearch({
            owner: 'acme/ann',
            id: 's-1',
            name: 'Cancel',
            expression: 'cancel*',
            filters: lastDays('2026-04-01', 30),
            savedAt: '2026-04-02T09:00:00.000Z',
          }),
      ],
      ['deleteSavedSearch', () => source.deleteSavedSearch({ owner: 'acme/ann', id: 's-1' })],
      [
        'saveSchedule',
        () =>
          source.saveSchedule({
            id: 'team-cal',
            kind: 'calibration',
            title: 'Team calibration',
            at: `${tomorrow}T15:00:00.000Z`,
            repeat: 'weekly',
            who: ['Rita Reviewer'],
            createdBy: 'Ana',
          }),
      ],
      ['deleteSchedule', () => source.deleteSchedule({ id: 'team-cal', baseVersion: 1 })],
    ];
    expect(new Set(writes.map(([method]) => method))).toEqual(CALLS_UNCHANGED_BY);
    const before = calls();
    for (const [method, write] of writes) {
      await write();
      expect(calls(), method).toEqual(before);
    }
  });

  it('are told apart from a write that does change calls', async () => {
    const before = calls();
    await source.saveSettings({ smart: { repeatWindowDays: 3 } });
    expect(calls()).not.toEqual(before);
  });
});
