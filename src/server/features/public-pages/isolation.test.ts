import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authPost, createForm, createUser, type SignedUpUser } from '@tests/kit/owner';
import { uniqueEmail } from '@tests/kit/data';
import { publishableConfig } from '@tests/kit/data';
import { APP_HOST, createTestApp, PUBLIC_HOST, type TestApp } from '@tests/setup/app';
import type { FormDetail } from '@/domain/forms-api';
import { forms } from '@/server/db/schema/index';

// What a custom script on a published page (origin PUBLIC_URL) could try against the owner's app
// (origin APP_URL): read the session, or call the owner API with the owner's cookies.

let t: TestApp;
let owner: SignedUpUser;
const APP_ORIGIN = `http://${APP_HOST}`;
const PUBLIC_ORIGIN = `http://${PUBLIC_HOST}`;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t.app);
  await t.db.execute(sql`update organizations set plan = 'pro'`);
});
afterAll(() => t.close());

/** A request to the app as a browser on the public origin would send it, cookies included. */
const fromPublicPage = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS', url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: {
      host: APP_HOST,
      origin: PUBLIC_ORIGIN,
      'sec-fetch-site': 'cross-site',
      cookie: owner.cookie,
      ...(method === 'OPTIONS'
        ? { 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' }
        : {}),
    },
    payload,
  });

describe('the session cookie', () => {
  it('is host-only (no Domain), HttpOnly and SameSite=Lax, so the public host never receives or reads it', async () => {
    const res = await authPost(t.app, '/sign-up/email', { name: 'Iso', email: uniqueEmail('iso'), password: 'correct-horse-42' });
    expect(res.statusCode).toBe(200);
    const cookies = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
    expect(cookies.length).toBeGreaterThan(0);
    for (const cookie of cookies) {
      expect(cookie).not.toMatch(/;\s*domain=/i);
      expect(cookie).toMatch(/;\s*httponly/i);
      expect(cookie).toMatch(/;\s*samesite=lax/i);
    }
    const signIn = await authPost(t.app, '/sign-in/email', { email: owner.email, password: owner.password });
    for (const cookie of ([] as string[]).concat(signIn.headers['set-cookie'] ?? [])) expect(cookie).not.toMatch(/;\s*domain=/i);
  });

  it('is worth nothing on the public host: its /api is not the app', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/me', headers: { host: PUBLIC_HOST, cookie: owner.cookie } });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain(owner.email);
  });
});

describe('the owner API seen from the public origin', () => {
  it('sends no CORS headers, so a browser never lets the page read an answer', async () => {
    for (const url of ['/api/me', '/api/forms', '/api/auth/get-session']) {
      const res = await fromPublicPage('GET', url);
      expect(res.headers['access-control-allow-origin'], url).toBeUndefined();
      expect(res.headers['access-control-allow-credentials'], url).toBeUndefined();
    }
    const preflight = await fromPublicPage('OPTIONS', '/api/forms');
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect(preflight.headers['access-control-allow-methods']).toBeUndefined();
  });

  it('refuses state-changing requests from the public origin before they do anything', async () => {
    const before = await t.db.select({ n: sql<number>`count(*)::int` }).from(forms);
    const created = await fromPublicPage('POST', '/api/forms', { config: publishableConfig(null) });
    expect(created.statusCode).toBe(403);
    expect(created.json()).toMatchObject({ code: 'FORBIDDEN_ORIGIN' });
    expect(created.headers['access-control-allow-origin']).toBeUndefined();
    expect(await t.db.select({ n: sql<number>`count(*)::int` }).from(forms)).toEqual(before);

    const form: FormDetail = await createForm(t.app, owner);
    for (const [method, url, payload] of [
      ['POST', `/api/forms/${form.id}/publish`, undefined],
      ['PUT', `/api/forms/${form.id}`, { config: { ...form.draft, customScript: 'steal()' } }],
      ['PATCH', `/api/forms/${form.id}/status`, { status: 'inactive' }],
      ['DELETE', `/api/forms/${form.id}`, undefined],
      ['POST', '/api/auth/sign-out', {}],
    ] as const) {
      expect((await fromPublicPage(method, url, payload)).statusCode, `${method} ${url}`).toBe(403);
    }
    const [row] = await t.db.select().from(forms).where(eq(forms.id, form.id));
    expect(row).toMatchObject({ published: null, status: form.status });
    expect(row!.draft.customScript).toBe('');
    // The session still works: sign-out was refused.
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { host: APP_HOST, cookie: owner.cookie } });
    expect(me.statusCode).toBe(200);
  });

  it('is refused by better-auth itself too, behind our check: its trusted origins are the app only', async () => {
    const res = await t.auth.handler(
      new Request(`${APP_ORIGIN}/api/auth/sign-out`, {
        method: 'POST',
        headers: { origin: PUBLIC_ORIGIN, cookie: owner.cookie, 'content-type': 'application/json' },
        body: '{}',
      }),
    );
    expect(res.status).toBe(403);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('refuses them by Sec-Fetch-Site when a browser sends no Origin, and from an opaque origin', async () => {
    const noOrigin = await t.app.inject({
      method: 'POST',
      url: '/api/forms',
      headers: { host: APP_HOST, cookie: owner.cookie, 'sec-fetch-site': 'same-site' },
      payload: { config: publishableConfig(null) },
    });
    expect(noOrigin.statusCode).toBe(403);
    const opaque = await t.app.inject({
      method: 'POST',
      url: '/api/forms',
      headers: { host: APP_HOST, cookie: owner.cookie, origin: 'null' },
      payload: { config: publishableConfig(null) },
    });
    expect(opaque.statusCode).toBe(403);
  });

  it("accepts the same requests from the app's own origin", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/forms',
      headers: { host: APP_HOST, cookie: owner.cookie, origin: APP_ORIGIN, 'sec-fetch-site': 'same-origin' },
      payload: { config: publishableConfig(null) },
    });
    expect(res.statusCode).toBe(201);
  });
});
