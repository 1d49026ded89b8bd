import { Resolver } from 'node:dns/promises';
import { dkimVerify } from 'mailauth/lib/dkim/verify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownerCall } from '@tests/kit/domains';
import { journeyKit } from '@tests/kit/journey';
import { createForm, createUser, type SignedUpUser } from '@tests/kit/owner';
import { sendingRecordsFor } from '@tests/kit/sending-domains';
import { startDns, type DnsStandIn } from '@tests/stand-ins/dns';
import { createTestApp, type TestApp } from '@tests/setup/app';
import { startSmtpSink, type AcceptedMail, type SmtpSink } from '@tests/setup/smtp-sink';
import type { SendingDomainView } from '@/domain/sending-domains';
import { FOLLOW_UP_SWEEP_TASK } from '@/server/features/follow-ups/index';
import { addJob } from '@/server/lib/jobs';
import { smtpMailer } from '@/server/lib/mailer';
import { recheckSendingDomains } from './recheck-sending-domains.task.js';

// A visitor's email sent through a real SMTP server, and its DKIM signature checked by a maintained
// verifier (mailauth) that reads the key from the same DNS server the owner published it on.

let t: TestApp;
let dns: DnsStandIn;
let sink: SmtpSink;
let owner: SignedUpUser;
let formId: string;
let kit: ReturnType<typeof journeyKit>;
let domain: SendingDomainView;

beforeAll(async () => {
  [dns, sink] = await Promise.all([startDns(), startSmtpSink()]);
  t = await createTestApp({ DNS_SERVERS: dns.address, MAIL_FROM: 'Lodestone <no-reply@lodestone.test>' });
  owner = await createUser(t.app);
  formId = (
    await createForm(t.app, owner, {
      publish: true,
      config: { businessName: 'Acme Studio', addressChecks: { typos: true, deliverable: false, disposable: false } },
    })
  ).id;
  kit = journeyKit(t, '10.90');
  domain = (
    await ownerCall(t.app, owner, 'POST', '/api/sending-domains', { domain: 'mail.acme.test' })
  ).json<SendingDomainView>();
});
afterAll(async () => {
  await t.close();
  await Promise.all([dns.close(), sink.close()]);
});

/** mailauth's resolver: the DNS stand-in, asked as any resolver would be. */
const standInResolver = () => {
  const resolver = new Resolver({ timeout: 2000, tries: 1 });
  resolver.setServers([dns.address]);
  return (name: string, rrtype: string) => resolver.resolve(name, rrtype) as Promise<string[][] | string[]>;
};

let signups = 0;
/** A visitor signs up; their download email as the SMTP server received it. */
async function deliveryEmail(): Promise<AcceptedMail> {
  const email = `dkim${++signups}@example.com`;
  expect((await kit.submit(formId, { email })).statusCode).toBe(303);
  const mailer = smtpMailer(sink.url, t.config.mailFrom);
  try {
    await t.runJobs(mailer);
  } finally {
    mailer.close?.();
  }
  const mail = sink.accepted.find((m) => m.to.includes(email));
  if (!mail) throw new Error(`no email reached the SMTP server for ${email}`);
  return mail;
}

const header = (raw: string, name: string) => new RegExp(`^${name}: (.*)$`, 'im').exec(raw)?.[1]?.trim();
const verify = async (raw: string) => (await dkimVerify(Buffer.from(raw), { resolver: standInResolver() })).results;

