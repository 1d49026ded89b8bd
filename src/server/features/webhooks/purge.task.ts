import { and, eq, lt, or, sql } from 'drizzle-orm';
import type { Task } from 'graphile-worker';
import type { Db } from '@/server/db/client';
import { events } from '@/server/db/schema/index';

export const PURGE_WEBHOOK_EVENTS_TASK = 'purge_webhook_events';
/** Daily at 03:47, with the other purges. */
export const PURGE_WEBHOOK_EVENTS_CRONTAB = `47 3 * * * ${PURGE_WEBHOOK_EVENTS_TASK}`;
export const EVENT_RETENTION_DAYS = 30;
/**
 * A lead.erased event names the erased address so receivers can delete the person; it is kept only
 * as long as its deliveries can still be retried (the schedule spans about 3 days), not 30 days.
 */
export const ERASED_EVENT_RETENTION_DAYS = 4;

/**
 * Deletes events older than EVENT_RETENTION_DAYS with no delivery still pending, with their
 * deliveries and attempts (cascade). A pending one (a disabled endpoint's) keeps its event replayable,
 * except a lead.erased event, which goes after ERASED_EVENT_RETENTION_DAYS whatever its deliveries.
 */
export async function purgeWebhookEvents(db: Db, now = new Date()): Promise<number> {
  const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
  const removed = await db
    .delete(events)
    .where(
      or(
        and(
          lt(events.createdAt, daysAgo(EVENT_RETENTION_DAYS)),
          sql`not exists (select 1 from webhook_deliveries d where d.event_id = ${events.id} and d.status = 'pending')`,
        ),
        and(eq(events.type, 'lead.erased'), lt(events.createdAt, daysAgo(ERASED_EVENT_RETENTION_DAYS))),
      ),
    )
    .returning({ id: events.id });
  return removed.length;
}

export function purgeWebhookEventsTask(db: Db): Task {
  return async (_payload, helpers) => {
    const count = await purgeWebhookEvents(db);
    if (count > 0) helpers.logger.info(`deleted ${count} events older than ${EVENT_RETENTION_DAYS} days`);
  };
}
