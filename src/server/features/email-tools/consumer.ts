import { sql } from 'drizzle-orm';
import { events, formEmailTools } from '@/server/db/schema/index';
import type { EventConsumer } from '@/server/features/outbox/index';
import { queueEraseFromEmailTools } from './erase-lead.task.js';
import { syncConfirmedLead } from './sync-consumer.js';

/**
 * The email tools' part of each event: a confirmed lead is sent, an erased one deleted from
 * Mailchimp; only a page that sends to a tool has anything for them.
 */
export const emailToolsConsumer: EventConsumer = {
  mayConsume: sql`${events.type} in ('lead.confirmed', 'lead.erased') and exists (select 1 from ${formEmailTools}
    where ${formEmailTools.formId} = ${events.formId} and ${formEmailTools.workspaceId} = ${events.workspaceId})`,
  consume: async (tx, event) => {
    await syncConfirmedLead(tx, event);
    await queueEraseFromEmailTools(tx, event);
  },
};
