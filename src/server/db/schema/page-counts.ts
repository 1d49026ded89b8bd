import { date, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { forms } from './forms.js';

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
