import { createHmac } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createForm, createUser, type SignedUpUser } from '@tests/kit/owner';
import { createTestApp, type TestApp } from '@tests/setup/app';
import { journeyKit } from '@tests/kit/journey';
import { statementsDuring } from '@tests/kit/statements';
import type { FormConfig } from '@/domain/form-config';
import { leads } from '@/server/db/schema/index';

// A submission never hands out another submission's token or state: whoever types an address that
// signed up before gets the same answer as for a new one, and the file only through that address's inbox.

let t: TestApp;
let owner: SignedUpUser;
let kit: ReturnType<typeof journeyKit>;
beforeAll(async () => {
  t = await createTestApp();
  kit = journeyKit(t, '10.9');
  owner = await createUser(t.app);
  await t.db.execute(sql`update organizations set plan = 'pro'`);
});
afterAll(() => t.close());

const submit: ReturnType<typeof journeyKit>['submit'] = (...args) => kit.submit(...args);
const visit = (url: string) => kit.visit(url);
const post = (url: string, fields: Record<string, string>) => kit.post(url, fields);
const mails = (to: string) => kit.mails(to);
const tokenOf = (location: string) => kit.tokenOf(location);

/** A page with its per-submission parts (tokens, the address typed) blanked, to compare two answers. */
const shape = (html: string, email: string) => html.replaceAll(email, '<email>').replace(/name="t" value="[^"]+"/g, 't');
const DOWNLOAD = /href="http[^"]+\/d\/[^"]+"/;

async function confirmedSubscriber(form: { id: string }, email: string) {
  const first = await submit(form.id, { email });
  const [mail] = await mails(email);
  const verified = await post('/thank-you/verify', { t: tokenOf(first.headers.location!), code: mail!.subject.slice(0, 6) });
  expect((await visit(verified.headers.location!)).body).toMatch(DOWNLOAD);
}

describe('on a double opt-in page, an address that already confirmed', () => {
  it('gets a stranger who types it only a code page like a new address, never the download', async () => {
    const form = await createForm(t.app, owner, { publish: true });
    await confirmedSubscriber(form, 'subscriber@example.com');

    const known = await submit(form.id, { email: 'subscriber@example.com' });
    const unknown = await submit(form.id, { email: 'newcomer@example.com' });
    expect(known.statusCode).toBe(303);
    expect(unknown.statusCode).toBe(303);
    const knownPage = await visit(known.headers.location!);
    const unknownPage = await visit(unknown.headers.location!);
    expect(knownPage.body).not.toMatch(DOWNLOAD);
    expect(knownPage.body).toContain('Enter 6-digit code');
    expect(knownPage.body).not.toContain('already confirmed');
    expect(shape(knownPage.body, 'subscriber@example.com')).toBe(shape(unknownPage.body, 'newcomer@example.com'));
    // The two submitters hold different pages; neither is the subscriber's own.
    expect(tokenOf(known.headers.location!)).not.toBe(tokenOf(unknown.headers.location!));
  });

  it('reaches its owner only by email: the code in it unlocks the page of whoever has the inbox', async () => {
    const form = await createForm(t.app, owner, { publish: true });
    await confirmedSubscriber(form, 'returning@example.com');
    await t.db
      .update(leads)
      .set({ emailSentAt: new Date(Date.now() - 31_000) })
      .where(eq(leads.email, 'returning@example.com'));

    const again = await submit(form.id, { email: 'returning@example.com' });
    const mailsNow = await mails('returning@example.com');
    expect(mailsNow[0]!.subject).toMatch(/^\d{6} is your code/);
    const stranger = await submit(form.id, { email: 'returning@example.com' }); // within 30 s: no more mail
    expect(await mails('returning@example.com')).toHaveLength(mailsNow.length);

    const verified = await post('/thank-you/verify', {
      t: tokenOf(again.headers.location!),
      code: mailsNow[0]!.subject.slice(0, 6),
    });
    expect((await visit(verified.headers.location!)).body).toMatch(DOWNLOAD);
    // The other submission of the same address is still locked: a code typed elsewhere is not its own proof.
    expect((await visit(stranger.headers.location!)).body).not.toMatch(DOWNLOAD);
  });

  it('costs the same statements, in the same order, whether the address is known or not', async () => {
    const form = await createForm(t.app, owner, { publish: true });
    await confirmedSubscriber(form, 'timed@example.com');
    await submit(form.id, { email: 'warm-up@example.com' }); // the first request of a path warms caches

    // The runners' nudge is left out: it goes on a timer shared by every sign-up (nudgeJobRunnersSoon).
    const statements = async (email: string) =>
      (await statementsDuring(async () => expect((await submit(form.id, { email })).statusCode).toBe(303))).filter(
        (text) => !text.includes('pg_notify'),
      );
    const known = await statements('timed@example.com');
    const unknown = await statements('never-seen@example.com');
    expect(known.length).toBeGreaterThanOrEqual(2); // the rate limits, the sign-up
    expect(known).toEqual(unknown);
  });
});

describe('thank-you links handed out before submissions had pages of their own', () => {
  it("no longer open the lead's page: they went to whoever typed the address", async () => {
    const form = await createForm(t.app, owner, { publish: true });
    await confirmedSubscriber(form, 'leaked@example.com');
    const [lead] = await t.db.select({ id: leads.id }).from(leads).where(eq(leads.email, 'leaked@example.com'));
    const mac = createHmac('sha256', t.config.secret).update(`lead:${lead!.id}`).digest('base64url').slice(0, 32);
    const old = await visit(`/thank-you?t=${lead!.id}.${mac}`);
    expect(old.statusCode).toBe(404);
    expect(old.body).not.toMatch(DOWNLOAD);
  });
});

describe('on a page without double opt-in', () => {
  it('answers a known address exactly like a new one, each submitter on a page of their own', async () => {
    const form = await createForm(t.app, owner, {
      publish: true,
      config: { doubleOptIn: false, privacyPolicy: false } as Partial<FormConfig>,
    });
    await submit(form.id, { email: 'first@example.com' });
    const known = await visit((await submit(form.id, { email: 'first@example.com' })).headers.location!);
    const unknown = await visit((await submit(form.id, { email: 'second@example.com' })).headers.location!);
    const blankLinks = (html: string) => html.replace(/\/d\/[^"]+"/g, '/d/…"');
    expect(blankLinks(shape(known.body, 'first@example.com'))).toBe(blankLinks(shape(unknown.body, 'second@example.com')));
  });
});
