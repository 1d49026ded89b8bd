import type { EventConsumer } from '../outbox/index.js';
import { queueEraseFromEmailTools } from './erase-lead.task.js';
import { syncConfirmedLead } from './sync-consumer.js';

/** The email tools' part of each event: a confirmed lead is sent, an erased one deleted from Mailchimp. */
export const emailToolsConsumer: EventConsumer = async (tx, event) => {
  await syncConfirmedLead(tx, event);
  await queueEraseFromEmailTools(tx, event);
};
