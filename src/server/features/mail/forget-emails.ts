import { inArray } from 'drizzle-orm';
import type { Executor } from '@/server/db/client';
import { devMail } from '@/server/db/schema/index';
import { removeJob } from '@/server/lib/jobs';

/**
 * Forgets emails by message id, for an erasure: each one still queued is removed from the job
 * queue (its job key is the message id; a job a worker is sending at this very moment is left to
 * finish and not retried), and the copies of sent ones that we hold (the dev mailbox) are deleted.
 * What an SMTP server already accepted is in the recipient's mailbox, beyond our reach; the
 * delivery records (email_deliveries) hold only the id and stay, so nothing is sent twice.
 */
export async function forgetEmails(tx: Executor, messageIds: string[]) {
  let queuedRemoved = 0;
  for (const id of messageIds) if (await removeJob(tx, id)) queuedRemoved += 1;
  const copies =
    messageIds.length === 0
      ? []
      : await tx.delete(devMail).where(inArray(devMail.messageId, messageIds)).returning({ id: devMail.id });
  return { queuedRemoved, sentCopiesRemoved: copies.length };
}
