import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createForm, createUser, workspaceOf, type SignedUpUser } from '@tests/kit/owner';
import { APP_HOST, createTestApp, type TestApp } from '@tests/setup/app';
import { startWebhookReceiver, type WebhookReceiver } from '@tests/stand-ins/webhook-receiver';
import { events, leads } from '@/server/db/schema';

// docs/decisions/0024: an erased address stays in the outbox only while a consumer is to deliver it:
// no lead.erased is written where no webhook endpoint or email tool will be told, and the one that is
// written goes once its deliveries ended.

let t: TestApp;
let receiver: WebhookReceiver;
beforeAll(async () => {
  t = await createTestApp({ WEBHOOKS_ALLOW_PRIVATE_NETWORKS: 'true' });
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await receiver.close();
  await t.close();
});

const call = (owner: SignedUpUser, method: 'POST', url: string, payload: object) =>
  t.app.inject({ method, url, headers: { host: APP_HOST, origin: `http://${APP_HOST}`, cookie: owner.cookie }, payload });

/** An owner with a published page and one lead of `email` on it. */
async function ownerWithLead(email: string) {
  const owner = await createUser(t.app);
  const workspaceId = await workspaceOf(t.db, owner);
  const page = await createForm(t.app, owner, { publish: true });
  await t.db.insert(leads).values({ formId: page.id, workspaceId, email, status: 'verified' });
  return { owner, workspaceId };
}

const erasedEventsOf = (workspaceId: string) =>
  t.db
    .select({ id: events.id, payload: events.payload })
    .from(events)
    .where(and(eq(events.workspaceId, workspaceId), eq(events.type, 'lead.erased')));

const erase = async (owner: SignedUpUser, email: string) => {
  const res = await call(owner, 'POST', '/api/privacy/erasure', { email, confirmEmail: email });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json<{ counts: { leads: number } }>().counts.leads).toBe(1);
};

describe('lead.erased in the outbox', () => {
  it('is never written in a workspace with no webhook endpoint or email tool to tell', async () => {
    const email = 'nobody-to-tell@example.com';
    const { owner, workspaceId } = await ownerWithLead(email);
    await erase(owner, email);
    expect(await erasedEventsOf(workspaceId)).toEqual([]);
    await t.runJobs();
    expect(JSON.stringify(await t.db.select().from(events).where(eq(events.workspaceId, workspaceId)))).not.toContain(email);
  });

  it('is never written when the only endpoint does not subscribe to lead.erased', async () => {
    const email = 'not-subscribed@example.com';
    const { owner, workspaceId } = await ownerWithLead(email);
    const endpoint = await call(owner, 'POST', '/api/webhooks/endpoints', {
      url: `${receiver.url}/created-only`,
      eventTypes: ['lead.created'],
    });
    expect(endpoint.statusCode, endpoint.body).toBe(201);
    await erase(owner, email);
    expect(await erasedEventsOf(workspaceId)).toEqual([]);
  });

  it('is written for a subscribed endpoint, delivered with the address, then deleted once delivered', async () => {
    receiver.received.length = 0;
    receiver.respondWith(200);
    const email = 'to-be-told@example.com';
    const { owner, workspaceId } = await ownerWithLead(email);
    const endpoint = await call(owner, 'POST', '/api/webhooks/endpoints', {
      url: `${receiver.url}/erased`,
      eventTypes: ['lead.erased'],
    });
    expect(endpoint.statusCode, endpoint.body).toBe(201);
    await erase(owner, email);
    const [written] = await erasedEventsOf(workspaceId);
    expect(JSON.stringify(written!.payload)).toContain(email);

    await t.runJobs();
    expect(receiver.received.map((r) => r.body)).toEqual([expect.stringContaining(email)]);
    expect(await erasedEventsOf(workspaceId)).toEqual([]);
  });
});
