import { createPublicKey } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownerCall } from '@tests/kit/domains';
import { journeyKit } from '@tests/kit/journey';
import { mailsOf } from '@tests/kit/mailbox';
import { createForm, createUser, setPlan, workspaceOf, type SignedUpUser } from '@tests/kit/owner';
import { sendingRecordsFor, txtChunks } from '@tests/kit/sending-domains';
import { startDns, type DnsStandIn, type DnsTable } from '@tests/stand-ins/dns';
import { createTestApp, type TestApp } from '@tests/setup/app';
import type { Role } from '@/domain/team';
import { can } from '@/domain/team';
import { sendingDomainMessages, type SendingDomainsView, type SendingDomainView } from '@/domain/sending-domains';
import { sendingDomains } from '@/server/db/schema/index';
import { permissionOf } from '@/server/features/team/permissions';
import { dkimKeySealer } from './deps.js';
import { recheckSendingDomains } from './recheck-sending-domains.task.js';

// The owner API of a workspace's sending domain (src/domain/sending-domains.ts) against a real DNS
// server, and where the workspace's visitor emails come from in each of its states.

const SPF_INCLUDE = 'spf.lodestone.test';
const LODESTONE_FROM = 'no-reply@lodestone.test';

let t: TestApp;
let dns: DnsStandIn;
let table: DnsTable = {};
let owner: SignedUpUser;
let other: SignedUpUser;
let formId: string;
let kit: ReturnType<typeof journeyKit>;

beforeAll(async () => {
  dns = await startDns();
  t = await createTestApp({
    DNS_SERVERS: dns.address,
    MAIL_FROM: `Lodestone <${LODESTONE_FROM}>`,
    MAIL_SPF_INCLUDE: SPF_INCLUDE,
  });
  [owner, other] = [await createUser(t.app), await createUser(t.app)];
  // A team (for the roles) needs a paid plan; the sending domain itself does not.
  await setPlan(t.db, await workspaceOf(t.db, owner), 'business');
  const form = await createForm(t.app, owner, {
    publish: true,
    config: {
      businessName: 'Acme Studio',
      addressChecks: { typos: true, deliverable: false, disposable: false },
    },
  });
  formId = form.id;
  kit = journeyKit(t, '10.89');
});
afterAll(async () => {
  await t.close();
  await dns.close();
});

