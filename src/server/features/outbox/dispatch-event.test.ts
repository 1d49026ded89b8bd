import { sql } from 'drizzle-orm';
import type { JobHelpers } from 'graphile-worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, workspaceOf } from '@tests/kit/owner';
import { createTestApp, type TestApp } from '@tests/setup/app';
import { events } from '@/server/db/schema/index';
import { dispatchEvent, dispatchEventTask, type EventConsumer, type EventRow } from './dispatch-event.task.js';
import { DISPATCH_EVENT_TASK, emitEvent } from './emit-event.js';

let t: TestApp;
let workspaceId: string;
beforeAll(async () => {
  t = await createTestApp();
  workspaceId = await workspaceOf(t.db, await createUser(t.app));
});
afterAll(() => t.close());

/** A consumer that records what it was handed; `mayConsume` as given. */
function recorder(mayConsume: ReturnType<typeof sql>) {
  const handed: EventRow[] = [];
  const consumer: EventConsumer = { mayConsume, consume: async (_tx, event) => void handed.push(event) };
  return { consumer, handed };
}

const emit = (type: 'lead.created' | 'lead.erased') =>
  t.db.transaction((tx) => emitEvent(tx, { workspaceId, type, data: { lead: { email: 'ada@example.com' } } }));

describe('dispatching an event', () => {
  it('hands it to each consumer whose predicate holds for that event, and only to those', async () => {
    const erasedOnly = recorder(sql`${events.type} = 'lead.erased'`);
    const always = recorder(sql`true`);
    const created = await emit('lead.created');
    const erased = await emit('lead.erased');

    expect(await dispatchEvent(t.db, [erasedOnly.consumer, always.consumer], created)).toBe(true);
    expect(await dispatchEvent(t.db, [erasedOnly.consumer, always.consumer], erased)).toBe(true);
    expect(erasedOnly.handed.map((e) => e.id)).toEqual([erased]);
    expect(always.handed.map((e) => e.id)).toEqual([created, erased]);
  });

  it('answers that an event is there although no consumer wants it, and that a missing one is not', async () => {
    const never = recorder(sql`false`);
    expect(await dispatchEvent(t.db, [never.consumer], await emit('lead.created'))).toBe(true);
    expect(await dispatchEvent(t.db, [never.consumer], 'msg_missing')).toBe(false);
    expect(never.handed).toEqual([]);
  });

  it('a job of several events hands each over once; one that fails is queued again alone, the others are not', async () => {
    const [a, b, c] = [await emit('lead.created'), await emit('lead.created'), await emit('lead.created')];
    const handed: string[] = [];
    const failing: EventConsumer = {
      mayConsume: sql`true`,
      consume: async (_tx, event) => {
        if (event.id === b) throw new Error('endpoint table locked');
        handed.push(event.id);
      },
    };
    const warned: string[] = [];
    const helpers = { logger: { warn: (message: string) => void warned.push(message) } } as unknown as JobHelpers;
    const jobsFor = async (id: string) =>
      (
        await t.db.execute<{ n: number }>(
          sql`select count(*)::int as n from graphile_worker._private_jobs j join graphile_worker._private_tasks k on k.id = j.task_id where k.identifier = ${DISPATCH_EVENT_TASK} and j.payload::jsonb = ${JSON.stringify({ eventIds: [id] })}::jsonb`,
        )
      ).rows[0]!.n;
    const queuedBefore = await jobsFor(b);
    await dispatchEventTask(t.db, [failing])({ eventIds: [a, b, c, 'msg_missing'] }, helpers);
    expect(handed).toEqual([a, c]);
    expect(warned).toEqual(['1 of 4 events failed to dispatch; each is retried as a job of its own']);
    expect(await jobsFor(b)).toBe(queuedBefore + 1);

    // Alone, it fails as a job does (retried by the queue), and a job queued before 0105 still runs.
    await expect(dispatchEventTask(t.db, [failing])({ eventIds: [b] }, helpers)).rejects.toThrow('endpoint table locked');
    await dispatchEventTask(t.db, [failing])({ eventId: c }, helpers);
    expect(handed).toEqual([a, c, c]);
  });
});
