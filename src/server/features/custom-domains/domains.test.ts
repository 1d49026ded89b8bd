import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDomain, ownerCall, recordsFor } from '@tests/kit/domains';
import { createForm, createUser, setPlan, workspaceOf, type SignedUpUser } from '@tests/kit/owner';
import { startDns, type DnsStandIn, type DnsTable } from '@tests/stand-ins/dns';
import { createTestApp, type TestApp } from '@tests/setup/app';
import { domainMessages, type CustomDomainView, type DomainsView } from '@/domain/custom-domains';
import { can } from '@/domain/team';
import { customDomains, forms } from '@/server/db/schema/index';
import { permissionOf } from '@/server/features/team/permissions';

// The owner API of custom domains (src/domain/custom-domains.ts) against a real DNS server.

let t: TestApp;
let dns: DnsStandIn;
const table: DnsTable = {};
let pro: SignedUpUser;
let business: SignedUpUser;
let free: SignedUpUser;

beforeAll(async () => {
  dns = await startDns();
  t = await createTestApp({ DNS_SERVERS: dns.address, PUBLIC_URL: 'http://pages.lodestone.test:3000' });
  [pro, business, free] = [await createUser(t.app), await createUser(t.app), await createUser(t.app)];
  await setPlan(t.db, await workspaceOf(t.db, pro), 'pro');
  await setPlan(t.db, await workspaceOf(t.db, business), 'business');
});
afterAll(async () => {
  await t.close();
  await dns.close();
});