const call = (user: SignedUpUser, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  ownerCall(t.app, user, method, url, payload);
const view = async (user: SignedUpUser) => (await call(user, 'GET', '/api/sending-domains')).json<SendingDomainsView>();
const publish = (records: DnsTable) => {
  table = records;
  dns.set(table);
};
const rowOf = async (id: string) => (await t.db.select().from(sendingDomains).where(eq(sendingDomains.id, id)))[0]!;

let signups = 0;
/** A visitor signs up on the owner's page; the From and Reply-To of the download email they get. */
async function deliveryFrom(): Promise<{ from: string | null; replyTo: string | null }> {
  const email = `visitor${++signups}@example.com`;
  expect((await kit.submit(formId, { email })).statusCode).toBe(303);
  const [mail] = await mailsOf(t, email);
  return { from: mail!.from, replyTo: mail!.replyTo };
}

describe('adding a sending domain', () => {
  it('starts with none, and the include every SPF record needs', async () => {
    expect(await view(owner)).toEqual({ domain: null, spfInclude: SPF_INCLUDE });
  });

  it('gives a pending domain with a new 2048-bit DKIM key, its private half sealed, and the records to create', async () => {
    const res = await call(owner, 'POST', '/api/sending-domains', { domain: '  Mail.Acme.TEST. ' });
    expect(res.statusCode, res.body).toBe(201);
    const added = res.json<SendingDomainView>();
    expect(added).toMatchObject({
      domain: 'mail.acme.test',
      status: 'pending',
      localPart: 'hello',
      fromAddress: 'hello@mail.acme.test',
      lastCheck: null,
      verifiedAt: null,
      failingSince: null,
      records: {
        dkim: {
          name: expect.stringMatching(/^lodestone-[0-9a-f]{8}\._domainkey\.mail\.acme\.test$/),
          value: expect.stringMatching(/^v=DKIM1; k=rsa; p=[A-Za-z0-9+/]+={0,2}$/),
        },
        spf: { name: 'mail.acme.test', value: `v=spf1 include:${SPF_INCLUDE} ~all`, replaces: null },
        dmarc: { name: '_dmarc.mail.acme.test', value: 'v=DMARC1; p=none; rua=mailto:dmarc-reports@mail.acme.test' },
      },
    });
    const publicKey = createPublicKey({
      key: Buffer.from(added.records.dkim.value.split('p=')[1]!, 'base64'),
      format: 'der',
      type: 'spki',
    });
    expect(publicKey.asymmetricKeyType).toBe('rsa');
    expect(publicKey.asymmetricKeyDetails?.modulusLength).toBe(2048);

    const dump = JSON.stringify((await t.db.execute(sql`select * from sending_domains`)).rows);
    expect(dump).not.toContain('PRIVATE KEY');
    const row = await rowOf(added.id);
    const privateKey = dkimKeySealer(t.config.secret).open<string>(row.privateKeySealed);
    const derived = createPublicKey(privateKey).export({ type: 'spki', format: 'der' }).toString('base64');
    expect(`v=DKIM1; k=rsa; p=${derived}`).toBe(added.records.dkim.value);

    expect((await view(owner)).domain).toEqual(added);
  });

  it('names the field of a bad name, refuses Lodestone’s own names, and a second domain', async () => {
    for (const domain of ['mail acme.test', 'localhost', '10.0.0.1', 'a..b', '']) {
      const res = await call(other, 'POST', '/api/sending-domains', { domain });
      expect(res.statusCode, domain).toBe(400);
      expect(res.json(), domain).toMatchObject({
        code: 'VALIDATION_ERROR',
        errors: { domain: sendingDomainMessages.domainInvalid },
      });
    }
    // MAIL_FROM's domain (APP_URL's and PUBLIC_URL's hosts are refused the same way, but are no domain names here).
    for (const domain of ['lodestone.test', 'Lodestone.Test.']) {
      const res = await call(other, 'POST', '/api/sending-domains', { domain });
      expect(res.json(), domain).toMatchObject({
        code: 'VALIDATION_ERROR',
        errors: { domain: sendingDomainMessages.domainReserved },
      });
    }
    const second = await call(owner, 'POST', '/api/sending-domains', { domain: 'news.acme.test' });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ code: 'CONFLICT', message: sendingDomainMessages.alreadyHasOne });
    expect((await view(other)).domain).toBeNull();
  });

  it('is a write for owners and admins only', async () => {
    for (const [method, url] of [
      ['POST', '/api/sending-domains'],
      ['POST', '/api/sending-domains/:id/verify'],
      ['PATCH', '/api/sending-domains/:id'],
      ['DELETE', '/api/sending-domains/:id'],
    ] as const) {
      const permission = permissionOf({ method, url });
      expect(
        (['owner', 'admin'] as Role[]).map((role) => can(role, permission)),
        url,
      ).toEqual([true, true]);
      expect(
        (['editor', 'viewer'] as Role[]).map((role) => can(role, permission)),
        url,
      ).toEqual([false, false]);
    }
    expect(permissionOf({ method: 'GET', url: '/api/sending-domains' })).toBe('read');

    const editor = await joinAs(owner, 'editor');
    const id = (await view(owner)).domain!.id;
    expect((await view(editor)).domain?.id).toBe(id);
    for (const [method, url, body] of [
      ['POST', '/api/sending-domains', { domain: 'x.acme.test' }],
      ['POST', `/api/sending-domains/${id}/verify`, undefined],
      ['PATCH', `/api/sending-domains/${id}`, { localPart: 'x' }],
      ['DELETE', `/api/sending-domains/${id}`, undefined],
    ] as const) {
      const res = await call(editor, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json<{ code: string }>().code).toBe('FORBIDDEN_ROLE');
    }
  });
});

