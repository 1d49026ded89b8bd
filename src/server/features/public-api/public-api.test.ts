import { validate } from '@scalar/openapi-parser';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedApiKey } from '@/domain/api-keys';
import type { FormDetail } from '@/domain/forms-api';
import {
  listOf,
  problemSchema,
  v1ErasureSchema,
  v1ExportSchema,
  v1FormSchema,
  v1FormSummarySchema,
  v1LeadDetailSchema,
  v1LeadSchema,
} from '@/domain/public-api';
import { publishableConfig } from '@tests/kit/data';
import { createForm, createUser, setPlan, workspaceOf, type SignedUpUser } from '@tests/kit/owner';
import { APP_HOST, PUBLIC_HOST, createTestApp, type TestApp } from '@tests/setup/app';
import { apiIdempotency, dataRequests, forms, leadExports, leads, rateLimitHits } from '@/server/db/schema/index';
import { purgeIdempotencyKeys } from './idempotency.js';

// docs/decisions/0023: the public REST API under /api/v1.

let t: TestApp;
let owner: SignedUpUser;
let stranger: SignedUpUser;
let ws: string;
let page: FormDetail;
let theirPage: FormDetail;
let theirLead: string;
let theirExport: string;
let readWrite: CreatedApiKey;
let readOnly: CreatedApiKey;

const newKey = async (user: SignedUpUser, scopes: string[], name = 'Test key') => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/api-keys',
    headers: { host: APP_HOST, origin: `http://${APP_HOST}`, cookie: user.cookie },
    payload: { name, scopes },
  });
  expect(res.statusCode).toBe(201);
  return res.json<CreatedApiKey>();
};

/** A server's call: the bearer key, no cookie, no Origin (or a foreign one). */
const api = (
  key: string | null,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
  headers: Record<string, string> = {},
) =>
  t.app.inject({
    method,
    url,
    headers: { host: APP_HOST, ...(key ? { authorization: `Bearer ${key}` } : {}), ...headers },
    ...(payload ? { payload } : {}),
  });

const expectProblem = (res: Awaited<ReturnType<typeof api>>, status: number, typeAnchor: string) => {
  expect(res.statusCode).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  const body = problemSchema.strict().parse(res.json());
  expect(body.status).toBe(status);
  expect(body.type).toBe(`${t.config.appUrl.origin}/docs/api-reference#errors-${typeAnchor}`);
  expect(body.detail.length).toBeGreaterThan(10);
  return body;
};

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t.app);
  stranger = await createUser(t.app);
  ws = await workspaceOf(t.db, owner);
  const theirWs = await workspaceOf(t.db, stranger);
  await setPlan(t.db, ws, 'business');
  await setPlan(t.db, theirWs, 'business');
  page = await createForm(t.app, owner, { title: 'The Guide', publish: true });
  theirPage = await createForm(t.app, stranger, { title: 'Their Page', publish: true });
  // 7 leads, one a minute apart, newest last: more than a page of 3.
  await t.db.insert(leads).values(
    Array.from({ length: 7 }, (_, i) => ({
      formId: page.id,
      workspaceId: ws,
      email: `lead${i}@example.com`,
      status: i % 2 === 0 ? ('verified' as const) : ('pending' as const),
      verifiedAt: i % 2 === 0 ? minutesAgo(60 - i) : null,
      createdAt: minutesAgo(60 - i),
      utmSource: i < 2 ? 'newsletter' : null,
    })),
  );
  const [lead] = await t.db
    .insert(leads)
    .values({ formId: theirPage.id, workspaceId: theirWs, email: 'theirs@example.com', status: 'verified' })
    .returning({ id: leads.id });
  theirLead = lead!.id;
  const [exp] = await t.db
    .insert(leadExports)
    .values({ workspaceId: theirWs, requestedBy: stranger.id, format: 'csv', filter: {} })
    .returning({ id: leadExports.id });
  theirExport = exp!.id;
  readWrite = await newKey(owner, ['read', 'write']);
  readOnly = await newKey(owner, ['read']);
});
afterAll(() => t.close());

