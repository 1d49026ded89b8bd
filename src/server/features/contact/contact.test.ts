import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressPool } from '@tests/kit/visitor';
import { APP_HOST, createTestApp, PUBLIC_HOST, type TestApp } from '@tests/setup/app';
import { mailsOf } from '@tests/kit/mailbox';
import { CONTACT_CONSENT_TEXT, contactMessages as texts, type ContactRequest } from '@/domain/contact';
import { contactMessages } from '@/server/db/schema/index';
import type { Mailer, OutgoingMail } from '@/server/lib/mailer';
import { CONTACT_RATE_LIMIT } from './contact.js';

const SUPPORT = 'help@acme.example';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SUPPORT_EMAIL: SUPPORT });
});
afterAll(() => t.close());

const freshIp = addressPool('192.0');

const valid = (overrides: Partial<ContactRequest> = {}): ContactRequest => ({
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  topic: 'Sales',
  message: 'We would like Business for our team of twelve.',
  consent: true,
  website: '',
  ...overrides,
});

function send(payload: object, { ip = freshIp(), origin }: { ip?: string; origin?: string } = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/contact',
    remoteAddress: ip,
    headers: { host: APP_HOST, ...(origin ? { origin } : {}) },
    payload,
  });
}

const storedFrom = (email: string) => t.db.select().from(contactMessages).where(eq(contactMessages.email, email));

describe('the contact form', () => {
  it('stores the message and emails it to the support address, with the sender as Reply-To', async () => {
    const res = await send(valid({ email: 'stored@example.com', message: 'Line one.\nLine two of the message.' }), {
      origin: t.config.appUrl.origin,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ received: true });

    const [row] = await storedFrom('stored@example.com');
    expect(row).toMatchObject({
      name: 'Ada Lovelace',
      topic: 'Sales',
      message: 'Line one.\nLine two of the message.',
      consentText: CONTACT_CONSENT_TEXT,
    });

    const sent: OutgoingMail[] = [];
    const capture: Mailer = { send: async (mail) => void sent.push(mail) };
    await t.runJobs(capture);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ to: SUPPORT, replyTo: 'stored@example.com', subject: '[Contact] Sales from Ada Lovelace' });
    expect(sent[0]!.text).toContain('stored@example.com');
    expect(sent[0]!.text).toContain('Line two of the message.');
    expect(sent[0]!.text).toContain(row!.id);
  });

  it('delivers to the dev mailbox when no SMTP server is configured', async () => {
    await send(valid({ name: 'Grace  Hopper', email: 'grace@example.com', topic: 'Privacy request' }));
    const [mail] = await mailsOf(t, SUPPORT, '[Contact] Privacy request from Grace Hopper');
    expect(mail?.to).toBe(SUPPORT);
    expect(mail?.text).toContain('grace@example.com');
  });

  it('answers invalid input with 400 and a message per field, and stores nothing', async () => {
    const res = await send({ name: ' ', email: 'not-an-email', topic: 'Gossip', message: 'short', consent: false });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      errors: {
        name: texts.nameRequired,
        email: texts.emailInvalid,
        topic: texts.topicRequired,
        message: texts.messageTooShort,
        consent: texts.consentRequired,
      },
    });
    expect(await storedFrom('not-an-email')).toEqual([]);

    const empty = await send({});
    expect(empty.statusCode).toBe(400);
    expect(Object.keys(empty.json().errors).sort()).toEqual(['consent', 'email', 'message', 'name', 'topic']);
  });

  it('accepts a filled honeypot like any message, and keeps and sends nothing', async () => {
    const before = (await mailsOf(t, SUPPORT)).length;
    const res = await send(valid({ email: 'bot@example.com', website: 'https://spam.example' }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ received: true });
    expect(await storedFrom('bot@example.com')).toEqual([]);
    expect(await mailsOf(t, SUPPORT)).toHaveLength(before);
  });

  it('refuses the 6th message from one address in 10 minutes with 429 and Retry-After; another address passes', async () => {
    expect(CONTACT_RATE_LIMIT).toMatchObject({ limit: 5, windowSeconds: 600 });
    const ip = '203.0.113.77';
    for (let i = 1; i <= 5; i++) {
      expect((await send(valid({ email: `burst${i}@example.com` }), { ip })).statusCode).toBe(201);
    }
    const sixth = await send(valid({ email: 'burst6@example.com' }), { ip });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toMatchObject({
      code: 'RATE_LIMITED',
      message: expect.stringMatching(/wait \d+ minutes? and try again/),
    });
    const retryAfter = Number(sixth.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(600);
    expect(await storedFrom('burst6@example.com')).toEqual([]);

    expect((await send(valid({ email: 'neighbour@example.com' }), { ip: '203.0.113.78' })).statusCode).toBe(201);
  });

  it('refuses a message posted from another origin before reading it', async () => {
    const res = await send(valid({ email: 'foreign@example.com' }), { origin: t.config.publicUrl.origin });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'FORBIDDEN_ORIGIN' });
    const evil = await send(valid({ email: 'foreign@example.com' }), { origin: 'https://evil.example' });
    expect(evil.statusCode).toBe(403);
    expect(await storedFrom('foreign@example.com')).toEqual([]);
  });

  it('is served on the app face only', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      remoteAddress: freshIp(),
      headers: { host: PUBLIC_HOST },
      payload: valid({ email: 'public-face@example.com' }),
    });
    expect(res.statusCode).toBe(404);
    expect(await storedFrom('public-face@example.com')).toEqual([]);
  });
});

describe('GET /api/site', () => {
  it('gives the support address without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/site', headers: { host: APP_HOST } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ supportEmail: SUPPORT });
  });
});
