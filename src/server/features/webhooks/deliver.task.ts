import { and, eq, sql } from 'drizzle-orm';
import type { Task } from 'graphile-worker';
import { DISABLE_AFTER_FAILING_DAYS } from '@/domain/webhooks-api';
import { events, webhookAttempts, webhookDeliveries, webhookEndpoints } from '@/server/db/schema/index';
import type { Executor } from '@/server/db/client';
import { nextAttemptAt } from '@/server/lib/retry-schedule';
import { postSafely } from '@/server/lib/safe-http';
import { queueEmail } from '@/server/features/mail/index';
import { releaseEvent } from '@/server/features/outbox/index';
import { workspaceOwners } from '@/server/features/workspaces/index';
import type { WebhookDeps } from './deps.js';
import type { EndpointRow } from './endpoint-view.js';
import { deliveryHolder } from './fan-out.js';
import { type DeliverWebhookPayload, queueDelivery } from './queue.js';
import { webhookHeaders } from './sign.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const EXCERPT_CHARS = 1024;
export const DELIVERY_TIMEOUT_MS = 10_000;
export const RESPONSE_CAP_BYTES = 4096;

export type DeliveryOutcome = 'gone' | 'skipped' | 'succeeded' | 'retrying' | 'failed';

/** The secrets that sign now: the current one, and the previous one during a rotation's overlap. */
export function signingSecrets(deps: Pick<WebhookDeps, 'sealer'>, endpoint: EndpointRow, now: Date): string[] {
  const secrets = [deps.sealer.open<string>(endpoint.secretSealed)];
  if (endpoint.previousSecretSealed && endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt > now)
    secrets.push(deps.sealer.open<string>(endpoint.previousSecretSealed));
  return secrets;
}

/**
 * One attempt of one delivery: sign, POST (SSRF-safe, no redirects, 10 s, 4 KB read), record it.
 * A 2xx succeeds it and clears the endpoint's failingSince; anything else schedules the next try
 * from the retry schedule (or fails the delivery once it ran out), and an endpoint failing for
 * DISABLE_AFTER_FAILING_DAYS is disabled and its owners emailed once. An HTTP failure never
 * throws: we own the retries. A replay of a finished delivery is one attempt that sets its status.
 */
export async function deliverWebhook(
  deps: WebhookDeps,
  { deliveryId, trigger = 'retry' }: DeliverWebhookPayload,
  now: Date = deps.now?.() ?? new Date(),
): Promise<DeliveryOutcome> {
  const [row] = await deps.db
    .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints, payload: events.payload })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .innerJoin(events, eq(events.id, webhookDeliveries.eventId))
    .where(eq(webhookDeliveries.id, deliveryId));
  if (!row) return 'gone';
  const { delivery, endpoint } = row;
  if (!endpoint.enabled) {
    // Held, not failed: it waits, pending, for the endpoint to be enabled again.
    if (delivery.status === 'pending')
      await deps.db.update(webhookDeliveries).set({ nextAttemptAt: null }).where(eq(webhookDeliveries.id, delivery.id));
    return 'skipped';
  }
  if (trigger === 'retry' && delivery.status !== 'pending') return 'skipped';

  const body = JSON.stringify(row.payload);
  const headers = webhookHeaders(signingSecrets(deps, endpoint, now), delivery.eventId, now, body);
  const result = await postSafely(new URL(endpoint.url), body, headers, {
    allowPrivate: deps.allowPrivate,
    timeoutMs: DELIVERY_TIMEOUT_MS,
    maxResponseBytes: RESPONSE_CAP_BYTES,
  });
  const succeeded = result.ok && result.status >= 200 && result.status < 300;
  const error = result.ok ? (succeeded ? null : `HTTP ${result.status}${redirectNote(result.status)}`) : result.error;

  return deps.db.transaction(async (tx) => {
    // Locked, so that a replay and a retry finishing together count their attempts one after the other.
    const [current] = await tx.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, delivery.id)).for('update');
    if (!current) return 'gone';
    await tx.insert(webhookAttempts).values({
      deliveryId: delivery.id,
      trigger,
      startedAt: now,
      durationMs: result.durationMs,
      statusCode: result.ok ? result.status : null,
      responseExcerpt: result.ok ? result.body.slice(0, EXCERPT_CHARS) : '',
      error,
    });
    const attempts = current.attempts + 1;
    if (succeeded) {
      await tx
        .update(webhookDeliveries)
        .set({ status: 'succeeded', attempts, lastAttemptAt: now, nextAttemptAt: null })
        .where(eq(webhookDeliveries.id, delivery.id));
      await tx.update(webhookEndpoints).set({ failingSince: null }).where(eq(webhookEndpoints.id, endpoint.id));
      // Its delivery done, a lead.erased event (it names the address) goes once no other delivery holds it.
      await releaseEvent(tx, delivery.eventId, deliveryHolder(delivery.id));
      return 'succeeded';
    }

    const next = current.status === 'pending' ? nextAttemptAt(attempts, now) : null;
    await tx
      .update(webhookDeliveries)
      .set({ status: next ? 'pending' : 'failed', attempts, lastAttemptAt: now, nextAttemptAt: next })
      .where(eq(webhookDeliveries.id, delivery.id));
    if (next) await queueDelivery(tx, delivery.id, 'retry', next);
    await recordFailure(deps, tx, endpoint, error ?? 'failed', now);
    if (!next) await releaseEvent(tx, delivery.eventId, deliveryHolder(delivery.id));
    return next ? 'retrying' : 'failed';
  });
}

const redirectNote = (status: number) => (status >= 300 && status < 400 ? ' (redirects are not followed)' : '');

/** Marks the endpoint failing, and disables it (emailing its owners, once) after DISABLE_AFTER_FAILING_DAYS of failures. */
async function recordFailure(deps: WebhookDeps, tx: Executor, endpoint: EndpointRow, error: string, now: Date) {
  const [marked] = await tx
    .update(webhookEndpoints)
    .set({ failingSince: sql`coalesce(${webhookEndpoints.failingSince}, ${now.toISOString()}::timestamptz)` })
    .where(eq(webhookEndpoints.id, endpoint.id))
    .returning({ failingSince: webhookEndpoints.failingSince });
  const failingSince = marked?.failingSince;
  if (!failingSince || now.getTime() - failingSince.getTime() < DISABLE_AFTER_FAILING_DAYS * DAY_MS) return;

  const reason = `No successful delivery for ${DISABLE_AFTER_FAILING_DAYS} days (last: ${error})`;
  // Only the transaction that flips `enabled` emails: a concurrent failure finds it already off.
  const [disabled] = await tx
    .update(webhookEndpoints)
    .set({ enabled: false, disabledAt: now, disabledReason: reason, updatedAt: now })
    .where(and(eq(webhookEndpoints.id, endpoint.id), eq(webhookEndpoints.enabled, true)))
    .returning({ id: webhookEndpoints.id });
  if (!disabled) return;
  for (const owner of await workspaceOwners(tx, [endpoint.workspaceId])) {
    await queueEmail(tx, {
      template: 'webhookDisabled',
      to: owner.email,
      props: {
        workspaceName: owner.workspaceName,
        endpointUrl: endpoint.url,
        reason: error,
        failingSince: failingSince.toISOString(),
        settingsUrl: `${deps.appOrigin}/settings/integrations`,
      },
    });
  }
}

export const deliverWebhookTask =
  (deps: WebhookDeps): Task =>
  async (payload) => {
    await deliverWebhook(deps, payload as DeliverWebhookPayload);
  };
