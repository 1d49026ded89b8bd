import type { Executor } from '@/server/db/client';
import { addJob } from '@/server/lib/jobs';

export const SEND_CONVERSION_TASK = 'send_conversion';

export interface SendConversionPayload {
  sendId: string;
  /** 'replay' when the owner asked; the scheduled attempts are 'retry'. */
  trigger?: 'retry' | 'replay';
}

export const sendJobKey = (sendId: string) => `conversion:${sendId}`;

/**
 * Queues the next attempt of a send. One key per send: a replay replaces a retry that was waiting.
 * The job's own retries are for crashes only; the platform's failures are recorded and rescheduled
 * by the task itself.
 */
export const queueSend = (tx: Executor, sendId: string, trigger: 'retry' | 'replay' = 'retry', runAt?: Date) =>
  addJob(tx, SEND_CONVERSION_TASK, { sendId, trigger } satisfies SendConversionPayload, {
    jobKey: sendJobKey(sendId),
    maxAttempts: 5,
    ...(runAt ? { runAt } : {}),
  });
