import { LANGUAGE_CODES } from './i18n/languages';
import { z } from 'zod';
import { leadSyncSchema } from './email-tools';
import type { LeadFollowUps } from './follow-ups-api';
import { LEAD_STATUSES } from './forms-api';
import { isoTimeSchema } from './iso-time';
import { CURRENCIES } from './money';
import { PAYMENT_STATUSES, PROVIDERS } from './payments';
import { sectionSchema } from './sections';

/**
 * One lead, everything the workspace holds about it:
 *
 *   GET /api/leads/:id -> LeadDetail   (session required: 401; a malformed id or another
 *                                       workspace's lead: 404, the same answer as no lead at all)
 *
 * The params are `idParamsSchema` (src/domain/forms-api.ts). The public API answers the same
 * record without the consent records' hashes (`publicLeadDetailSchema`, src/domain/public-api.ts).
 * The schemas below are the one description of it: the types are inferred from them, and the
 * public API's OpenAPI document is generated from them.
 */

/** 'none' on free pages; on paid pages 'awaiting' until a payment is confirmed, then 'paid' or 'refunded'. */
export const LEAD_PAYMENT_STATES = ['none', 'awaiting', 'paid', 'refunded'] as const;
export type LeadPaymentState = (typeof LEAD_PAYMENT_STATES)[number];

/** In the order events of the same instant happen (a sign-up without double opt-in is confirmed as it is submitted). */
export const LEAD_TIMELINE_KINDS = [
  'submitted',
  'code_sent',
  'confirmed',
  'payment_failed',
  'paid',
  'download_link_sent',
  'receipt_sent',
  'owner_notified',
  'last_downloaded',
  'refunded',
  'email_tool_synced',
  'email_tool_failed',
  'conversion_sent',
  'conversion_pending',
  'conversion_failed',
  'follow_up_sent',
  'unsubscribed',
  'bounced',
  'complained',
] as const;
export type LeadTimelineKind = (typeof LEAD_TIMELINE_KINDS)[number];

/** One answer, under the label the page gives its field. */
export const leadAnswerSchema = z.object({ fieldId: z.string(), label: z.string(), value: z.string() });
export type LeadAnswer = z.infer<typeof leadAnswerSchema>;

/** What the visitor saw around the button when signing up (kept with each sign-up consent). */
export const consentShownPageSchema = z.object({
  title: z.string(),
  businessName: z.string(),
  submitLabel: z.string(),
  consentLabel: z.string().nullable().describe("The consent checkbox's label, or null when the page had none."),
  privacyPolicyUrl: z.string().optional(),
  doubleOptIn: z.boolean(),
  fields: z.array(z.object({ id: z.string(), label: z.string(), required: z.boolean() })),
  sections: z
    .array(sectionSchema)
    .optional()
    .describe('The sections the page showed around the form, in its order; absent from sign-ups before pages had sections.'),
  language: z
    .enum(LANGUAGE_CODES)
    .optional()
    .describe('The language the page spoke its fixed words in (BCP 47); absent from sign-ups before pages had a language.'),
});
export type ConsentShownPage = z.infer<typeof consentShownPageSchema>;

/** One row of consent evidence: a sign-up (what was shown and agreed to) or a confirmation of the address. */
export const leadConsentRecordSchema = z.object({
  id: z.string(),
  event: z.enum(['signup', 'confirmation', 'follow_ups']),
  method: z
    .enum(['code', 'link'])
    .nullable()
    .describe('Confirmations: typed the code on the thank-you page, or clicked the link in the email; null on sign-ups.'),
  text: z
    .string()
    .describe("The exact wording (the consent checkbox's label when ticked, else the statement that none was shown)."),
  version: z.number().int().describe("The version of Lodestone's consent wording the text comes from."),
  agreed: z.boolean(),
  formVersion: z.number().int().nullable().describe('The published version of the page.'),
  shown: consentShownPageSchema.nullable().describe('Sign-ups: the page as the visitor saw it around the button.'),
  givenAt: isoTimeSchema,
  ipHash: z.string().describe('Keyed hash (HMAC-SHA256) of the address: it proves a match without keeping the address.'),
  userAgentHash: z.string().describe('Keyed hash (HMAC-SHA256) of the browser’s user agent.'),
});
export type LeadConsentRecord = z.infer<typeof leadConsentRecordSchema>;

