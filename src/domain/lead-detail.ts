import type { LeadSync } from './email-tools';
import type { LeadStatus } from './forms-api';
import type { Currency } from './money';
import type { PaymentStatus, Provider } from './payments';

/**
 * One lead, everything the workspace holds about it (issue 12):
 *
 *   GET /api/leads/:id -> LeadDetail   (session required: 401; a malformed id or another
 *                                       workspace's lead: 404, the same answer as no lead at all)
 *
 * The params are `idParamsSchema` (src/domain/forms-api.ts).
 */

/** 'none' on free pages; on paid pages 'awaiting' until a payment is confirmed, then 'paid' or 'refunded'. */
export const LEAD_PAYMENT_STATES = ['none', 'awaiting', 'paid', 'refunded'] as const;
export type LeadPaymentState = (typeof LEAD_PAYMENT_STATES)[number];

/** One answer, under the label the page gives its field. */
export interface LeadAnswer {
  fieldId: string;
  label: string;
  value: string;
}

/** What the visitor saw around the button when signing up (kept with each sign-up consent). */
export interface ConsentShownPage {
  title: string;
  businessName: string;
  submitLabel: string;
  consentLabel: string | null;
  privacyPolicyUrl?: string;
  doubleOptIn: boolean;
  fields: Array<{ id: string; label: string; required: boolean }>;
}

/** One row of consent evidence: a sign-up (what was shown and agreed to) or a confirmation of the address. */
export interface LeadConsentRecord {
  id: string;
  event: 'signup' | 'confirmation';
  /** Confirmations: typed the code on the thank-you page, or clicked the link in the email. */
  method: 'code' | 'link' | null;
  /** The exact wording (the consent checkbox's label when ticked, else the statement that none was shown). */
  text: string;
  version: number;
  agreed: boolean;
  /** The published version of the page. */
  formVersion: number | null;
  shown: ConsentShownPage | null;
  givenAt: string;
  /** Keyed hashes (HMAC-SHA256): they prove a match without keeping the address or the browser. */
  ipHash: string;
  userAgentHash: string;
}

export interface LeadPaymentRecord {
  id: string;
  provider: Provider;
  /** minor units */
  amount: number;
  currency: Currency;
  status: PaymentStatus;
  /** 'cancelled', 'expired', 'failed', 'declined', 'amount_mismatch' or 'provider_error' when it failed. */
  failureReason: string | null;
  /** The provider's charge (or checkout) id. */
  reference: string | null;
  createdAt: string;
  paidAt: string | null;
  refundedAt: string | null;
}

/** In the order events of the same instant happen (a sign-up without double opt-in is confirmed as it is submitted). */
export const LEAD_TIMELINE_KINDS = [
  'submitted',
  'code_sent',
  'confirmed',
  'payment_failed',
  'paid',
  'download_link_sent',
  'owner_notified',
  'last_downloaded',
  'refunded',
  'email_tool_synced',
  'email_tool_failed',
] as const;
export type LeadTimelineKind = (typeof LEAD_TIMELINE_KINDS)[number];

/**
 * One moment in a lead's history, each from a stored row: a submission, an email queued to the
 * lead, a confirmation, the last download (single downloads are not logged, only their count),
 * a payment's outcome. Nothing is inferred where no row exists.
 */
export interface LeadTimelineEvent {
  kind: LeadTimelineKind;
  at: string;
  /** What else the row says, as text: the page version, how the address was confirmed, the download count, the payment. */
  detail: string | null;
}

export interface LeadDetail {
  id: string;
  form: { id: string; name: string };
  email: string;
  status: LeadStatus;
  paymentState: LeadPaymentState;
  /** In the page's field order, then any answer to a field the page no longer has (labelled by its id). */
  answers: LeadAnswer[];
  utm: { source: string | null; medium: string | null; campaign: string | null; term: string | null; content: string | null };
  referrer: string | null;
  /** The A/B test variant the lead signed up on ('a' the page, 'b' its variant), or null without a test. */
  abVariant: 'a' | 'b' | null;
  createdAt: string;
  verifiedAt: string | null;
  downloads: number;
  lastDownloadAt: string | null;
  /** Oldest first. */
  consents: LeadConsentRecord[];
  /** Newest first. */
  payments: LeadPaymentRecord[];
  /** Oldest first. */
  timeline: LeadTimelineEvent[];
  /** Where the lead was sent (issue 13): one row per email tool its page sends to, Mailchimp first. */
  syncs: LeadSync[];
}
