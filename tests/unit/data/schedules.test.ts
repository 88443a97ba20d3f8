import { describe, expect, it } from 'vitest';
import { createEmbeddedSource } from '../../../src/data/engine/index.ts';
import { PersistedSource } from '../../../src/data/engine/persistence/persisted-source.ts';
import { memoryStore } from '../../../src/data/engine/persistence/store.ts';
import { occurrences } from '../../../src/data/engine/schedules.ts';
import type { ScheduleDraft } from '../../../src/data/source.ts';

const iso = (t: number) => new Date(t).toISOString();
const at = (s: string) => Date.parse(s);

describe('occurrences of a scheduled entry', () => {
  const from = at('2026-03-01T00:00:00Z'); // a Sunday
  const to = at('2026-03-15T00:00:00Z');

  it('once: only inside the window', () => {
    expect(occurrences({ at: '2026-03-04T09:30:00Z', repeat: 'none' }, from, to).map(iso)).toEqual([
      '2026-03-04T09:30:00.000Z',
    ]);
    expect(occurrences({ at: '2026-03-15T00:00:00Z', repeat: 'none' }, from, to)).toEqual([]);
    expect(occurrences({ at: '2026-02-28T23:59:00Z', repeat: 'none' }, from, to)).toEqual([]);
  });

  it('weekly from before the window keeps the weekday and time', () => {
    // First on Wednesday 18 February 14:00: the Wednesdays 4 and 11 March fall inside.
    expect(
      occurrences({ at: '2026-02-18T14:00:00Z', repeat: 'weekly' }, from, to).map(iso),
    ).toEqual(['2026-03-04T14:00:00.000Z', '2026-03-11T14:00:00.000Z']);
  });

  it('weekdays skip Saturday and Sunday; daily does not', () => {
    const weekdays = occurrences({ at: '2026-03-06T08:00:00Z', repeat: 'weekdays' }, from, to);
    // Friday 6, then Monday 9 to Friday 13 March.
    expect(weekdays.map((t) => iso(t).slice(0, 10))).toEqual([
      '2026-03-06',
      '2026-03-09',
      '2026-03-10',
      '2026-03-11',
      '2026-03-12',
      '2026-03-13',
    ]);
    expect(occurrences({ at: '2026-03-12T08:00:00Z', repeat: 'daily' }, from, to)).toHaveLength(3);
  });

  it('monthly keeps the day of the month and skips months without it', () => {
    const year = [at('2026-01-01T00:00:00Z'), at('2026-06-01T00:00:00Z')] as const;
    expect(
      occurrences({ at: '2026-01-31T07:00:00Z', repeat: 'monthly' }, ...year).map(iso),
    ).toEqual(['2026-01-31T07:00:00.000Z', '2026-03-31T07:00:00.000Z', '2026-05-31T07:00:00.000Z']);
  });
});

