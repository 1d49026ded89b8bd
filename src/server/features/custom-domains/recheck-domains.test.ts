import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownerCall } from '@tests/kit/domains';
import { mailsOf } from '@tests/kit/mailbox';
import { createForm, createUser, setPlan, workspaceOf, type SignedUpUser } from '@tests/kit/owner';
import { createTestApp, type TestApp } from '@tests/setup/app';
import { FAILING_GRACE_HOURS, type CustomDomainView } from '@/domain/custom-domains';
import { customDomains } from '@/server/db/schema/index';
import { domainDeps } from './deps.js';
import type { DnsResolver } from './dns-check.js';
import { recheckDomains } from './recheck-domains.task.js';

// The hourly re-check with a resolver the test controls and the clock it passes in.

let t: TestApp;
let owner: SignedUpUser;
const HOUR = 3600_000;

/** Per hostname: its records right, gone, or the DNS not answering. */
const dnsState = new Map<string, 'ok' | 'gone' | 'timeout'>();
const tokens = new Map<string, string>();
const fail = (code: string) => Promise.reject(Object.assign(new Error(code), { code }));
const stateOf = (name: string) => dnsState.get(name.replace(/^_lodestone\./, '')) ?? 'gone';
const resolver: DnsResolver = {
  resolveTxt: (name) => {
    const state = stateOf(name);
    if (state === 'timeout') return fail('ETIMEOUT');
    return state === 'ok'
      ? Promise.resolve([[`lodestone-verify=${tokens.get(name.slice('_lodestone.'.length))}`]])
      : fail('ENOTFOUND');
  },
  resolveCname: (name) => {
    const state = stateOf(name);
    if (state === 'timeout') return fail('ETIMEOUT');
    return state === 'ok' ? Promise.resolve(['127.0.0.1']) : fail('ENODATA');
  },
  resolve4: (name) => (stateOf(name) === 'ok' || name === '127.0.0.1' ? Promise.resolve(['127.0.0.1']) : fail('ENODATA')),
  resolve6: () => fail('ENODATA'),
};

let deps: ReturnType<typeof domainDeps>;
beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t.app);
  await setPlan(t.db, await workspaceOf(t.db, owner), 'business');
  deps = domainDeps({ db: t.db, resolver, appUrl: t.config.appUrl, publicUrl: t.config.publicUrl });
});
afterAll(() => t.close());

