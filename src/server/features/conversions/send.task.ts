import { and, eq } from 'drizzle-orm';
import type { Task } from 'graphile-worker';
import { CONVERSION_DESTINATION_NAMES } from '@/domain/conversions';
import { conversionAccounts, conversionSends, leads } from '@/server/db/schema/index';
import { nextAttemptAt } from '@/server/lib/retry-schedule';
import { openConnection } from './accounts.js';
import { deliver } from './deliver.js';
import type { ConversionDeps } from './deps.js';
import type { SendOutcome } from './platforms.js';
import { queueSend, type SendConversionPayload } from './queue.js';

export { SEND_CONVERSION_TASK } from './queue.js';

export type SendResult = 'gone' | 'skipped' | 'sent' | 'retrying' | 'failed';

const refused = (message: string): SendOutcome => ({ kind: 'refused', status: null, message });

/**
 * One attempt of one send. Its row gone (the lead erased, the page deleted), nothing is sent. A
 * platform that takes it makes it 'sent'; one that refuses it (a 4xx, a refused token) 'failed' at
 * once with its words; no answer, a 5xx or a rate limit waits for the retry schedule (about 3 days)
 * while it is 'pending', then fails. A replay (the owner's) is one more attempt with the same body,
 * so the same event id: the platforms count it once.
 */
export async function sendConversion(
  deps: ConversionDeps,
  { sendId, trigger = 'retry' }: SendConversionPayload,
  now: Date = deps.now?.() ?? new Date(),
): Promise<SendResult> {
  const [row] = await deps.db
    .select({ send: conversionSends, marketing: leads.marketing, account: conversionAccounts })
    .from(conversionSends)
    .innerJoin(leads, eq(leads.id, conversionSends.leadId))
    .leftJoin(
      conversionAccounts,
      and(
        eq(conversionAccounts.workspaceId, conversionSends.workspaceId),
        eq(conversionAccounts.destination, conversionSends.destination),
      ),
    )
    .where(eq(conversionSends.id, sendId));
  if (!row) return 'gone';
  const { send, account } = row;
  if (trigger === 'retry' && send.status !== 'pending') return 'skipped';

  const name = CONVERSION_DESTINATION_NAMES[send.destination];
  const outcome = !account
    ? refused(`${name} was disconnected before this event could be sent.`)
    : !row.marketing
      ? refused('The lead no longer carries its consent to marketing, so this event was not sent.')
      : (await deliver(deps, send.destination, openConnection(deps, account), send.body)).outcome;

  return deps.db.transaction(async (tx) => {
    // Locked, so that a replay and a retry finishing together count their attempts one after the other.
    const [current] = await tx.select().from(conversionSends).where(eq(conversionSends.id, sendId)).for('update');
    if (!current) return 'gone';
    const attempts = current.attempts + 1;
    if (outcome.kind === 'sent') {
      await tx
        .update(conversionSends)
        .set({ status: 'sent', attempts, responseStatus: outcome.status, lastError: null, sentAt: now, updatedAt: now })
        .where(eq(conversionSends.id, sendId));
      return 'sent';
    }
    const next = outcome.kind === 'retry' && current.status === 'pending' ? nextAttemptAt(attempts, now) : null;
    // TikTok refuses with HTTP 200 and a code of its own, which its message already names.
    const lastError = outcome.status && outcome.status >= 300 ? `${outcome.message} (HTTP ${outcome.status})` : outcome.message;
    await tx
      .update(conversionSends)
      .set({ status: next ? 'pending' : 'failed', attempts, responseStatus: outcome.status, lastError, updatedAt: now })
      .where(eq(conversionSends.id, sendId));
    if (next) await queueSend(tx, sendId, 'retry', next);
    return next ? 'retrying' : 'failed';
  });
}

export const sendConversionTask =
  (deps: ConversionDeps): Task =>
  async (payload) => {
    await sendConversion(deps, payload as SendConversionPayload);
  };
