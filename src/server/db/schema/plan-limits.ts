import { date, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { organizations } from './auth.js';

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
