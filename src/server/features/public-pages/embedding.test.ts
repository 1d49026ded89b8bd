import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journeyKit } from '@tests/kit/journey';
import { createForm, createUser, type SignedUpUser } from '@tests/kit/owner';
import { BROWSER_UA } from '@tests/kit/visitor';
import { APP_HOST, createTestApp, PUBLIC_HOST, type TestApp } from '@tests/setup/app';
import { embedMessages } from '@/domain/embed-origins';
import type { FormConfig } from '@/domain/form-config';
import type { FormDetail } from '@/domain/forms-api';
import { frameHeightScript } from '@/landing/index';
import { liveFormsSynced } from '@/server/features/submissions';

// A page whose owner lists sites may be framed by those sites, on every page a visitor reaches from
// it; no other page of the public face may be framed by anyone (docs/decisions/0050).
let t: TestApp;
let owner: SignedUpUser;
let kit: ReturnType<typeof journeyKit>;
let port: number;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
  kit = journeyKit(t, '10.51');
  owner = await createUser(t.app);
  await t.db.execute(sql`update organizations set plan = 'pro'`);
});
afterAll(() => t.close());

const SITES = ['https://shop.example.com', 'http://localhost:5173'];
const embeddable = (config: Partial<FormConfig> = {}) =>
  createForm(t.app, owner, { publish: true, config: { embedOrigins: SITES, doubleOptIn: false, ...config } });

const directive = (csp: unknown, name: string) =>
  String(csp)
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith(`${name} `));
const frameAncestors = (res: { headers: Record<string, unknown> }) =>
  directive(res.headers['content-security-policy'], 'frame-ancestors');
const LISTED = `frame-ancestors ${SITES.join(' ')}`;
const NONE = "frame-ancestors 'none'";

/** A framed document: the listed sites may frame it, X-Frame-Options does not contradict, and it reports its height. */
function expectFramedBy(res: { headers: Record<string, unknown>; body: string }, ancestors = LISTED) {
  expect(frameAncestors(res)).toBe(ancestors);
  expect(res.headers['x-frame-options']).toBeUndefined();
  expect(res.body).toContain(`<script>${frameHeightScript}</script>`);
}
function expectNotFramable(res: { headers: Record<string, unknown>; body: string }) {
  expect(frameAncestors(res)).toBe(NONE);
  expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  expect(res.body).not.toContain('lodestone:height');
}

