import { eq, sql, type SQL } from 'drizzle-orm';
import type { Task } from 'graphile-worker';
import type { Db, Executor } from '@/server/db/client';
import { events } from '@/server/db/schema/index';

export type EventRow = typeof events.$inferSelect;

/**
 * Something that acts on events (the webhooks' fan-out, the email tools' sync). `consume` runs
 * inside the dispatch transaction and must be idempotent: a dispatch that fails part-way runs again
 * whole. `mayConsume` is SQL over the `events` row, true whenever `consume` could act on it (e.g.
 * the workspace has an endpoint): read before the transaction, without a lock, so that an event no
 * consumer wants (most of them, in a workspace without webhooks or email tools) costs one query.
 */
export interface EventConsumer {
  mayConsume: SQL;
  consume: (tx: Executor, event: EventRow) => Promise<void>;
}

/**
 * Hands one event to every consumer that may want it, in one transaction; none wants it, no
 * transaction. An event erased meanwhile is skipped. Returns whether the event was there.
 */
export async function dispatchEvent(db: Db, consumers: EventConsumer[], eventId: string): Promise<boolean> {
  const wanted = consumers.map((c, i) => sql`(${c.mayConsume}) as ${sql.identifier(`c${i}`)}`);
  const [found] = (
    await db.execute<Record<string, boolean>>(
      sql`select ${sql.join(wanted, sql`, `)} from ${events} where ${events.id} = ${eventId}`,
    )
  ).rows;
  if (!found) return false;
  const takers = consumers.filter((_, i) => found[`c${i}`]);
  if (takers.length === 0) return true;
  return db.transaction(async (tx) => {
    const [event] = await tx.select().from(events).where(eq(events.id, eventId)).for('share');
    if (!event) return false;
    for (const { consume } of takers) await consume(tx, event);
    return true;
  });
}

export const dispatchEventTask =
  (db: Db, consumers: EventConsumer[]): Task =>
  async (payload) => {
    await dispatchEvent(db, consumers, (payload as { eventId: string }).eventId);
  };