describe('a verified sending domain', () => {
  it('sends visitors’ emails from its address, signed with a DKIM signature that verifies against the published key', async () => {
    dns.set(sendingRecordsFor(domain));
    const verified = await ownerCall(t.app, owner, 'POST', `/api/sending-domains/${domain.id}/verify`);
    expect(verified.json<SendingDomainView>().status).toBe('verified');

    const { raw } = await deliveryEmail();
    expect(header(raw, 'From')).toBe('Acme Studio <hello@mail.acme.test>');
    expect(header(raw, 'Reply-To')).toBe(owner.email);
    expect(header(raw, 'Message-ID')).toMatch(/@mail\.acme\.test>$/);
    const selector = domain.records.dkim.name.split('.')[0];
    const [result, ...others] = await verify(raw);
    expect(others).toEqual([]);
    expect(result).toMatchObject({
      signingDomain: 'mail.acme.test',
      selector,
      status: { result: 'pass', aligned: 'mail.acme.test' },
    });

    // The verifier is not easily pleased: a changed body, or another key in the DNS, fails it.
    const [tampered] = await verify(raw.replace(/Acme Studio/g, 'Evil Studio'));
    expect(tampered!.status).toMatchObject({ result: 'neutral', comment: 'body hash did not verify' });
    const stranger = (
      await ownerCall(t.app, await createUser(t.app), 'POST', '/api/sending-domains', { domain: 'mail.acme.test' })
    ).json<SendingDomainView>();
    dns.set({
      ...sendingRecordsFor(domain),
      [domain.records.dkim.name]: sendingRecordsFor(stranger)[stranger.records.dkim.name]!,
    });
    const [wrongKey] = await verify(raw);
    expect(wrongKey!.status.result).toBe('fail');
  });

  it('signs a follow-up email over its one-click unsubscribe headers, as RFC 8058 asks', async () => {
    dns.set(sendingRecordsFor(domain));
    const page = await createForm(t.app, owner, {
      publish: true,
      config: {
        businessName: 'Acme Studio',
        doubleOptIn: false,
        addressChecks: { typos: true, deliverable: false, disposable: false },
        followUps: {
          steps: [{ id: 'hello', delay: 1, unit: 'hours', at: '', subject: 'A word from {business_name}', text: 'Hello.' }],
          paused: false,
          basis: 'other',
          basisNote: 'Existing customers (soft opt-in)',
          optInText: '',
          timeZone: 'UTC',
        },
      },
    });
    expect((await kit.submit(page.id, { email: 'follow@example.com' })).statusCode).toBe(303);
    const mailer = smtpMailer(sink.url, t.config.mailFrom);
    try {
      await t.runJobs(mailer);
      await addJob(t.db, FOLLOW_UP_SWEEP_TASK, { _cron: { ts: new Date(Date.now() + 2 * 3_600_000).toISOString() } });
      await t.runJobs(mailer);
    } finally {
      mailer.close?.();
    }
    const { raw } = sink.accepted.find((m) => m.to.includes('follow@example.com') && /A word from Acme Studio/.test(m.raw))!;
    expect(header(raw, 'From')).toBe('Acme Studio <hello@mail.acme.test>');
    expect(header(raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const [result] = await verify(raw);
    expect(result!.status).toMatchObject({ result: 'pass', aligned: 'mail.acme.test' });
    // mailauth's types leave out what its result carries: the signed header fields, as the h= tag lists them.
    const { signingHeaders } = result as unknown as { signingHeaders: { keys: string } };
    const signed = signingHeaders.keys.toLowerCase().split(/\s*:\s*/);
    expect(signed).toEqual(expect.arrayContaining(['list-unsubscribe', 'list-unsubscribe-post']));
  });

  it('sends from Lodestone’s address, unsigned, once its records are gone', async () => {
    dns.set({});
    await recheckSendingDomains(t.services.sendingDomains);
    const { raw } = await deliveryEmail();
    expect(header(raw, 'From')).toBe('Acme Studio <no-reply@lodestone.test>');
    expect(header(raw, 'Reply-To')).toBe(owner.email);
    expect(raw).not.toMatch(/^DKIM-Signature:/im);
    expect(await verify(raw)).toEqual([expect.objectContaining({ status: expect.objectContaining({ result: 'none' }) })]);
  });
});

describe('a pending sending domain', () => {
  it('is not used: the email goes from Lodestone’s address, unsigned', async () => {
    const other = await createUser(t.app);
    const page = await createForm(t.app, other, {
      publish: true,
      config: { businessName: 'Beta Labs', addressChecks: { typos: true, deliverable: false, disposable: false } },
    });
    const pending = (
      await ownerCall(t.app, other, 'POST', '/api/sending-domains', { domain: 'mail.beta.test' })
    ).json<SendingDomainView>();
    // Its records are even published: only a check makes it verified.
    dns.set(sendingRecordsFor(pending));
    expect((await kit.submit(page.id, { email: 'pending@example.com' })).statusCode).toBe(303);
    const mailer = smtpMailer(sink.url, t.config.mailFrom);
    await t.runJobs(mailer);
    mailer.close?.();
    const { raw } = sink.accepted.find((m) => m.to.includes('pending@example.com'))!;
    expect(header(raw, 'From')).toBe('Beta Labs <no-reply@lodestone.test>');
    expect(raw).not.toMatch(/^DKIM-Signature:/im);
  });
});
