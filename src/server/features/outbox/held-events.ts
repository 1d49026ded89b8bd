import { and, eq, sql } from 'drizzle-orm';
import { EVENT_PAYLOAD_VERSION, type EventEnvelope } from '@/domain/events';
import type { Executor } from '@/server/db/client';
import { events } from '@/server/db/schema/index';
import type { EventConsumer, EventRow } from './dispatch-event.task.js';
import { newEventId, type NewEvent } from './emit-event.js';

/**
 * An event whose payload must not outlive its deliveries (lead.erased names the address just
 * erased), written only where a consumer will deliver it: in the caller's transaction, the event is
 * inserted and handed to every consumer at once (they queue their deliveries and `holdEvent` it);
 * one that no consumer held is deleted before the commit, so it never exists. Returns its id, or
 * null when nobody was to be told.
 */
export async function emitHeldEvent(
  tx: Executor,
  event: NewEvent,
  consumers: EventConsumer[],
  now = new Date(),
): Promise<string | null> {
  const payload: EventEnvelope = {
    type: event.type,
    timestamp: now.toISOString(),
    version: EVENT_PAYLOAD_VERSION,
    data: event.data,
  };
  const [row] = await tx
    .insert(events)
    .values({
      id: newEventId(),
      workspaceId: event.workspaceId,
      type: event.type,
      formId: event.formId ?? null,
      leadId: event.leadId ?? null,
      payload,
      heldBy: [],
      createdAt: now,
    })
    .returning();
  for (const { consume } of consumers) await consume(tx, row!);
  const [unheld] = await tx
    .delete(events)
    .where(and(eq(events.id, row!.id), sql`cardinality(${events.heldBy}) = 0`))
    .returning({ id: events.id });
  return unheld ? null : row!.id;
}

/** A consumer queued a delivery of a held event: the event stays until `holder` releases it. No-op for other events. */
export async function holdEvent(tx: Executor, event: Pick<EventRow, 'id' | 'heldBy'>, holder: string) {
  if (!event.heldBy) return;
  await tx
    .update(events)
    .set({ heldBy: sql`array_append(${events.heldBy}, ${holder})` })
    .where(and(eq(events.id, event.id), sql`not (${holder} = any(${events.heldBy}))`));
}

/**
 * `holder`'s delivery ended (succeeded, or failed for good): the event is deleted, payload and all,
 * once no delivery holds it. Idempotent; the update locks the row, so two deliveries ending at once
 * release one after the other and the last one deletes.
 */
export async function releaseEvent(tx: Executor, eventId: string, holder: string) {
  const [left] = await tx
    .update(events)
    .set({ heldBy: sql`array_remove(${events.heldBy}, ${holder})` })
    .where(and(eq(events.id, eventId), sql`${holder} = any(${events.heldBy})`))
    .returning({ heldBy: events.heldBy });
  if (left && left.heldBy?.length === 0) await tx.delete(events).where(eq(events.id, eventId));
}
