import { createHmac, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '@/server/config';
import type { LeadDetail } from '@/domain/lead-detail';
import { emailSuppressions, followUpLeads, leadEmails, leads } from '@/server/db/schema/index';
import { suppressionHash } from '@/server/features/follow-ups/suppression';
import { journeyKit } from '@tests/kit/journey';
import { createForm, createUser, setPlan, type SignedUpUser, workspaceOf } from '@tests/kit/owner';
import { APP_HOST, createTestApp, PUBLIC_HOST, type TestApp } from '@tests/setup/app';
import { MAILGUN_WEBHOOK_PATH, SENDGRID_WEBHOOK_PATH } from './routes.js';

// Bounces and complaints reported by the mail providers' webhooks (docs/decisions/0090): each signed
// as its provider signs it (SendGrid: ECDSA P-256 over timestamp + body; Mailgun: HMAC-SHA256 of
// timestamp + token), matched to the lead its email went to, and put on the workspace's suppression list.

const sendgridKeys = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
const SENDGRID_PUBLIC_KEY = sendgridKeys.publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
const MAILGUN_KEY = `key-${randomBytes(16).toString('hex')}`;

let t: TestApp;
let owner: SignedUpUser;
let workspaceId: string;
let formId: string;
let journey: ReturnType<typeof journeyKit>;

beforeAll(async () => {
  t = await createTestApp({ SENDGRID_WEBHOOK_PUBLIC_KEY: SENDGRID_PUBLIC_KEY, MAILGUN_WEBHOOK_SIGNING_KEY: MAILGUN_KEY });
  owner = await createUser(t.app);
  workspaceId = await workspaceOf(t.db, owner);
  await setPlan(t.db, workspaceId, 'pro');
  formId = (await createForm(t.app, owner, { publish: true, config: { doubleOptIn: false } })).id;
  journey = journeyKit(t, '10.91.');
});
afterAll(() => t.close());

/** Signs up `email` and returns the Message-ID its download email was sent with. */
async function signedUp(email: string): Promise<string> {
  expect((await journey.submit(formId, { email })).statusCode).toBe(303);
  await t.runJobs();
  const [sent] = await t.db
    .select({ id: leadEmails.messageId, leadId: leads.id })
    .from(leadEmails)
    .innerJoin(leads, eq(leads.id, leadEmails.leadId))
    .where(and(eq(leads.formId, formId), eq(leads.email, email), eq(leadEmails.kind, 'delivery')));
  expect(sent).toBeDefined();
  lastLeadId = sent!.leadId;
  return `<${sent!.id}@lodestone.local>`;
}
let lastLeadId = '';

/** Puts the lead on the page's sequence, its next email due tomorrow. */
async function onSequence(leadId: string) {
  const row = { leadId, workspaceId, formId, startedAt: new Date(), nextDueAt: new Date(Date.now() + 86_400_000) };
  await t.db
    .insert(followUpLeads)
    .values(row)
    .onConflictDoUpdate({
      target: followUpLeads.leadId,
      set: { nextDueAt: row.nextDueAt, stoppedAt: null, stoppedBecause: null },
    });
}
const sequenceOf = async (leadId: string) => (await t.db.select().from(followUpLeads).where(eq(followUpLeads.leadId, leadId)))[0];

const suppressionOf = async (email: string) =>
  (
    await t.db
      .select()
      .from(emailSuppressions)
      .where(
        and(
          eq(emailSuppressions.workspaceId, workspaceId),
          eq(emailSuppressions.emailHash, suppressionHash(t.config.secret, workspaceId, email)),
        ),
      )
  )[0];

const post = (url: string, body: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { host: PUBLIC_HOST, 'content-type': 'application/json', ...headers },
    payload: body,
  });

/** A SendGrid Event Webhook POST, signed as SendGrid signs it (with `key`: a forger's key). */
function sendgrid(events: object[], key: KeyObject = sendgridKeys.privateKey) {
  const body = JSON.stringify(events);
  const timestamp = String(Math.floor(Date.now() / 1000));
  const signature = sign('sha256', Buffer.from(timestamp + body), key).toString('base64');
  return {
    body,
    headers: { 'x-twilio-email-event-webhook-signature': signature, 'x-twilio-email-event-webhook-timestamp': timestamp },
  };
}
const sendgridEvent = (email: string, messageId: string, fields: object) => ({
  email,
  timestamp: Math.floor(Date.now() / 1000),
  'smtp-id': messageId,
  sg_event_id: randomBytes(8).toString('hex'),
  sg_message_id: 'filter0001.16648.5515E0B88.0',
  ...fields,
});