async function add(hostname: string) {
  const domain = (await ownerCall(t.app, owner, 'POST', '/api/domains', { hostname })).json<CustomDomainView>();
  tokens.set(hostname, domain.records.txt.value.slice('lodestone-verify='.length));
  return domain;
}
const rowOf = async (id: string) => (await t.db.select().from(customDomains).where(eq(customDomains.id, id)))[0]!;
const visit = (host: string, url: string) => t.app.inject({ method: 'GET', url, headers: { host } });
async function eventually(ok: () => Promise<boolean>) {
  for (let i = 0; i < 100; i++) {
    if (await ok()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('never happened');
}

describe('the hourly re-check', () => {
  it('verifies a pending domain once its records appear, in its first 7 days only', async () => {
    const fresh = await add('fresh.acme.test');
    const old = await add('old.acme.test');
    await t.db
      .update(customDomains)
      .set({ createdAt: new Date(Date.now() - 8 * 24 * HOUR) })
      .where(eq(customDomains.id, old.id));
    const now = new Date(Date.now() + HOUR);
    await recheckDomains(deps, now);
    expect(await rowOf(fresh.id)).toMatchObject({
      status: 'pending',
      lastTxt: 'missing',
      lastCname: 'missing',
      lastCheckedAt: now,
    });
    dnsState.set('fresh.acme.test', 'ok');
    dnsState.set('old.acme.test', 'ok');
    const later = new Date(now.getTime() + HOUR);
    expect(await recheckDomains(deps, later)).toMatchObject({ verified: 1 });
    expect(await rowOf(fresh.id)).toMatchObject({ status: 'verified', verifiedAt: later, lastTxt: 'ok', lastCname: 'ok' });
    expect(await rowOf(old.id)).toMatchObject({ status: 'pending', lastCheckedAt: null });
  });

  it('warns the owners when the records go, disables the domain after the grace period, and tells them again', async () => {
    const page = await createForm(t.app, owner, { publish: true, title: 'Graceful Page' });
    const domain = await add('grace.acme.test');
    dnsState.set('grace.acme.test', 'ok');
    const start = new Date(Date.now() + HOUR);
    await recheckDomains(deps, start);
    await eventually(async () => (await visit('grace.acme.test', `/f/${page.id}`)).statusCode === 200);

    // A DNS that does not answer changes nothing.
    dnsState.set('grace.acme.test', 'timeout');
    await recheckDomains(deps, new Date(start.getTime() + HOUR));
    expect(await rowOf(domain.id)).toMatchObject({ status: 'verified', failingSince: null });

    dnsState.set('grace.acme.test', 'gone');
    const gone = new Date(start.getTime() + 2 * HOUR);
    expect(await recheckDomains(deps, gone)).toMatchObject({ failing: 1 });
    expect(await rowOf(domain.id)).toMatchObject({ status: 'failing', failingSince: gone });
    const view = (await ownerCall(t.app, owner, 'GET', '/api/domains')).json<{ domains: CustomDomainView[] }>();
    expect(view.domains.find((d) => d.id === domain.id)).toMatchObject({
      status: 'failing',
      failingSince: gone.toISOString(),
      disablesAt: new Date(gone.getTime() + FAILING_GRACE_HOURS * HOUR).toISOString(),
    });
    const warning = await mailsOf(t, owner.email, /grace\.acme\.test will stop serving/);
    expect(warning).toHaveLength(1);
    expect(warning[0]!.text).toContain('the TXT and CNAME records');
    expect(warning[0]!.text).toContain(`${t.config.appUrl.origin}/settings/domains`);
    // Still serving while failing.
    expect((await visit('grace.acme.test', `/f/${page.id}`)).statusCode).toBe(200);

    await recheckDomains(deps, new Date(gone.getTime() + (FAILING_GRACE_HOURS - 1) * HOUR));
    expect((await rowOf(domain.id)).status).toBe('failing');
    expect(await mailsOf(t, owner.email, /grace\.acme\.test/)).toHaveLength(1);

    const end = new Date(gone.getTime() + FAILING_GRACE_HOURS * HOUR);
    expect(await recheckDomains(deps, end)).toMatchObject({ disabled: 1 });
    expect((await rowOf(domain.id)).status).toBe('disabled');
    expect(await mailsOf(t, owner.email, 'grace.acme.test no longer serves your pages')).toHaveLength(1);
    await eventually(async () => (await visit('grace.acme.test', `/f/${page.id}`)).statusCode === 404);

    // A disabled domain waits for the owner's Verify, records back or not.
    dnsState.set('grace.acme.test', 'ok');
    await recheckDomains(deps, new Date(end.getTime() + HOUR));
    expect((await rowOf(domain.id)).status).toBe('disabled');
  });

  it('makes a failing domain verified again when its records come back', async () => {
    const domain = await add('back.acme.test');
    dnsState.set('back.acme.test', 'ok');
    const start = new Date(Date.now() + HOUR);
    await recheckDomains(deps, start);
    dnsState.set('back.acme.test', 'gone');
    await recheckDomains(deps, new Date(start.getTime() + HOUR));
    expect((await rowOf(domain.id)).status).toBe('failing');
    dnsState.set('back.acme.test', 'ok');
    await recheckDomains(deps, new Date(start.getTime() + 2 * HOUR));
    expect(await rowOf(domain.id)).toMatchObject({ status: 'verified', failingSince: null, verifiedAt: start });
  });
});
