import { integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './auth.js';
import { forms } from './forms.js';
import { leads } from './submissions.js';

export const EMAIL_TOOLS = ['mailchimp', 'kit'] as const;

/** A workspace's email tool account: the API key sealed like the payment keys, a masked form to show. */
export const emailToolAccounts = pgTable(
  'email_tool_accounts',
  {
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: EMAIL_TOOLS }).notNull(),
    sealed: text('sealed').notNull(),
    display: jsonb('display').$type<Record<string, string>>().notNull(),
    connectedAt: timestamp('connected_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.provider] })],
);

/** Where one page's leads go in one email tool: Mailchimp { listId, tags }, Kit { formId, tagIds }. */
export const formEmailTools = pgTable(
  'form_email_tools',
  {
    formId: text('form_id')
      .notNull()
      .references(() => forms.id, { onDelete: 'cascade' }),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: EMAIL_TOOLS }).notNull(),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.formId, t.provider] })],
);

/** One lead's sync to one email tool: what the lead's detail shows, with the provider's own message on failure. */
export const leadSyncs = pgTable(
  'lead_syncs',
  {
    leadId: uuid('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: EMAIL_TOOLS }).notNull(),
    status: text('status', { enum: ['pending', 'synced', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** The provider's id for the subscriber, once synced. */
    remoteId: text('remote_id'),
    syncedAt: timestamp('synced_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.leadId, t.provider] })],
);
