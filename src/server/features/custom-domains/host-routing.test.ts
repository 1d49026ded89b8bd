import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDomain, ownerCall } from '@tests/kit/domains';
import { mailsOf } from '@tests/kit/mailbox';
import { createForm, createUser, setPlan, workspaceOf, type SignedUpUser } from '@tests/kit/owner';
import { addressPool, BROWSER_UA, patientVisitorFields } from '@tests/kit/visitor';
import { startDns, type DnsStandIn, type DnsTable } from '@tests/stand-ins/dns';
import { APP_HOST, createTestApp, fixtureWebRoot, PUBLIC_HOST, type TestApp } from '@tests/setup/app';
import type { CustomDomainView } from '@/domain/custom-domains';
import type { FormDetail } from '@/domain/forms-api';
import { buildApp, type App } from '@/server/app';
import { createDb } from '@/server/db/client';
import { customDomains, leads } from '@/server/db/schema/index';
import { createTokens } from '@/server/lib/tokens';

// Which host gets what (docs/decisions/0055): the app on APP_URL's host, published pages on
// PUBLIC_URL's and on serving custom domains (their own workspace's only), the public 404 page on
// any other host, whatever the path.

let t: TestApp;
let dns: DnsStandIn;
const table: DnsTable = {};
let acme: SignedUpUser;
let other: SignedUpUser;
let acmeDomain: CustomDomainView;
let acmePage: FormDetail;
let otherPage: FormDetail;
const nextAddress = addressPool('10.77');
const NOT_FOUND = 'This page does not exist or is no longer published.';

beforeAll(async () => {
  dns = await startDns();
  t = await createTestApp({ DNS_SERVERS: dns.address });
  [acme, other] = [await createUser(t.app), await createUser(t.app)];
  await setPlan(t.db, await workspaceOf(t.db, acme), 'pro');
  await setPlan(t.db, await workspaceOf(t.db, other), 'pro');
  acmePage = await createForm(t.app, acme, { publish: true, title: 'Acme Guide', config: { doubleOptIn: false } });
  otherPage = await createForm(t.app, other, { publish: true, title: 'Other Guide', config: { doubleOptIn: false } });
  acmeDomain = await connectDomain(t.app, acme, 'offers.acme.test', dns, table);
  await connectDomain(t.app, other, 'go.other.test', dns, table);
  await ownerCall(t.app, acme, 'PATCH', `/api/domains/${acmeDomain.id}`, { homeFormId: acmePage.id });
  await ownerCall(t.app, acme, 'PUT', `/api/forms/${acmePage.id}/slug`, { slug: 'free-guide' });
  await ownerCall(t.app, other, 'PUT', `/api/forms/${otherPage.id}/slug`, { slug: 'other-guide' });
});
afterAll(async () => {
  await t.close();
  await dns.close();
});

const get = (host: string, url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { host, 'user-agent': BROWSER_UA, ...headers } });
const post = (host: string, url: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    remoteAddress: nextAddress(),
    headers: { host, 'user-agent': BROWSER_UA, 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams(fields).toString(),
  });
const isNotFoundPage = (res: { statusCode: number; body: string; headers: Record<string, unknown> }) =>
  res.statusCode === 404 && res.body.includes(NOT_FOUND) && String(res.headers['content-type']).startsWith('text/html');

describe('a host that is none of ours', () => {
  it('gets the public 404 page for every path: never the app, never a page', async () => {
    for (const host of ['evil.example', 'evil.example:3000', 'localhost:3001', 'pending.acme.test']) {
      for (const url of [
        '/',
        `/f/${acmePage.id}`,
        '/free-guide',
        '/dashboard',
        '/login',
        '/api/me',
        '/api/forms',
        '/api/v1/forms',
      ]) {
        const res = await get(host, url);
        expect(isNotFoundPage(res), `${host}${url}: ${res.statusCode} ${res.body.slice(0, 80)}`).toBe(true);
        expect(res.body).not.toContain('Lodestone fixture');
      }
      for (const url of ['/thank-you?t=x', '/favicon.svg', '/robots.txt', '/embed.js', '/dev/mail']) {
        expect(isNotFoundPage(await get(host, url)), `${host}${url}`).toBe(true);
      }
      expect(isNotFoundPage(await post(host, `/f/${acmePage.id}`, {})), host).toBe(true);
      expect(isNotFoundPage(await post(host, '/webhooks/billing', {})), host).toBe(true);
    }
  });

  it('still gets /healthz', async () => {
    expect((await get('evil.example', '/healthz')).statusCode).toBe(200);
  });
});

