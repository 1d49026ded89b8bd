import { and, eq, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { EventEnvelope } from '@/domain/events';
import type { WebhookDeliveryDetail, WebhookDeliveryList, WebhookEndpoint, WebhookSecret } from '@/domain/webhooks-api';
import { journeyKit } from '@tests/kit/journey';
import { mailsOf } from '@tests/kit/mailbox';
import { createForm, createUser, type SignedUpUser, workspaceOf } from '@tests/kit/owner';
import { APP_HOST, createTestApp, type TestApp } from '@tests/setup/app';
import { startWebhookReceiver, type WebhookReceiver } from '@tests/stand-ins/webhook-receiver';
import { events, webhookDeliveries, webhookEndpoints } from '@/server/db/schema/index';
import { RETRY_DELAYS_SECONDS } from '@/server/lib/retry-schedule';
import { deliverWebhook } from './deliver.task.js';
import { webhookDeps } from './deps.js';
import { purgeWebhookEvents } from './purge.task.js';
import { DELIVER_WEBHOOK_TASK } from './queue.js';
import { dispatchEvent, emitEvent } from '@/server/features/outbox/index';
import { webhooksFanOut } from './fan-out.js';

// docs/decisions/0021: deliveries to a local receiver (WEBHOOKS_ALLOW_PRIVATE_NETWORKS=true), signed per Standard Webhooks.

let t: TestApp;
let receiver: WebhookReceiver;
let kit: ReturnType<typeof journeyKit>;
beforeAll(async () => {
  t = await createTestApp({ WEBHOOKS_ALLOW_PRIVATE_NETWORKS: 'true' });
  receiver = await startWebhookReceiver();
  kit = journeyKit(t, '10.44');
});
afterAll(async () => {
  await receiver.close();
  await t.close();
});
afterEach(() => {
  receiver.received.length = 0;
  receiver.respondWith(200);
});

const DAY_MS = 24 * 3600 * 1000;
const NO_DOI = { doubleOptIn: false };

const call = (owner: SignedUpUser, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: { host: APP_HOST, origin: `http://${APP_HOST}`, cookie: owner.cookie },
    ...(payload ? { payload } : {}),
  });

async function addEndpoint(owner: SignedUpUser, body: { path?: string; eventTypes?: string[]; formId?: string | null } = {}) {
  const res = await call(owner, 'POST', '/api/webhooks/endpoints', {
    url: `${receiver.url}${body.path ?? '/hook'}`,
    eventTypes: body.eventTypes ?? ['lead.created'],
    formId: body.formId ?? null,
  });
  expect(res.statusCode, res.body).toBe(201);
  const endpoint = res.json<WebhookEndpoint>();
  const { secret } = (await call(owner, 'GET', `/api/webhooks/endpoints/${endpoint.id}/secret`)).json<WebhookSecret>();
  return { endpoint, secret };
}

const receivedAt = (path: string) => receiver.received.filter((r) => r.path === path);
const headersOf = (r: WebhookReceiver['received'][number]) => r.headers as Record<string, string>;
const deliveriesOf = (endpointId: string) =>
  t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId));
const deliveryJob = async (deliveryId: string) =>
  (
    await t.db.execute<{ run_at: Date }>(
      sql`select run_at from graphile_worker.jobs where task_identifier = ${DELIVER_WEBHOOK_TASK} and key = ${`webhook:${deliveryId}`}`,
    )
  ).rows;

