import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDomain, ownerCall } from '@tests/kit/domains';
import { createUser, setPlan, workspaceOf, type SignedUpUser } from '@tests/kit/owner';
import { startDns, type DnsStandIn, type DnsTable } from '@tests/stand-ins/dns';
import { createTestApp, type TestApp } from '@tests/setup/app';
import { TLS_ASK_PATH, type CustomDomainView } from '@/domain/custom-domains';
import { customDomains } from '@/server/db/schema/index';

// Caddy's on-demand TLS asks before it gets a certificate: only for names Lodestone serves.

let t: TestApp;
let dns: DnsStandIn;
let owner: SignedUpUser;
let served: CustomDomainView;

beforeAll(async () => {
  dns = await startDns();
  t = await createTestApp({ DNS_SERVERS: dns.address, PUBLIC_URL: 'https://pages.lodestone.test' });
  owner = await createUser(t.app);
  await setPlan(t.db, await workspaceOf(t.db, owner), 'business');
  const table: DnsTable = {};
  served = await connectDomain(t.app, owner, 'offers.acme.test', dns, table);
  await ownerCall(t.app, owner, 'POST', '/api/domains', { hostname: 'pending.acme.test' });
});
afterAll(async () => {
  await t.close();
  await dns.close();
});

const ask = (domain: string | undefined, host = '127.0.0.1:2019') =>
  t.app.inject({
    method: 'GET',
    url: domain === undefined ? TLS_ASK_PATH : `${TLS_ASK_PATH}?domain=${encodeURIComponent(domain)}`,
    headers: { host },
  });

describe('the TLS ask endpoint', () => {
  it("says yes to a serving domain and to Lodestone's own two hostnames, on any host", async () => {
    for (const domain of ['offers.acme.test', 'OFFERS.acme.test', 'localhost', 'pages.lodestone.test']) {
      const res = await ask(domain);
      expect(res.statusCode, domain).toBe(200);
    }
    expect((await ask('offers.acme.test', 'localhost:3000')).statusCode).toBe(200);
    expect((await ask('offers.acme.test', 'offers.acme.test')).statusCode).toBe(200);
  });

  it('says no to anything else: pending, disabled, unknown, a subdomain of ours, malformed', async () => {
    for (const domain of [
      'pending.acme.test',
      'nobody.acme.test',
      'x.pages.lodestone.test',
      'lodestone.test',
      '',
      'offers.acme.test/evil',
      'offers..acme.test',
      '127.0.0.1',
      undefined,
    ]) {
      expect((await ask(domain)).statusCode, String(domain)).toBe(404);
    }
    const twice = await t.app.inject({
      method: 'GET',
      url: `${TLS_ASK_PATH}?domain=offers.acme.test&domain=offers.acme.test`,
      headers: { host: 'localhost' },
    });
    expect(twice.statusCode).toBe(404);
    await t.db.update(customDomains).set({ status: 'disabled' }).where(eq(customDomains.id, served.id));
    for (let i = 0; i < 100 && (await ask('offers.acme.test')).statusCode === 200; i++)
      await new Promise((r) => setTimeout(r, 20));
    expect((await ask('offers.acme.test')).statusCode).toBe(404);
  });
});
