import type { ConversionDestination, ConversionEvent, ConversionSendStatus, MarketingContext } from './conversions';
import { z } from 'zod';

/**
 * Data-subject requests (GDPR art. 15 and 17, CCPA, PDPA; docs/decisions/0019). The owner API:
 *
 *   POST /api/privacy/access         body AccessRequest   -> AccessExport (a JSON attachment)
 *   POST /api/privacy/erasure        body ErasureRequest  -> ErasureOutcome
 *   POST /api/privacy/erasure/check  body AccessRequest   -> ErasureCheck
 *   GET  /api/privacy/requests                            -> DataRequestLog
 *   GET  /api/privacy/requests/:id/receipt                -> DataRequestReceipt (a JSON attachment)
 *
 * Never plan-gated: answering them is a legal duty of every workspace.
 */

export const dataRequestMessages = {
  email: 'Enter a valid email address',
  confirmEmail: 'Type the same email address again to confirm',
} as const;

/**
 * An address as leads store it: trimmed and lower-cased (src/domain/submission.ts does the same
 * when a visitor signs up), so the request finds every lead of the person.
 */
export const normaliseSubjectEmail = (email: string) => email.trim().toLowerCase();

const subjectEmail = z
  .string({ error: dataRequestMessages.email })
  .transform(normaliseSubjectEmail)
  .pipe(z.email({ error: dataRequestMessages.email }).max(254, dataRequestMessages.email));

export const accessRequestSchema = z.object({ email: subjectEmail });
export type AccessRequest = z.input<typeof accessRequestSchema>;

export const erasureRequestSchema = z
  .object({
    email: subjectEmail,
    /** The address typed a second time: an erasure cannot be undone. */
    confirmEmail: z.string({ error: dataRequestMessages.confirmEmail }).transform(normaliseSubjectEmail),
  })
  .refine((r) => r.confirmEmail === r.email, { path: ['confirmEmail'], message: dataRequestMessages.confirmEmail });
export type ErasureRequest = z.input<typeof erasureRequestSchema>;

export type DataRequestKind = 'access' | 'erasure';

/** What an erasure removed (or an access found), by kind of record. */
export interface ErasureCounts {
  leads: number;
  answers: number;
  consents: number;
  submissions: number;
  emailsLogged: number;
  queuedEmailsRemoved: number;
  sentEmailsRemoved: number;
  rateLimitCounters: number;
  paymentsAnonymised: number;
  exportFilesRemoved: number;
}

export interface AccessCounts {
  leads: number;
  answers: number;
  consents: number;
  submissions: number;
  payments: number;
  emails: number;
  conversions: number;
}

/** Labels of the counts, for the log and the toast: [one, more than one]. */
export const RECORD_LABELS: Record<keyof ErasureCounts | keyof AccessCounts, readonly [string, string]> = {
  leads: ['lead', 'leads'],
  answers: ['answer', 'answers'],
  consents: ['consent record', 'consent records'],
  submissions: ['submission', 'submissions'],
  payments: ['payment', 'payments'],
  emails: ['email', 'emails'],
  conversions: ['conversion sent to an ad platform', 'conversions sent to ad platforms'],
  emailsLogged: ['email log entry', 'email log entries'],
  queuedEmailsRemoved: ['queued email', 'queued emails'],
  sentEmailsRemoved: ['sent email copy', 'sent email copies'],
  rateLimitCounters: ['rate-limit counter', 'rate-limit counters'],
  paymentsAnonymised: ['payment anonymised', 'payments anonymised'],
  exportFilesRemoved: ['export file', 'export files'],
};

/** "1 lead", "2 leads": a count of records of `kind` (an unknown kind is named as it is). */
export function recordCount(kind: string, n: number): string {
  const labels = RECORD_LABELS[kind as keyof typeof RECORD_LABELS];
  return `${n} ${labels ? labels[n === 1 ? 0 : 1] : kind}`;
}

/** What is kept after an erasure, and why: the same words in the dialog, the receipt and the docs. */
export const ERASURE_KEEPS =
  'Payment records required for tax (amount, currency, provider and its payment ids, dates) are kept with the person’s identity removed: they no longer point to a lead or an email address.';

