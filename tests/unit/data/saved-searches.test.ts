/**
 * Saved keyword searches: per owner (user on a deployment), checked whole, renamed and deleted,
 * kept across a reload by the persisted source, a corrupt stored list dropped with a notice.
 */
import { describe, expect, it } from 'vitest';
import { createEmbeddedSource } from '../../../src/data/engine/index.ts';
import { PersistedSource } from '../../../src/data/engine/persistence/persisted-source.ts';
import { memoryStore } from '../../../src/data/engine/persistence/store.ts';

const options = { seed: 21, calls: 300 };
const open = (store: ReturnType<typeof memoryStore>) =>
  PersistedSource.open(createEmbeddedSource(options), store);
const ann = 'acme/ann@example.com';
const bob = 'acme/bob@example.com';

describe('saved searches', { timeout: 60_000 }, () => {
  it('saves, lists per owner, renames and deletes', async () => {
    const source = createEmbeddedSource(options);
    const saved = await source.saveSearch({
      owner: ann,
      id: 'search-1',
      savedAt: '2026-04-02T10:00:00.000Z',
      name: '  Cancellations in March ',
      expression: 'CUSTOMER:"cancel my"',
      filters: { from: '2026-03-01', to: '2026-04-01' },
    });
    expect(saved).toMatchObject({
      name: 'Cancellations in March',
      expression: 'CUSTOMER:"cancel my"',
    });
    await source.saveSearch({ owner: bob, id: 'search-1', name: 'Refunds', expression: 'refund*' });
    expect((await source.savedSearches({ owner: ann })).map((s) => s.name)).toEqual([
      'Cancellations in March',
    ]);
    const renamed = await source.saveSearch({
      ...saved,
      owner: ann,
      name: 'Cancel talk',
      savedAt: '2026-04-03T10:00:00.000Z',
    });
    expect(renamed).toMatchObject({
      id: saved.id,
      createdAt: '2026-04-02T10:00:00.000Z',
      updatedAt: '2026-04-03T10:00:00.000Z',
    });
    expect((await source.savedSearches({ owner: ann }))[0]!.name).toBe('Cancel talk');
    expect(await source.deleteSavedSearch({ owner: ann, id: saved.id })).toEqual([]);
    expect(await source.savedSearches({ owner: bob })).toHaveLength(1);
    // Another owner cannot rename or delete it.
    const bobs = (await source.savedSearches({ owner: bob }))[0]!;
    await expect(source.deleteSavedSearch({ owner: ann, id: bobs.id })).rejects.toMatchObject({
      code: 'not-found',
    });
  });

  it('refuses a draft with every problem named, saving nothing', async () => {
    const source = createEmbeddedSource(options);
    await expect(
      source.saveSearch({
        owner: ann,
        id: 'bad id!',
        name: ' ',
        expression: 'cancel AND (refund',
        filters: { churnRisk: 'extreme' as never, from: 'soon' },
      }),
    ).rejects.toMatchObject({
      code: 'invalid-query',
      details: [
        'id: 1 to 64 letters, digits, - or _',
        'name: must not be empty',
        expect.stringMatching(/^expression: .* at character \d+$/),
        expect.stringContaining('filters.from'),
      ],
    });
    await expect(
      source.saveSearch({ owner: '', id: 'a', name: 'x', expression: 'x' }),
    ).rejects.toMatchObject({ code: 'invalid-query' });
    expect(await source.savedSearches({ owner: ann })).toEqual([]);
  });

  it('survive a reload; a corrupt stored list is dropped with a notice', async () => {
    const store = memoryStore();
    const first = await open(store);
    const saved = await first.saveSearch({
      owner: ann,
      id: 'search-9',
      name: 'Refunds',
      expression: 'refund*',
    });
    const reloaded = await open(store);
    expect(await reloaded.savedSearches({ owner: ann })).toEqual([saved]);
    store.data.set('savedSearches', { [ann]: [{ id: 'x', name: '', expression: 'refund' }] });
    const corrupt = await open(store);
    expect((await corrupt.info()).storage!.notices[0]).toMatch(
      /saved keyword searches could not be read/,
    );
    expect(await corrupt.savedSearches({ owner: ann })).toEqual([]);
  });
});