describe('authentication and scopes', () => {
  it('answers 401 problems without a key or with an unknown one', async () => {
    const none = expectProblem(await api(null, 'GET', '/api/v1/forms'), 401, 'unauthorized');
    expect(none.detail).toContain('Authorization: Bearer');
    const unknown = await api(`lsk_${'x'.repeat(40)}`, 'GET', '/api/v1/forms');
    expectProblem(unknown, 401, 'unauthorized');
    expect(unknown.headers['www-authenticate']).toBe('Bearer');
    expectProblem(await api('not-a-key', 'GET', '/api/v1/forms'), 401, 'unauthorized');
  });

  it('ignores the owner session: a cookie alone is a 401', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/forms', headers: { host: APP_HOST, cookie: owner.cookie } });
    expectProblem(res, 401, 'unauthorized');
  });

  it('takes calls from other origins (no same-origin check)', async () => {
    const res = await api(
      readWrite.key,
      'POST',
      '/api/v1/forms',
      { config: publishableConfig(null, 'From elsewhere') },
      {
        origin: 'https://crm.example',
      },
    );
    expect(res.statusCode).toBe(201);
  });

  it('lets a read key GET but not POST, PATCH: 403 naming the write scope, nothing changed', async () => {
    expect((await api(readOnly.key, 'GET', '/api/v1/forms')).statusCode).toBe(200);
    const before = await t.db.select({ id: forms.id }).from(forms).where(eq(forms.workspaceId, ws));
    const post = expectProblem(
      await api(readOnly.key, 'POST', '/api/v1/forms', { config: publishableConfig(null, 'Nope') }),
      403,
      'forbidden',
    );
    expect(post.detail).toContain("'write' scope");
    expectProblem(await api(readOnly.key, 'POST', `/api/v1/forms/${page.id}/deactivate`), 403, 'forbidden');
    expect(await t.db.select({ id: forms.id }).from(forms).where(eq(forms.workspaceId, ws))).toHaveLength(before.length);
    const [row] = await t.db.select({ status: forms.status }).from(forms).where(eq(forms.id, page.id));
    expect(row!.status).toBe('active');
  });

  it('a write-only key cannot read', async () => {
    const writeOnly = await newKey(owner, ['write']);
    expect(expectProblem(await api(writeOnly.key, 'GET', '/api/v1/forms'), 403, 'forbidden').detail).toContain("'read' scope");
  });

  it('stops a key when the workspace leaves Business (403), and works again when it is back', async () => {
    const user = await createUser(t.app);
    const userWs = await workspaceOf(t.db, user);
    await setPlan(t.db, userWs, 'business');
    const key = await newKey(user, ['read']);
    expect((await api(key.key, 'GET', '/api/v1/forms')).statusCode).toBe(200);
    await setPlan(t.db, userWs, 'free');
    expect(expectProblem(await api(key.key, 'GET', '/api/v1/forms'), 403, 'plan-limit').detail).toContain('Business plan');
    await setPlan(t.db, userWs, 'pro');
    expectProblem(await api(key.key, 'GET', '/api/v1/forms'), 403, 'plan-limit');
    await setPlan(t.db, userWs, 'business');
    expect((await api(key.key, 'GET', '/api/v1/forms')).statusCode).toBe(200);
  });

  it('answers only on the app host', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/forms',
      headers: { host: PUBLIC_HOST, authorization: `Bearer ${readWrite.key}` },
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('workspace isolation', () => {
  it("gives 404 for another workspace's form, lead and export, and changes none of them", async () => {
    expectProblem(await api(readWrite.key, 'GET', `/api/v1/forms/${theirPage.id}`), 404, 'not-found');
    expectProblem(
      await api(readWrite.key, 'PATCH', `/api/v1/forms/${theirPage.id}`, { config: publishableConfig(null, 'Hijacked') }),
      404,
      'not-found',
    );
    expectProblem(await api(readWrite.key, 'POST', `/api/v1/forms/${theirPage.id}/deactivate`), 404, 'not-found');
    expectProblem(await api(readWrite.key, 'POST', `/api/v1/forms/${theirPage.id}/publish`), 404, 'not-found');
    expectProblem(await api(readWrite.key, 'GET', `/api/v1/leads/${theirLead}`), 404, 'not-found');
    expectProblem(await api(readWrite.key, 'POST', `/api/v1/leads/${theirLead}/erase`), 404, 'not-found');
    expectProblem(await api(readWrite.key, 'GET', `/api/v1/exports/${theirExport}`), 404, 'not-found');
    expectProblem(await api(readWrite.key, 'GET', `/api/v1/leads?form=${theirPage.id}`), 404, 'not-found');
    expectProblem(await api(readWrite.key, 'POST', '/api/v1/exports', { format: 'csv', form: theirPage.id }), 404, 'not-found');

    const [form] = await t.db.select().from(forms).where(eq(forms.id, theirPage.id));
    expect(form).toMatchObject({ status: 'active', name: 'Their Page' });
    expect(await t.db.select().from(leads).where(eq(leads.id, theirLead))).toHaveLength(1);
    const list = (await api(readWrite.key, 'GET', '/api/v1/leads?limit=100')).json<{ data: { email: string }[] }>();
    expect(list.data.map((l) => l.email)).not.toContain('theirs@example.com');
  });
});

describe('forms', () => {
  it('creates, gets, updates, publishes, deactivates and activates a page', async () => {
    // The kit uploads the page's PDF (an upload is an owner action); the API does the rest.
    const withFile = await createForm(t.app, owner, { title: 'Uploaded' });
    const created = await api(readWrite.key, 'POST', '/api/v1/forms', { config: { ...withFile.draft, title: 'API page' } });
    expect(created.statusCode).toBe(201);
    const form = v1FormSchema.parse(created.json());
    expect(form.published).toBeNull();

    const got = v1FormSchema.parse((await api(readWrite.key, 'GET', `/api/v1/forms/${form.id}`)).json());
    expect(got.name).toBe('API page');

    const updated = await api(readWrite.key, 'PATCH', `/api/v1/forms/${form.id}`, {
      config: { ...withFile.draft, title: 'Renamed' },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json<FormDetail>().name).toBe('Renamed');

    const published = await api(readWrite.key, 'POST', `/api/v1/forms/${form.id}/publish`);
    expect(published.statusCode).toBe(200);
    expect(published.json<FormDetail>().published?.title).toBe('Renamed');

    const off = await api(readWrite.key, 'POST', `/api/v1/forms/${form.id}/deactivate`);
    expect(off.json<FormDetail>().status).toBe('inactive');
    const on = await api(readWrite.key, 'POST', `/api/v1/forms/${form.id}/activate`);
    expect(on.json<FormDetail>().status).toBe('active');

    const list = listOf(v1FormSummarySchema).parse((await api(readWrite.key, 'GET', '/api/v1/forms?limit=100')).json());
    expect(list.data.map((f) => f.id)).toContain(form.id);
  });

  it('answers a bad body with a 400 problem naming each field, creating nothing', async () => {
    const before = await t.db.select({ id: forms.id }).from(forms).where(eq(forms.workspaceId, ws));
    const res = await api(readWrite.key, 'POST', '/api/v1/forms', { config: { ...publishableConfig(null), title: 5 } });
    const body = expectProblem(res, 400, 'validation-error');
    expect(Object.keys(body.errors ?? {})).toContain('config.title');
    const extra = expectProblem(
      await api(readWrite.key, 'POST', '/api/v1/forms', { config: publishableConfig(null), x: 1 }),
      400,
      'validation-error',
    );
    expect(extra.detail).toBeTruthy();
    expect(await t.db.select({ id: forms.id }).from(forms).where(eq(forms.workspaceId, ws))).toHaveLength(before.length);
  });

  it('answers an unknown path under /api/v1 with a 404 problem, not the app', async () => {
    const body = expectProblem(await api(readWrite.key, 'GET', '/api/v1/nothing-here'), 404, 'not-found');
    expect(body.detail).toContain('/api/v1/nothing-here');
    expectProblem(await api(null, 'GET', '/api/v1/nothing-here'), 404, 'not-found');
  });
});

describe('leads', () => {
  it('pages through every lead with a cursor, newest first, each once', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const url: string = `/api/v1/leads?limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const res = await api(readOnly.key, 'GET', url);
      expect(res.statusCode).toBe(200);
      const body = listOf(v1LeadSchema).parse(res.json());
      expect(body.data.length).toBeLessThanOrEqual(3);
      seen.push(...body.data.map((l) => l.email));
      cursor = body.nextCursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toEqual(Array.from({ length: 7 }, (_, i) => `lead${6 - i}@example.com`));
  });

  it('filters like the leads view: status, utmSource, q, form, dates', async () => {
    const emails = async (query: string) =>
      (await api(readOnly.key, 'GET', `/api/v1/leads?${query}`)).json<{ data: { email: string }[] }>().data.map((l) => l.email);
    expect(await emails('status=pending')).toEqual(['lead5@example.com', 'lead3@example.com', 'lead1@example.com']);
    expect(await emails('utmSource=newsletter')).toEqual(['lead1@example.com', 'lead0@example.com']);
    expect(await emails('q=lead4')).toEqual(['lead4@example.com']);
    expect(await emails(`form=${page.id}&limit=100`)).toHaveLength(7);
    expect(await emails('from=2000-01-01&to=2000-01-02')).toEqual([]);
  });

  it('refuses a bad limit, cursor or filter with the field named', async () => {
    expect(
      expectProblem(await api(readOnly.key, 'GET', '/api/v1/leads?limit=101'), 400, 'validation-error').errors,
    ).toHaveProperty('limit');
    expectProblem(await api(readOnly.key, 'GET', '/api/v1/leads?limit=0'), 400, 'validation-error');
    expect(
      expectProblem(await api(readOnly.key, 'GET', '/api/v1/leads?cursor=garbage'), 400, 'validation-error').errors,
    ).toHaveProperty('cursor');
    expect(expectProblem(await api(readOnly.key, 'GET', '/api/v1/leads?colour=red'), 400, 'validation-error').detail).toContain(
      'colour',
    );
  });

  it('gets one lead', async () => {
    const [lead] = await t.db.select().from(leads).where(eq(leads.email, 'lead3@example.com'));
    const res = await api(readOnly.key, 'GET', `/api/v1/leads/${lead!.id}`);
    expect(res.statusCode).toBe(200);
    expect(v1LeadDetailSchema.parse(res.json())).toMatchObject({ email: 'lead3@example.com', form: { id: page.id } });
    expectProblem(await api(readOnly.key, 'GET', '/api/v1/leads/not-a-uuid'), 404, 'not-found');
  });

  it("erases a lead's person and logs the request under the key", async () => {
    const [lead] = await t.db.select().from(leads).where(eq(leads.email, 'lead6@example.com'));
    const res = await api(readWrite.key, 'POST', `/api/v1/leads/${lead!.id}/erase`);
    expect(res.statusCode).toBe(200);
    const outcome = v1ErasureSchema.parse(res.json());
    expect(outcome.counts.leads).toBe(1);
    expect(await t.db.select().from(leads).where(eq(leads.email, 'lead6@example.com'))).toHaveLength(0);
    const [logged] = await t.db.select().from(dataRequests).where(eq(dataRequests.id, outcome.requestId));
    expect(logged).toMatchObject({
      workspaceId: ws,
      kind: 'erasure',
      requestedBy: `api-key:${readWrite.id}`,
      requestedByEmail: owner.email,
    });
    expectProblem(await api(readWrite.key, 'POST', `/api/v1/leads/${lead!.id}/erase`), 404, 'not-found');
  });
});

describe('exports', () => {
  it('queues an export, then reports it ready', async () => {
    const res = await api(readWrite.key, 'POST', '/api/v1/exports', { format: 'jsonl', status: 'confirmed' });
    expect(res.statusCode).toBe(202);
    const queued = v1ExportSchema.parse(res.json());
    expect(queued.status).toBe('queued');
    await t.runJobs();
    const ready = v1ExportSchema.parse((await api(readOnly.key, 'GET', `/api/v1/exports/${queued.id}`)).json());
    expect(ready.status).toBe('ready');
    expect(ready.rowsTotal).toBe(3);
    expect(ready.downloadUrl).toContain('/exports/');
  });
});

describe('Idempotency-Key', () => {
  const body = { config: publishableConfig(null, 'Idempotent page') };
  const formsNamed = async (name: string) =>
    (
      await t.db
        .select({ id: forms.id })
        .from(forms)
        .where(and(eq(forms.workspaceId, ws), eq(forms.name, name)))
    ).length;

  it('replays the same answer for the same request, creating one form', async () => {
    const headers = { 'idempotency-key': 'create-1' };
    const first = await api(readWrite.key, 'POST', '/api/v1/forms', body, headers);
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const second = await api(readWrite.key, 'POST', '/api/v1/forms', body, headers);
    expect(second.statusCode).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json()).toEqual(first.json());
    expect(await formsNamed('Idempotent page')).toBe(1);
  });

  it('refuses the same key with another body (422), creating nothing', async () => {
    const headers = { 'idempotency-key': 'create-2' };
    expect((await api(readWrite.key, 'POST', '/api/v1/forms', body, headers)).statusCode).toBe(201);
    const other = { config: publishableConfig(null, 'Another page') };
    expectProblem(await api(readWrite.key, 'POST', '/api/v1/forms', other, headers), 422, 'idempotency-key-reused');
    expect(await formsNamed('Another page')).toBe(0);
  });

  it('refuses a duplicate while the first is still running (409)', async () => {
    await t.db.insert(apiIdempotency).values({ apiKeyId: readWrite.id, key: 'running', requestHash: 'whatever' });
    const res = await api(readWrite.key, 'POST', `/api/v1/forms/${page.id}/activate`, undefined, {
      'idempotency-key': 'running',
    });
    // Another request's hash: 422; so the running row must carry this request's hash to reach 409.
    expect(res.statusCode).toBe(422);
    const first = await api(readWrite.key, 'POST', `/api/v1/forms/${page.id}/activate`, undefined, {
      'idempotency-key': 'run-2',
    });
    expect(first.statusCode).toBe(200);
    await t.db
      .update(apiIdempotency)
      .set({ statusCode: null, body: null })
      .where(and(eq(apiIdempotency.apiKeyId, readWrite.id), eq(apiIdempotency.key, 'run-2')));
    const dup = await api(readWrite.key, 'POST', `/api/v1/forms/${page.id}/activate`, undefined, { 'idempotency-key': 'run-2' });
    expectProblem(dup, 409, 'idempotency-key-in-progress');
  });

  it('creates one form when the same request arrives twice at once', async () => {
    const racing = { config: publishableConfig(null, 'Racing page') };
    const headers = { 'idempotency-key': 'race-1' };
    const answers = await Promise.all([1, 2, 3].map(() => api(readWrite.key, 'POST', '/api/v1/forms', racing, headers)));
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201).length).toBeGreaterThanOrEqual(1);
    expect(statuses.every((s) => s === 201 || s === 409)).toBe(true);
    for (const conflict of answers.filter((r) => r.statusCode === 409))
      expectProblem(conflict, 409, 'idempotency-key-in-progress');
    expect(new Set(answers.filter((r) => r.statusCode === 201).map((r) => r.json<FormDetail>().id)).size).toBe(1);
    expect(await formsNamed('Racing page')).toBe(1);
  });

  it('replays errors too, keeps keys apart per API key, and forgets answers after 24 hours', async () => {
    const headers = { 'idempotency-key': 'missing-form' };
    const first = await api(readWrite.key, 'POST', '/api/v1/forms/nope/publish', undefined, headers);
    expectProblem(first, 404, 'not-found');
    const again = await api(readWrite.key, 'POST', '/api/v1/forms/nope/publish', undefined, headers);
    expectProblem(again, 404, 'not-found');
    expect(again.headers['idempotent-replayed']).toBe('true');

    const otherKey = await newKey(owner, ['write']);
    const fresh = await api(otherKey.key, 'POST', '/api/v1/forms', body, { 'idempotency-key': 'create-1' });
    expect(fresh.headers['idempotent-replayed']).toBeUndefined();
    expect(fresh.statusCode).toBe(201);

    await t.db
      .update(apiIdempotency)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(apiIdempotency.key, 'create-1'));
    expect(await purgeIdempotencyKeys(t.db)).toBeGreaterThanOrEqual(2);
    const afterPurge = await api(readWrite.key, 'POST', '/api/v1/forms', body, { 'idempotency-key': 'create-1' });
    expect(afterPurge.headers['idempotent-replayed']).toBeUndefined();
  });
});

describe('rate limit', () => {
  it('sends RateLimit-* headers and a 429 problem with Retry-After over the limit', async () => {
    const key = await newKey(owner, ['read'], 'Busy');
    const ok = await api(key.key, 'GET', '/api/v1/forms');
    expect(ok.headers['ratelimit-limit']).toBe('600');
    expect(ok.headers['ratelimit-remaining']).toBe('599');
    expect(Number(ok.headers['ratelimit-reset'])).toBeGreaterThan(0);
    expect(ok.headers['ratelimit-policy']).toBe('600;w=60');
    const next = await api(key.key, 'GET', '/api/v1/forms');
    expect(next.headers['ratelimit-remaining']).toBe('598');

    // 598 more requests would take a while: the counter is moved to the limit, as they would have.
    await t.db
      .update(rateLimitHits)
      .set({ count: 600 })
      .where(eq(rateLimitHits.key, `api-v1:${key.id}`));
    const over = await api(key.key, 'GET', '/api/v1/forms');
    expectProblem(over, 429, 'rate-limited');
    expect(over.headers['ratelimit-remaining']).toBe('0');
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    // Another key of the same workspace has its own allowance.
    expect((await api(readOnly.key, 'GET', '/api/v1/forms')).statusCode).toBe(200);
  });
});

describe('webhook endpoints', () => {
  // An IP literal on a public address: the save-time check needs no DNS, and nothing is delivered here.
  const url = 'https://93.184.215.14/lodestone-hook';

  it('adds (with its secret), lists, gets, updates and deletes an endpoint', async () => {
    const created = await api(readWrite.key, 'POST', '/api/v1/webhooks/endpoints', { url, eventTypes: ['lead.confirmed'] });
    expect(created.statusCode, created.body).toBe(201);
    const endpoint = created.json<{ id: string; secret: string; url: string; formId: string | null; enabled: boolean }>();
    expect(endpoint).toMatchObject({ url, formId: null, enabled: true });
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);

    const list = await api(readOnly.key, 'GET', '/api/v1/webhooks/endpoints');
    expect(list.json()).toMatchObject({ data: [{ id: endpoint.id, url }], nextCursor: null });
    expect(list.json<{ data: object[] }>().data[0]).not.toHaveProperty('secret');
    const secret = await api(readOnly.key, 'GET', `/api/v1/webhooks/endpoints/${endpoint.id}/secret`);
    expect(secret.json()).toEqual({ secret: endpoint.secret, previousSecretExpiresAt: null });

    const patched = await api(readWrite.key, 'PATCH', `/api/v1/webhooks/endpoints/${endpoint.id}`, {
      eventTypes: ['lead.created', 'payment.completed'],
      formId: page.id,
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({ eventTypes: ['lead.created', 'payment.completed'], formId: page.id, url });
    expect((await api(readOnly.key, 'GET', `/api/v1/webhooks/endpoints/${endpoint.id}`)).json()).toMatchObject({
      formId: page.id,
    });

    expect((await api(readWrite.key, 'DELETE', `/api/v1/webhooks/endpoints/${endpoint.id}`)).statusCode).toBe(204);
    expectProblem(await api(readOnly.key, 'GET', `/api/v1/webhooks/endpoints/${endpoint.id}`), 404, 'not-found');
  });

  it('refuses a private address with a 400 problem naming the url, and a read key with 403', async () => {
    const before = (await api(readOnly.key, 'GET', '/api/v1/webhooks/endpoints')).json<{ data: unknown[] }>().data.length;
    const refused = expectProblem(
      await api(readWrite.key, 'POST', '/api/v1/webhooks/endpoints', {
        url: 'http://169.254.169.254/latest/meta-data/',
        eventTypes: ['lead.created'],
      }),
      400,
      'validation-error',
    );
    expect(refused.errors?.url).toMatch(/public addresses/);
    expectProblem(
      await api(readOnly.key, 'POST', '/api/v1/webhooks/endpoints', { url, eventTypes: ['lead.created'] }),
      403,
      'forbidden',
    );
    expect((await api(readOnly.key, 'GET', '/api/v1/webhooks/endpoints')).json<{ data: unknown[] }>().data).toHaveLength(before);
  });

  it("gives another workspace's key 404 on an endpoint, and leaves it as it was", async () => {
    const endpoint = (
      await api(readWrite.key, 'POST', '/api/v1/webhooks/endpoints', { url, eventTypes: ['lead.created'] })
    ).json<{ id: string }>();
    const theirs = await newKey(stranger, ['read', 'write'], 'Stranger key');
    const path = `/api/v1/webhooks/endpoints/${endpoint.id}`;
    expectProblem(await api(theirs.key, 'GET', path), 404, 'not-found');
    expectProblem(await api(theirs.key, 'GET', `${path}/secret`), 404, 'not-found');
    expectProblem(await api(theirs.key, 'PATCH', path, { description: 'mine now' }), 404, 'not-found');
    expectProblem(await api(theirs.key, 'DELETE', path), 404, 'not-found');
    expect((await api(theirs.key, 'GET', '/api/v1/webhooks/endpoints')).json()).toEqual({ data: [], nextCursor: null });
    expect((await api(readOnly.key, 'GET', path)).json()).toMatchObject({ id: endpoint.id, description: '' });
  });
});

describe('malformed input', () => {
  const url = 'https://93.184.215.14/lodestone-hook';
  const count = async () =>
    (await api(readOnly.key, 'GET', '/api/v1/webhooks/endpoints')).json<{ data: unknown[] }>().data.length;

  it('refuses a NUL byte, a body that is not JSON and a body over 1 MB, each as a problem, saving nothing', async () => {
    const before = await count();
    const nul = expectProblem(
      await api(readWrite.key, 'POST', '/api/v1/webhooks/endpoints', {
        url,
        description: 'CRM\u0000',
        eventTypes: ['lead.created'],
      }),
      400,
      'validation-error',
    );
    expect(nul.errors).toEqual({ description: expect.stringContaining('NUL') });
    const notJson = await api(readWrite.key, 'POST', '/api/v1/webhooks/endpoints', undefined, {
      'content-type': 'application/json',
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.headers['content-type']).toMatch(/^application\/problem\+json/);
    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/v1/webhooks/endpoints',
      headers: { host: APP_HOST, authorization: `Bearer ${readWrite.key}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ url, description: 'x'.repeat(1_100_000), eventTypes: ['lead.created'] }),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(await count()).toBe(before);
  });
});

