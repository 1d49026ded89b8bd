import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, workspaceOf } from '@tests/kit/owner';
import { createTestApp, type TestApp } from '@tests/setup/app';
import { events } from '@/server/db/schema/index';
import { dispatchEvent, type EventConsumer, type EventRow } from './dispatch-event.task.js';
import { emitEvent } from './emit-event.js';

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
});
