import { createSealer, type Sealer } from '@/server/lib/sealed';
import type { EmailJob } from './emails.js';

/** An email as queued: the job and the message id that makes its delivery happen once. */
export type QueuedEmail = EmailJob & { messageId: string };

/**
 * What graphile_worker's jobs table holds for an email: one sealed string. Codes, links and
 * addresses stay unreadable in the database, its backups and dumps without SECRET.
 */
export interface SealedEmailPayload {
  sealed: string;
}

export const emailJobSealer = (secret: string): Sealer => createSealer(secret, 'email-jobs');

let queueSealer: Sealer | undefined;

/**
 * Sets the key `queueEmail` seals with. Every caller of `queueEmail(executor, job)` has only a
 * database handle, so the key is set once per thread, by createServices (src/server/services.ts,
 * from SECRET), rather than passed (decision 0073 says why it stays so).
 */
export function sealQueuedEmailsWith(sealer: Sealer): void {
  queueSealer = sealer;
}

export function sealEmailJob(email: QueuedEmail): SealedEmailPayload {
  if (!queueSealer) throw new Error('email jobs cannot be queued before sealQueuedEmailsWith() ran (createServices does it)');
  return { sealed: queueSealer.seal(email) };
}

/**
 * Reads a queued email. A job queued in clear before sealing existed has no message id: the job's
 * own id stands in for it, which its retries keep.
 */
export function openEmailJob(sealer: Sealer, payload: unknown, jobId: string): QueuedEmail {
  if (payload && typeof payload === 'object' && 'sealed' in payload && typeof payload.sealed === 'string') {
    return sealer.open<QueuedEmail>(payload.sealed);
  }
  return { ...(payload as EmailJob), messageId: `job-${jobId}` };
}
