import type { Executor } from '@/server/db/client';
import { addJob } from '@/server/lib/jobs';

export const DELIVER_WEBHOOK_TASK = 'deliver_webhook';

export interface DeliverWebhookPayload {
  deliveryId: string;
  /** 'replay' when the owner asked; the scheduled attempts are 'retry'. */
  trigger?: 'retry' | 'replay';
}

/**
 * Queues the next attempt of a delivery. One key per delivery: a replay replaces a retry that was
 * waiting rather than adding a second attempt beside it. The job's own retries are for crashes
 * only (HTTP failures are recorded and rescheduled by the task itself).
 */
export const queueDelivery = (tx: Executor, deliveryId: string, trigger: 'retry' | 'replay' = 'retry', runAt?: Date) =>
  addJob(tx, DELIVER_WEBHOOK_TASK, { deliveryId, trigger } satisfies DeliverWebhookPayload, {
    jobKey: `webhook:${deliveryId}`,
    maxAttempts: 5,
    ...(runAt ? { runAt } : {}),
  });
