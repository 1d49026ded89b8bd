import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Task } from 'graphile-worker';
import type { Db, Executor } from '@/server/db/client';
import { events } from '@/server/db/schema/index';
import { addJob } from '@/server/lib/jobs';
import { DISPATCH_EVENT_TASK } from './emit-event.js';

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
 * Hands each event to every consumer that may want it: one query asks about all of them, then one
 * transaction for each event some consumer wants (none for the others). An event erased meanwhile
 * is skipped. Answers, in order, whether each event was there, or what failed handing it over.
 */
export async function dispatchEvents(
  db: Db,
  consumers: EventConsumer[],
  eventIds: string[],
): Promise<Array<boolean | { failed: unknown }>> {
  const wanted = consumers.map((c, i) => sql`(${c.mayConsume}) as ${sql.identifier(`c${i}`)}`);
  const rows = (
    await db.execute<Record<string, boolean> & { id: string }>(
      sql`select ${events.id} as id, ${sql.join(wanted, sql`, `)} from ${events} where ${inArray(events.id, eventIds)}`,
    )
  ).rows;
  const found = new Map(rows.map((row) => [row.id, row]));
  const outcomes: Array<boolean | { failed: unknown }> = [];
  for (const eventId of eventIds) {
    const row = found.get(eventId);
    const takers = row ? consumers.filter((_, i) => row[`c${i}`]) : [];
    outcomes.push(
      !row || takers.length === 0 ? Boolean(row) : await handOver(db, takers, eventId).catch((failed: unknown) => ({ failed })),
    );
  }
  return outcomes;
}

function handOver(db: Db, takers: EventConsumer[], eventId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [event] = await tx.select().from(events).where(eq(events.id, eventId)).for('share');
    if (!event) return false;
    for (const { consume } of takers) await consume(tx, event);
    return true;
  });
}

/** `dispatchEvents` for one event: whether it was there; throws what failed. */
export async function dispatchEvent(db: Db, consumers: EventConsumer[], eventId: string): Promise<boolean> {
  const [outcome] = await dispatchEvents(db, consumers, [eventId]);
  if (typeof outcome === 'object') throw outcome.failed;
  return outcome!;
}

/** A dispatch job's events: `eventIds` (decision 0105), or the one `eventId` of a job queued before it. */
type DispatchPayload = { eventIds: string[] } | { eventId: string };

/**
 * Dispatches a job's events. When some of several fail, each of those is queued again as a job of
 * its own, retried on its own schedule, and this job ends: the others went through and are not
 * handed over again and again while one fails.
 */
export const dispatchEventTask =
  (db: Db, consumers: EventConsumer[]): Task =>
  async (payload, helpers) => {
    const job = payload as DispatchPayload;
    const eventIds = 'eventIds' in job ? job.eventIds : [job.eventId];
    const outcomes = await dispatchEvents(db, consumers, eventIds);
    const failed = eventIds.flatMap((id, i) => {
      const outcome = outcomes[i];
      return typeof outcome === 'object' ? [{ id, failed: outcome.failed }] : [];
    });
    if (failed.length === 0) return;
    if (eventIds.length === 1) throw failed[0]!.failed;
    await db.transaction(async (tx) => {
      for (const { id } of failed) await addJob(tx, DISPATCH_EVENT_TASK, { eventIds: [id] });
    });
    helpers.logger.warn(`${failed.length} of ${eventIds.length} events failed to dispatch; each is retried as a job of its own`);
  };
