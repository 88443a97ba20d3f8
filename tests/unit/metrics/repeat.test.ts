import { describe, expect, it } from 'vitest';
import {
  addCallToTotals,
  emptyKpiTotals,
  firstContactResolution,
  repeatContacts,
  repeatRate,
  summariseKpis,
  type CallKpiInput,
} from '../../../src/metrics/index.ts';

const MIN = 60_000;
const DAY = 86_400_000;
const settings = { repeatWindowDays: 7, transferWindowMinutes: 15 };
const allInbound = (n: number) => new Array<number>(n).fill(1);

describe('repeat calls', () => {
  it('flags a call of the same customer within N days, but not a transfer under 15 minutes', () => {
    // customer 0: call A (0-10 min), B starts 5 min after A ended (transfer), C 3 days later.
    // customer 1: D, then E 8 days later (outside the 7-day window).
    const customer = [0, 0, 1, 0, 1];
    const start = [0, 15 * MIN, 1 * DAY, 3 * DAY, 9 * DAY];
    const end = [10 * MIN, 20 * MIN, 1 * DAY + 5 * MIN, 3 * DAY + 5 * MIN, 9 * DAY + 5 * MIN];
    const r = repeatContacts(customer, start, end, allInbound(5), settings);
    expect([...r.repeatCall]).toEqual([0, 0, 0, 1, 0]); // C repeats the contact A+B
    expect([...r.followedByRepeat]).toEqual([1, 1, 0, 0, 0]);
    // Contacts, not calls: A and B are one contact.
    expect([...r.contactsIn30Days]).toEqual([1, 1, 1, 2, 2]);
  });

  it('a transfer chain A -> B -> C with short hops is one contact, however long it lasts', () => {
    // Each hop starts 10 minutes after the previous leg ended; C starts 50 minutes after A.
    const start = [0, 20 * MIN, 40 * MIN];
    const end = [10 * MIN, 30 * MIN, 50 * MIN];
    const r = repeatContacts([3, 3, 3], start, end, allInbound(3), settings);
    expect([...r.repeatCall]).toEqual([0, 0, 0]);
    expect([...r.followedByRepeat]).toEqual([0, 0, 0]);
    expect([...r.contactsIn30Days]).toEqual([1, 1, 1]);
  });

  it('only the customer calling in is a repeat; an agent calling back is not', () => {
    // Inbound A, the agent's outbound call B a day later, the customer's inbound C two days later.
    const start = [0, 1 * DAY, 3 * DAY];
    const end = [5 * MIN, 1 * DAY + 5 * MIN, 3 * DAY + 5 * MIN];
    const r = repeatContacts([1, 1, 1], start, end, [1, 0, 1], settings);
    expect([...r.repeatCall]).toEqual([0, 0, 1]);
    // C repeats both earlier contacts, whatever their direction.
    expect([...r.followedByRepeat]).toEqual([1, 1, 0]);
  });

  it('the window counts from when the earlier contact ended', () => {
    // A ends 2 hours after it started; C starts 7 days and 1 hour after A started: a repeat.
    const r = repeatContacts(
      [0, 0],
      [0, 7 * DAY + 60 * MIN],
      [120 * MIN, 7 * DAY + 65 * MIN],
      allInbound(2),
      settings,
    );
    expect([...r.repeatCall]).toEqual([0, 1]);
  });

  it('a call exactly 15 minutes after the previous ended is a repeat', () => {
    const r = repeatContacts([5, 5], [0, 25 * MIN], [10 * MIN, 30 * MIN], allInbound(2), settings);
    expect([...r.repeatCall]).toEqual([0, 1]);
  });

  it('follows the repeat window setting', () => {
    const r = repeatContacts([0, 0], [0, 8 * DAY], [MIN, 8 * DAY + MIN], allInbound(2), {
      ...settings,
      repeatWindowDays: 10,
    });
    expect([...r.followedByRepeat]).toEqual([1, 0]);
  });

  it('works on calls in any order', () => {
    const r = repeatContacts([0, 0], [2 * DAY, 0], [2 * DAY + MIN, MIN], allInbound(2), settings);
    expect([...r.followedByRepeat]).toEqual([0, 1]);
  });

  it('FCR = calls with no repeat / calls; repeat rate = 1 - FCR', () => {
    expect(firstContactResolution(3, 4)).toBe(0.75);
    expect(repeatRate(1, 4)).toBe(0.25);
    expect(firstContactResolution(0, 0)).toBeNull();
  });

  it('a call whose window reaches the end of the data is pending, unless a repeat already came', () => {
    // Data ends on day 20. Customer 0: A on day 1 (window closed, resolved), B on day 15
    // (window to day 22: pending). Customer 1: C on day 14 and its repeat D on day 16: C is
    // decided (followed by a repeat) although its window is open; D is pending.
    const end = 20 * DAY;
    const start = [1 * DAY, 15 * DAY, 14 * DAY, 16 * DAY];
    const r = repeatContacts(
      [0, 0, 1, 1],
      start,
      start.map((s) => s + 5 * MIN),
      allInbound(4),
      settings,
      end,
    );
    expect([...r.followedByRepeat]).toEqual([0, 0, 1, 0]);
    expect([...r.repeatPending]).toEqual([0, 1, 0, 1]);
  });

  it('the window counts from the end of the whole transfer chain', () => {
    // A (day 12, ends 10 min later) -> B 5 min after A ended, lasting until day 13: the contact
    // ends on day 13, its window reaches day 20 (the end of the data): both legs pending.
    const r = repeatContacts(
      [2, 2],
      [12 * DAY, 12 * DAY + 15 * MIN],
      [12 * DAY + 10 * MIN, 13 * DAY],
      allInbound(2),
      settings,
      20 * DAY - 1,
    );
    expect([...r.repeatPending]).toEqual([1, 1]);
    // One millisecond later the window has closed before the data ends.
    expect([
      ...repeatContacts(
        [2, 2],
        [12 * DAY, 12 * DAY + 15 * MIN],
        [12 * DAY + 10 * MIN, 13 * DAY],
        allInbound(2),
        settings,
        20 * DAY + 1,
      ).repeatPending,
    ]).toEqual([0, 0]);
  });

  it('without an end of the data nothing is pending', () => {
    expect([...repeatContacts([0], [0], [MIN], [1], settings).repeatPending]).toEqual([0]);
  });

  it('FCR and repeat % leave pending calls out; the pending count is reported apart', () => {
    // 10 analysed calls: 2 followed by a repeat, 3 pending, 5 resolved.
    // FCR = 5 / (10 - 3) = 5/7, repeat % = 2/7.
    const base: CallKpiInput = {
      analysed: true,
      handleTimeMs: 1,
      durationMs: 1,
      agentTalkMs: 0,
      customerTalkMs: 0,
      silenceMs: 0,
      interruptions: 0,
      agentSentiment: null,
      customerSentiment: null,
      sentimentTrend: null,
      negative: false,
      followedByRepeat: false,
      repeatCall: false,
      repeatPending: false,
      complianceScore: null,
      compliant: true,
      qaScore: null,
      escalated: false,
      churnHigh: false,
      fake: false,
      resolved: false,
      cost: 0,
    };
    const totals = emptyKpiTotals();
    for (let k = 0; k < 10; k++)
      addCallToTotals(totals, { ...base, followedByRepeat: k < 2, repeatPending: k >= 7 });
    const kpis = summariseKpis(totals);
    expect(kpis.fcr).toBeCloseTo(5 / 7, 12);
    expect(kpis.repeatRate).toBeCloseTo(2 / 7, 12);
    expect(kpis.repeatPendingCalls).toBe(3);
    expect(kpis.followedByRepeatCalls).toBe(2);
    expect(kpis.analysedCalls).toBe(10);
  });
});
