import { and, arrayContains, eq, isNull, or, sql } from 'drizzle-orm';
import { TEST_EVENT_TYPE } from '@/domain/events';
import { events, webhookDeliveries, webhookEndpoints } from '@/server/db/schema/index';
import type { Executor } from '@/server/db/client';
import { type EventConsumer, type EventRow, holdEvent } from '@/server/features/outbox/index';
import { queueDelivery } from './queue.js';

/**
 * The outbox's consumer: one delivery, with its first attempt queued, per enabled endpoint of the
 * event's workspace that subscribed to its type (and to its page, or to all pages). Idempotent: a
 * dispatch run again finds the deliveries it made (unique per endpoint and event) and adds nothing.
 * Test events are never fanned out: they go to the one endpoint they were sent to. A workspace
 * without an enabled endpoint has nothing to fan out to.
 */
/** What holds a held event (lead.erased) until this delivery ends. */
export const deliveryHolder = (deliveryId: string) => `webhook-delivery:${deliveryId}`;

export const webhooksFanOut: EventConsumer = {
  mayConsume: sql`${events.type} <> ${TEST_EVENT_TYPE} and exists (select 1 from ${webhookEndpoints}
    where ${webhookEndpoints.workspaceId} = ${events.workspaceId} and ${webhookEndpoints.enabled})`,
  consume: fanOut,
};

async function fanOut(tx: Executor, event: EventRow) {
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
    if (!created) continue;
    await queueDelivery(tx, created.id);
    await holdEvent(tx, event, deliveryHolder(created.id));
  }
}
