import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { CONVERSION_DESTINATIONS, CONVERSION_EVENTS, CONVERSION_SEND_STATUSES } from '@/domain/conversions';
import { organizations } from './auth.js';
import { forms } from './forms.js';
import { leads } from './submissions.js';

/**
 * A workspace's connection to one conversions API: its token or API secret sealed (lib/sealed.ts),
 * the public ids (pixel id, measurement id) and a masked token in `display`.
 */
export const conversionAccounts = pgTable(
  'conversion_accounts',
  {
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    destination: text('destination', { enum: CONVERSION_DESTINATIONS }).notNull(),
    sealed: text('sealed').notNull(),
    display: jsonb('display').$type<Record<string, string>>().notNull(),
    connectedAt: timestamp('connected_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.destination] })],
);

/**
 * One conversion sent (or to be sent) to one destination: the request as prepared, without the
 * credential, so a replay sends the same event with the same id. Erased with its lead.
 */
export const conversionSends = pgTable(
  'conversion_sends',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    formId: text('form_id')
      .notNull()
      .references(() => forms.id, { onDelete: 'cascade' }),
    leadId: uuid('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    destination: text('destination', { enum: CONVERSION_DESTINATIONS }).notNull(),
    event: text('event', { enum: CONVERSION_EVENTS }).notNull(),
    eventId: text('event_id').notNull(),
    status: text('status', { enum: CONVERSION_SEND_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    body: jsonb('body').$type<Record<string, unknown>>().notNull(),
    /** The destination's answer to the last attempt: its status code and a short message. */
    responseStatus: integer('response_status'),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('conversion_sends_once_idx').on(t.workspaceId, t.destination, t.event, t.eventId),
    index('conversion_sends_form_idx').on(t.formId, t.destination, t.status),
    index('conversion_sends_lead_idx').on(t.leadId),
  ],
);
