import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { FormConfig } from '@/domain/form-config';
import { organizations } from './auth.js';

/**
 * A landing page. `draft` is what the owner edits; visitors see `published` (null until published).
 * A page with `deletedAt` set is in the owner's "Recently deleted" list: no visitor reaches it.
 */
export const forms = pgTable(
  'forms',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    status: text('status', { enum: ['active', 'inactive'] })
      .notNull()
      .default('inactive'),
    draft: jsonb('draft').$type<FormConfig>().notNull(),
    published: jsonb('published').$type<FormConfig>(),
    publishedVersion: integer('published_version').notNull().default(0),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /** How the owner hears of new confirmed leads: an email each, a daily digest, or nothing. */
    ownerNotify: text('owner_notify', { enum: ['each', 'digest', 'off'] })
      .notNull()
      .default('digest'),
    /** Set when the owner deletes the page: it is offline and restorable until the daily purge, 30 days later. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /**
     * The owner's choice of the pages they keep editing while the workspace has more pages than its
     * plan allows (after a downgrade): the kept ones first, then the most recently updated, fill the
     * plan's number; the others stay live but cannot be changed (plan-limits/kept-pages.ts).
     */
    keptForEditing: boolean('kept_for_editing').notNull().default(false),
    /**
     * When the published page's A/B test (config.abTest) last started: publishing switches it on or
     * changes what it compares (domain/ab-test.ts). Its results count from then; kept when the test is
     * switched off, so the last test's figures stay readable.
     */
    abTestStartedAt: timestamp('ab_test_started_at', { withTimezone: true }),
    /**
     * The page's friendly path on the workspace's custom domains (`/{slug}`, domain/custom-domains.ts):
     * unique in the workspace among pages not deleted; a restored page whose slug was taken meanwhile loses it.
     */
    slug: text('slug'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    index('forms_workspace_created_idx').on(t.workspaceId, t.createdAt.desc(), t.id.desc()),
    uniqueIndex('forms_workspace_slug_idx')
      .on(t.workspaceId, t.slug)
      .where(sql`${t.slug} is not null and ${t.deletedAt} is null`),
  ],
);

/** An uploaded lead magnet. The bytes live in storage under `storageKey`. */
export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    storageKey: text('storage_key').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('files_workspace_idx').on(t.workspaceId)],
);

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
    /** The A/B test variant the visitor saw when signing up; null when the page ran no test. */
    abVariant: text('ab_variant', { enum: ['a', 'b'] }),
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
    // Search by address or answer (migration 0015 makes lead_search_text and loads pg_trgm).
    index('leads_search_trgm_idx').using('gin', sql`lead_search_text(${t.email}, ${t.data}) gin_trgm_ops`),
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
    event: text('event', { enum: ['signup', 'confirmation'] })
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

/** Daily roll-up per form: what the dashboard reads, so it stays fast as events grow. */
export const formDailyStats = pgTable(
  'form_daily_stats',
  {
    formId: text('form_id')
      .notNull()
      .references(() => forms.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    views: integer('views').notNull().default(0),
    uniqueVisitors: integer('unique_visitors').notNull().default(0),
    leads: integer('leads').notNull().default(0),
    confirmations: integer('confirmations').notNull().default(0),
    downloads: integer('downloads').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.formId, t.day] })],
);

/**
 * The leads still stored per form and UTC month of sign-up (`month` is its first day): the dashboard's
 * lead totals, exact without counting every lead. Unlike form_daily_stats.leads (sign-ups, kept when
 * leads are erased or expire), these go down when a lead row goes. Kept by triggers on leads
 * (migration 0017), so every path that inserts, moves or deletes a lead keeps them true (decision 0028).
 */
export const formLeadCounts = pgTable(
  'form_lead_counts',
  {
    formId: text('form_id')
      .notNull()
      .references(() => forms.id, { onDelete: 'cascade' }),
    month: date('month', { mode: 'string' }).notNull(),
    leads: integer('leads').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.formId, t.month] })],
);

/**
 * Each form's all-time sums of form_daily_stats, one row per form, kept by triggers on that table
 * (migration 0017): the dashboard's lists and totals read one row per page instead of one per day.
 */
export const formStatTotals = pgTable('form_stat_totals', {
  formId: text('form_id')
    .primaryKey()
    .references(() => forms.id, { onDelete: 'cascade' }),
  views: integer('views').notNull().default(0),
  confirmations: integer('confirmations').notNull().default(0),
  downloads: integer('downloads').notNull().default(0),
});

/**
 * Visitors seen per form and day, as an HMAC keyed by that day's random salt (visitor_salts) of the
 * form, address and user agent: counts uniques without cookies. Rows of days before yesterday are
 * deleted with their salt (decision 0014).
 */
export const formDailyVisitors = pgTable(
  'form_daily_visitors',
  {
    formId: text('form_id')
      .notNull()
      .references(() => forms.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    visitorHash: text('visitor_hash').notNull(),
  },
  (t) => [primaryKey({ columns: [t.formId, t.day, t.visitorHash] })],
);

/**
 * One random salt per UTC day, made by the day's first counted view (on any server) and deleted 48
 * hours after its day began, so a stored visitor hash can no longer be recomputed from an address.
 */
export const visitorSalts = pgTable('visitor_salts', {
  day: date('day', { mode: 'string' }).primaryKey(),
  /** 32 random bytes, base64url. */
  salt: text('salt').notNull(),
});
