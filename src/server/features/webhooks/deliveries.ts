import { and, desc, eq, sql } from 'drizzle-orm';
import { isUuid } from '@/domain/ids';
import {
  DELIVERY_PAGE_SIZE,
  type WebhookDelivery,
  type WebhookDeliveryDetail,
  type WebhookDeliveryList,
} from '@/domain/webhooks-api';
import type { Db } from '@/server/db/client';
import { events, webhookAttempts, webhookDeliveries, webhookEndpoints } from '@/server/db/schema/index';
import { notFound } from '@/server/lib/http-errors';
import { cursorTime, decodeCursor, keysetPage, olderThan } from '@/server/lib/keyset';
import { endpointDisabled } from './endpoint-actions.js';
import { ownEndpoint } from './endpoint-view.js';
import { queueDelivery } from './queue.js';

const lastAttempt = (column: 'status_code' | 'duration_ms') =>
  sql<
    number | null
  >`(select a.${sql.raw(column)} from webhook_attempts a where a.delivery_id = ${webhookDeliveries.id} order by a.started_at desc, a.id desc limit 1)`;

const deliveryColumns = {
  id: webhookDeliveries.id,
  endpointId: webhookDeliveries.endpointId,
  eventId: webhookDeliveries.eventId,
  eventType: events.type,
  status: webhookDeliveries.status,
  attempts: webhookDeliveries.attempts,
  createdAt: webhookDeliveries.createdAt,
  cursorTime: cursorTime(webhookDeliveries.createdAt),
  lastAttemptAt: webhookDeliveries.lastAttemptAt,
  nextAttemptAt: webhookDeliveries.nextAttemptAt,
  lastStatusCode: lastAttempt('status_code'),
  lastDurationMs: lastAttempt('duration_ms'),
};

interface DeliveryRow {
  id: string;
  endpointId: string;
  eventId: string;
  eventType: WebhookDelivery['eventType'];
  status: WebhookDelivery['status'];
  attempts: number;
  createdAt: Date;
  cursorTime: string;
  lastAttemptAt: Date | null;
  nextAttemptAt: Date | null;
  lastStatusCode: number | null;
  lastDurationMs: number | null;
}

const deliveryView = (row: DeliveryRow): WebhookDelivery => ({
  id: row.id,
  endpointId: row.endpointId,
  eventId: row.eventId,
  eventType: row.eventType,
  status: row.status,
  attempts: row.attempts,
  createdAt: row.createdAt.toISOString(),
  lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
  nextAttemptAt: row.nextAttemptAt?.toISOString() ?? null,
  lastStatusCode: row.lastStatusCode,
  lastDurationMs: row.lastDurationMs,
});

/** An endpoint's deliveries, newest first, DELIVERY_PAGE_SIZE a page (keyset cursor). */
export async function listDeliveries(
  db: Db,
  workspaceId: string,
  endpointId: string,
  cursor?: string,
): Promise<WebhookDeliveryList> {
  await ownEndpoint(db, workspaceId, endpointId);
  const position = cursor ? decodeCursor(cursor, isUuid) : null;
  const rows = (await db
    .select(deliveryColumns)
    .from(webhookDeliveries)
    .innerJoin(events, eq(events.id, webhookDeliveries.eventId))
    .where(
      and(
        eq(webhookDeliveries.endpointId, endpointId),
        position ? olderThan(webhookDeliveries.createdAt, webhookDeliveries.id, position, 'uuid') : undefined,
      ),
    )
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(DELIVERY_PAGE_SIZE + 1)) as DeliveryRow[];
  const { page, nextCursor } = keysetPage(rows, DELIVERY_PAGE_SIZE, (r) => ({ time: r.cursorTime, id: r.id }));
  return { deliveries: page.map(deliveryView), nextCursor };
}

async function ownDelivery(db: Db, workspaceId: string, id: string) {
  if (!isUuid(id)) throw notFound('This delivery');
  const [row] = await db
    .select({ ...deliveryColumns, payload: events.payload, endpointEnabled: webhookEndpoints.enabled })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .innerJoin(events, eq(events.id, webhookDeliveries.eventId))
    .where(and(eq(webhookDeliveries.id, id), eq(webhookEndpoints.workspaceId, workspaceId)));
  if (!row) throw notFound('This delivery');
  return row as DeliveryRow & { payload: WebhookDeliveryDetail['payload']; endpointEnabled: boolean };
}

/** A delivery with every attempt (newest first) and the payload it sends. */
export async function getDelivery(db: Db, workspaceId: string, id: string): Promise<WebhookDeliveryDetail> {
  const row = await ownDelivery(db, workspaceId, id);
  const attempts = await db
    .select()
    .from(webhookAttempts)
    .where(eq(webhookAttempts.deliveryId, id))
    .orderBy(desc(webhookAttempts.startedAt), desc(webhookAttempts.id));
  return {
    ...deliveryView(row),
    payload: row.payload,
    attemptLog: attempts.map((a) => ({
      id: a.id,
      startedAt: a.startedAt.toISOString(),
      trigger: a.trigger,
      statusCode: a.statusCode,
      durationMs: a.durationMs,
      responseExcerpt: a.responseExcerpt,
      error: a.error,
    })),
  };
}

/** Queues one more attempt now (trigger 'replay'), with the same webhook-id as every other. */
export async function replayDelivery(db: Db, workspaceId: string, id: string): Promise<WebhookDelivery> {
  const row = await ownDelivery(db, workspaceId, id);
  if (!row.endpointEnabled) throw endpointDisabled();
  await queueDelivery(db, id, 'replay');
  return deliveryView(row);
}