describe('OpenAPI document', () => {
  const V1_ROUTES = [
    'get /api/v1/forms',
    'post /api/v1/forms',
    'get /api/v1/forms/{id}',
    'patch /api/v1/forms/{id}',
    'post /api/v1/forms/{id}/publish',
    'post /api/v1/forms/{id}/activate',
    'post /api/v1/forms/{id}/deactivate',
    'get /api/v1/leads',
    'get /api/v1/leads/{id}',
    'post /api/v1/leads/{id}/erase',
    'post /api/v1/exports',
    'get /api/v1/exports/{id}',
    'get /api/v1/webhooks/endpoints',
    'post /api/v1/webhooks/endpoints',
    'get /api/v1/webhooks/endpoints/{id}',
    'get /api/v1/webhooks/endpoints/{id}/secret',
    'patch /api/v1/webhooks/endpoints/{id}',
    'delete /api/v1/webhooks/endpoints/{id}',
  ];
  type Doc = {
    openapi: string;
    servers: { url: string }[];
    security: unknown[];
    components: { securitySchemes: Record<string, { type: string; scheme: string }> };
    paths: Record<
      string,
      Record<
        string,
        {
          parameters?: { name: string; description?: string }[];
          responses: Record<string, { content?: object }>;
          description?: string;
          summary?: string;
        }
      >
    >;
  };

  it('is a valid OpenAPI 3.1 document of every /api/v1 route and nothing else, without a key', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json', headers: { host: APP_HOST } });
    expect(res.statusCode).toBe(200);
    const doc = res.json<Doc>();
    expect(doc.openapi).toMatch(/^3\.1\./);
    const { valid, errors } = await validate(structuredClone(doc) as never);
    expect(errors).toEqual([]);
    expect(valid).toBe(true);

    const routes = Object.entries(doc.paths).flatMap(([path, item]) => Object.keys(item).map((m) => `${m} ${path}`));
    expect(routes.sort()).toEqual([...V1_ROUTES].sort());
    expect(doc.servers).toEqual([{ url: t.config.appUrl.origin }]);
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.security).toEqual([{ bearerAuth: [] }]);
    for (const item of Object.values(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        expect(op.summary).toBeTruthy();
        expect(op.responses['401']?.content).toHaveProperty(['application/problem+json']);
        if (method === 'post') expect(op.parameters?.map((p) => p.name)).toContain('Idempotency-Key');
      }
    }
    const leadsQuery = doc.paths['/api/v1/leads']!.get!.parameters!.map((p) => p.name);
    expect(leadsQuery).toEqual(expect.arrayContaining(['limit', 'cursor', 'form', 'status', 'q', 'from', 'to', 'utmSource']));
    for (const parameter of doc.paths['/api/v1/leads']!.get!.parameters!)
      expect(parameter.description, parameter.name).toBeTruthy();
  });

  it('stays out of the owner API document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json', headers: { host: APP_HOST } });
    const paths = Object.keys(res.json<Doc>().paths);
    expect(paths).toContain('/api/forms');
    expect(paths).toContain('/api/api-keys');
    expect(paths.filter((p) => p.startsWith('/api/v1'))).toEqual([]);
  });
});
