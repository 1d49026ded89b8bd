import { lt } from 'drizzle-orm';
import type { Task } from 'graphile-worker';
import type { Db } from '@/server/db/client';
import { emailDeliveries } from '@/server/db/schema/index';

export const PURGE_EMAIL_DELIVERIES_TASK = 'purge_email_deliveries';
/** Daily at 03:43. */
export const PURGE_EMAIL_DELIVERIES_CRONTAB = `43 3 * * * ${PURGE_EMAIL_DELIVERIES_TASK}`;

// An email job gives up after 25 attempts, about 4 days of backoff; a month later no job can still
// ask whether its message went out.
export const DELIVERY_RECORD_DAYS = 30;

export async function purgeEmailDeliveries(db: Db, olderThan: Date): Promise<number> {
  const removed = await db
    .delete(emailDeliveries)
    .where(lt(emailDeliveries.sentAt, olderThan))
    .returning({ id: emailDeliveries.messageId });
  return removed.length;
}

export function purgeEmailDeliveriesTask(db: Db): Task {
  return async (_payload, helpers) => {
    const count = await purgeEmailDeliveries(db, new Date(Date.now() - DELIVERY_RECORD_DAYS * 86_400_000));
    if (count > 0) helpers.logger.info(`forgot ${count} delivery records older than ${DELIVERY_RECORD_DAYS} days`);
  };
}
