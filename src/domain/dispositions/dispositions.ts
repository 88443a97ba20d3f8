/**
 * The call outcomes (dispositions) the product knows, in the order their codes are stored (a
 * call's disposition column holds the index). Demo calls and ingested calls use the same codes,
 * and the server's SQL filters by these indices.
 */
import type { Disposition } from '../../generated/data.types.ts';

export const DISPOSITIONS: Disposition[] = [
  { code: 'BILL-ADJ', label: 'Billing adjusted', group: 'Billing Dispute', resolved: true },
  { code: 'BILL-OPEN', label: 'Billing dispute open', group: 'Billing Dispute', resolved: false },
  { code: 'CANCELLED', label: 'Account cancelled', group: 'Cancellation', resolved: true },
  { code: 'RETAINED', label: 'Retained with offer', group: 'Retention Offer', resolved: true },
  { code: 'CHURN-FLAG', label: 'Churn risk flagged', group: 'Churn Prediction', resolved: false },
  { code: 'TECH-FIXED', label: 'Issue fixed', group: 'Technical Support', resolved: true },
  { code: 'TECH-TICKET', label: 'Ticket raised', group: 'Technical Support', resolved: false },
  { code: 'SALE', label: 'Sale', group: 'Sale', resolved: true },
  { code: 'NO-SALE', label: 'No sale', group: 'Sale', resolved: true },
  { code: 'CALLBACK', label: 'Callback scheduled', group: 'Sale', resolved: false },
  { code: 'COMPLAINT', label: 'Complaint logged', group: 'Complaint', resolved: false },
  { code: 'COMPLAINT-RES', label: 'Complaint resolved', group: 'Complaint', resolved: true },
  { code: 'INFO', label: 'Information given', group: 'Information Request', resolved: true },
  { code: 'NO-CONTACT', label: 'No genuine contact', group: 'Fake Call', resolved: false },
];
export const DISPOSITION_INDEX = new Map(DISPOSITIONS.map((d, i) => [d.code, i]));

/** Stored indices of the dispositions that count as a sale (a fake-call signal without purchase talk). */
export const SALE_CODES = new Set(DISPOSITIONS.flatMap((d, k) => (d.code === 'SALE' ? [k] : [])));
