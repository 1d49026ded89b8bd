import { index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './auth.js';

/**
 * The log of data-subject requests (GDPR art. 15 and 17, CCPA, PDPA): who asked, when, what, and how
 * many records each kind touched. The person is named only by a keyed hash of the address.
 */
export const dataRequests = pgTable(
  'data_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** The owner who made the request; kept as text (and the address beside it) so the log outlives the account. */
    requestedBy: text('requested_by').notNull(),
    requestedByEmail: text('requested_by_email').notNull(),
    kind: text('kind', { enum: ['access', 'erasure'] }).notNull(),
    /** HMAC of the workspace and the normalised address: the same person always gives the same value. */
    subjectHash: text('subject_hash').notNull(),
    /** Records found (access) or removed (erasure), per kind: leads, answers, consents, payments, emails… */
    records: jsonb('records').$type<Record<string, number>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('data_requests_workspace_created_idx').on(t.workspaceId, t.createdAt.desc())],
);

/** Proof that a person's data was erased from a workspace, without the address: an HMAC, as in data_requests. */
export const erasureTombstones = pgTable(
  'erasure_tombstones',
  {
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    subjectHash: text('subject_hash').notNull(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => dataRequests.id, { onDelete: 'cascade' }),
    erasedAt: timestamp('erased_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.subjectHash] })],
);
