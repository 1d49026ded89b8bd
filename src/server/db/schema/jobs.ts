import { bigint, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The job-queue workers running now, each under its process's PostgreSQL advisory lock. A worker
 * whose lock is gone died (kill -9, a lost machine): its jobs are unlocked at once instead of
 * after the queue's 4-hour stale-lock reset. Only workers listed here are ever unlocked this way.
 */
export const jobWorkers = pgTable('job_workers', {
  workerId: text('worker_id').primaryKey(),
  /** The session-level advisory lock (single bigint key) its process holds while alive. */
  lockKey: bigint('lock_key', { mode: 'bigint' }).notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
});
