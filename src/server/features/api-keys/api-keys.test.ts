import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ACCESS_PLAN_MESSAGE, type ApiKeyList, type CreatedApiKey } from '@/domain/api-keys';
import { createUser, setPlan, workspaceOf, type SignedUpUser } from '@tests/kit/owner';
import { APP_HOST, createTestApp, type TestApp } from '@tests/setup/app';
import { apiKeys } from '@/server/db/schema/index';

// docs/decisions/0023: API keys, shown once, stored hashed, named, scoped, revocable, Business only.

let t: TestApp;
let owner: SignedUpUser;
let stranger: SignedUpUser;
beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t.app);
  stranger = await createUser(t.app);
  await setPlan(t.db, await workspaceOf(t.db, owner), 'business');
  await setPlan(t.db, await workspaceOf(t.db, stranger), 'business');
});
afterAll(() => t.close());

const call = (user: SignedUpUser, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: { host: APP_HOST, origin: `http://${APP_HOST}`, cookie: user.cookie },
    ...(payload ? { payload } : {}),
  });

const v1 = (key: string) =>
  t.app.inject({ method: 'GET', url: '/api/v1/forms', headers: { host: APP_HOST, authorization: `Bearer ${key}` } });

describe('API keys', () => {
  it('shows the key once and stores only its SHA-256 hash', async () => {
    const res = await call(owner, 'POST', '/api/api-keys', { name: 'Zapier', scopes: ['write', 'read'] });
    expect(res.statusCode).toBe(201);
    const created = res.json<CreatedApiKey>();
    expect(created.key).toMatch(/^lsk_[0-9A-Za-z]{40}$/);
    expect(created.prefix).toBe(created.key.slice(0, 12));
    expect(created.scopes).toEqual(['read', 'write']);

    const [row] = await t.db.select().from(apiKeys).where(eq(apiKeys.id, created.id));
    expect(row!.hash).toBe(createHash('sha256').update(created.key).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(created.key);

    const list = (await call(owner, 'GET', '/api/api-keys')).json<ApiKeyList>();
    expect(list.allowed).toBe(true);
    expect(list.items.map((k) => k.id)).toContain(created.id);
    expect(JSON.stringify(list)).not.toContain(created.key);
    expect(list.items.find((k) => k.id === created.id)).toMatchObject({ name: 'Zapier', lastUsedAt: null, revokedAt: null });
  });

  it('records the last use, then revoking stops the key at once', async () => {
    const created = (await call(owner, 'POST', '/api/api-keys', { name: 'Script', scopes: ['read'] })).json<CreatedApiKey>();
    expect((await v1(created.key)).statusCode).toBe(200);
    const used = (await call(owner, 'GET', '/api/api-keys')).json<ApiKeyList>().items.find((k) => k.id === created.id)!;
    expect(used.lastUsedAt).not.toBeNull();

    const revoked = await call(owner, 'DELETE', `/api/api-keys/${created.id}`);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json<CreatedApiKey>().revokedAt).not.toBeNull();
    const after = await v1(created.key);
    expect(after.statusCode).toBe(401);
    expect(after.headers['content-type']).toMatch(/^application\/problem\+json/);
  });

  it('refuses a bad name or scope with the field named, creating nothing', async () => {
    const before = (await call(owner, 'GET', '/api/api-keys')).json<ApiKeyList>().items.length;
    const res = await call(owner, 'POST', '/api/api-keys', { name: ' ', scopes: ['admin'] });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({ name: 'Give the key a name', 'scopes.0': 'Choose read or write' });
    expect((await call(owner, 'GET', '/api/api-keys')).json<ApiKeyList>().items.length).toBe(before);
  });

  it("gives another workspace's key a 404 and leaves it working", async () => {
    const theirs = (await call(stranger, 'POST', '/api/api-keys', { name: 'Theirs', scopes: ['read'] })).json<CreatedApiKey>();
    expect((await call(owner, 'DELETE', `/api/api-keys/${theirs.id}`)).statusCode).toBe(404);
    expect((await call(owner, 'DELETE', '/api/api-keys/not-a-uuid')).statusCode).toBe(404);
    expect((await call(owner, 'GET', '/api/api-keys')).json<ApiKeyList>().items.map((k) => k.id)).not.toContain(theirs.id);
    expect((await v1(theirs.key)).statusCode).toBe(200);
  });

  it('is for the Business plan: Free and Pro get 403 PLAN_LIMIT naming it', async () => {
    const free = await createUser(t.app);
    const res = await call(free, 'POST', '/api/api-keys', { name: 'Nope', scopes: ['read'] });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 'PLAN_LIMIT', message: API_ACCESS_PLAN_MESSAGE });
    expect(API_ACCESS_PLAN_MESSAGE).toContain('Business plan');
    await setPlan(t.db, await workspaceOf(t.db, free), 'pro');
    expect((await call(free, 'POST', '/api/api-keys', { name: 'Nope', scopes: ['read'] })).statusCode).toBe(403);
    expect((await call(free, 'GET', '/api/api-keys')).json<ApiKeyList>()).toMatchObject({ allowed: false, items: [] });
  });

  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/api-keys', headers: { host: APP_HOST } });
    expect(res.statusCode).toBe(401);
  });
});
