import { eq } from 'drizzle-orm';
import type { Task } from 'graphile-worker';
import type { Db, Executor } from '../../db/client.js';
import { events } from '../../db/schema/index.js';

export type EventRow = typeof events.$inferSelect;

/**
 * Something that acts on events (the webhooks' fan-out, the email tools' sync). It runs inside the
 * dispatch transaction and must be idempotent: a dispatch that fails part-way runs again whole.
 */
export type EventConsumer = (tx: Executor, event: EventRow) => Promise<void>;

/** Hands one event to every consumer in one transaction. An event erased meanwhile is skipped. */
export async function dispatchEvent(db: Db, consumers: EventConsumer[], eventId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [event] = await tx.select().from(events).where(eq(events.id, eventId)).for('share');
    if (!event) return false;
    for (const consume of consumers) await consume(tx, event);
    return true;
  });
}

export const dispatchEventTask =
  (db: Db, consumers: EventConsumer[]): Task =>
  async (payload) => {
    await dispatchEvent(db, consumers, (payload as { eventId: string }).eventId);
  };