const call = (user: SignedUpUser, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  ownerCall(t.app, user, method, url, payload);
const list = async (user: SignedUpUser) => (await call(user, 'GET', '/api/domains')).json<DomainsView>();

describe('adding a domain', () => {
  it('is refused on Free, whose allowance is none', async () => {
    expect(await list(free)).toEqual({ domains: [], limit: 0, cnameTarget: 'pages.lodestone.test', pages: [] });
    const res = await call(free, 'POST', '/api/domains', { hostname: 'offers.free.test' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 'PLAN_LIMIT', message: domainMessages.planLimit(0) });
  });

  it('gives a pending domain with its records, the name normalised', async () => {
    const res = await call(pro, 'POST', '/api/domains', { hostname: '  Offers.Acme.TEST. ' });
    expect(res.statusCode).toBe(201);
    const domain = res.json<CustomDomainView>();
    expect(domain).toMatchObject({
      hostname: 'offers.acme.test',
      status: 'pending',
      homeFormId: null,
      lastCheck: null,
      verifiedAt: null,
      failingSince: null,
      disablesAt: null,
      records: {
        txt: { name: '_lodestone.offers.acme.test', value: expect.stringMatching(/^lodestone-verify=[0-9a-f]{32}$/) },
        cname: { type: 'CNAME', name: 'offers.acme.test', target: 'pages.lodestone.test' },
      },
    });
    expect((await list(pro)).domains).toEqual([domain]);
  });

  it('names the field of a bad name, and refuses names of Lodestone itself', async () => {
    for (const hostname of ['offers acme.test', 'ftp://offers.acme.test', 'localhost', '10.0.0.1', 'a..b', '-x.test', '']) {
      const res = await call(pro, 'POST', '/api/domains', { hostname });
      expect(res.statusCode, hostname).toBe(400);
      expect(res.json(), hostname).toMatchObject({
        code: 'VALIDATION_ERROR',
        errors: { hostname: domainMessages.hostnameInvalid },
      });
    }
    const own = await call(business, 'POST', '/api/domains', { hostname: 'Pages.Lodestone.test' });
    expect(own.json()).toMatchObject({ code: 'VALIDATION_ERROR', errors: { hostname: domainMessages.hostnameReserved } });
  });

  it('refuses a name the workspace has (409), then the plan allowance (403)', async () => {
    const again = await call(pro, 'POST', '/api/domains', { hostname: 'offers.acme.test' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: 'CONFLICT', message: domainMessages.hostnameTaken });
    const second = await call(pro, 'POST', '/api/domains', { hostname: 'second.acme.test' });
    expect(second.statusCode).toBe(403);
    expect(second.json()).toEqual({ code: 'PLAN_LIMIT', message: domainMessages.planLimit(1) });
  });

  it('is a write for owners and admins only', () => {
    for (const [method, url] of [
      ['POST', '/api/domains'],
      ['POST', '/api/domains/:id/verify'],
      ['PATCH', '/api/domains/:id'],
      ['DELETE', '/api/domains/:id'],
      ['PUT', '/api/forms/:id/slug'],
    ] as const) {
      const permission = permissionOf({ method, url });
      expect(
        ['owner', 'admin'].map((role) => can(role as 'owner', permission)),
        url,
      ).toEqual([true, true]);
      expect(
        ['editor', 'viewer'].map((role) => can(role as 'editor', permission)),
        url,
      ).toEqual([false, false]);
    }
    expect(permissionOf({ method: 'GET', url: '/api/domains' })).toBe('read');
  });
});

describe('verifying', () => {
  let domain: CustomDomainView;
  beforeAll(async () => {
    domain = (await list(pro)).domains[0]!;
  });

  it('says what it found, and stays pending while the records are missing or wrong', async () => {
    const res = await call(pro, 'POST', `/api/domains/${domain.id}/verify`);
    expect(res.statusCode).toBe(200);
    expect(res.json<CustomDomainView>()).toMatchObject({
      status: 'pending',
      lastCheck: { txt: 'missing', cname: 'missing', checkedAt: expect.any(String) },
    });
    dns.set({ ...recordsFor(domain), [domain.records.txt.name]: { TXT: ['lodestone-verify=wrong'] } });
    const wrong = await call(pro, 'POST', `/api/domains/${domain.id}/verify`);
    expect(wrong.json<CustomDomainView>()).toMatchObject({ status: 'pending', lastCheck: { txt: 'mismatch', cname: 'ok' } });
    dns.set({ ...recordsFor(domain), [domain.records.cname.name]: { CNAME: 'elsewhere.test' } });
    const elsewhere = await call(pro, 'POST', `/api/domains/${domain.id}/verify`);
    expect(elsewhere.json<CustomDomainView>()).toMatchObject({ status: 'pending', lastCheck: { txt: 'ok', cname: 'mismatch' } });
  });

  it('verifies once both records are right', async () => {
    Object.assign(table, recordsFor(domain));
    dns.set(table);
    const res = await call(pro, 'POST', `/api/domains/${domain.id}/verify`);
    expect(res.statusCode).toBe(200);
    expect(res.json<CustomDomainView>()).toMatchObject({
      status: 'verified',
      verifiedAt: expect.any(String),
      lastCheck: { txt: 'ok', cname: 'ok' },
    });
  });

  it('refuses another workspace a name serving one, and never verifies a second claim on it', async () => {
    const taken = await call(business, 'POST', '/api/domains', { hostname: 'offers.acme.test' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ code: 'CONFLICT', message: domainMessages.hostnameServedElsewhere });

    // Two claims while neither serves: whoever proves it first wins; the other stays pending.
    await t.db.delete(customDomains).where(eq(customDomains.hostname, 'offers.acme.test')); // room on Pro
    const theirs = (await call(business, 'POST', '/api/domains', { hostname: 'contested.acme.test' })).json<CustomDomainView>();
    const mine = (await call(pro, 'POST', '/api/domains', { hostname: 'contested.acme.test' })).json<CustomDomainView>();
    expect([theirs.status, mine.status]).toEqual(['pending', 'pending']);
    dns.set({ ...recordsFor(mine), [mine.records.txt.name]: { TXT: [mine.records.txt.value, theirs.records.txt.value] } });
    expect((await call(pro, 'POST', `/api/domains/${mine.id}/verify`)).json<CustomDomainView>().status).toBe('verified');
    const second = await call(business, 'POST', `/api/domains/${theirs.id}/verify`);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ code: 'CONFLICT', message: domainMessages.hostnameServedElsewhere });
    const [kept] = await t.db.select().from(customDomains).where(eq(customDomains.id, theirs.id));
    expect(kept).toMatchObject({ status: 'pending', lastTxt: 'ok', lastCname: 'ok' });

    // Another workspace's domain is not found, whatever is asked of it.
    for (const [method, url, payload] of [
      ['POST', `/api/domains/${mine.id}/verify`, undefined],
      ['PATCH', `/api/domains/${mine.id}`, { homeFormId: null }],
      ['DELETE', `/api/domains/${mine.id}`, undefined],
    ] as const) {
      expect((await call(business, method, url, payload)).statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await list(pro)).domains.map((d) => d.hostname)).toEqual(['contested.acme.test']);
  });
});

