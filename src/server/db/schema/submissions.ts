import type { MarketingContext } from '@/domain/conversions';
import type { Language } from '@/domain/i18n/languages';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { LEAD_EMAIL_KINDS } from '@/domain/data-requests';
import type { Section } from '@/domain/sections';
import { organizations } from './auth.js';
import { forms } from './forms.js';

/**
 * A visitor's submission: one per (form, email). `status` is 'pending' until the email is confirmed
 * (double opt-in) and 'verified' after; without double opt-in it starts verified. The visitor is
 * identified on the thank-you page by an HMAC of the id, never by the email.
 */
export const leads = pgTable(
  'leads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    formId: text('form_id')
      .notNull()
      .references(() => forms.id, { onDelete: 'cascade' }),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    data: jsonb('data')
      .$type<Record<string, string>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    status: text('status', { enum: ['pending', 'verified'] }).notNull(),
    /**
     * 'none' on free pages. On paid pages 'awaiting' until a payment is confirmed, then 'paid';
     * 'refunded' when the provider refunded it. The file goes only to 'none' or 'paid' leads.
     */
    paymentState: text('payment_state', { enum: ['none', 'awaiting', 'paid', 'refunded'] })
      .notNull()
      .default('none'),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    /**
     * Set when the lead was confirmed while its workspace had used its plan's sign-ups for the month:
     * stored and served to the visitor like any lead, but shown to nobody and sent to no integration
     * until it is released (plan-limits/held-leads.ts), when this is cleared.
     */
    heldAt: timestamp('held_at', { withTimezone: true }),
    /** When a held lead was released: the owner's daily digest counts it from then. */
    releasedAt: timestamp('released_at', { withTimezone: true }),
    /** HMAC of the current 6-digit code; null once typed (a confirmation link leaves it until it expires). */
    codeHash: text('code_hash'),
    codeExpiresAt: timestamp('code_expires_at', { withTimezone: true }),
    codeAttempts: integer('code_attempts').notNull().default(0),
    /** When the last email (code or download) went to this lead: resends wait 30 s after it. */
    emailSentAt: timestamp('email_sent_at', { withTimezone: true }),
    downloads: integer('downloads').notNull().default(0),
    lastDownloadAt: timestamp('last_download_at', { withTimezone: true }),
    utmSource: text('utm_source'),
    utmMedium: text('utm_medium'),
    utmCampaign: text('utm_campaign'),
    utmTerm: text('utm_term'),
    utmContent: text('utm_content'),
    referrer: text('referrer'),
    /**
     * The placement (domain/placements.ts) the visitor signed up through on the owner's own site, its
     * name then (kept when the placement is deleted), and that site's page address; null on the page itself.
     */
    placementId: text('placement_id'),
    placementName: text('placement_name'),
    hostUrl: text('host_url'),
    /** The A/B test variant the visitor saw when signing up; null when the page ran no test. */
    abVariant: text('ab_variant', { enum: ['a', 'b'] }),
    /**
     * The latest sign-up's marketing consent and what server-side conversions need of it
     * (domain/conversions.ts); null when that visitor did not accept marketing.
     */
    marketing: jsonb('marketing').$type<MarketingContext>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('leads_form_email_idx').on(t.formId, t.email),
    // The leads lists, newest first, keyset-paginated on (created_at, id): the workspace's, one page's,
    // and each filter's that would otherwise walk every lead to find few (decision 0028). Ascending, so
    // a backward scan gives ORDER BY created_at DESC, id DESC (NULLS FIRST, PostgreSQL's default for
    // DESC); an index declared "DESC" here would be DESC NULLS LAST, and the planner could not use it.
    index('leads_workspace_created_id_idx').on(t.workspaceId, t.createdAt, t.id),
    index('leads_form_created_id_idx').on(t.formId, t.createdAt, t.id),
    index('leads_workspace_status_created_idx').on(t.workspaceId, t.status, t.createdAt, t.id),
    index('leads_workspace_payment_created_idx')
      .on(t.workspaceId, t.paymentState, t.createdAt, t.id)
      .where(sql`${t.paymentState} <> 'none'`),
    index('leads_workspace_utm_source_created_idx')
      .on(t.workspaceId, t.utmSource, t.createdAt, t.id)
      .where(sql`${t.utmSource} is not null`),
    // Search by address or answer (migration 0036 makes lead_search_doc; 0015 loads pg_trgm).
    index('leads_search_doc_trgm_idx').using('gin', sql`lead_search_doc(${t.email}, ${t.data}) gin_trgm_ops`),
    // Counts a workspace's leads verified this month and not held (the plans' monthly limits).
    index('leads_workspace_verified_idx')
      .on(t.workspaceId, t.verifiedAt)
      .where(sql`${t.status} = 'verified' and ${t.heldAt} is null`),
    // The held leads: few, found by workspace and month of confirmation to be counted and released.
    index('leads_workspace_held_idx')
      .on(t.workspaceId, t.verifiedAt)
      .where(sql`${t.heldAt} is not null`),
    // Released leads for the daily digest's window.
    index('leads_released_idx')
      .on(t.releasedAt)
      .where(sql`${t.releasedAt} is not null`),
    // A page's A/B test results: its sign-ups per variant since the test started.
    index('leads_form_ab_variant_idx')
      .on(t.formId, t.abVariant, t.createdAt)
      .where(sql`${t.abVariant} is not null`),
  ],
);

