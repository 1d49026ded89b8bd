import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { EventEnvelope } from '@/domain/events';
import { organizations } from './auth.js';

/**
 * The outbox: every event (lead.created, payment.completed, …), written in the transaction of the
 * change it describes, with a dispatch job queued in the same transaction. Its id is the
 * `webhook-id` every endpoint receives, stable across retries and replays. `leadId` lets an erasure
 * find the person's events (no foreign key: the lead.erased event outlives the lead).
 */
export const events = pgTable(
  'events',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    type: text('type').$type<EventEnvelope['type']>().notNull(),
    formId: text('form_id'),
    leadId: uuid('lead_id'),
    payload: jsonb('payload').$type<EventEnvelope>().notNull(),
    /**
     * Null for an ordinary event. For one whose payload must not outlive its deliveries (lead.erased
     * names an erased address): the deliveries still to end; the event is deleted when the last one does.
     */
    heldBy: text('held_by').array(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('events_workspace_created_idx').on(t.workspaceId, t.createdAt.desc()), index('events_lead_idx').on(t.leadId)],
);
