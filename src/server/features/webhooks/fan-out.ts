import { and, arrayContains, eq, isNull, or } from 'drizzle-orm';
import { TEST_EVENT_TYPE } from '../../../domain/events.js';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema/index.js';
import type { EventConsumer } from '../outbox/index.js';
import { queueDelivery } from './queue.js';

/**
 * The outbox's consumer: one delivery, with its first attempt queued, per enabled endpoint of the
 * event's workspace that subscribed to its type (and to its page, or to all pages). Idempotent: a
 * dispatch run again finds the deliveries it made (unique per endpoint and event) and adds nothing.
 * Test events are never fanned out: they go to the one endpoint they were sent to.
 */
export const webhooksFanOut: EventConsumer = async (tx, event) => {
  if (event.type === TEST_EVENT_TYPE) return;
  const endpoints = await tx
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.workspaceId, event.workspaceId),
        eq(webhookEndpoints.enabled, true),
        arrayContains(webhookEndpoints.eventTypes, [event.type]),
        event.formId
          ? or(isNull(webhookEndpoints.formId), eq(webhookEndpoints.formId, event.formId))
          : isNull(webhookEndpoints.formId),
      ),
    );
  for (const endpoint of endpoints) {
    const [created] = await tx
      .insert(webhookDeliveries)
      .values({ endpointId: endpoint.id, eventId: event.id, createdAt: event.createdAt })
      .onConflictDoNothing()
      .returning({ id: webhookDeliveries.id });
    if (created) await queueDelivery(tx, created.id);
  }
};
