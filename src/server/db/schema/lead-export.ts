import { bigint, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organizations, users } from './auth.js';

/** The owner's export of a filtered set of leads, built by the job queue into a file behind a signed, expiring link. */
export const leadExports = pgTable(
  'lead_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    requestedBy: text('requested_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    format: text('format', { enum: ['csv', 'jsonl'] }).notNull(),
    /** The leads filter as the owner set it (src/domain), plus the plan's date window applied at request time. */
    filter: jsonb('filter').$type<Record<string, string>>().notNull(),
    status: text('status', { enum: ['queued', 'running', 'ready', 'failed'] })
      .notNull()
      .default('queued'),
    rowsTotal: integer('rows_total'),
    rowsDone: integer('rows_done').notNull().default(0),
    storageKey: text('storage_key'),
    size: bigint('size', { mode: 'number' }),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** The file and its link go away at this time. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [index('lead_exports_workspace_created_idx').on(t.workspaceId, t.createdAt.desc())],
);