describe('verifying, and where visitors’ emails come from', () => {
  let domain: SendingDomainView;
  beforeAll(async () => {
    domain = (await view(owner)).domain!;
  });
  const verify = async (user = owner, id = domain.id) => call(user, 'POST', `/api/sending-domains/${id}/verify`);

  it('sends from Lodestone’s address while the domain is pending', async () => {
    const { from, replyTo } = await deliveryFrom();
    expect(from).toBe(`"Acme Studio" <${LODESTONE_FROM}>`);
    expect(replyTo).toBe(owner.email);
  });

  it('says what it found, and stays pending while the records are missing or wrong', async () => {
    const missing = await verify();
    expect(missing.statusCode).toBe(200);
    expect(missing.json<SendingDomainView>()).toMatchObject({
      status: 'pending',
      lastCheck: { dkim: 'missing', spf: 'missing', checkedAt: expect.any(String) },
    });

    // Another key at the selector, and an SPF record of the domain's own without Lodestone's include.
    const otherKey = (await call(other, 'POST', '/api/sending-domains', { domain: 'mail.acme.test' })).json<SendingDomainView>();
    const ownSpf = 'v=spf1 include:_spf.mailhost.test -all';
    publish({
      [domain.records.dkim.name]: { TXT: [txtChunks(otherKey.records.dkim.value)] },
      [domain.domain]: { TXT: ['site-verification=abc', ownSpf] },
    });
    const wrong = (await verify()).json<SendingDomainView>();
    expect(wrong).toMatchObject({ status: 'pending', lastCheck: { dkim: 'mismatch', spf: 'mismatch' } });
    // What to change the existing record to, rather than a second SPF record.
    expect(wrong.records.spf).toEqual({
      name: 'mail.acme.test',
      value: `v=spf1 include:_spf.mailhost.test include:${SPF_INCLUDE} -all`,
      replaces: ownSpf,
    });
    expect((await deliveryFrom()).from).toBe(`"Acme Studio" <${LODESTONE_FROM}>`);

    // Two SPF records are an error for every receiver, whatever they include.
    publish({ ...sendingRecordsFor(domain), [domain.domain]: { TXT: [`v=spf1 include:${SPF_INCLUDE} ~all`, ownSpf] } });
    expect((await verify()).json<SendingDomainView>()).toMatchObject({
      status: 'pending',
      lastCheck: { dkim: 'ok', spf: 'mismatch' },
      records: { spf: { value: `v=spf1 include:${SPF_INCLUDE} ~all`, replaces: null } },
    });
  });

  it('is verified once the DKIM record (split in strings) and the SPF include are found, and visitors’ emails come from it', async () => {
    publish({
      ...sendingRecordsFor(domain),
      [domain.domain]: { TXT: ['site-verification=abc', `v=spf1 a mx include:${SPF_INCLUDE} ~all`] },
    });
    const res = await verify();
    expect(res.json<SendingDomainView>()).toMatchObject({
      status: 'verified',
      lastCheck: { dkim: 'ok', spf: 'ok' },
      verifiedAt: expect.any(String),
      records: { spf: { value: `v=spf1 include:${SPF_INCLUDE} ~all`, replaces: null } },
    });
    const { from, replyTo } = await deliveryFrom();
    expect(from).toBe('"Acme Studio" <hello@mail.acme.test>');
    expect(replyTo).toBe(owner.email);
    // The other workspace named the same domain, but the DNS publishes this workspace's key, not its own.
    const theirs = (await view(other)).domain!;
    const checked = (await verify(other, theirs.id)).json<SendingDomainView>();
    expect(checked).toMatchObject({ status: 'pending', lastCheck: { dkim: 'missing', spf: 'ok' } });
  });

  it('takes the owner’s local part, which the next email uses', async () => {
    const bad = await call(owner, 'PATCH', `/api/sending-domains/${domain.id}`, { localPart: 'hi there' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ errors: { localPart: sendingDomainMessages.localPartInvalid } });
    for (const localPart of ['.hello', 'a..b', 'x@y', '']) {
      const res = await call(owner, 'PATCH', `/api/sending-domains/${domain.id}`, { localPart });
      expect(res.statusCode, localPart).toBe(400);
    }
    const res = await call(owner, 'PATCH', `/api/sending-domains/${domain.id}`, { localPart: ' News.Letter ' });
    expect(res.statusCode).toBe(200);
    expect(res.json<SendingDomainView>()).toMatchObject({ localPart: 'news.letter', fromAddress: 'news.letter@mail.acme.test' });
    expect((await deliveryFrom()).from).toBe('"Acme Studio" <news.letter@mail.acme.test>');
  });

  it('is the same for the owner’s test email and the preview of it', async () => {
    const body = {
      email: 'delivery',
      businessName: 'Acme Studio',
      leadMagnetName: 'The Guide',
      language: 'en',
      emails: { senderName: '', replyTo: '', confirmSubject: '', confirmText: '', deliverySubject: '', deliveryText: '' },
    };
    const preview = await call(owner, 'POST', '/api/forms/email-preview', body);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json<{ from: string }>().from).toBe('"Acme Studio" <news.letter@mail.acme.test>');
    expect((await call(owner, 'POST', '/api/forms/email-test', body)).statusCode).toBe(200);
    const [test] = await mailsOf(t, owner.email, /^\[Test\]/);
    expect(test!.from).toBe('"Acme Studio" <news.letter@mail.acme.test>');
  });

  it('is another workspace’s 404', async () => {
    for (const [method, url, body] of [
      ['POST', `/api/sending-domains/${domain.id}/verify`, undefined],
      ['PATCH', `/api/sending-domains/${domain.id}`, { localPart: 'stolen' }],
      ['DELETE', `/api/sending-domains/${domain.id}`, undefined],
      ['DELETE', '/api/sending-domains/not-a-uuid', undefined],
    ] as const) {
      const res = await call(other, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect(await rowOf(domain.id)).toMatchObject({ localPart: 'news.letter', status: 'verified' });
  });
});

describe('the hourly re-check', () => {
  let domain: SendingDomainView;
  let verified: DnsTable;
  beforeAll(async () => {
    domain = (await view(owner)).domain!;
    verified = table;
  });
  const HOUR = 3600_000;
  const failingWarnings = () => mailsOf(t, owner.email, /no longer come from mail\.acme\.test/);

  it('changes nothing on a DNS that does not answer', async () => {
    publish({ [domain.records.dkim.name]: { SERVFAIL: true }, [domain.domain]: { SERVFAIL: true } });
    await recheckSendingDomains(t.services.sendingDomains, new Date(Date.now() + HOUR));
    expect(await rowOf(domain.id)).toMatchObject({ status: 'verified', lastDkim: 'ok', lastSpf: 'ok' });
    expect(await failingWarnings()).toEqual([]);
  });

  it('marks a domain whose records are gone failing, warns its owners once, and sends from Lodestone’s address meanwhile', async () => {
    publish({ [domain.domain]: { TXT: [`v=spf1 include:${SPF_INCLUDE} ~all`] } });
    const summary = await recheckSendingDomains(t.services.sendingDomains, new Date(Date.now() + HOUR));
    expect(summary).toMatchObject({ failing: 1, verified: 0 });
    const failing = (await view(owner)).domain!;
    expect(failing).toMatchObject({
      status: 'failing',
      failingSince: expect.any(String),
      lastCheck: { dkim: 'missing', spf: 'ok' },
    });
    expect(failing.verifiedAt).toBe(domain.verifiedAt);

    const [warning, ...more] = await failingWarnings();
    expect(more).toEqual([]);
    // An owner notice: from Lodestone's own address, never the sending domain.
    expect(warning!.from).toBe(`"Lodestone" <${LODESTONE_FROM}>`);
    expect(warning!.text).toContain('did not find the DKIM record');
    expect(warning!.text).toContain(`${t.config.appUrl.origin}/settings/domains`);
    expect((await deliveryFrom()).from).toBe(`"Acme Studio" <${LODESTONE_FROM}>`);

    await recheckSendingDomains(t.services.sendingDomains, new Date(Date.now() + 2 * HOUR));
    expect((await rowOf(domain.id)).status).toBe('failing');
    expect(await failingWarnings()).toHaveLength(1);
  });

  it('is verified again when the records come back, keeping the day it was first verified', async () => {
    publish(verified);
    const summary = await recheckSendingDomains(t.services.sendingDomains, new Date(Date.now() + 3 * HOUR));
    expect(summary).toMatchObject({ verified: 1, failing: 0 });
    expect((await view(owner)).domain).toMatchObject({ status: 'verified', failingSince: null, verifiedAt: domain.verifiedAt });
    expect((await deliveryFrom()).from).toBe('"Acme Studio" <news.letter@mail.acme.test>');
  });

  it('checks a pending domain in its first week only', async () => {
    const theirs = (await view(other)).domain!;
    await t.db
      .update(sendingDomains)
      .set({ createdAt: new Date(Date.now() - 8 * 24 * HOUR) })
      .where(eq(sendingDomains.id, theirs.id));
    const before = await rowOf(theirs.id);
    await recheckSendingDomains(t.services.sendingDomains, new Date(Date.now() + 4 * HOUR));
    expect((await rowOf(theirs.id)).lastCheckedAt).toEqual(before.lastCheckedAt);
  });
});

describe('removing', () => {
  it('takes the domain and its key away, and the next email goes from Lodestone’s address', async () => {
    const domain = (await view(owner)).domain!;
    const res = await call(owner, 'DELETE', `/api/sending-domains/${domain.id}`);
    expect(res.statusCode).toBe(204);
    expect(await view(owner)).toEqual({ domain: null, spfInclude: SPF_INCLUDE });
    expect(
      await t.db
        .select()
        .from(sendingDomains)
        .where(eq(sendingDomains.workspaceId, await workspaceOf(t.db, owner))),
    ).toEqual([]);
    expect((await call(owner, 'DELETE', `/api/sending-domains/${domain.id}`)).statusCode).toBe(404);
    expect((await deliveryFrom()).from).toBe(`"Acme Studio" <${LODESTONE_FROM}>`);

    // Added again, it has a new key under a new selector: the old record proves nothing.
    const again = (await call(owner, 'POST', '/api/sending-domains', { domain: 'mail.acme.test' })).json<SendingDomainView>();
    expect(again.records.dkim.name).not.toBe(domain.records.dkim.name);
    expect(again.records.dkim.value).not.toBe(domain.records.dkim.value);
    expect((await call(owner, 'POST', `/api/sending-domains/${again.id}/verify`)).json<SendingDomainView>()).toMatchObject({
      status: 'pending',
      lastCheck: { dkim: 'missing', spf: 'ok' },
    });
  });
});

async function joinAs(workspaceOwner: SignedUpUser, role: Role): Promise<SignedUpUser> {
  const member = await createUser(t.app, { name: `A ${role}` });
  expect((await call(workspaceOwner, 'POST', '/api/team/invitations', { email: member.email, role })).statusCode).toBe(201);
  const [mail] = await mailsOf(t, member.email, /invited you to/);
  const token = /\/invite\/([A-Za-z0-9_-]{43})/.exec(mail!.text)![1]!;
  expect((await call(member, 'POST', `/api/invitations/${token}/accept`)).statusCode).toBe(200);
  return member;
}