describe("the home page and the pages' slugs", () => {
  it('takes a published page of the workspace as the home page, or none', async () => {
    const owner = await createUser(t.app);
    await setPlan(t.db, await workspaceOf(t.db, owner), 'pro');
    const domain = await connectDomain(t.app, owner, 'home.acme.test', dns, table);
    const draft = await createForm(t.app, owner);
    const live = await createForm(t.app, owner, { publish: true, title: 'Live page' });
    const theirs = await createForm(t.app, business, { publish: true });
    for (const homeFormId of [draft.id, theirs.id, 'not-a-form']) {
      const res = await call(owner, 'PATCH', `/api/domains/${domain.id}`, { homeFormId });
      expect(res.statusCode, homeFormId).toBe(400);
      expect(res.json(), homeFormId).toMatchObject({ errors: { homeFormId: domainMessages.homeNotPublished } });
    }
    const set = await call(owner, 'PATCH', `/api/domains/${domain.id}`, { homeFormId: live.id });
    expect(set.json<CustomDomainView>()).toMatchObject({ homeFormId: live.id, status: 'verified' });
    expect((await list(owner)).pages).toEqual([{ formId: live.id, title: live.name, slug: null }]);
    const cleared = await call(owner, 'PATCH', `/api/domains/${domain.id}`, { homeFormId: null });
    expect(cleared.json<CustomDomainView>().homeFormId).toBeNull();
    const gone = await call(owner, 'DELETE', `/api/domains/${domain.id}`);
    expect(gone.statusCode).toBe(204);
    expect((await list(owner)).domains).toEqual([]);
  });

  it('gives a page a slug: checked, lowercased, unique in the workspace among pages not deleted', async () => {
    const one = await createForm(t.app, pro, { publish: true, title: 'One' });
    const two = await createForm(t.app, pro, { publish: true, title: 'Two' });
    const put = (user: SignedUpUser, id: string, slug: string | null) => call(user, 'PUT', `/api/forms/${id}/slug`, { slug });
    for (const [slug, message] of [
      ['Free Guide!', domainMessages.slugInvalid],
      ['a--b', domainMessages.slugInvalid],
      ['x'.repeat(61), domainMessages.slugInvalid],
      ['thank-you', domainMessages.slugReserved],
      ['F', domainMessages.slugReserved],
    ] as const) {
      const res = await put(pro, one.id, slug);
      expect(res.statusCode, slug).toBe(400);
      expect(res.json(), slug).toMatchObject({ code: 'VALIDATION_ERROR', errors: { slug: message } });
    }
    expect((await put(pro, one.id, ' Free-Guide ')).json()).toEqual({ slug: 'free-guide' });
    const taken = await put(pro, two.id, 'free-guide');
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ code: 'CONFLICT', message: domainMessages.slugTaken });
    // Another workspace's page may have it; another workspace's page may not be given one from here.
    const theirs = await createForm(t.app, business, { publish: true });
    expect((await put(business, theirs.id, 'free-guide')).statusCode).toBe(200);
    expect((await put(pro, theirs.id, 'mine')).statusCode).toBe(404);
    // A deleted page's slug is free again; restoring it then drops its slug rather than clash.
    expect((await call(pro, 'DELETE', `/api/forms/${one.id}`)).statusCode).toBe(204);
    expect((await put(pro, two.id, 'free-guide')).json()).toEqual({ slug: 'free-guide' });
    expect((await call(pro, 'POST', `/api/forms/${one.id}/restore`)).statusCode).toBe(200);
    const slugs = await t.db
      .select({ id: forms.id, slug: forms.slug })
      .from(forms)
      .where(sql`${forms.id} in (${one.id}, ${two.id})`);
    expect(Object.fromEntries(slugs.map((row) => [row.id, row.slug]))).toEqual({ [one.id]: null, [two.id]: 'free-guide' });
    expect((await put(pro, two.id, '')).json()).toEqual({ slug: null });
  });
});