/** What cannot be tied to an address, so an erasure cannot find it and an access cannot show it. */
export const NOT_LINKABLE = [
  'Unique-visitor counting stores a hash of the IP address and browser under a random key made each UTC day; the key and the hashes are deleted within 48 hours, and no hash can be tied to an email address.',
  'Rate-limit counters are keyed by hashes; those keyed by this address on the workspace’s pages are deleted by an erasure, the rest expire within an hour.',
  'Daily totals (views, leads, confirmations, downloads) are counts without any personal data.',
] as const;

export const TOMBSTONE_NOTE =
  'A tombstone records the erasure: a keyed hash (HMAC) of the workspace and the address, never the address itself, so the erasure can be proven by checking the address again.';

export interface AccessConsent {
  event: 'signup' | 'confirmation' | 'follow_ups';
  method: 'code' | 'link' | null;
  text: string;
  version: number;
  agreed: boolean;
  pageVersion: number | null;
  shown: unknown;
  givenAt: string;
  ipHash: string;
  userAgentHash: string;
}

export interface AccessPayment {
  id: string;
  provider: 'stripe' | 'paypal';
  amount: number;
  currency: string;
  status: string;
  checkoutId: string | null;
  chargeId: string | null;
  createdAt: string;
  paidAt: string | null;
  refundedAt: string | null;
}

export interface AccessLead {
  page: { id: string; name: string };
  email: string;
  answers: Array<{ fieldId: string; label: string; value: string }>;
  status: 'pending' | 'verified';
  paymentState: string;
  createdAt: string;
  confirmedAt: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  utmTerm: string | null;
  utmContent: string | null;
  referrer: string | null;
  downloads: number;
  lastDownloadAt: string | null;
  submissions: Array<{ createdAt: string; pageVersion: number }>;
  consents: AccessConsent[];
  payments: AccessPayment[];
  emails: Array<{ kind: LeadEmailKind; queuedAt: string; deliveredAt: string | null }>;
  /** What the sign-up left for server-side conversions when the visitor accepted marketing (domain/conversions.ts). */
  marketing: MarketingContext | null;
  /** Each conversion reported to an ad platform from the server, with what it carried. */
  conversions: Array<{
    destination: ConversionDestination;
    event: ConversionEvent;
    eventId: string;
    status: ConversionSendStatus;
    createdAt: string;
    sentAt: string | null;
    body: Record<string, unknown>;
  }>;
}

/** Emails logged per lead: its code, its download link, the notice to the workspace's owners about it, its follow-ups. */
export const LEAD_EMAIL_KINDS = ['code', 'delivery', 'owner-notice', 'receipt', 'follow-up'] as const;
export type LeadEmailKind = (typeof LEAD_EMAIL_KINDS)[number];

/** The file an access request downloads. */
export interface AccessExport {
  generatedAt: string;
  workspace: { id: string; name: string };
  subject: string;
  leads: AccessLead[];
  /** When this address was erased from the workspace before, if it was. */
  erasure: { erasedAt: string } | null;
  notes: string[];
}

export interface ErasureOutcome {
  requestId: string;
  counts: ErasureCounts;
}

export interface ErasureCheck {
  erased: boolean;
  erasedAt: string | null;
}

export interface DataRequestEntry {
  id: string;
  kind: DataRequestKind;
  createdAt: string;
  requestedByEmail: string;
  records: Record<string, number>;
}

export interface DataRequestLog {
  items: DataRequestEntry[];
}

export interface DataRequestReceipt {
  receipt: 'lodestone-data-request';
  requestId: string;
  kind: DataRequestKind;
  at: string;
  workspace: { id: string; name: string };
  requestedBy: string;
  subjectHash: string;
  records: Record<string, number>;
  kept: string[];
  notLinkable: string[];
}

/** How many requests the log shows, newest first. */
export const DATA_REQUEST_LOG_SIZE = 50;

/** A file name for a download made on `at`: lodestone-<kind>-YYYY-MM-DD.json. */
export const requestFileName = (kind: 'access' | 'receipt', at: Date) =>
  `lodestone-${kind}-${at.toISOString().slice(0, 10)}.json`;
