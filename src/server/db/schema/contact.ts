import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { CONTACT_TOPICS } from '@/domain/contact';

/** A message sent through /contact; the support address gets it by email in the same transaction. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    topic: text('topic', { enum: CONTACT_TOPICS }).notNull(),
    message: text('message').notNull(),
    /** What the sender agreed to, word for word (the form's consent checkbox). */
    consentText: text('consent_text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('contact_messages_created_at_idx').on(t.createdAt)],
);
