import { date, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { forms } from './forms.js';

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
