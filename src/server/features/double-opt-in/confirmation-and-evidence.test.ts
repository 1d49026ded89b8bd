import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createForm, createUser, type SignedUpUser } from '@tests/kit/owner';
import { pdfBytes } from '@tests/kit/data';
import { journeyKit } from '@tests/kit/journey';
import { APP_HOST, createTestApp, type TestApp } from '@tests/setup/app';
import { mailsOf } from '@tests/kit/mailbox';
import type { FormConfig } from '@/domain/form-config';
import { submissionMessages } from '@/domain/submission';
import { leadConsents, leads } from '@/server/db/schema/index';
import { createTokens } from '@/server/lib/tokens';

let t: TestApp;
let owner: SignedUpUser;
let kit: ReturnType<typeof journeyKit>;
beforeAll(async () => {
  t = await createTestApp();
  kit = journeyKit(t, '10.11');
  owner = await createUser(t.app);
  await t.db.execute(sql`update organizations set plan = 'pro'`);
});
afterAll(() => t.close());

const leadOf = async (email: string) => (await t.db.select().from(leads).where(eq(leads.email, email)))[0]!;
const DOWNLOAD = /href="http[^"]+\/d\/[^"]+"/;
const confirmLinkIn = (text: string) => new URL(/http\S+\/confirm\?t=\S+/.exec(text)![0]);
const evidenceOf = (leadId: string) =>
  t.db.select().from(leadConsents).where(eq(leadConsents.leadId, leadId)).orderBy(asc(leadConsents.givenAt));

describe('the confirmation link', () => {
  it('expires with its code after 24 hours, says so kindly, and sends a new one on request', async () => {
    const form = await createForm(t.app, owner, { publish: true });
    await kit.submit(form.id, { email: 'late-clicker@example.com' });
    const [mail] = await kit.mails('late-clicker@example.com');
    const link = confirmLinkIn(mail!.text);
    const token = link.searchParams.get('t')!;
    // The link carries the code's expiry (24 h from sending), under the signature.
    const [, expires] = token.split('.');
    expect(Number(expires) * 1000 - Date.now()).toBeGreaterThan(23.9 * 3600_000);
    expect(Number(expires) * 1000 - Date.now()).toBeLessThanOrEqual(24 * 3600_000);

    const lead = await leadOf('late-clicker@example.com');
    const stale = createTokens(t.config.secret).signExpiring('confirm', lead.id, new Date(Date.now() - 1000));
    const expired = await kit.visit(`/confirm?t=${stale}`);
    expect(expired.statusCode).toBe(410);
    expect(expired.body).toContain('This confirmation link has expired');
    expect(expired.body).toContain('Send me a new link');
    expect((await leadOf('late-clicker@example.com')).status).toBe('pending');

    await t.db
      .update(leads)
      .set({ emailSentAt: new Date(Date.now() - 31_000) })
      .where(eq(leads.id, lead.id));
    const renewed = await kit.post('/confirm/renew', { t: stale });
    expect(renewed.statusCode).toBe(200);
    expect(renewed.body).toContain('We sent a new code and confirmation link to late-clicker@example.com');
    const [fresh] = await kit.mails('late-clicker@example.com');
    const confirmed = await kit.visit(confirmLinkIn(fresh!.text).pathname + confirmLinkIn(fresh!.text).search);
    expect(confirmed.statusCode).toBe(303);
    expect((await kit.visit(confirmed.headers.location!)).body).toContain('Your email is confirmed.');
    // A forged or tampered link is no link at all.
    expect((await kit.post('/confirm/renew', { t: `${lead.id}.1.forged` })).statusCode).toBe(404);
  });

  it('treats a link made before links carried an expiry as expired', async () => {
    const form = await createForm(t.app, owner, { publish: true });
    await kit.submit(form.id, { email: 'old-link@example.com' });
    const lead = await leadOf('old-link@example.com');
    const { createHmac } = await import('node:crypto');
    const mac = createHmac('sha256', t.config.secret).update(`confirm:${lead.id}`).digest('base64url').slice(0, 32);
    const legacy = await kit.visit(`/confirm?t=${lead.id}.${mac}`);
    expect(legacy.statusCode).toBe(410);
    expect((await leadOf('old-link@example.com')).status).toBe('pending');
  });
});

describe('the code after the link', () => {
  it('still unlocks the page she signed up on, as the link did; a stranger who typed her address still gets nothing', async () => {
    const form = await createForm(t.app, owner, { publish: true });
    const hers = await kit.submit(form.id, { email: 'two-tabs@example.com' });
    // Someone else types her address within the 30 seconds: no second email, a page of their own.
    const strangers = await kit.submit(form.id, { email: 'two-tabs@example.com' });
    const mails = await kit.mails('two-tabs@example.com');
    expect(mails).toHaveLength(1);
    const code = mails[0]!.subject.slice(0, 6);

    // She presses the link in the email, in another tab: the download is there.
    const link = confirmLinkIn(mails[0]!.text);
    const confirmed = await kit.visit(link.pathname + link.search);
    expect(confirmed.statusCode).toBe(303);
    expect((await kit.visit(confirmed.headers.location!)).body).toMatch(DOWNLOAD);

    // A stranger's guess on their own page counts as a wrong code, as before.
    const wrong = await kit.post('/thank-you/verify', {
      t: kit.tokenOf(strangers.headers.location!),
      code: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.headers.location).toContain('&n=wrong');
    const afterWrong = (await kit.visit(wrong.headers.location!)).body;
    expect(afterWrong).toContain('That code is not right. 4 tries left.');
    expect(afterWrong).not.toMatch(DOWNLOAD);
    expect((await leadOf('two-tabs@example.com')).codeAttempts).toBe(1);

    // Back in the first tab, which still asks for the code, she types the one from the same email.
    const verified = await kit.post('/thank-you/verify', { t: kit.tokenOf(hers.headers.location!), code });
    expect(verified.statusCode).toBe(303);
    expect(verified.headers.location).toContain('&n=verified');
    const page = (await kit.visit(verified.headers.location!)).body;
    expect(page).toContain('Your email is confirmed.');
    expect(page).not.toContain('Too many wrong codes');
    expect(page).toMatch(DOWNLOAD);

    // The stranger's page stays locked: the code she typed was her page's proof, not theirs.
    expect((await kit.visit(strangers.headers.location!)).body).not.toMatch(DOWNLOAD);
    const again = await kit.post('/thank-you/verify', { t: kit.tokenOf(strangers.headers.location!), code });
    expect((await kit.visit(again.headers.location!)).body).not.toMatch(DOWNLOAD);
  });
});

describe('evidence of consent', () => {
  it('records each sign-up with what the page showed and its version, and each confirmation with time, hashes and method', async () => {
    const form = await createForm(t.app, owner, { publish: true });
    const res = await kit.submit(form.id, { email: 'evidence@example.com' }, { 'user-agent': 'EvidenceBrowser/1.0' });
    const [mail] = await kit.mails('evidence@example.com');
    const verified = await kit.post(
      '/thank-you/verify',
      { t: kit.tokenOf(res.headers.location!), code: mail!.subject.slice(0, 6) },
      { 'user-agent': 'EvidenceBrowser/1.0' },
    );
    expect(verified.statusCode).toBe(303);

    const lead = await leadOf('evidence@example.com');
    const [signup, confirmation] = await evidenceOf(lead.id);
    expect(signup).toMatchObject({
      event: 'signup',
      agreed: true,
      formVersion: 1,
      text: 'I agree to the privacy policy and to receive emails from Acme Marketing.',
    });
    expect(signup!.shown).toMatchObject({
      title: form.published!.title,
      consentLabel: 'I agree to the privacy policy and to receive emails from Acme Marketing.',
      privacyPolicyUrl: 'https://acme.example/privacy',
      doubleOptIn: true,
      fields: [{ id: 'email', required: true }],
    });
    expect(confirmation).toMatchObject({
      event: 'confirmation',
      method: 'code',
      formVersion: 1,
      submissionId: signup!.submissionId,
    });
    for (const row of [signup!, confirmation!]) {
      expect(row.ipHash).toMatch(/^[\w-]{32}$/);
      expect(row.userAgentHash).toBe(createTokens(t.config.secret).hashValue('ua', 'EvidenceBrowser/1.0'));
    }
  });

  it('records a link confirmation, and what a page without the checkbox showed (no agreement claimed)', async () => {
    const form = await createForm(t.app, owner, { publish: true, config: { privacyPolicy: false } as Partial<FormConfig> });
    await kit.submit(form.id, { email: 'no-box@example.com', consent: '' });
    const [mail] = await kit.mails('no-box@example.com');
    const link = confirmLinkIn(mail!.text);
    await kit.visit(link.pathname + link.search);
    const [signup, confirmation] = await evidenceOf((await leadOf('no-box@example.com')).id);
    expect(signup).toMatchObject({ event: 'signup', agreed: false, formVersion: 1 });
    expect(signup!.text).toContain('No consent checkbox was shown');
    expect(signup!.shown).toMatchObject({ consentLabel: null, submitLabel: 'Get Email Playbook PDF' });
    expect(confirmation).toMatchObject({ event: 'confirmation', method: 'link', formVersion: 1 });

    // The owner's leads list claims consent only where the visitor ticked the box.
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/forms/${form.id}/leads`,
      headers: { host: APP_HOST, cookie: owner.cookie },
    });
    expect(list.json<{ items: Array<{ consentGivenAt: string | null }> }>().items[0]!.consentGivenAt).toBeNull();
  });
});

describe('malformed input from a visitor', () => {
  it('answers a NUL or control byte in the email or a field with a clear 400, storing nothing', async () => {
    const form = await createForm(t.app, owner, {
      publish: true,
      config: {
        fields: [
          { id: 'email', type: 'email', label: 'Email', placeholder: '', required: true },
          { id: 'name', type: 'text', label: 'Name', placeholder: '', required: false },
        ],
      } as Partial<FormConfig>,
    });
    const nulEmail = await kit.submit(form.id, { email: 'nul\u0000@example.com' });
    expect(nulEmail.statusCode).toBe(400);
    expect(nulEmail.body).toContain(submissionMessages.invalidCharacter);
    const nulField = await kit.submit(form.id, { email: 'fine@example.com', name: 'Ada\u0000Lovelace' });
    expect(nulField.statusCode).toBe(400);
    expect(nulField.body).toContain(submissionMessages.invalidCharacter);
    expect(nulField.body).not.toContain('\u0000');
    expect(await t.db.select().from(leads).where(eq(leads.formId, form.id))).toEqual([]);

    // What the browser sends along (referrer, UTM parameters) is cleaned, not refused.
    const ok = await kit.submit(
      form.id,
      { email: 'fine@example.com', name: 'Ada', ls_ref: 'https://news.example/\u0000x' },
      { referer: `${t.config.publicUrl.origin}/f/${form.id}?utm_source=mail%00list` },
    );
    expect(ok.statusCode).toBe(303);
    expect(await leadOf('fine@example.com')).toMatchObject({ referrer: 'https://news.example/x', utmSource: 'maillist' });
  });
});

describe('a download link from a page that is gone', () => {
  it('says the page was removed, not that the address needs confirming', async () => {
    const form = await createForm(t.app, owner, {
      publish: true,
      pdf: pdfBytes(1024),
      config: { doubleOptIn: false, privacyPolicy: false } as Partial<FormConfig>,
    });
    await kit.submit(form.id, { email: 'keeper@example.com' });
    const [mail] = await kit.mails('keeper@example.com');
    const link = /\/d\/[\w.-]+/.exec(mail!.text)![0];
    expect((await kit.visit(link)).statusCode).toBe(200);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/forms/${form.id}`,
      headers: { host: APP_HOST, cookie: owner.cookie, origin: t.config.appUrl.origin },
    });
    expect(deleted.statusCode).toBeLessThan(300);
    const gone = await kit.visit(link);
    expect(gone.statusCode).toBe(410);
    expect(gone.body).toContain('This file is no longer available');
    expect(gone.body).not.toContain('needs a confirmed email address');
  });
});

describe('emails to visitors', () => {
  it("come from the business by name and take replies to the page's owner", async () => {
    const form = await createForm(t.app, owner, { publish: true });
    await kit.submit(form.id, { email: 'reply-to@example.com' });
    const [mail] = await mailsOf(t, 'reply-to@example.com');
    expect(mail!.from).toMatch(/^"?Acme Marketing"? <no-reply@lodestone\.local>$/);
    expect(mail!.replyTo).toBe(owner.email);
  });
});
