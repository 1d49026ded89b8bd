import { bigint, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { organizations, users } from './auth.js';

/** What was done to a workspace's members, keys, leads, pages and plan, by whom (docs/decisions/0042). */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** Who did it; null once their account is deleted (or for the system). */
    actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** Their address at the time, kept when the account is gone. */
    actorEmail: text('actor_email'),
    action: text('action').notNull(),
    /** What it was done to, in words ("ada@example.com as Editor"). */
    target: text('target').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_events_workspace_idx').on(t.workspaceId, t.id)],
);
