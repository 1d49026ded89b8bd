import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebhookDeliveryDetail, WebhookEndpoint, WebhookSecret } from '@/domain/webhooks-api';
import { createForm, createUser, type SignedUpUser } from '@tests/kit/owner';
import { APP_HOST, createTestApp, type TestApp } from '@tests/setup/app';
import { webhookEndpoints } from '@/server/db/schema/index';

// docs/decisions/0021: the owner API of webhook endpoints, with WEBHOOKS_ALLOW_PRIVATE_NETWORKS unset (the default).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const call = (owner: SignedUpUser, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: { host: APP_HOST, origin: `http://${APP_HOST}`, cookie: owner.cookie },
    ...(payload ? { payload } : {}),
  });

const PUBLIC_URL = 'https://93.184.215.14/hooks/lodestone';

describe('webhook endpoints API', () => {
  it('creates an endpoint with a whsec_ secret that the view never shows, and lists it', async () => {
    const owner = await createUser(t.app);
    const res = await call(owner, 'POST', '/api/webhooks/endpoints', {
      url: PUBLIC_URL,
      description: 'CRM',
      eventTypes: ['lead.created', 'lead.created', 'lead.confirmed'],
    });
    expect(res.statusCode, res.body).toBe(201);
    const endpoint = res.json<WebhookEndpoint>();
    expect(endpoint).toMatchObject({
      url: PUBLIC_URL,
      eventTypes: ['lead.created', 'lead.confirmed'],
      formId: null,
      enabled: true,
    });
    expect(res.body).not.toMatch(/whsec_|secret/i);

    const secret = (await call(owner, 'GET', `/api/webhooks/endpoints/${endpoint.id}/secret`)).json<WebhookSecret>();
    expect(secret.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(Buffer.from(secret.secret.slice(6), 'base64')).toHaveLength(24);
    // Sealed at rest: the database does not hold the secret in the clear.
    const [row] = await t.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(row!.secretSealed).not.toContain(secret.secret.slice(6));

    const list = await call(owner, 'GET', '/api/webhooks/endpoints');
    expect(list.json<WebhookEndpoint[]>().map((e) => e.id)).toEqual([endpoint.id]);
  });

  it.each([
    ['loopback', 'http://127.0.0.1:8080/hook', /loopback/],
    ['a private network', 'http://10.1.2.3/hook', /private/],
    ['link-local (cloud metadata)', 'http://169.254.169.254/latest/meta-data/', /linkLocal/],
    ['IPv6 loopback', 'http://[::1]/hook', /loopback/],
    ['IPv6 unique local', 'http://[fd12:3456:789a::1]/hook', /uniqueLocal/],
    ['IPv4-mapped IPv6 loopback', 'http://[::ffff:127.0.0.1]/hook', /loopback/],
    // The other IPv6 forms of an IPv4 address.
    ['IPv4-compatible IPv6 loopback', 'http://[::127.0.0.1]/', /127\.0\.0\.1, a loopback/],
    ['IPv4-compatible IPv6 metadata', 'http://[::169.254.169.254]/', /169\.254\.169\.254, a linkLocal/],
    ['IPv4-compatible IPv6 private', 'http://[::10.0.0.1]/', /10\.0\.0\.1, a private/],
    ['NAT64 of the metadata address', 'http://[64:ff9b::a9fe:a9fe]/', /169\.254\.169\.254/],
    ['6to4 of a private network', 'http://[2002:a00:1::]/', /10\.0\.0\.1, a private/],
    ['Teredo to loopback', 'http://[2001:0:4136:e378:8000:63bf:80ff:fffe]/', /127\.0\.0\.1/],
    ['a name resolving to loopback', 'http://localhost:3000/hook', /loopback/],
    ['another scheme', 'ftp://93.184.215.14/hook', /Only http/],
  ])('refuses %s at save time with the reason under the URL, and saves nothing', async (_what, url, reason) => {
    const owner = await createUser(t.app);
    const res = await call(owner, 'POST', '/api/webhooks/endpoints', { url, eventTypes: ['lead.created'] });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', errors: { url: expect.stringMatching(reason) } });
    expect((await call(owner, 'GET', '/api/webhooks/endpoints')).json()).toEqual([]);
  });

  it('refuses a private address on update too, and keeps the saved one', async () => {
    const owner = await createUser(t.app);
    const created = (
      await call(owner, 'POST', '/api/webhooks/endpoints', { url: PUBLIC_URL, eventTypes: ['lead.created'] })
    ).json<WebhookEndpoint>();
    const res = await call(owner, 'PATCH', `/api/webhooks/endpoints/${created.id}`, { url: 'http://169.254.169.254/' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.url).toMatch(/public addresses/);
    expect((await call(owner, 'GET', `/api/webhooks/endpoints/${created.id}`)).json().url).toBe(PUBLIC_URL);
  });

  it('asks for at least one known event and a page of the workspace', async () => {
    const owner = await createUser(t.app);
    const none = await call(owner, 'POST', '/api/webhooks/endpoints', { url: PUBLIC_URL, eventTypes: [] });
    expect(none.statusCode).toBe(400);
    expect(none.json().errors).toEqual({ eventTypes: 'Choose at least one event' });
    const unknown = await call(owner, 'POST', '/api/webhooks/endpoints', { url: PUBLIC_URL, eventTypes: ['lead.deleted'] });
    expect(unknown.statusCode).toBe(400);
    expect(Object.keys(unknown.json().errors)).toEqual(['eventTypes.0']);

    const other = await createUser(t.app);
    const theirs = await createForm(t.app, other, { title: 'Their page' });
    const foreignPage = await call(owner, 'POST', '/api/webhooks/endpoints', {
      url: PUBLIC_URL,
      eventTypes: ['lead.created'],
      formId: theirs.id,
    });
    expect(foreignPage.statusCode).toBe(404);
    expect((await call(owner, 'GET', '/api/webhooks/endpoints')).json()).toEqual([]);
  });

  it('another workspace gets 404 from every endpoint and delivery route, and changes nothing', async () => {
    const owner = await createUser(t.app);
    const intruder = await createUser(t.app);
    const endpoint = (
      await call(owner, 'POST', '/api/webhooks/endpoints', { url: PUBLIC_URL, eventTypes: ['lead.created'] })
    ).json<WebhookEndpoint>();
    const test = await call(owner, 'POST', `/api/webhooks/endpoints/${endpoint.id}/test`);
    expect(test.statusCode, test.body).toBe(202);
    const deliveryId = test.json<{ id: string }>().id;
    const base = `/api/webhooks/endpoints/${endpoint.id}`;
    const routes: [Parameters<typeof call>[1], string, object?][] = [
      ['GET', base],
      ['PATCH', base, { description: 'mine now' }],
      ['DELETE', base],
      ['GET', `${base}/secret`],
      ['POST', `${base}/rotate-secret`],
      ['POST', `${base}/enable`],
      ['POST', `${base}/disable`],
      ['POST', `${base}/test`],
      ['GET', `${base}/deliveries`],
      ['GET', `/api/webhooks/deliveries/${deliveryId}`],
      ['POST', `/api/webhooks/deliveries/${deliveryId}/replay`],
    ];
    for (const [method, url, payload] of routes) {
      const res = await call(intruder, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.body).not.toContain('whsec_');
    }
    expect((await call(intruder, 'GET', '/api/webhooks/endpoints')).json()).toEqual([]);
    const after = (await call(owner, 'GET', base)).json<WebhookEndpoint>();
    expect(after).toEqual(endpoint);
    expect((await call(owner, 'GET', `${base}/deliveries`)).json().deliveries).toHaveLength(1);
    // Malformed ids are a 404 too, not a failed cast.
    expect((await call(owner, 'GET', '/api/webhooks/endpoints/not-a-uuid')).statusCode).toBe(404);
    expect((await call(owner, 'GET', '/api/webhooks/deliveries/not-a-uuid')).statusCode).toBe(404);
  });

  it('checks the address again when connecting: a saved endpoint now pointing at loopback gets no request', async () => {
    const owner = await createUser(t.app);
    const received: string[] = [];
    const server = createServer((req, res) => {
      received.push(req.url ?? '');
      res.end('ok');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const created = (
        await call(owner, 'POST', '/api/webhooks/endpoints', { url: PUBLIC_URL, eventTypes: ['lead.created'] })
      ).json<WebhookEndpoint>();
      // As if its name now resolved to loopback (DNS rebinding): the save-time check passed before.
      const { port } = server.address() as AddressInfo;
      await t.db
        .update(webhookEndpoints)
        .set({ url: `http://127.0.0.1:${port}/hook` })
        .where(eq(webhookEndpoints.id, created.id));
      const deliveryId = (await call(owner, 'POST', `/api/webhooks/endpoints/${created.id}/test`)).json<{ id: string }>().id;
      await t.runJobs();
      expect(received).toEqual([]);
      const detail = (await call(owner, 'GET', `/api/webhooks/deliveries/${deliveryId}`)).json<WebhookDeliveryDetail>();
      expect(detail).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: null });
      expect(detail.attemptLog[0]!.error).toMatch(/127\.0\.0\.1/);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('describes its routes in the OpenAPI document from the same schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json', headers: { host: APP_HOST } });
    expect(res.statusCode, res.body.slice(0, 500)).toBe(200);
    const doc = res.json<{
      paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: unknown }> } }>>;
    }>();
    expect(Object.keys(doc.paths).filter((p) => p.startsWith('/api/webhooks'))).toEqual(
      expect.arrayContaining(['/api/webhooks/endpoints', '/api/webhooks/endpoints/{id}', '/api/webhooks/deliveries/{id}/replay']),
    );
    const body = doc.paths['/api/webhooks/endpoints']!.post!.requestBody!.content['application/json']!.schema;
    expect(JSON.stringify(body)).toContain('payment.refunded');
  });

  it('updates, disables, enables and deletes an endpoint', async () => {
    const owner = await createUser(t.app);
    const form = await createForm(t.app, owner, { title: 'Filtered page' });
    const created = (
      await call(owner, 'POST', '/api/webhooks/endpoints', { url: PUBLIC_URL, eventTypes: ['lead.created'] })
    ).json<WebhookEndpoint>();
    const base = `/api/webhooks/endpoints/${created.id}`;
    const patched = await call(owner, 'PATCH', base, { formId: form.id, eventTypes: ['form.published'] });
    expect(patched.json()).toMatchObject({ formId: form.id, eventTypes: ['form.published'] });
    expect((await call(owner, 'POST', `${base}/disable`)).json()).toMatchObject({
      enabled: false,
      disabledReason: 'Disabled by an owner',
    });
    expect((await call(owner, 'POST', `${base}/test`)).statusCode).toBe(400);
    expect((await call(owner, 'POST', `${base}/enable`)).json()).toMatchObject({ enabled: true, disabledReason: null });
    expect((await call(owner, 'DELETE', base)).statusCode).toBe(204);
    expect((await call(owner, 'GET', base)).statusCode).toBe(404);
  });
});