export const leadPaymentRecordSchema = z.object({
  id: z.string(),
  provider: z.enum(PROVIDERS),
  amount: z.number().int().describe('Minor units (cents; yen for JPY).'),
  currency: z.enum(CURRENCIES),
  status: z.enum(PAYMENT_STATUSES),
  failureReason: z
    .string()
    .nullable()
    .describe("'cancelled', 'expired', 'failed', 'declined', 'amount_mismatch' or 'provider_error' when it failed."),
  reference: z.string().nullable().describe("The provider's charge (or checkout) id."),
  createdAt: isoTimeSchema,
  paidAt: isoTimeSchema.nullable(),
  refundedAt: isoTimeSchema.nullable(),
});
export type LeadPaymentRecord = z.infer<typeof leadPaymentRecordSchema>;

/**
 * One moment in a lead's history, each from a stored row: a submission, an email queued to the
 * lead, a confirmation, the last download (single downloads are not logged, only their count),
 * a payment's outcome. Nothing is inferred where no row exists.
 */
export const leadTimelineEventSchema = z.object({
  kind: z.enum(LEAD_TIMELINE_KINDS),
  at: isoTimeSchema,
  detail: z
    .string()
    .nullable()
    .describe(
      'What else the row says, as text: the page version, how the address was confirmed, the download count, the payment.',
    ),
});
export type LeadTimelineEvent = z.infer<typeof leadTimelineEventSchema>;

/** What the lead's detail says of its follow-up emails (follow-ups-api.ts: LeadFollowUps). */
export const leadFollowUpsSchema = z.object({
  optedIn: z
    .boolean()
    .nullable()
    .describe("Whether the lead ticked the page's follow-up opt-in (its latest answer); null when it was asked none."),
  state: z.enum(['none', 'active', 'paused', 'finished', 'stopped']),
  stoppedBecause: z.enum(['unsubscribed', 'bounced', 'complained', 'erased', 'withdrawn']).nullable(),
  sent: z.array(z.object({ stepId: z.string(), position: z.number().int(), subject: z.string(), sentAt: isoTimeSchema })),
  next: z.object({ stepId: z.string(), position: z.number().int(), subject: z.string(), dueAt: isoTimeSchema }).nullable(),
}) satisfies z.ZodType<LeadFollowUps>;

export const leadDetailSchema = z.object({
  id: z.string().meta({ format: 'uuid' }),
  form: z.object({ id: z.string(), name: z.string() }),
  email: z.string().meta({ examples: ['ada@example.com'] }),
  status: z.enum(LEAD_STATUSES),
  paymentState: z.enum(LEAD_PAYMENT_STATES),
  answers: z
    .array(leadAnswerSchema)
    .describe("In the page's field order, then any answer to a field the page no longer has (labelled by its id)."),
  utm: z.object({
    source: z.string().nullable(),
    medium: z.string().nullable(),
    campaign: z.string().nullable(),
    term: z.string().nullable(),
    content: z.string().nullable(),
  }),
  referrer: z.string().nullable(),
  placement: z
    .object({ id: z.string(), name: z.string() })
    .nullable()
    .describe("The placement on the owner's own site the lead signed up through (its name then), or null: the page itself."),
  hostUrl: z
    .string()
    .nullable()
    .describe("The address of the owner's site page that placement was on, when it was an allowed site."),
  abVariant: z
    .enum(['a', 'b'])
    .nullable()
    .describe("The A/B test variant the lead signed up on ('a' the page, 'b' its variant), or null without a test."),
  createdAt: isoTimeSchema,
  verifiedAt: isoTimeSchema.nullable(),
  downloads: z.number().int(),
  lastDownloadAt: isoTimeSchema.nullable(),
  consents: z.array(leadConsentRecordSchema).describe('Consent evidence, oldest first.'),
  payments: z.array(leadPaymentRecordSchema).describe('Newest first.'),
  timeline: z.array(leadTimelineEventSchema).describe('Oldest first.'),
  syncs: z.array(leadSyncSchema).describe('Where the lead was sent: one row per email tool its page sends to, Mailchimp first.'),
  followUps: leadFollowUpsSchema.describe("The page's follow-up emails to the lead: sent, next, or why they stopped."),
});
export type LeadDetail = z.infer<typeof leadDetailSchema>;
