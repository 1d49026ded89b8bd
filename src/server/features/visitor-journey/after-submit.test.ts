import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journeyKit } from '@tests/kit/journey';
import { createForm, createUser, type SignedUpUser } from '@tests/kit/owner';
import { patientVisitorFields } from '@tests/kit/visitor';
import { APP_HOST, createTestApp, type TestApp } from '@tests/setup/app';
import { afterSubmitMessages } from '@/domain/after-submit';
import type { FormConfig } from '@/domain/form-config';
import type { FormDetail } from '@/domain/forms-api';
import { leads } from '@/server/db/schema/index';

// After a confirmed sign-up a visitor sees the thank-you page under the owner's heading, or goes to
// the owner's own https address: never before the lead is stored and confirmed, never anywhere
// else, and never without the file (docs/decisions/0050).
let t: TestApp;
let owner: SignedUpUser;
let kit: ReturnType<typeof journeyKit>;

beforeAll(async () => {
  t = await createTestApp();
  kit = journeyKit(t, '10.52');
  owner = await createUser(t.app);
  await t.db.execute(sql`update organizations set plan = 'pro'`);
});
afterAll(() => t.close());

const WELCOME = 'https://owner.example.com/welcome?from=lodestone';
const redirecting = (config: Partial<FormConfig> = {}) =>
  createForm(t.app, owner, { publish: true, config: { afterSubmit: 'redirect', redirectUrl: WELCOME, ...config } });

const ownerApi = (method: 'PUT' | 'POST', url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: { host: APP_HOST, cookie: owner.cookie, origin: t.config.appUrl.origin },
    ...(payload ? { payload } : {}),
  });

const leadOf = async (email: string) => (await t.db.select().from(leads).where(eq(leads.email, email)))[0];
/** The emails to `email` that carry a download link. */
const deliveries = async (email: string) => (await kit.mails(email)).filter((m) => /\/d\/\S+/.test(m.text));
const codeOf = async (email: string) => /^(\d{6})/.exec((await kit.mails(email))[0]!.subject)![1]!;

describe('the thank-you heading', () => {
  it("shows the owner's heading on the thank-you page, and 'Thank You!' without one", async () => {
    const form = await createForm(t.app, owner, {
      publish: true,
      config: { doubleOptIn: false, thankyouHeading: 'You are <in>!' },
    });
    const sent = await kit.submit(form.id, { email: 'heading@example.com' });
    const page = await kit.visit(sent.headers.location!);
    expect(page.body).toContain('<h1 class="ls-title">You are &lt;in&gt;!</h1>');
    expect(page.body).toContain('<title>You are &lt;in&gt;!</title>');

    const plain = await createForm(t.app, owner, { publish: true, config: { doubleOptIn: false } });
    const plainPage = await kit.visit((await kit.submit(plain.id, { email: 'heading@example.com' })).headers.location!);
    expect(plainPage.body).toContain('<h1 class="ls-title">Thank You!</h1>');
  });
});

describe('the address visitors are sent to', () => {
  it('is refused on saving when it is not an https address, and required to publish', async () => {
    const form = await createForm(t.app, owner);
    for (const [redirectUrl, message] of [
      ['javascript:alert(1)', afterSubmitMessages.redirectUrlInvalid],
      ['http://owner.example.com/', afterSubmitMessages.redirectUrlHttps],
      ['https://user:pass@owner.example.com/', afterSubmitMessages.redirectUrlCredentials],
      ['/welcome', afterSubmitMessages.redirectUrlInvalid],
    ] as const) {
      const res = await ownerApi('PUT', `/api/forms/${form.id}`, {
        config: { ...form.draft, afterSubmit: 'redirect', redirectUrl },
      });
      expect(res.statusCode, redirectUrl).toBe(400);
      expect(res.json<{ errors: object }>().errors).toEqual({ redirectUrl: message });
    }
    const empty = await ownerApi('PUT', `/api/forms/${form.id}`, {
      config: { ...form.draft, afterSubmit: 'redirect', redirectUrl: '' },
    });
    expect(empty.statusCode).toBe(200);
    const publish = await ownerApi('POST', `/api/forms/${form.id}/publish`);
    expect(publish.statusCode).toBe(400);
    expect(publish.json<{ code: string; errors: object }>()).toMatchObject({
      code: 'NOT_PUBLISHABLE',
      errors: { redirectUrl: afterSubmitMessages.redirectUrlRequired },
    });
    const fixed = await ownerApi('PUT', `/api/forms/${form.id}`, {
      config: { ...form.draft, afterSubmit: 'redirect', redirectUrl: WELCOME },
    });
    expect(fixed.json<FormDetail>().draft.redirectUrl).toBe(WELCOME);
    expect((await ownerApi('POST', `/api/forms/${form.id}/publish`)).statusCode).toBe(200);
  });
});

