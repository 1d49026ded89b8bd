import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Messages the dev mailbox received (only used when SMTP_URL is unset, outside production). */
export const devMail = pgTable(
  'dev_mail',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The email's message id, so an erasure can remove what was sent to a lead. */
    messageId: text('message_id'),
    to: text('to').notNull(),
    /** The From header as a person reads it, e.g. `"Acme" <no-reply@example.com>`; null before it was kept. */
    from: text('mail_from'),
    replyTo: text('reply_to'),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('dev_mail_created_at_idx').on(t.createdAt)],
);

/**
 * Every email the SMTP server (or the dev mailbox) accepted, by the message id given when it was
 * queued. A job that runs again after a crash finds its message here and does not send it twice.
 * Holds no address or content.
 */
export const emailDeliveries = pgTable(
  'email_deliveries',
  {
    messageId: text('message_id').primaryKey(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('email_deliveries_sent_at_idx').on(t.sentAt)],
);
