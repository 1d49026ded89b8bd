import { and, lt, sql } from 'drizzle-orm';
import type { Task } from 'graphile-worker';
import type { Db } from '../../db/client.js';
import { events } from '../../db/schema/index.js';

export const PURGE_WEBHOOK_EVENTS_TASK = 'purge_webhook_events';
/** Daily at 03:47, with the other purges. */
export const PURGE_WEBHOOK_EVENTS_CRONTAB = `47 3 * * * ${PURGE_WEBHOOK_EVENTS_TASK}`;
export const EVENT_RETENTION_DAYS = 30;

/**
 * Deletes events older than EVENT_RETENTION_DAYS with no delivery still pending, with their
 * deliveries and attempts (cascade). A pending one (a disabled endpoint's) keeps its event replayable.
 */
export async function purgeWebhookEvents(db: Db, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - EVENT_RETENTION_DAYS * 24 * 60 * 60 * 1000);
  const removed = await db
    .delete(events)
    .where(
      and(
        lt(events.createdAt, before),
        sql`not exists (select 1 from webhook_deliveries d where d.event_id = ${events.id} and d.status = 'pending')`,
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