describe('without double opt-in, a page that sends visitors to its owner', () => {
  it('sends them there once the lead is stored, and the file by email', async () => {
    const form = await redirecting({ doubleOptIn: false });
    const sent = await kit.submit(form.id, { email: 'direct@example.com' });
    expect(sent.statusCode).toBe(303);
    expect(sent.headers.location).toBe(WELCOME);
    expect(await leadOf('direct@example.com')).toMatchObject({ status: 'verified' });
    expect(await deliveries('direct@example.com')).toHaveLength(1);
  });

  it('goes nowhere but that address, whatever the request says', async () => {
    const form = await redirecting({ doubleOptIn: false });
    const sent = await kit.post(`/f/${form.id}?redirectUrl=https://evil.example/&next=https://evil.example/`, {
      ...patientVisitorFields(t.config.secret),
      consent: 'yes',
      email: 'crafty@example.com',
      redirectUrl: 'https://evil.example/',
      afterSubmit: 'redirect',
      next: 'https://evil.example/',
    });
    expect(sent.headers.location).toBe(WELCOME);
    // A page set to show the thank-you page ignores the same tricks.
    const plain = await createForm(t.app, owner, { publish: true, config: { doubleOptIn: false } });
    const other = await kit.submit(plain.id, { email: 'crafty@example.com', redirectUrl: 'https://evil.example/' });
    expect(other.headers.location).toMatch(/^\/thank-you\?t=/);
  });

  it('sends nobody anywhere before the lead is stored: a failed or a bot’s submission stays on the page', async () => {
    const form = await redirecting({ doubleOptIn: false });
    const invalid = await kit.submit(form.id, { email: 'not-an-address' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.headers.location).toBeUndefined();
    const bot = await kit.submit(form.id, { email: 'bot@example.com', ls_hp: 'filled' });
    expect(bot.statusCode).toBe(200);
    expect(bot.headers.location).toBeUndefined();
    expect(await leadOf('bot@example.com')).toBeUndefined();
  });
});

describe('with double opt-in, a page that sends visitors to its owner', () => {
  it('asks for the code first, and sends them there once the code confirms the address', async () => {
    const form = await redirecting();
    const email = 'code@example.com';
    const sent = await kit.submit(form.id, { email });
    expect(sent.headers.location).toMatch(/^\/thank-you\?t=/);
    const codePage = await kit.visit(sent.headers.location!);
    expect(codePage.statusCode).toBe(200);
    expect(codePage.body).toContain('Enter 6-digit code');
    const wrong = await kit.post('/thank-you/verify', { t: kit.tokenOf(sent.headers.location!), code: '000000' });
    const wrongPage = await kit.visit(wrong.headers.location!);
    expect(wrongPage.statusCode).toBe(200); // still unconfirmed: no redirect
    const right = await kit.post('/thank-you/verify', { t: kit.tokenOf(sent.headers.location!), code: await codeOf(email) });
    expect(right.statusCode).toBe(303);
    const after = await kit.visit(right.headers.location!);
    expect(after.statusCode).toBe(303);
    expect(after.headers.location).toBe(WELCOME);
    expect(await leadOf(email)).toMatchObject({ status: 'verified' });
    const delivered = await deliveries(email);
    expect(delivered).toHaveLength(1);

    // The lead's own page, linked from that email, keeps the download: fresh links come from there.
    const inboxLink = /\/thank-you\?t=[\w.-]*[\w-]/.exec(delivered[0]!.text)![0];
    const inbox = await kit.visit(inboxLink);
    expect(inbox.statusCode).toBe(200);
    expect(inbox.body).toContain('/d/');
  });

  it('sends them there from the confirmation link too', async () => {
    const form = await redirecting();
    const email = 'link@example.com';
    await kit.submit(form.id, { email });
    const [mail] = await kit.mails(email);
    const link = /\/confirm\?t=[\w.-]*[\w-]/.exec(mail!.text)![0];
    const clicked = await kit.visit(link);
    expect(clicked.statusCode).toBe(303);
    expect(clicked.headers.location).toBe(WELCOME);
    expect(await deliveries(email)).toHaveLength(1);
    // The same link again: the address was confirmed before, the lead's page with its download.
    const again = await kit.visit(link);
    expect(again.headers.location).toMatch(/^\/thank-you\?t=.+&n=confirmed-before$/);
  });

  it('emails the file again to a confirmed address that signs up again, whose page the redirect replaces', async () => {
    const form = await redirecting();
    const email = 'returning@example.com';
    const first = await kit.submit(form.id, { email });
    await kit.post('/thank-you/verify', { t: kit.tokenOf(first.headers.location!), code: await codeOf(email) });
    expect(await deliveries(email)).toHaveLength(1);
    await t.db
      .update(leads)
      .set({ emailSentAt: new Date(Date.now() - 31_000) })
      .where(eq(leads.email, email));

    const again = await kit.submit(form.id, { email });
    const code = await codeOf(email);
    const right = await kit.post('/thank-you/verify', { t: kit.tokenOf(again.headers.location!), code });
    expect((await kit.visit(right.headers.location!)).headers.location).toBe(WELCOME);
    expect(await deliveries(email)).toHaveLength(2);
  });
});