describe('webhook deliveries', () => {
  it('a lead reaches the receiver signed per Standard Webhooks, verified by the standardwebhooks library', async () => {
    const owner = await createUser(t.app);
    const form = await createForm(t.app, owner, { title: 'Signed guide', publish: true, config: NO_DOI });
    const { secret } = await addEndpoint(owner, { path: '/signed' });
    expect((await kit.submit(form.id, { email: 'sig@example.com' })).statusCode).toBe(303);
    await t.runJobs();

    const [got] = receivedAt('/signed');
    expect(got, 'the receiver got the lead').toBeDefined();
    expect(receivedAt('/signed')).toHaveLength(1);
    const headers = headersOf(got!);
    expect(headers['content-type']).toBe('application/json');
    expect(headers['user-agent']).toBe('Lodestone-Webhooks/1');
    expect(headers['webhook-id']).toMatch(/^msg_/);
    const verified = new Webhook(secret).verify(got!.body, headers) as EventEnvelope;
    expect(verified).toMatchObject({
      type: 'lead.created',
      version: 1,
      data: { lead: { email: 'sig@example.com', form_id: form.id } },
    });
    // Another secret does not verify, nor does a tampered body.
    expect(() => new Webhook(`whsec_${Buffer.alloc(24, 7).toString('base64')}`).verify(got!.body, headers)).toThrow();
    expect(() => new Webhook(secret).verify(got!.body.replace('sig@', 'sog@'), headers)).toThrow();
    const [event] = await t.db.select().from(events).where(eq(events.id, headers['webhook-id']!));
    expect(event?.type).toBe('lead.created');
  });

  it('after a rotation both secrets verify for 24 hours, then only the new one', async () => {
    const owner = await createUser(t.app);
    const { endpoint, secret: oldSecret } = await addEndpoint(owner, { path: '/rotated' });
    const rotated = await call(owner, 'POST', `/api/webhooks/endpoints/${endpoint.id}/rotate-secret`);
    const { secret: newSecret, previousSecretExpiresAt } = rotated.json<WebhookSecret>();
    expect(newSecret).not.toBe(oldSecret);
    expect(new Date(previousSecretExpiresAt!).getTime() - Date.now()).toBeGreaterThan(23.9 * 3600 * 1000);

    expect((await call(owner, 'POST', `/api/webhooks/endpoints/${endpoint.id}/test`)).statusCode).toBe(202);
    await t.runJobs();
    const [during] = receivedAt('/rotated');
    expect(headersOf(during!)['webhook-signature']!.split(' ')).toHaveLength(2);
    expect(new Webhook(newSecret).verify(during!.body, headersOf(during!))).toMatchObject({ type: 'webhook.test' });
    expect(new Webhook(oldSecret).verify(during!.body, headersOf(during!))).toMatchObject({ type: 'webhook.test' });

    // The overlap is over (as 24 hours later).
    await t.db
      .update(webhookEndpoints)
      .set({ previousSecretExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(webhookEndpoints.id, endpoint.id));
    expect((await call(owner, 'POST', `/api/webhooks/endpoints/${endpoint.id}/test`)).statusCode).toBe(202);
    await t.runJobs();
    const after = receivedAt('/rotated')[1]!;
    expect(headersOf(after)['webhook-signature']!.split(' ')).toHaveLength(1);
    expect(new Webhook(newSecret).verify(after.body, headersOf(after))).toMatchObject({ type: 'webhook.test' });
    expect(() => new Webhook(oldSecret).verify(after.body, headersOf(after))).toThrow();
  });

  it('a failing receiver: each attempt logged, retried on the schedule with one webhook-id; a replay keeps it; success clears failingSince', async () => {
    const owner = await createUser(t.app);
    const { endpoint } = await addEndpoint(owner, { path: '/failing' });
    receiver.respondWith(503);
    const test = await call(owner, 'POST', `/api/webhooks/endpoints/${endpoint.id}/test`);
    const deliveryId = test.json<{ id: string }>().id;
    const before = Date.now();
    await t.runJobs();

    const [first] = await deliveriesOf(endpoint.id);
    expect(first).toMatchObject({ status: 'pending', attempts: 1 });
    const [job] = await deliveryJob(deliveryId);
    const delay = new Date(job!.run_at).getTime() - before;
    // The first retry is RETRY_DELAYS_SECONDS[0] later, ±20%.
    expect(delay).toBeGreaterThan(RETRY_DELAYS_SECONDS[0]! * 800 - 500);
    expect(delay).toBeLessThan(RETRY_DELAYS_SECONDS[0]! * 1200 + 2000);
    const [failing] = await t.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(failing!.failingSince).not.toBeNull();

    // The second failure schedules the next one 5 minutes (±20%) later.
    const deps = webhookDeps(t.config, t.db);
    const now2 = new Date();
    expect(await deliverWebhook(deps, { deliveryId }, now2)).toBe('retrying');
    const [job2] = await deliveryJob(deliveryId);
    const delay2 = new Date(job2!.run_at).getTime() - now2.getTime();
    expect(delay2).toBeGreaterThanOrEqual(RETRY_DELAYS_SECONDS[1]! * 800);
    expect(delay2).toBeLessThanOrEqual(RETRY_DELAYS_SECONDS[1]! * 1200);

    const detail = (await call(owner, 'GET', `/api/webhooks/deliveries/${deliveryId}`)).json<WebhookDeliveryDetail>();
    expect(detail.attemptLog.map((a) => [a.trigger, a.statusCode, a.responseExcerpt])).toEqual([
      ['retry', 503, 'answering 503'],
      ['retry', 503, 'answering 503'],
    ]);
    expect(detail.lastStatusCode).toBe(503);
    expect(detail.payload.type).toBe('webhook.test');

    receiver.respondWith(200);
    const replay = await call(owner, 'POST', `/api/webhooks/deliveries/${deliveryId}/replay`);
    expect(replay.statusCode, replay.body).toBe(202);
    await t.runJobs();
    const ids = receivedAt('/failing').map((r) => headersOf(r)['webhook-id']);
    expect(ids).toHaveLength(3);
    expect(new Set(ids).size).toBe(1);
    const done = (await call(owner, 'GET', `/api/webhooks/deliveries/${deliveryId}`)).json<WebhookDeliveryDetail>();
    expect(done).toMatchObject({ status: 'succeeded', attempts: 3, lastStatusCode: 200 });
    expect(done.attemptLog[0]).toMatchObject({ trigger: 'replay', statusCode: 200, responseExcerpt: 'received' });
    const [healed] = await t.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(healed!.failingSince).toBeNull();
    // The waiting retry was replaced by the replay: nothing more is queued for it.
    expect(await deliveryJob(deliveryId)).toEqual([]);

    // A replay of a finished delivery is one more attempt, its result the delivery's status.
    receiver.respondWith(500);
    await call(owner, 'POST', `/api/webhooks/deliveries/${deliveryId}/replay`);
    await t.runJobs();
    const replayed = (await call(owner, 'GET', `/api/webhooks/deliveries/${deliveryId}`)).json<WebhookDeliveryDetail>();
    expect(replayed).toMatchObject({ status: 'failed', attempts: 4, nextAttemptAt: null });
    expect(await deliveryJob(deliveryId)).toEqual([]);
  });

  it('after 3 days of failures the endpoint is disabled, the owner emailed once, and its deliveries wait for it', async () => {
    const owner = await createUser(t.app);
    const { endpoint } = await addEndpoint(owner, { path: '/down' });
    receiver.respondWith(500);
    const deliveryId = (await call(owner, 'POST', `/api/webhooks/endpoints/${endpoint.id}/test`)).json<{ id: string }>().id;
    const t0 = new Date();
    const deps = { ...webhookDeps(t.config, t.db) };
    expect(await deliverWebhook(deps, { deliveryId }, t0)).toBe('retrying');
    expect(await deliverWebhook(deps, { deliveryId }, new Date(t0.getTime() + 2.9 * DAY_MS))).toBe('retrying');
    let [row] = await t.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(row).toMatchObject({ enabled: true, failingSince: t0 });

    expect(await deliverWebhook(deps, { deliveryId }, new Date(t0.getTime() + 3 * DAY_MS))).toBe('retrying');
    [row] = await t.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(row).toMatchObject({ enabled: false, disabledAt: new Date(t0.getTime() + 3 * DAY_MS) });
    expect(row!.disabledReason).toMatch(/No successful delivery for 3 days \(last: HTTP 500\)/);
    // Held, not attempted: the endpoint is off.
    expect(await deliverWebhook(deps, { deliveryId }, new Date(t0.getTime() + 4 * DAY_MS))).toBe('skipped');
    expect(receivedAt('/down')).toHaveLength(3);
    const mails = await mailsOf(t, owner.email, /webhook .* was disabled/);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`${receiver.url}/down`);
    expect(mails[0]!.text).toContain(`${t.config.appUrl.origin}/settings/integrations`);
    const [held] = await deliveriesOf(endpoint.id);
    expect(held).toMatchObject({ status: 'pending', attempts: 3 });
    expect((await call(owner, 'POST', `/api/webhooks/deliveries/${deliveryId}/replay`)).statusCode).toBe(400);

    // Enabled again: the failure record is cleared and the held delivery goes out.
    receiver.respondWith(200);
    const enabled = await call(owner, 'POST', `/api/webhooks/endpoints/${endpoint.id}/enable`);
    expect(enabled.json()).toMatchObject({ enabled: true, failingSince: null, disabledReason: null });
    await t.runJobs();
    const [delivered] = await deliveriesOf(endpoint.id);
    expect(delivered).toMatchObject({ status: 'succeeded', attempts: 4 });
    expect(await mailsOf(t, owner.email, /webhook .* was disabled/)).toHaveLength(1);
  });

  it('a crash between the lead’s commit and the delivery loses nothing: the receiver gets lead.created with one webhook-id', async () => {
    const owner = await createUser(t.app);
    const form = await createForm(t.app, owner, { title: 'Crash guide', publish: true, config: NO_DOI });
    await addEndpoint(owner, { path: '/crash' });
    expect((await kit.submit(form.id, { email: 'crash@example.com' })).statusCode).toBe(303);
    // No worker ran: nothing went out yet, but the work is committed in the queue.
    expect(receivedAt('/crash')).toEqual([]);

    // The worker dies in the middle of the delivery job.
    await t.runJobs({
      tasks: {
        [DELIVER_WEBHOOK_TASK]: () => {
          throw new Error('worker crashed');
        },
      },
    });
    expect(receivedAt('/crash')).toEqual([]);

    // A worker is back: the job's crash retry (a few seconds later) delivers it.
    for (let i = 0; i < 40 && receivedAt('/crash').length === 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      await t.runJobs();
    }
    const got = receivedAt('/crash');
    expect(got).toHaveLength(1);
    expect(JSON.parse(got[0]!.body)).toMatchObject({ type: 'lead.created', data: { lead: { email: 'crash@example.com' } } });
    await t.runJobs();
    expect(receivedAt('/crash')).toHaveLength(1);
  }, 20_000);

  it('sends only the subscribed event types, and only the filtered page’s events', async () => {
    const owner = await createUser(t.app);
    const pageA = await createForm(t.app, owner, { title: 'Page A', publish: true, config: NO_DOI });
    const pageB = await createForm(t.app, owner, { title: 'Page B', publish: true, config: NO_DOI });
    await addEndpoint(owner, { path: '/only-a', eventTypes: ['lead.confirmed'], formId: pageA.id });
    await addEndpoint(owner, { path: '/all-created', eventTypes: ['lead.created'] });
    await kit.submit(pageA.id, { email: 'a@example.com' });
    await kit.submit(pageB.id, { email: 'b@example.com' });
    await t.runJobs();
    const bodies = (path: string) =>
      receivedAt(path).map((r) => JSON.parse(r.body) as EventEnvelope<{ lead: { email: string } }>);
    expect(bodies('/only-a').map((b) => [b.type, b.data.lead.email])).toEqual([['lead.confirmed', 'a@example.com']]);
    expect(
      bodies('/all-created')
        .map((b) => [b.type, b.data.lead.email])
        .sort(),
    ).toEqual([
      ['lead.created', 'a@example.com'],
      ['lead.created', 'b@example.com'],
    ]);
  });

  it('does not follow a redirect: a 302 is a failed attempt', async () => {
    const owner = await createUser(t.app);
    const { endpoint } = await addEndpoint(owner, { path: '/moved' });
    receiver.respondWith(302, `${receiver.url}/elsewhere`);
    await call(owner, 'POST', `/api/webhooks/endpoints/${endpoint.id}/test`);
    await t.runJobs();
    expect(receivedAt('/moved')).toHaveLength(1);
    expect(receivedAt('/elsewhere')).toEqual([]);
    const list = (await call(owner, 'GET', `/api/webhooks/endpoints/${endpoint.id}/deliveries`)).json<WebhookDeliveryList>();
    expect(list.deliveries[0]).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: 302 });
    const detail = (await call(owner, 'GET', `/api/webhooks/deliveries/${list.deliveries[0]!.id}`)).json<WebhookDeliveryDetail>();
    expect(detail.attemptLog[0]!.error).toMatch(/HTTP 302 \(redirects are not followed\)/);
  });

  it('with WEBHOOKS_ALLOW_PRIVATE_NETWORKS=true a private address is accepted', async () => {
    const owner = await createUser(t.app);
    const res = await call(owner, 'POST', '/api/webhooks/endpoints', {
      url: 'http://169.254.169.254/hook',
      eventTypes: ['lead.created'],
    });
    expect(res.statusCode, res.body).toBe(201);
  });

  it('the delivery log pages newest first with a cursor', async () => {
    const owner = await createUser(t.app);
    const { endpoint } = await addEndpoint(owner, { path: '/paged' });
    for (let i = 0; i < 27; i++) await call(owner, 'POST', `/api/webhooks/endpoints/${endpoint.id}/test`);
    const first = (await call(owner, 'GET', `/api/webhooks/endpoints/${endpoint.id}/deliveries`)).json<WebhookDeliveryList>();
    expect(first.deliveries).toHaveLength(25);
    const second = (
      await call(owner, 'GET', `/api/webhooks/endpoints/${endpoint.id}/deliveries?cursor=${first.nextCursor}`)
    ).json<WebhookDeliveryList>();
    expect(second.deliveries).toHaveLength(2);
    expect(second.nextCursor).toBeNull();
    const all = [...first.deliveries, ...second.deliveries];
    expect(new Set(all.map((d) => d.id)).size).toBe(27);
    const times = all.map((d) => d.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    await t.runJobs();
  });

  it('the daily purge removes events older than 30 days unless a delivery is still pending', async () => {
    const owner = await createUser(t.app);
    const { endpoint } = await addEndpoint(owner, { path: '/purge' });
    const doneId = (await call(owner, 'POST', `/api/webhooks/endpoints/${endpoint.id}/test`)).json<{ id: string }>().id;
    await t.runJobs();
    // A delivery held pending: its endpoint was disabled before it went out.
    const pendingId = (await call(owner, 'POST', `/api/webhooks/endpoints/${endpoint.id}/test`)).json<{ id: string }>().id;
    await call(owner, 'POST', `/api/webhooks/endpoints/${endpoint.id}/disable`);
    await t.runJobs();
    const ids = (await deliveriesOf(endpoint.id)).map((d) => [d.id, d.status]);
    expect(ids).toEqual(
      expect.arrayContaining([
        [doneId, 'succeeded'],
        [pendingId, 'pending'],
      ]),
    );

    expect(await purgeWebhookEvents(t.db, new Date(Date.now() + 29 * DAY_MS))).toBe(0);
    await purgeWebhookEvents(t.db, new Date(Date.now() + 31 * DAY_MS));
    const left = await deliveriesOf(endpoint.id);
    expect(left.map((d) => d.id)).toEqual([pendingId]);
    const [kept] = await t.db
      .select()
      .from(events)
      .where(and(eq(events.id, left[0]!.eventId)));
    expect(kept).toBeDefined();
  });

  it('keeps a lead.erased event, which names the erased address, only 4 days even when its delivery is held', async () => {
    const owner = await createUser(t.app);
    const { endpoint } = await addEndpoint(owner, { path: '/erased', eventTypes: ['lead.erased'] });
    const workspaceId = await workspaceOf(t.db, owner);
    const eventId = await t.db.transaction((tx) =>
      emitEvent(tx, { workspaceId, type: 'lead.erased', data: { lead: { email: 'gone@example.com' } } }),
    );
    // Fanned out while the endpoint was enabled, then held: it was disabled before the delivery ran.
    await dispatchEvent(t.db, [webhooksFanOut], eventId);
    await call(owner, 'POST', `/api/webhooks/endpoints/${endpoint.id}/disable`);
    await t.runJobs();
    expect((await deliveriesOf(endpoint.id)).map((d) => [d.eventId, d.status])).toEqual([[eventId, 'pending']]);

    await purgeWebhookEvents(t.db, new Date(Date.now() + 3 * DAY_MS));
    expect(await t.db.select().from(events).where(eq(events.id, eventId))).toHaveLength(1);
    await purgeWebhookEvents(t.db, new Date(Date.now() + 5 * DAY_MS));
    expect(await t.db.select().from(events).where(eq(events.id, eventId))).toHaveLength(0);
    expect(await deliveriesOf(endpoint.id)).toEqual([]);
  });
});
