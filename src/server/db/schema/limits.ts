import { date, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { organizations } from './auth.js';

/**
 * Fixed-window request counters for the visitor rate limits (src/server/lib/rate-limiter.ts): one
 * row per key, its window restarting on the first hit after it ran out. Made UNLOGGED by a custom
 * migration: counters are cheap to lose on a crash and are not worth WAL or replication.
 */
export const rateLimitHits = pgTable('rate_limit_hits', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  count: integer('count').notNull(),
});

/** Plan-usage emails sent to a workspace's owners: at most one per threshold (percent) and month. */
export const workspaceUsageNotices = pgTable(
  'workspace_usage_notices',
  {
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** First day of the (UTC) month the notice is about. */
    month: date('month', { mode: 'string' }).notNull(),
    threshold: integer('threshold').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.month, t.threshold] })],
);
