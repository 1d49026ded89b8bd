import { bigint, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organizations, users } from './auth.js';
import { leads } from './forms.js';
import { LEAD_EMAIL_KINDS } from '@/domain/data-requests';

/**
 * Every email queued to a lead, by its message id (also the queued job's key and the email's
 * Message-ID): the lead's timeline and a data-subject access read it, and an erasure finds the
 * person's emails still in the queue through it. Holds no address and no content.
 */
export const leadEmails = pgTable(
  'lead_emails',
  {
    messageId: text('message_id').primaryKey(),
    leadId: uuid('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /**
     * 'code': the confirmation code and link; 'delivery': the download link (both to the lead);
     * 'owner-notice': the email telling the workspace's owners about this new lead (it holds the address).
     */
    kind: text('kind', { enum: LEAD_EMAIL_KINDS }).notNull(),
    queuedAt: timestamp('queued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('lead_emails_lead_idx').on(t.leadId, t.queuedAt)],
);

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
