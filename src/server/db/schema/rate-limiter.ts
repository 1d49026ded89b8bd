import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

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
