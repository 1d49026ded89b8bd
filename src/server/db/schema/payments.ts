import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { Currency } from '@/domain/money';
import { organizations } from './auth.js';
import { forms } from './forms.js';
import { leads, submissions } from './submissions.js';

/**
 * A workspace's payment provider credentials. Secrets are sealed with AES-256-GCM under a key
 * derived from SECRET (src/server/lib/sealed.ts); only the masked forms ever leave the server.
 */
export const paymentAccounts = pgTable(
  'payment_accounts',
  {
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['stripe', 'paypal'] }).notNull(),
    /** Stripe: sealed { secretKey, webhookSecret }. PayPal: sealed { clientId, clientSecret, webhookId, mode }. */
    sealed: text('sealed').notNull(),
    /** What the settings page shows: masked values and non-secret details. */
    display: jsonb('display').$type<Record<string, string | boolean>>().notNull(),
    connectedAt: timestamp('connected_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.provider] })],
);

/**
 * A workspace's account connected through the platform (Stripe Connect, PayPal partner referrals):
 * no secret of the owner is held, only the account's id, which a Connect webhook's `account` (or
 * PayPal's merchant id) names. One account belongs to one workspace at a time.
 */
export const connectedAccounts = pgTable(
  'connected_accounts',
  {
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['stripe', 'paypal'] }).notNull(),
    /** Stripe's acct_… or PayPal's merchant id. */
    accountId: text('account_id').notNull(),
    /** Stripe's charges_enabled / PayPal's payments_receivable (and primary email confirmed). */
    chargesEnabled: boolean('charges_enabled').notNull().default(false),
    /** Stripe's details_submitted: onboarding finished on the provider's side. */
    detailsSubmitted: boolean('details_submitted').notNull().default(false),
    /** What the settings page shows: the account's name or email, country, live or test. */
    display: jsonb('display').$type<Record<string, string | boolean>>().notNull().default({}),
    connectedAt: timestamp('connected_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.provider] }),
    uniqueIndex('connected_accounts_account_idx').on(t.provider, t.accountId),
  ],
);

/**
 * One attempt by a lead to pay: created before the visitor goes to the provider, 'paid' only when
 * the provider confirms it (a verified webhook or PayPal's capture answer), 'refunded' after.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey(),
    /**
     * Null once the lead was erased (a data-subject request): the payment stays for tax, with
     * amount, currency, provider ids and dates, but no longer names the person.
     */
    leadId: uuid('lead_id').references(() => leads.id, { onDelete: 'set null' }),
    /** The submission that went to pay: only its thank-you page unlocks with this payment. */
    submissionId: uuid('submission_id').references(() => submissions.id, { onDelete: 'set null' }),
    formId: text('form_id')
      .notNull()
      .references(() => forms.id, { onDelete: 'cascade' }),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['stripe', 'paypal'] }).notNull(),
    /** Minor units (cents; yen for JPY). */
    amount: integer('amount').notNull(),
    currency: text('currency').$type<Currency>().notNull(),
    status: text('status', { enum: ['pending', 'paid', 'failed', 'refunded'] })
      .notNull()
      .default('pending'),
    /** Why it failed: 'cancelled', 'expired', 'failed', 'declined', 'amount_mismatch', 'provider_error'. */
    failureReason: text('failure_reason'),
    /** The Checkout Session (cs_…) or the PayPal order id. */
    checkoutId: text('checkout_id'),
    /** Once paid: the PaymentIntent (pi_…) or the PayPal capture id. Refunds are matched by it. */
    chargeId: text('charge_id'),
    /**
     * The connected account (acct_… / PayPal merchant id) the checkout was opened on; null when the
     * workspace's own keys were used. Only that account's events may settle this payment.
     */
    accountId: text('account_id'),
    /** The buyer-facing order number on receipts and stamped files. */
    orderNumber: integer('order_number').generatedAlwaysAsIdentity().notNull(),
    /** Once paid, as the provider settled it (minor units): after discount, before tax. */
    netAmount: integer('net_amount'),
    taxAmount: integer('tax_amount'),
    discountAmount: integer('discount_amount'),
    /** The promotion code the buyer entered, as Stripe names it. */
    promotionCode: text('promotion_code'),
    /** The platform's application fee taken on this payment (Connect only). */
    feeAmount: integer('fee_amount'),
    /** Downloads of the paid file since the current link was issued. */
    downloadsUsed: integer('downloads_used').notNull().default(0),
    /** Bumped when a fresh link is emailed: links of an older version stop working. */
    downloadLinkVersion: integer('download_link_version').notNull().default(1),
    /** When the current download link was issued (its window of `downloadDays` starts here). */
    downloadLinkIssuedAt: timestamp('download_link_issued_at', { withTimezone: true }),
    receiptSentAt: timestamp('receipt_sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
  },
  (t) => [
    index('payments_lead_idx').on(t.leadId, t.createdAt.desc()),
    index('payments_submission_idx').on(t.submissionId),
    index('payments_form_created_idx').on(t.formId, t.createdAt.desc(), t.id.desc()),
    index('payments_workspace_status_idx').on(t.workspaceId, t.status),
    uniqueIndex('payments_checkout_idx').on(t.provider, t.checkoutId),
    index('payments_charge_idx').on(t.provider, t.chargeId),
    uniqueIndex('payments_order_number_idx').on(t.orderNumber),
  ],
);

/** Provider events already handled: a redelivered event finds its row and changes nothing. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    provider: text('provider', { enum: ['stripe', 'paypal'] }).notNull(),
    eventId: text('event_id').notNull(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    paymentId: uuid('payment_id'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

/** A paid page's file that could not be stamped: the owner is told once per file. */
export const stampFailures = pgTable(
  'stamp_failures',
  {
    formId: text('form_id')
      .notNull()
      .references(() => forms.id, { onDelete: 'cascade' }),
    fileKey: text('file_key').notNull(),
    reason: text('reason').notNull(),
    notifiedAt: timestamp('notified_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.formId, t.fileKey] })],
);
