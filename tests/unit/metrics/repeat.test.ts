import { describe, expect, it } from 'vitest';
import { firstContactResolution, repeatContacts, repeatRate } from '../../../src/metrics/index.ts';

const MIN = 60_000;
const DAY = 86_400_000;
const settings = { repeatWindowDays: 7, transferWindowMinutes: 15 };

describe('repeat calls', () => {
  it('flags a call of the same customer within N days, but not a transfer under 15 minutes', () => {
    // customer 0: call A (0-10 min), B starts 5 min after A ended (transfer), C 3 days later.
    // customer 1: D, then E 8 days later (outside the 7-day window).
    const customer = [0, 0, 1, 0, 1];
    const start = [0, 15 * MIN, 1 * DAY, 3 * DAY, 9 * DAY];
    const end = [10 * MIN, 20 * MIN, 1 * DAY + 5 * MIN, 3 * DAY + 5 * MIN, 9 * DAY + 5 * MIN];
    const r = repeatContacts(customer, start, end, settings);
    expect([...r.repeatCall]).toEqual([0, 0, 0, 1, 0]); // C repeats A and B
    expect([...r.followedByRepeat]).toEqual([1, 1, 0, 0, 0]);
    expect([...r.contactsIn30Days]).toEqual([1, 2, 1, 3, 2]);
  });
  it('a call exactly 15 minutes after the previous ended is a repeat', () => {
    const r = repeatContacts([5, 5], [0, 25 * MIN], [10 * MIN, 30 * MIN], settings);
    expect([...r.repeatCall]).toEqual([0, 1]);
  });
  it('follows the repeat window setting', () => {
    const r = repeatContacts([0, 0], [0, 8 * DAY], [MIN, 8 * DAY + MIN], {
      ...settings,
      repeatWindowDays: 10,
    });
    expect([...r.followedByRepeat]).toEqual([1, 0]);
  });
  it('works on calls in any order', () => {
    const r = repeatContacts([0, 0], [2 * DAY, 0], [2 * DAY + MIN, MIN], settings);
    expect([...r.followedByRepeat]).toEqual([0, 1]);
  });
  it('FCR = calls with no repeat / calls; repeat rate = 1 - FCR', () => {
    expect(firstContactResolution(3, 4)).toBe(0.75);
    expect(repeatRate(1, 4)).toBe(0.25);
    expect(firstContactResolution(0, 0)).toBeNull();
  });
});