describe('scheduled calendar entries', { timeout: 60_000 }, () => {
  const draft = (over: Partial<ScheduleDraft> = {}): ScheduleDraft => ({
    id: 'cal-1',
    kind: 'calibration',
    title: 'Calibration on the refund call',
    at: '2026-03-04T14:00:00Z',
    repeat: 'none',
    who: ['Rita Reviewer', ' Sam Supervisor '],
    createdBy: 'Avery Quinn',
    ...over,
  });

  it('refuses a draft with every problem named by field, keeping nothing', async () => {
    const source = createEmbeddedSource({ seed: 21, calls: 300 });
    const error = await source
      .saveSchedule(
        draft({ id: 'bad id', title: ' ', at: 'next week', who: [], repeat: 'hourly' as 'daily' }),
      )
      .catch((e: unknown) => e);
    expect(error).toMatchObject({
      code: 'invalid-query',
      details: [
        'id: 1 to 64 letters, digits, - or _',
        'title: must not be empty',
        'at: not a date and time',
        'repeat: must be one of none, daily, weekdays, weekly, monthly',
        'who: name at least one person',
      ],
    });
    const call = await source
      .saveSchedule(draft({ kind: 'report', callId: 'call-000001' }))
      .catch((e: unknown) => e);
    expect(call).toMatchObject({ details: ['callId: a report delivery is not about one call'] });
    expect(await source.schedules()).toEqual([]);
  });

  it('versions each save, refuses a stale one, and deletes only the version seen', async () => {
    const source = createEmbeddedSource({ seed: 21, calls: 300 });
    const first = await source.saveSchedule(draft());
    expect(first).toMatchObject({ version: 1, who: ['Rita Reviewer', 'Sam Supervisor'] });
    const second = await source.saveSchedule(
      draft({ title: 'Calibration (moved)', at: '2026-03-05T10:00:00Z', baseVersion: 1 }),
    );
    expect(second).toMatchObject({ version: 2, createdBy: 'Avery Quinn' });
    // Another tab still at version 1.
    await expect(source.saveSchedule(draft({ baseVersion: 1 }))).rejects.toMatchObject({
      code: 'conflict',
    });
    await expect(source.deleteSchedule({ id: 'cal-1', baseVersion: 1 })).rejects.toMatchObject({
      code: 'conflict',
    });
    await expect(source.saveSchedule(draft())).rejects.toMatchObject({ code: 'conflict' });
    await source.deleteSchedule({ id: 'cal-1', baseVersion: 2 });
    expect(await source.schedules()).toEqual([]);
    await expect(source.deleteSchedule({ id: 'cal-1', baseVersion: 2 })).rejects.toMatchObject({
      code: 'not-found',
    });
  });

  it('shows each occurrence in the calendar window beside the derived entries', async () => {
    const source = createEmbeddedSource({ seed: 21, calls: 300 });
    const derived = await source.calendar();
    // Scheduled times follow the clock: the two weeks from today.
    const day0 = Date.parse(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`);
    // Weekly from the day before the window: two occurrences in its two weeks.
    const first = iso(day0 - 86_400_000 + 10 * 3_600_000);
    await source.saveSchedule(
      draft({ id: 'weekly-report', kind: 'report', repeat: 'weekly', at: first }),
    );
    const calendar = await source.calendar();
    const scheduled = calendar.filter((e) => e.scheduleId === 'weekly-report');
    expect(scheduled.map((e) => e.at)).toEqual([
      iso(day0 + 6 * 86_400_000 + 10 * 3_600_000),
      iso(day0 + 13 * 86_400_000 + 10 * 3_600_000),
    ]);
    expect(scheduled[0]!.detail).toBe('To Rita Reviewer, Sam Supervisor · every week');
    expect(calendar.length).toBe(derived.length + 2);
    expect(calendar.map((e) => e.at)).toEqual([...calendar.map((e) => e.at)].sort());
  });

  it('survives a reload through the store, and drops a call link once the data has moved on', async () => {
    const store = memoryStore();
    const options = { seed: 21, calls: 300 };
    const tab = await PersistedSource.open(createEmbeddedSource(options), store);
    await tab.saveSchedule(draft({ kind: 'evaluation', callId: 'call-000007' }));
    const reloaded = await PersistedSource.open(createEmbeddedSource(options), store);
    expect(await reloaded.schedules()).toMatchObject([{ id: 'cal-1', callId: 'call-000007' }]);
    const stored = store.data.get('schedules') as { day: string; items: unknown[] };
    store.data.set('schedules', { ...stored, day: '2020-01-01' });
    const later = await PersistedSource.open(createEmbeddedSource(options), store);
    const [entry] = await later.schedules();
    expect(entry).toMatchObject({ id: 'cal-1', title: 'Calibration on the refund call' });
    expect(entry!.callId).toBeUndefined();
    expect((await later.info()).storage!.notices).toEqual([]);
  });
});