/** A Mailgun webhook POST: the signature inside the body, as Mailgun sends it (with `key`: a forger's). */
function mailgun(eventData: object, key = MAILGUN_KEY) {
  const timestamp = String(Math.floor(Date.now() / 1000));
  const token = randomBytes(25).toString('hex');
  const signature = createHmac('sha256', key)
    .update(timestamp + token)
    .digest('hex');
  return JSON.stringify({ signature: { timestamp, token, signature }, 'event-data': eventData });
}
const mailgunEvent = (email: string, messageId: string, fields: object) => ({
  id: randomBytes(8).toString('hex'),
  timestamp: Date.now() / 1000,
  recipient: email,
  message: { headers: { 'message-id': messageId.replace(/^<|>$/g, ''), to: email } },
  ...fields,
});

describe('the SendGrid Event Webhook', () => {
  it('suppresses the address of a hard bounce, for the page its email came from', async () => {
    const messageId = await signedUp('bounces@example.com');
    const { body, headers } = sendgrid([
      sendgridEvent('bounces@example.com', messageId, { event: 'processed' }),
      sendgridEvent('bounces@example.com', messageId, { event: 'bounce', type: 'bounce', reason: '550 5.1.1 no such user' }),
    ]);
    const res = await post(SENDGRID_WEBHOOK_PATH, body, headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(await suppressionOf('bounces@example.com')).toMatchObject({ reason: 'bounced', source: 'sendgrid', formId });
    // The owner sees it on the lead (a lead on no sequence too: its download email bounced).
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/leads/${lastLeadId}`,
      headers: { host: APP_HOST, cookie: owner.cookie },
    });
    expect(detail.json<LeadDetail>().timeline.filter((e) => e.kind === 'bounced')).toEqual([
      { kind: 'bounced', at: expect.any(String), detail: 'SendGrid' },
    ]);
  });

  it('suppresses a spam report as a complaint, and a replay of it changes nothing', async () => {
    const messageId = await signedUp('reports@example.com');
    const leadId = lastLeadId;
    await onSequence(leadId);
    const signed = sendgrid([sendgridEvent('reports@example.com', messageId, { event: 'spamreport' })]);
    expect((await post(SENDGRID_WEBHOOK_PATH, signed.body, signed.headers)).statusCode).toBe(200);
    const first = await suppressionOf('reports@example.com');
    expect(first).toMatchObject({ reason: 'complained', source: 'sendgrid' });
    // The lead's sequence stops with it.
    const stopped = await sequenceOf(leadId);
    expect(stopped).toMatchObject({ nextDueAt: null, stoppedBecause: 'complained' });
    expect(stopped!.stoppedAt).not.toBeNull();
    expect((await post(SENDGRID_WEBHOOK_PATH, signed.body, signed.headers)).statusCode).toBe(200);
    expect(await suppressionOf('reports@example.com')).toEqual(first);
    expect(await sequenceOf(leadId)).toEqual(stopped);
  });

  it('leaves a blocked (temporary) bounce, and an event for another address, alone', async () => {
    const messageId = await signedUp('blocked@example.com');
    const { body, headers } = sendgrid([
      sendgridEvent('blocked@example.com', messageId, { event: 'bounce', type: 'blocked' }),
      sendgridEvent('someone-else@example.com', messageId, { event: 'bounce', type: 'bounce' }),
    ]);
    expect((await post(SENDGRID_WEBHOOK_PATH, body, headers)).statusCode).toBe(200);
    expect(await suppressionOf('blocked@example.com')).toBeUndefined();
    expect(await suppressionOf('someone-else@example.com')).toBeUndefined();
  });

  it('refuses a forged or altered request with 401 and changes nothing', async () => {
    const messageId = await signedUp('forged@example.com');
    const events = [sendgridEvent('forged@example.com', messageId, { event: 'bounce', type: 'bounce' })];
    const forger = generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey;
    const forged = sendgrid(events, forger);
    expect((await post(SENDGRID_WEBHOOK_PATH, forged.body, forged.headers)).statusCode).toBe(401);
    const genuine = sendgrid([sendgridEvent('forged@example.com', messageId, { event: 'delivered' })]);
    expect((await post(SENDGRID_WEBHOOK_PATH, JSON.stringify(events), genuine.headers)).statusCode).toBe(401);
    expect((await post(SENDGRID_WEBHOOK_PATH, JSON.stringify(events))).statusCode).toBe(401);
    expect(await suppressionOf('forged@example.com')).toBeUndefined();
  });
});

describe('the Mailgun webhook', () => {
  it('suppresses a permanent failure as a bounce and a complaint as a complaint', async () => {
    const bounced = await signedUp('mg-bounce@example.com');
    const complained = await signedUp('mg-complaint@example.com');
    const failure = mailgun(
      mailgunEvent('mg-bounce@example.com', bounced, { event: 'failed', severity: 'permanent', reason: 'bounce' }),
    );
    expect((await post(MAILGUN_WEBHOOK_PATH, failure)).statusCode).toBe(200);
    expect(
      (await post(MAILGUN_WEBHOOK_PATH, mailgun(mailgunEvent('mg-complaint@example.com', complained, { event: 'complained' }))))
        .statusCode,
    ).toBe(200);
    expect(await suppressionOf('mg-bounce@example.com')).toMatchObject({ reason: 'bounced', source: 'mailgun', formId });
    const first = await suppressionOf('mg-complaint@example.com');
    expect(first).toMatchObject({ reason: 'complained', source: 'mailgun', formId });

    // The same event again: nothing changes.
    expect((await post(MAILGUN_WEBHOOK_PATH, failure)).statusCode).toBe(200);
    expect(
      (await post(MAILGUN_WEBHOOK_PATH, mailgun(mailgunEvent('mg-complaint@example.com', complained, { event: 'complained' }))))
        .statusCode,
    ).toBe(200);
    expect(await suppressionOf('mg-complaint@example.com')).toEqual(first);
  });

  it('leaves a temporary failure alone', async () => {
    const messageId = await signedUp('mg-temporary@example.com');
    const body = mailgun(mailgunEvent('mg-temporary@example.com', messageId, { event: 'failed', severity: 'temporary' }));
    expect((await post(MAILGUN_WEBHOOK_PATH, body)).statusCode).toBe(200);
    expect(await suppressionOf('mg-temporary@example.com')).toBeUndefined();
  });

  it('refuses a forged signature with 401 and changes nothing', async () => {
    const messageId = await signedUp('mg-forged@example.com');
    const event = mailgunEvent('mg-forged@example.com', messageId, { event: 'complained' });
    expect((await post(MAILGUN_WEBHOOK_PATH, mailgun(event, 'key-not-the-real-one'))).statusCode).toBe(401);
    // A genuine signature changed by one digit, and no signature at all.
    const altered = JSON.parse(mailgun(event)) as { signature: { signature: string } };
    altered.signature.signature = altered.signature.signature.replace(/^./, (c) => (c === '0' ? '1' : '0'));
    expect((await post(MAILGUN_WEBHOOK_PATH, JSON.stringify(altered))).statusCode).toBe(401);
    expect((await post(MAILGUN_WEBHOOK_PATH, JSON.stringify({ 'event-data': event }))).statusCode).toBe(401);
    expect(await suppressionOf('mg-forged@example.com')).toBeUndefined();
  });
});

describe('without the providers’ keys', () => {
  it('has no webhook routes', async () => {
    const plain = await createTestApp();
    try {
      for (const path of [SENDGRID_WEBHOOK_PATH, MAILGUN_WEBHOOK_PATH]) {
        const res = await plain.app.inject({
          method: 'POST',
          url: path,
          headers: { host: PUBLIC_HOST, 'content-type': 'application/json' },
          payload: '[]',
        });
        expect(res.statusCode).toBe(404);
      }
    } finally {
      await plain.close();
    }
  });

  it('refuses a SendGrid key that is not an EC P-256 public key', () => {
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 })
      .publicKey.export({ type: 'spki', format: 'der' })
      .toString('base64');
    for (const bad of ['not a key', rsa])
      expect(() => loadConfig({ SENDGRID_WEBHOOK_PUBLIC_KEY: bad, SECRET: 'x'.repeat(32) })).toThrow(ConfigError);
    expect(
      loadConfig({ SENDGRID_WEBHOOK_PUBLIC_KEY: SENDGRID_PUBLIC_KEY, SECRET: 'x'.repeat(32) }).sendgridWebhookPublicKey,
    ).toBe(SENDGRID_PUBLIC_KEY);
  });
});
