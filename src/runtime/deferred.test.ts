import { describe, expect, it, vi } from 'vitest';
import { deferred } from './deferred.ts';

describe('deferred', () => {
  it('loads once, on the first fetch, and answers get() afterwards', async () => {
    const load = vi.fn(() => Promise.resolve({ Panel: 'panel' }));
    const code = deferred(load);
    expect(load).not.toHaveBeenCalled();
    expect(code.get()).toBeUndefined();
    await Promise.all([code.fetch(), code.fetch()]);
    expect(load).toHaveBeenCalledTimes(1);
    expect(code.get()).toEqual({ Panel: 'panel' });
  });

  it('forgets a failed load, so the next fetch tries again', async () => {
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce('loaded');
    const code = deferred(load);
    await expect(code.fetch()).rejects.toThrow('offline');
    expect(code.get()).toBeUndefined();
    await expect(code.fetch()).resolves.toBe('loaded');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
