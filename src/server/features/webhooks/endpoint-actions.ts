import { and, eq } from 'drizzle-orm';
import { EVENT_PAYLOAD_VERSION, type EventEnvelope, TEST_EVENT_TYPE } from '@/domain/events';
import { SECRET_OVERLAP_HOURS, type WebhookEndpoint, type WebhookSecret } from '@/domain/webhooks-api';
import { events, webhookDeliveries, webhookEndpoints } from '@/server/db/schema/index';
import { ErrorCode } from '@/domain/api-errors';
import { HttpError } from '@/server/lib/http-errors';
import { newEventId } from '@/server/features/outbox/index';
import { newSecret, type WebhookDeps } from './deps.js';
import { endpointView, ownEndpoint } from './endpoint-view.js';
import { queueDelivery } from './queue.js';

const clock = (deps: WebhookDeps) => deps.now?.() ?? new Date();

export const endpointDisabled = () =>
  new HttpError(400, ErrorCode.BAD_REQUEST, 'This endpoint is disabled. Enable it first, then try again.');

export async function revealSecret(deps: WebhookDeps, workspaceId: string, id: string): Promise<WebhookSecret> {
  const row = await ownEndpoint(deps.db, workspaceId, id);
  const overlap = row.previousSecretExpiresAt && row.previousSecretExpiresAt > clock(deps) ? row.previousSecretExpiresAt : null;
  return { secret: deps.sealer.open<string>(row.secretSealed), previousSecretExpiresAt: overlap?.toISOString() ?? null };
}

/** A new secret; the current one keeps signing beside it (a second signature) for SECRET_OVERLAP_HOURS. */
export async function rotateSecret(deps: WebhookDeps, workspaceId: string, id: string): Promise<WebhookSecret> {
  const row = await ownEndpoint(deps.db, workspaceId, id);
  const now = clock(deps);
  const secret = newSecret();
  const expires = new Date(now.getTime() + SECRET_OVERLAP_HOURS * 3600 * 1000);
  await deps.db
    .update(webhookEndpoints)
    .set({
      secretSealed: deps.sealer.seal(secret),
      previousSecretSealed: row.secretSealed,
      previousSecretExpiresAt: expires,
      updatedAt: now,
    })
    .where(eq(webhookEndpoints.id, row.id));
  return { secret, previousSecretExpiresAt: expires.toISOString() };
}

/**
 * Enabling clears the failure record and queues every delivery held while it was off; disabling
 * holds them (pending) until then.
 */
export async function setEndpointEnabled(
  deps: WebhookDeps,
  workspaceId: string,
  id: string,
  enabled: boolean,
): Promise<WebhookEndpoint> {
  await ownEndpoint(deps.db, workspaceId, id);
  const now = clock(deps);
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(webhookEndpoints)
      .set(
        enabled
          ? { enabled: true, disabledAt: null, disabledReason: null, failingSince: null, updatedAt: now }
          : { enabled: false, disabledAt: now, disabledReason: 'Disabled by an owner', updatedAt: now },
      )
      .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.workspaceId, workspaceId)))
      .returning();
    if (enabled) {
      const held = await tx
        .update(webhookDeliveries)
        .set({ nextAttemptAt: now })
        .where(and(eq(webhookDeliveries.endpointId, id), eq(webhookDeliveries.status, 'pending')))
        .returning({ id: webhookDeliveries.id });
      for (const delivery of held) await queueDelivery(tx, delivery.id, 'retry', now);
    }
    return endpointView(row!);
  });
}

/** A `webhook.test` event delivered to this endpoint only (it is never fanned out). Returns the delivery's id. */
export async function sendTestEvent(deps: WebhookDeps, workspaceId: string, id: string): Promise<string> {
  const endpoint = await ownEndpoint(deps.db, workspaceId, id);
  if (!endpoint.enabled) throw endpointDisabled();
  const now = clock(deps);
  const eventId = newEventId();
  const payload: EventEnvelope = {
    type: TEST_EVENT_TYPE,
    timestamp: now.toISOString(),
    version: EVENT_PAYLOAD_VERSION,
    data: { message: 'A test event from Lodestone: your endpoint receives and verifies webhooks.', endpoint_id: endpoint.id },
  };
  return deps.db.transaction(async (tx) => {
    await tx.insert(events).values({ id: eventId, workspaceId, type: TEST_EVENT_TYPE, payload, createdAt: now });
    const [delivery] = await tx
      .insert(webhookDeliveries)
      .values({ endpointId: endpoint.id, eventId, createdAt: now, nextAttemptAt: now })
      .returning({ id: webhookDeliveries.id });
    await queueDelivery(tx, delivery!.id);
    return delivery!.id;
  });
}