describe("the app's and the pages host", () => {
  it('keep their faces: the app on APP_URL, published pages (no slugs) on PUBLIC_URL', async () => {
    const app = await get(APP_HOST, '/');
    expect(app.statusCode).toBe(200);
    expect(app.body).toContain('Lodestone fixture');
    expect((await get(APP_HOST, '/no-such-screen')).body).toContain('Lodestone fixture');
    expect((await get(APP_HOST, '/api/me')).statusCode).toBe(401);
    expect((await get(PUBLIC_HOST, `/f/${acmePage.id}`)).body).toContain('Acme Guide');
    // PUBLIC_URL's hostname on another port (a proxy's, the listening one) is still the pages host.
    expect((await get('127.0.0.1:4000', `/f/${acmePage.id}`)).body).toContain('Acme Guide');
    expect((await get(PUBLIC_HOST, '/')).body).toContain('Published landing pages are served from this address.');
    expect(isNotFoundPage(await get(PUBLIC_HOST, '/free-guide'))).toBe(true);
    expect(isNotFoundPage(await get(PUBLIC_HOST, '/api/me'))).toBe(true);
  });
});

describe('a serving custom domain', () => {
  const HOST = 'Offers.ACME.test:8443';

  it("serves its workspace's page at /f/{id}, at / (the home page) and at /{slug}, any case and port", async () => {
    for (const url of [`/f/${acmePage.id}`, '/', '/free-guide', '/Free-Guide', '/free-guide?utm_source=x']) {
      const res = await get(HOST, url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('Acme Guide');
      expect(res.body, url).toContain(`action="/f/${acmePage.id}"`);
    }
    expect((await get('offers.acme.test', '/')).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'HEAD', url: '/free-guide', headers: { host: HOST } })).statusCode).toBe(200);
  });

  it("never serves another workspace's page, by id or by its slug, nor the app", async () => {
    for (const url of [
      `/f/${otherPage.id}`,
      '/other-guide',
      '/nothing',
      '/api/me',
      '/dashboard',
      '/api/openapi.json',
      '/api/v1/forms',
    ]) {
      expect(isNotFoundPage(await get(HOST, url)), url).toBe(true);
    }
    const refused = await post(HOST, `/f/${otherPage.id}`, {
      ...patientVisitorFields(t.config.secret),
      email: 'x@example.com',
      consent: 'yes',
    });
    expect(isNotFoundPage(refused)).toBe(true);
    expect(await t.db.select().from(leads).where(eq(leads.email, 'x@example.com'))).toEqual([]);
    // Webhooks belong to the pages host only.
    expect(isNotFoundPage(await post(HOST, `/webhooks/stripe/${await workspaceOf(t.db, acme)}`, {}))).toBe(true);
    // Its other workspace's domain serves that one's pages, not this one's.
    expect((await get('go.other.test', '/other-guide')).body).toContain('Other Guide');
    expect(isNotFoundPage(await get('go.other.test', '/free-guide'))).toBe(true);
    expect(isNotFoundPage(await get('go.other.test', '/'))).toBe(true); // no home page chosen
  });

  it('serves what a visitor needs around the page: favicon, robots.txt, embed.js', async () => {
    expect((await get(HOST, '/favicon.svg')).statusCode).toBe(200);
    const robots = await get(HOST, '/robots.txt');
    expect(robots.statusCode).toBe(200);
    expect(robots.body).toContain('Allow: /\n');
    expect(robots.body).toContain('Disallow: /d/');
    expect((await get(PUBLIC_HOST, '/robots.txt')).body).toContain('Disallow: /\n');
    expect((await get(HOST, '/embed.js')).statusCode).toBe(200);
  });

  it("takes a sign-up and serves its thank-you page and download, and no other workspace's", async () => {
    const email = `visitor-${Date.now()}@example.com`;
    const submitted = await post(
      HOST,
      `/f/${acmePage.id}`,
      { ...patientVisitorFields(t.config.secret), email, consent: 'yes' },
      { referer: 'https://offers.acme.test/free-guide?utm_source=podcast' },
    );
    expect(submitted.statusCode).toBe(303);
    const thankYou = submitted.headers.location as string;
    expect(thankYou).toMatch(/^\/thank-you\?t=/);
    expect((await get(HOST, thankYou)).statusCode).toBe(200);
    const [lead] = await t.db.select().from(leads).where(eq(leads.email, email));
    expect(lead).toMatchObject({ workspaceId: await workspaceOf(t.db, acme), utmSource: 'podcast' });
    // The emails link to PUBLIC_URL; the same paths work on the domain.
    const [delivery] = await mailsOf(t, email);
    const download = new URL(/http:\/\/127\.0\.0\.1:3000\/d\/\S+/.exec(delivery!.text)![0]).pathname;
    const file = await get(HOST, download);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toMatch(/attachment/);
    // Not on another workspace's domain, whichever link it is.
    expect(isNotFoundPage(await get('go.other.test', thankYou))).toBe(true);
    expect(isNotFoundPage(await get('go.other.test', download))).toBe(true);
    // Still on the pages host.
    expect((await get(PUBLIC_HOST, thankYou)).statusCode).toBe(200);
  });

  it("answers 404 to another workspace's lead's links, as signed for the pages host", async () => {
    const email = `other-${Date.now()}@example.com`;
    const submitted = await post(PUBLIC_HOST, `/f/${otherPage.id}`, {
      ...patientVisitorFields(t.config.secret),
      email,
      consent: 'yes',
    });
    expect(submitted.statusCode).toBe(303);
    const [lead] = await t.db.select().from(leads).where(eq(leads.email, email));
    const tokens = createTokens(t.config.secret);
    const future = new Date(Date.now() + 86_400_000);
    for (const url of [
      submitted.headers.location as string,
      `/thank-you?t=${tokens.sign('inbox', lead!.id)}`,
      `/confirm?t=${tokens.signExpiring('confirm', lead!.id, future)}`,
      `/d/${tokens.signExpiring('download', lead!.id, future)}`,
    ]) {
      expect(isNotFoundPage(await get(HOST, url)), url).toBe(true);
      expect((await get('go.other.test', url)).statusCode, url).not.toBe(404);
    }
    const t1 = new URL(submitted.headers.location as string, 'http://x').searchParams.get('t')!;
    for (const url of ['/thank-you/verify', '/thank-you/resend']) {
      expect(isNotFoundPage(await post(HOST, url, { t: t1, code: '000000' })), url).toBe(true);
    }
    expect(isNotFoundPage(await post(HOST, '/confirm/renew', { t: tokens.signExpiring('confirm', lead!.id, future) }))).toBe(
      true,
    );
  });

  it('stops serving when disabled, or while pending', async () => {
    await ownerCall(t.app, acme, 'POST', '/api/domains', { hostname: 'second.acme.test' }).then((res) => {
      expect(res.statusCode).toBe(403); // Pro's one domain is taken; a pending one is added on Business below
    });
    await setPlan(t.db, await workspaceOf(t.db, acme), 'business');
    const pending = await ownerCall(t.app, acme, 'POST', '/api/domains', { hostname: 'second.acme.test' });
    expect(pending.json<CustomDomainView>().status).toBe('pending');
    expect(isNotFoundPage(await get('second.acme.test', '/free-guide'))).toBe(true);

    await t.db.update(customDomains).set({ status: 'disabled' }).where(eq(customDomains.id, acmeDomain.id));
    await eventually(async () => isNotFoundPage(await get(HOST, '/free-guide')));
    await t.db.update(customDomains).set({ status: 'failing' }).where(eq(customDomains.id, acmeDomain.id));
    await eventually(async () => (await get(HOST, '/free-guide')).statusCode === 200);
  });
});

