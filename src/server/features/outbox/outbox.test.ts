import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultFormConfig } from '@/domain/form-config';
import type { EventEnvelope } from '@/domain/events';
import { journeyKit } from '@tests/kit/journey';
import { createForm, createUser, workspaceOf } from '@tests/kit/owner';
import { APP_HOST, createTestApp, type TestApp } from '@tests/setup/app';
import { events, leads } from '@/server/db/schema/index';
import { DISPATCH_EVENT_TASK, emitEvent } from './emit-event.js';
import { textField } from '@tests/kit/fields';
import type { Executor } from '@/server/db/client';
import { sendQueuedJobs, transactionQueuingQuietly } from '@/server/lib/jobs';

// docs/decisions/0024: every event is written in the transaction of the change it describes, with its dispatch job.

let t: TestApp;
let kit: ReturnType<typeof journeyKit>;
beforeAll(async () => {
  t = await createTestApp();
  kit = journeyKit(t, '10.43');
});
afterAll(() => t.close());

const NAME = textField('name', 'Your name');

const eventsOf = (workspaceId: string) =>
  t.db.select().from(events).where(eq(events.workspaceId, workspaceId)).orderBy(asc(events.createdAt), asc(events.type));

/** The queued dispatch jobs' events, a list a job. */
const dispatchJobs = async () =>
  (
    await t.db.execute<{ ids: string[] }>(
      sql`select array(select json_array_elements_text(j.payload->'eventIds')) as ids from graphile_worker._private_jobs j join graphile_worker._private_tasks k on k.id = j.task_id where k.identifier = ${DISPATCH_EVENT_TASK} order by j.id`,
    )
  ).rows.map((row) => row.ids);

const queuedDispatches = async (eventId: string) => (await dispatchJobs()).filter((ids) => ids.includes(eventId)).length;

describe('outbox', () => {
  it('publishing and a lead without double opt-in each leave their event and its dispatch job; an erasure nobody is to be told of leaves none', async () => {
    const owner = await createUser(t.app);
    const workspaceId = await workspaceOf(t.db, owner);
    const config = { fields: [...defaultFormConfig().fields, NAME], doubleOptIn: false };
    const form = await createForm(t.app, owner, { title: 'Outbox guide', publish: true, config });
    const [published] = await eventsOf(workspaceId);
    expect(published?.type).toBe('form.published');
    expect(published!.id).toMatch(/^msg_[A-Za-z0-9_-]{22}$/);
    expect(await queuedDispatches(published!.id)).toBe(1);

    // A lead's events are written by the submission's follow-up job, which the submission queued.
    expect((await kit.submit(form.id, { email: 'ada@example.com', name: 'Ada' })).statusCode).toBe(303);
    await t.runJobs();
    expect((await eventsOf(workspaceId)).map((e) => e.type).sort()).toEqual(['form.published', 'lead.confirmed', 'lead.created']);
    const erase = await t.app.inject({
      method: 'POST',
      url: '/api/privacy/erasure',
      headers: { host: APP_HOST, origin: `http://${APP_HOST}`, cookie: owner.cookie },
      payload: { email: 'ada@example.com', confirmEmail: 'ada@example.com' },
    });
    expect(erase.statusCode, erase.body).toBe(200);

    const rows = await eventsOf(workspaceId);
    // lead.created and lead.confirmed named the erased lead, so the erasure took them with it; with no
    // webhook endpoint or email tool to tell, no lead.erased is written (decision 0024).
    expect(rows.map((e) => e.type)).toEqual(['form.published']);
    expect(published!.payload).toMatchObject({
      type: 'form.published',
      version: 1,
      data: { form: { id: form.id, version: 1, url: `${t.config.publicUrl.origin}/f/${form.id}` } },
    } satisfies Partial<EventEnvelope> & object);
  });

  it('a lead’s events carry its answers by label, and confirmation comes only with the confirmed address', async () => {
    const owner = await createUser(t.app);
    const workspaceId = await workspaceOf(t.db, owner);
    const form = await createForm(t.app, owner, {
      title: 'Double opt-in guide',
      publish: true,
      config: { fields: [...defaultFormConfig().fields, NAME], doubleOptIn: true },
    });
    expect((await kit.submit(form.id, { email: 'grace@example.com', name: 'Grace' })).statusCode).toBe(303);
    await t.runJobs();
    const [lead] = await t.db.select().from(leads).where(eq(leads.formId, form.id));
    const created = (await eventsOf(workspaceId)).filter((e) => e.type.startsWith('lead.'));
    expect(created.map((e) => e.type)).toEqual(['lead.created']);
    expect(created[0]!.leadId).toBe(lead!.id);
    expect(created[0]!.payload.data).toMatchObject({
      lead: {
        id: lead!.id,
        email: 'grace@example.com',
        status: 'pending',
        answers: [{ field_id: 'name', label: 'Your name', value: 'Grace' }],
      },
    });
    // The same address again is no new lead: no second lead.created.
    expect((await kit.submit(form.id, { email: 'grace@example.com', name: 'Grace' })).statusCode).toBe(303);
    await t.runJobs();
    expect((await eventsOf(workspaceId)).filter((e) => e.type === 'lead.created')).toHaveLength(1);
  });

  it('the events of one quiet transaction share one dispatch job, one a send (decision 0105)', async () => {
    const owner = await createUser(t.app);
    const workspaceId = await workspaceOf(t.db, owner);
    const before = new Set((await dispatchJobs()).flat());
    const emit = (tx: Executor) => emitEvent(tx, { workspaceId, type: 'form.published', data: {} });
    const ids = await transactionQueuingQuietly(t.db, async (tx) => {
      const first = [await emit(tx), await emit(tx), await emit(tx)];
      await sendQueuedJobs(tx);
      return [first, [await emit(tx)]];
    });
    const jobs = (await dispatchJobs()).filter((job) => job.some((id) => !before.has(id)));
    expect(jobs).toEqual(ids);
    expect((await eventsOf(workspaceId)).map((e) => e.id).sort()).toEqual(ids.flat().sort());
  });

  it('an event written in a transaction that rolls back leaves neither the event nor its job', async () => {
    const owner = await createUser(t.app);
    const workspaceId = await workspaceOf(t.db, owner);
    let eventId = '';
    await expect(
      t.db.transaction(async (tx) => {
        eventId = await emitEvent(tx, { workspaceId, type: 'form.published', data: {} });
        throw new Error('crash before commit');
      }),
    ).rejects.toThrow('crash before commit');
    expect(await eventsOf(workspaceId)).toEqual([]);
    expect(await queuedDispatches(eventId)).toBe(0);
  });
});
