import type { SQL } from 'drizzle-orm';
import type { Executor } from '@/server/db/client';
import { addWrites } from '@/server/lib/jobs';
import type { QueuedEmail } from './sealed-email-job.js';

/** The transactions that send their emails before they commit, with the emails held so far. */
const holding = new WeakMap<Executor, QueuedEmail[]>();

/** From now on `tx` holds the emails queued through it with a message id of the caller's. */
export function holdEmailsOf(tx: Executor): void {
  holding.set(tx, []);
}

/** The emails `tx` held, taken: what it queues from now on is queued as jobs again. */
export function takeHeldEmails(tx: Executor): QueuedEmail[] {
  const emails = holding.get(tx) ?? [];
  holding.delete(tx);
  return emails;
}

/**
 * For `queueEmail`: holds `email` when `executor` holds its emails, and writes `alongside` as a job's
 * would be (in the same statement as the transaction's queued jobs). False when it does not hold them.
 */
export async function holdEmail(executor: Executor, email: QueuedEmail, alongside: SQL[]): Promise<boolean> {
  const held = holding.get(executor);
  if (!held) return false;
  held.push(email);
  await addWrites(executor, alongside);
  return true;
}
