import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { forms } from './forms.js';

/**
 * A page's views per A/B test and variant (decision 0051): the view buffer adds to it in the same
 * statement that writes form_daily_stats, so a view of a page under test costs no extra write. A test
 * is named by when it started (forms.ab_test_started_at); a restarted test counts in new rows.
 */
export const formAbViews = pgTable(
  'form_ab_views',
  {
    formId: text('form_id')
      .notNull()
      .references(() => forms.id, { onDelete: 'cascade' }),
    testStartedAt: timestamp('test_started_at', { withTimezone: true }).notNull(),
    variant: text('variant', { enum: ['a', 'b'] }).notNull(),
    views: integer('views').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.formId, t.testStartedAt, t.variant] })],
);