describe('over a socket, through the fast path', () => {
  let port: number;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });

  const raw = (host: string, path: string) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path, headers: { host, 'user-agent': BROWSER_UA } }, (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode!, body }));
      });
      req.on('error', reject);
      req.end();
    });

  it("answers the domain's pages from memory and still refuses another workspace's", async () => {
    // Both pages rendered and cached by a first visit.
    await raw(PUBLIC_HOST, `/f/${acmePage.id}`);
    await raw(PUBLIC_HOST, `/f/${otherPage.id}`);
    for (const path of [`/f/${acmePage.id}`, '/', '/free-guide']) {
      const res = await raw('offers.acme.test:8443', path);
      expect(res.status, path).toBe(200);
      expect(res.body, path).toContain('Acme Guide');
    }
    for (const path of [`/f/${otherPage.id}`, '/other-guide']) {
      const res = await raw('offers.acme.test', path);
      expect(res.status, path).toBe(404);
      expect(res.body).toContain(NOT_FOUND);
    }
    expect((await raw('evil.example', `/f/${acmePage.id}`)).status).toBe(404);
  });
});

describe('two servers on one database', () => {
  let b: App & { pool: pg.Pool };
  beforeAll(async () => {
    const pool = new pg.Pool({ ...t.pool.options, max: 3 });
    pool.on('error', () => {});
    b = { ...(await buildApp({ config: t.config, db: createDb(pool), pool, webRoot: fixtureWebRoot })), pool };
    await b.app.ready();
  });
  afterAll(async () => {
    await b.app.close();
    await b.pool.end();
  });
  const onB = (host: string, url: string) => b.app.inject({ method: 'GET', url, headers: { host, 'user-agent': BROWSER_UA } });

  it('follow a verify, a slug, a home page and a delete made on the other within a second', async () => {
    const owner = await createUser(t.app);
    await setPlan(t.db, await workspaceOf(t.db, owner), 'pro');
    const page = await createForm(t.app, owner, { publish: true, title: 'Shared Page' });
    expect((await onB('shared.acme.test', `/f/${page.id}`)).statusCode).toBe(404);
    const domain = await connectDomain(t.app, owner, 'shared.acme.test', dns, table);
    await within(1000, async () => (await onB('shared.acme.test', `/f/${page.id}`)).statusCode === 200);
    await ownerCall(t.app, owner, 'PUT', `/api/forms/${page.id}/slug`, { slug: 'shared' });
    await within(1000, async () => (await onB('shared.acme.test', '/shared')).statusCode === 200);
    await ownerCall(t.app, owner, 'PATCH', `/api/domains/${domain.id}`, { homeFormId: page.id });
    await within(1000, async () => (await onB('shared.acme.test', '/')).statusCode === 200);
    await ownerCall(t.app, owner, 'PUT', `/api/forms/${page.id}/slug`, { slug: 'moved' });
    await within(1000, async () => (await onB('shared.acme.test', '/shared')).statusCode === 404);
    expect((await onB('shared.acme.test', '/moved')).statusCode).toBe(200);
    expect((await ownerCall(t.app, owner, 'DELETE', `/api/domains/${domain.id}`)).statusCode).toBe(204);
    // The server that made the change follows it at once.
    expect((await get('shared.acme.test', '/moved')).statusCode).toBe(404);
    await within(1000, async () => (await onB('shared.acme.test', '/moved')).statusCode === 404);
  });
});

/** Polls `ok` until it holds, failing after `ms`. */
async function within(ms: number, ok: () => Promise<boolean>) {
  const until = Date.now() + ms;
  for (;;) {
    if (await ok()) return;
    if (Date.now() > until) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
const eventually = (ok: () => Promise<boolean>) => within(2000, ok);
