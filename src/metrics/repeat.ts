import { rate } from './ratio.ts';

export const DEFAULT_REPEAT_WINDOW_DAYS = 7;
export const DEFAULT_TRANSFER_WINDOW_MINUTES = 15;

export const REPEAT_DEFINITION =
  'Repeat call: the same customer (by customer id, not caller id) calls again within N days (default 7) of a call. A call starting less than 15 minutes after the previous one ended is the same contact transferred, not a repeat.';
export const FCR_DEFINITION =
  'First-contact resolution (FCR) = calls not followed by a repeat call / calls. Repeat rate = 1 - FCR. Calls in the last N days of the data cannot yet be followed by a repeat.';

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

export interface RepeatSettings {
  repeatWindowDays: number;
  transferWindowMinutes: number;
}

export interface RepeatFlags {
  /** 1 when the customer called again within the window after this call (not a transfer). */
  followedByRepeat: Uint8Array;
  /** 1 when this call repeats an earlier call of the customer within the window. */
  repeatCall: Uint8Array;
  /** Calls of the customer in the 30 days up to and including this one. */
  contactsIn30Days: Uint16Array;
}

/**
 * Flags repeat contacts over a whole corpus. Inputs are columns indexed by call; customer ids are
 * small non-negative integers. Calls may come in any order.
 */
export function repeatContacts(
  customer: ArrayLike<number>,
  startMs: ArrayLike<number>,
  endMs: ArrayLike<number>,
  settings: RepeatSettings,
): RepeatFlags {
  const n = customer.length;
  const order = callsByCustomerThenStart(customer, startMs);
  const followedByRepeat = new Uint8Array(n);
  const repeatCall = new Uint8Array(n);
  const contactsIn30Days = new Uint16Array(n);
  const windowMs = settings.repeatWindowDays * DAY_MS;
  const transferMs = settings.transferWindowMinutes * MINUTE_MS;

  let groupStart = 0;
  for (let k = 0; k < n; k++) {
    const i = order[k]!;
    if (k > 0 && customer[order[k - 1]!] !== customer[i]) groupStart = k;
    // Calls of the same customer sit together in `order`, oldest first.
    let contacts = 1;
    for (let m = k - 1; m >= groupStart; m--) {
      const j = order[m]!;
      const sinceStart = startMs[i]! - startMs[j]!;
      if (sinceStart >= 30 * DAY_MS) break;
      contacts += 1;
      if (sinceStart <= windowMs && startMs[i]! - endMs[j]! >= transferMs) {
        repeatCall[i] = 1;
        followedByRepeat[j] = 1;
      }
    }
    contactsIn30Days[i] = Math.min(contacts, 65_535);
  }
  return { followedByRepeat, repeatCall, contactsIn30Days };
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

export function firstContactResolution(callsWithoutRepeat: number, calls: number): number | null {
  return rate(callsWithoutRepeat, calls);
}

export function repeatRate(callsFollowedByRepeat: number, calls: number): number | null {
  const fcr = firstContactResolution(calls - callsFollowedByRepeat, calls);
  return fcr === null ? null : 1 - fcr;
}
