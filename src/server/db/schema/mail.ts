import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Messages the dev mailbox received (only used when SMTP_URL is unset, outside production). */
export const devMail = pgTable(
  'dev_mail',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('dev_mail_created_at_idx').on(t.createdAt)],
);
