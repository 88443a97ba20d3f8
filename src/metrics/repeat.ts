import { rate } from './ratio.ts';

export const DEFAULT_REPEAT_WINDOW_DAYS = 7;
export const DEFAULT_TRANSFER_WINDOW_MINUTES = 15;

export const REPEAT_DEFINITION =
  'Repeat call: an inbound call of the same customer (by customer id, not caller id) that starts within N days (default 7) after an earlier contact of that customer ended. Calls less than 15 minutes apart are one contact (a transfer chain), never a repeat of each other; the earlier contact, inbound or outbound, is "followed by a repeat". An agent calling the customer back is not a repeat.';
export const FCR_DEFINITION =
  'First-contact resolution (FCR) = calls whose contact was not followed by a repeat / calls whose repeat window has closed, where a contact is a chain of calls less than 15 minutes apart and a repeat is the customer calling in again within N days. Calls whose window (N days after their contact ended) reaches the end of the data are pending: they may still be followed by a repeat, so they are left out of FCR and repeat % and counted apart. Repeat % = 1 - FCR.';
export const REPEAT_PENDING_DEFINITION =
  'Pending: calls whose repeat window (N days, default 7, after their contact ended) reaches the end of the data and that were not yet followed by a repeat. Whether the customer calls again is not known yet, so they are left out of FCR and repeat %.';

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

export interface RepeatSettings {
  repeatWindowDays: number;
  transferWindowMinutes: number;
}

export interface RepeatFlags {
  /** 1 when the call's contact was followed by an inbound repeat within the window. */
  followedByRepeat: Uint8Array;
  /** 1 when the call belongs to an inbound contact that repeats an earlier contact. */
  repeatCall: Uint8Array;
  /** Contacts (transfer chains merged) of the customer in the 30 days up to this call's. */
  contactsIn30Days: Uint16Array;
  /**
   * 1 when the call's contact was not followed by a repeat and its window reaches the end of
   * the data: undecided, so neither resolved nor repeated.
   */
  repeatPending: Uint8Array;
}

/**
 * Flags repeat contacts over a whole corpus. Inputs are columns indexed by call; customer ids are
 * small non-negative integers; `inbound` is 1 for a call the customer made. Calls may come in
 * any order.
 *
 * Per customer, oldest first: calls less than the transfer window after the previous call of
 * the chain ended are merged into one contact (A -> B -> C with short hops is one contact, even
 * when C starts long after A). A contact whose first call is inbound and starts within the
 * repeat window after an earlier contact ended repeats it; the flags apply to every call of
 * both contacts. A contact not followed by a repeat whose window (from its end) reaches
 * `dataEndMs` is pending: a repeat could still come after the data ends. Without an end of the
 * data, nothing is pending.
 */
export function repeatContacts(
  customer: ArrayLike<number>,
  startMs: ArrayLike<number>,
  endMs: ArrayLike<number>,
  inbound: ArrayLike<number>,
  settings: RepeatSettings,
  dataEndMs = Number.POSITIVE_INFINITY,
): RepeatFlags {
  const n = customer.length;
  const order = callsByCustomerThenStart(customer, startMs);
  const followedByRepeat = new Uint8Array(n);
  const repeatCall = new Uint8Array(n);
  const contactsIn30Days = new Uint16Array(n);
  const repeatPending = new Uint8Array(n);
  const windowMs = settings.repeatWindowDays * DAY_MS;
  const transferMs = settings.transferWindowMinutes * MINUTE_MS;

  // One customer's contacts at a time: [first, last] positions in `order`, start and end.
  const first: number[] = [];
  const last: number[] = [];
  const start: number[] = [];
  const end: number[] = [];
  const flush = () => {
    for (let c = 0; c < first.length; c++) {
      // Earlier contacts this one repeats (window counted from when each ended).
      const firstCall = order[first[c]!]!;
      let contacts = 1;
      let repeats = false;
      for (let p = c - 1; p >= 0; p--) {
        if (start[c]! - start[p]! >= 30 * DAY_MS) break;
        contacts += 1;
        if (inbound[firstCall] && start[c]! - end[p]! <= windowMs) {
          repeats = true;
          for (let k = first[p]!; k <= last[p]!; k++) followedByRepeat[order[k]!] = 1;
        }
      }
      for (let k = first[c]!; k <= last[c]!; k++) {
        const i = order[k]!;
        if (repeats) repeatCall[i] = 1;
        contactsIn30Days[i] = Math.min(contacts, 65_535);
      }
    }
    // Pending once every later contact had its chance to repeat this one (set above).
    for (let c = 0; c < first.length; c++) {
      if (end[c]! + windowMs < dataEndMs) continue;
      for (let k = first[c]!; k <= last[c]!; k++) {
        const i = order[k]!;
        if (!followedByRepeat[i]) repeatPending[i] = 1;
      }
    }
    first.length = last.length = start.length = end.length = 0;
  };

  for (let k = 0; k < n; k++) {
    const i = order[k]!;
    if (k > 0 && customer[order[k - 1]!] !== customer[i]) flush();
    const c = first.length - 1;
    // Calls of the same customer sit together in `order`, oldest first.
    if (c >= 0 && startMs[i]! - end[c]! < transferMs) {
      last[c] = k;
      end[c] = Math.max(end[c]!, endMs[i]!);
    } else {
      first.push(k);
      last.push(k);
      start.push(startMs[i]!);
      end.push(endMs[i]!);
    }
  }
  flush();
  return { followedByRepeat, repeatCall, contactsIn30Days, repeatPending };
}

/** Counting sort by customer, keeping start order inside a customer: O(n) for sorted input. */
function callsByCustomerThenStart(
  customer: ArrayLike<number>,
  startMs: ArrayLike<number>,
): Int32Array {
  const n = customer.length;
  const byStart = Int32Array.from({ length: n }, (_, i) => i);
  let sorted = true;
  for (let i = 1; i < n && sorted; i++) sorted = startMs[i - 1]! <= startMs[i]!;
  if (!sorted) byStart.sort((a, b) => startMs[a]! - startMs[b]!);
  let maxCustomer = -1;
  for (let i = 0; i < n; i++) maxCustomer = Math.max(maxCustomer, customer[i]!);
  const offsets = new Int32Array(maxCustomer + 2);
  for (let i = 0; i < n; i++) offsets[customer[i]! + 1]! += 1;
  for (let c = 1; c < offsets.length; c++) offsets[c]! += offsets[c - 1]!;
  const order = new Int32Array(n);
  for (const i of byStart) order[offsets[customer[i]!]!++] = i;
  return order;
}

/** FCR over decided calls: `calls` is the calls whose repeat window has closed (pending left out). */
export function firstContactResolution(callsWithoutRepeat: number, calls: number): number | null {
  return rate(callsWithoutRepeat, calls);
}

/** Repeat % over decided calls (pending left out), = 1 - FCR. */
export function repeatRate(callsFollowedByRepeat: number, calls: number): number | null {
  const fcr = firstContactResolution(calls - callsFollowedByRepeat, calls);
  return fcr === null ? null : 1 - fcr;
}