/** GET over a real socket, where the fast path answers a page it has sent before. */
function socketGet(path: string): Promise<{ headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers: { host: PUBLIC_HOST, 'user-agent': BROWSER_UA } }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve({ headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

const ownerPut = (id: string, config: FormConfig) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/forms/${id}`,
    headers: { host: APP_HOST, cookie: owner.cookie, origin: t.config.appUrl.origin },
    payload: { config },
  });

describe('a page whose owner lists sites', () => {
  it('may be framed by those sites only, as first sent, from memory, and again after a failed POST', async () => {
    const form = await embeddable();
    const first = await kit.visit(`/f/${form.id}`);
    expect(first.statusCode).toBe(200);
    expectFramedBy(first);
    const csp = String(first.headers['content-security-policy']);
    // Its scripts are still allowed by hash only: the height script's hash is added, nothing else.
    expect(directive(csp, 'script-src')).toMatch(/^script-src( 'sha256-[A-Za-z0-9+/=]+')+$/);
    expect(directive(csp, 'default-src')).toBe("default-src 'none'");

    const fromMemory = [await socketGet(`/f/${form.id}`), await socketGet(`/f/${form.id}`)];
    for (const res of fromMemory) expectFramedBy(res);

    const failed = await kit.submit(form.id, { email: 'not-an-address' });
    expect(failed.statusCode).toBe(400);
    expectFramedBy(failed);
  });

  it('lets those sites frame the thank-you page a visitor reaches from it', async () => {
    const form = await embeddable();
    const sent = await kit.submit(form.id, { email: 'framed@example.com' });
    expect(sent.statusCode).toBe(303);
    const thanks = await kit.visit(sent.headers.location!);
    expect(thanks.statusCode).toBe(200);
    expect(thanks.body).toContain('/d/');
    expectFramedBy(thanks);
  });

  it('lets them frame the code entry, the confirmed page and the page the confirmation link opens', async () => {
    const form = await embeddable({ doubleOptIn: true });
    const sent = await kit.submit(form.id, { email: 'framed-doi@example.com' });
    const codePage = await kit.visit(sent.headers.location!);
    expect(codePage.body).toContain('Enter 6-digit code');
    expectFramedBy(codePage);
    const [mail] = await kit.mails('framed-doi@example.com');
    const code = /^(\d{6})/.exec(mail!.subject)![1]!;
    const wrong = await kit.post('/thank-you/verify', {
      t: kit.tokenOf(sent.headers.location!),
      code: code === '000000' ? '111111' : '000000',
    });
    expectFramedBy(await kit.visit(wrong.headers.location!));
    const right = await kit.post('/thank-you/verify', { t: kit.tokenOf(sent.headers.location!), code });
    const confirmed = await kit.visit(right.headers.location!);
    expect(confirmed.body).toContain('Your email is confirmed.');
    expectFramedBy(confirmed);

    const other = await kit.submit(form.id, { email: 'framed-link@example.com' });
    expect(other.statusCode).toBe(303);
    const [linkMail] = await kit.mails('framed-link@example.com');
    const link = /\/confirm\?t=[\w.-]*[\w-]/.exec(linkMail!.text)![0];
    const clicked = await kit.visit(link);
    expect(clicked.statusCode).toBe(303);
    const inbox = await kit.visit(clicked.headers.location!);
    expect(inbox.body).toContain('Your email is confirmed.');
    expectFramedBy(inbox);
  });

  it('keeps a page that runs its owner’s code sandboxed', async () => {
    const form = await embeddable({ customScript: 'console.log(1)' });
    const res = await kit.visit(`/f/${form.id}`);
    expect(String(res.headers['content-security-policy'])).toMatch(
      /^sandbox allow-scripts allow-forms allow-popups allow-popups-to-escape-sandbox;/,
    );
    expectFramedBy(res);
  });
});

describe('every other page', () => {
  it('may not be framed by anyone: a page without sites, its thank-you page, and the notices', async () => {
    await embeddable(); // another page of the same owner lists sites
    const plain = await createForm(t.app, owner, { publish: true, config: { doubleOptIn: false } });
    const page = await kit.visit(`/f/${plain.id}`);
    expectNotFramable(page);
    expectNotFramable(await socketGet(`/f/${plain.id}`));
    expectNotFramable(await socketGet(`/f/${plain.id}`));
    const sent = await kit.submit(plain.id, { email: 'unframed@example.com' });
    const thanks = await kit.visit(sent.headers.location!);
    expect(thanks.body).toContain('/d/');
    expectNotFramable(thanks);
    expectNotFramable(await kit.submit(plain.id, { email: 'nope' }));
    expectNotFramable(await kit.visit('/f/000000000000'));
    expectNotFramable(await kit.visit('/'));
  });
});

describe("the owner's list of sites", () => {
  it('is stored as origins, once each, and refused with a clear message when an entry is not a site', async () => {
    const form = await createForm(t.app, owner, {
      config: { embedOrigins: ['https://Shop.Example.com/', 'https://shop.example.com:443', 'http://127.0.0.1:8080'] },
    });
    expect(form.draft.embedOrigins).toEqual(['https://shop.example.com', 'http://127.0.0.1:8080']);
    for (const [entry, message] of [
      ['https://example.com/blog', embedMessages.originOnly],
      ['http://example.com', embedMessages.https],
      ['https://*.example.com', embedMessages.wildcard],
      ["https://a.example.com; script-src 'unsafe-inline'", embedMessages.invalid],
    ] as const) {
      const res = await ownerPut(form.id, { ...form.draft, embedOrigins: [entry] });
      expect(res.statusCode, entry).toBe(400);
      expect(res.json<{ errors: Record<string, string> }>().errors).toEqual({ embedOrigins: `${entry}: ${message}` });
    }
    const kept = await t.app.inject({
      method: 'GET',
      url: `/api/forms/${form.id}`,
      headers: { host: APP_HOST, cookie: owner.cookie },
    });
    expect(kept.json<FormDetail>().draft.embedOrigins).toEqual(['https://shop.example.com', 'http://127.0.0.1:8080']);
  });
});

describe('PUBLIC_URL/embed.js', () => {
  it('is a small cacheable script other sites may load, that trusts only the public origin', async () => {
    const res = await kit.visit('/embed.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.body).toContain(`var origin=${JSON.stringify(t.config.publicUrl.origin)}`);
    expect(res.body).toContain('iframe[data-lodestone]');
    expect(res.body).toContain('e.source');
    expect(res.body.length).toBeLessThan(1000);
    const onApp = await t.app.inject({ method: 'GET', url: '/embed.js', headers: { host: APP_HOST } });
    expect(onApp.body).not.toContain('lodestone:height');
  });
});

// docs/decisions/0050: the Embed dialog allows a site at once, on the published page, without publishing.
describe('allowing a site from the Embed dialog', () => {
  const allow = (id: string, embedOrigins: string[], who: SignedUpUser = owner) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/forms/${id}/embed-origins`,
      headers: { host: APP_HOST, cookie: who.cookie, origin: t.config.appUrl.origin },
      payload: { embedOrigins },
    });

  it('lets the site frame the published page at once, from memory too, and leaves the rest of the draft unpublished', async () => {
    const form = await createForm(t.app, owner, { publish: true, config: { doubleOptIn: false } });
    expectNotFramable(await socketGet(`/f/${form.id}`));
    expectNotFramable(await socketGet(`/f/${form.id}`)); // now answered from memory
    // An edit not published yet stays so.
    expect((await ownerPut(form.id, { ...form.draft, title: 'Not published yet' })).statusCode).toBe(200);

    const res = await allow(form.id, ['https://Shop.Example.com/']);
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json<FormDetail>();
    expect(detail.published?.embedOrigins).toEqual(['https://shop.example.com']);
    expect(detail.draft.embedOrigins).toEqual(['https://shop.example.com']);
    expect(detail.published?.title).toBe(form.published!.title);
    expect(detail.draft.title).toBe('Not published yet');

    await liveFormsSynced(t.db);
    const framed = await socketGet(`/f/${form.id}`);
    expectFramedBy(framed, 'frame-ancestors https://shop.example.com');
    expect(framed.body).toContain(form.published!.title);
    expectFramedBy(await kit.visit(`/f/${form.id}`), 'frame-ancestors https://shop.example.com');
  });

  it('checks the sites as the page’s setting does, and changes nothing when one is wrong', async () => {
    const form = await createForm(t.app, owner, { publish: true, config: { embedOrigins: ['https://a.example.com'] } });
    for (const [sites, message] of [
      [['http://shop.example.com'], embedMessages.https],
      [['https://*.example.com'], embedMessages.wildcard],
      [['https://shop.example.com/page'], embedMessages.originOnly],
    ] as const) {
      const res = await allow(form.id, [...sites]);
      expect(res.statusCode).toBe(400);
      expect(res.json<{ errors: Record<string, string> }>().errors.embedOrigins).toContain(message);
    }
    const after = await t.app.inject({
      method: 'GET',
      url: `/api/forms/${form.id}`,
      headers: { host: APP_HOST, cookie: owner.cookie },
    });
    expect(after.json<FormDetail>().published?.embedOrigins).toEqual(['https://a.example.com']);
  });

  it('is not found for another workspace’s page', async () => {
    const form = await createForm(t.app, owner, { publish: true });
    const stranger = await createUser(t.app);
    expect((await allow(form.id, ['https://evil.example.com'], stranger)).statusCode).toBe(404);
    expectNotFramable(await kit.visit(`/f/${form.id}`));
  });
});
