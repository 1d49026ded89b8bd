import { boolean, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { organizations } from './auth.js';

/**
 * A workspace's subscription to Lodestone in Lodestone's own Stripe account (docs/decisions/0046). The row is
 * made when the workspace first goes to Checkout (its Stripe customer); the rest mirrors the
 * subscription as Stripe last reported it. organizations.plan is what the product reads; this row
 * is why it is what it is.
 */
export const billingSubscriptions = pgTable(
  'billing_subscriptions',
  {
    workspaceId: text('workspace_id')
      .primaryKey()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    customerId: text('customer_id').notNull().unique(),
    subscriptionId: text('subscription_id').unique(),
    /** The plan of the subscription's price; null before the first subscription. */
    plan: text('plan', { enum: ['pro', 'business'] }),
    interval: text('interval', { enum: ['month', 'year'] }),
    /** Stripe's status: active, past_due, canceled, … */
    status: text('status'),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    /** When the first of the current run of failed renewals failed: the grace period counts from it. */
    paymentFailedAt: timestamp('payment_failed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('billing_subscriptions_failed_idx').on(t.paymentFailedAt)],
);

/** Billing events already applied: a redelivered event finds its row and changes nothing. */
export const billingEvents = pgTable('billing_events', {
  eventId: text('event_id').primaryKey(),
  type: text('type').notNull(),
  workspaceId: text('workspace_id').references(() => organizations.id, { onDelete: 'set null' }),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});