/**
 * One accepted POST of a page's form. The person holding its thank-you page (an HMAC of this id)
 * gets exactly what this submission earned, never another submission's state: `unlockedAt` is set
 * at once on pages without double opt-in or payment, when the code is typed on this page, or when
 * this submission's own payment is confirmed.
 */
export const submissions = pgTable(
  'submissions',
  {
    id: uuid('id').primaryKey(),
    leadId: uuid('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    formId: text('form_id')
      .notNull()
      .references(() => forms.id, { onDelete: 'cascade' }),
    /** The published version of the page the visitor filled in. */
    formVersion: integer('form_version').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    unlockedAt: timestamp('unlocked_at', { withTimezone: true }),
    /** When this page last asked for a code: its own 30-second resend countdown starts here. */
    lastCodeAt: timestamp('last_code_at', { withTimezone: true }),
  },
  (t) => [index('submissions_lead_idx').on(t.leadId)],
);

/** What the visitor saw around the button: the evidence kept with each sign-up (see leadConsents.shown). */
export interface ShownPage {
  title: string;
  businessName: string;
  submitLabel: string;
  /** The consent checkbox's label, or null when the page had none. */
  consentLabel: string | null;
  privacyPolicyUrl?: string;
  doubleOptIn: boolean;
  fields: Array<{ id: string; label: string; required: boolean }>;
  /** The sections the page showed (docs/product.md#sections); absent from evidence kept before pages had them. */
  sections?: Section[];
  /** The language of its fixed words, consent sentence included (docs/decisions/0085); absent from evidence kept before. */
  language?: Language;
}

/**
 * Evidence of consent (GDPR art. 7(1), CCPA, PDPA), one row per event: each sign-up (what the page
 * showed, whether the box was ticked, which published version) and each confirmation of the address
 * (by code or link). Address and user agent only as keyed hashes.
 */
export const leadConsents = pgTable(
  'lead_consents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    leadId: uuid('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    submissionId: uuid('submission_id').references(() => submissions.id, { onDelete: 'cascade' }),
    event: text('event', { enum: ['signup', 'confirmation', 'follow_ups'] })
      .notNull()
      .default('signup'),
    /** Confirmations: 'code' (typed on the thank-you page) or 'link' (clicked in the email). */
    method: text('method', { enum: ['code', 'link'] }),
    /** Sign-ups: the consent checkbox's wording when ticked, else a statement that none was shown. */
    text: text('text').notNull(),
    version: integer('version').notNull(),
    /** True when the visitor ticked the consent checkbox. */
    agreed: boolean('agreed').notNull().default(true),
    formVersion: integer('form_version'),
    shown: jsonb('shown').$type<ShownPage>(),
    givenAt: timestamp('given_at', { withTimezone: true }).notNull().defaultNow(),
    /** HMAC-SHA256 with the server secret: proves a match without keeping the address. */
    ipHash: text('ip_hash').notNull(),
    userAgentHash: text('user_agent_hash').notNull(),
  },
  (t) => [index('lead_consents_lead_idx').on(t.leadId)],
);

/**
 * Every email queued to a lead, by its message id (also the queued job's key and the email's
 * Message-ID): the lead's timeline and a data-subject access read it, and an erasure finds the
 * person's emails still in the queue through it. Holds no address and no content.
 */
export const leadEmails = pgTable(
  'lead_emails',
  {
    messageId: text('message_id').primaryKey(),
    leadId: uuid('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /**
     * 'code': the confirmation code and link; 'delivery': the download link (both to the lead);
     * 'owner-notice': the email telling the workspace's owners about this new lead (it holds the address);
     * 'follow-up': one email of the page's follow-up sequence (follow_up_sends says which).
     */
    kind: text('kind', { enum: LEAD_EMAIL_KINDS }).notNull(),
    queuedAt: timestamp('queued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('lead_emails_lead_idx').on(t.leadId, t.queuedAt)],
);
