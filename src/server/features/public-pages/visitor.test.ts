import { gzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createForm, createUser, type SignedUpUser } from '@tests/kit/owner';
import { pdfBytes } from '@tests/kit/data';
import { APP_HOST, createTestApp, PUBLIC_HOST, type TestApp } from '@tests/setup/app';
import { mailsOf } from '@tests/kit/mailbox';
import type { FormConfig } from '@/domain/form-config';
import type { DashboardStats, FormDetail } from '@/domain/forms-api';
import { formDailyStats, leadConsents, leads } from '@/server/db/schema/index';
import { addressPool, BROWSER_UA, patientVisitorFields } from '@tests/kit/visitor';
import { signRenderTime } from '@/server/lib/fill-time';

let t: TestApp;
let owner: SignedUpUser;
const BROWSER = BROWSER_UA;
beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t.app);
  await t.db.execute(sql`update organizations set plan = 'pro'`);
});
afterAll(() => t.close());

const visit = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { host: PUBLIC_HOST, 'user-agent': BROWSER, ...headers } });

// Each post comes from its own address, so these tests stay clear of the per-IP rate limits (limits.test.ts).
const nextAddress = addressPool('10.1');

/** Posts the form as a person who took 3 seconds to fill it in. */
function submit(formId: string, fields: Record<string, string>, extra: Record<string, string> = {}) {
  const body = new URLSearchParams({ ...patientVisitorFields(t.config.secret), ...fields, ...extra });
  return t.app.inject({
    method: 'POST',
    url: `/f/${formId}`,
    remoteAddress: nextAddress(),
    headers: {
      host: PUBLIC_HOST,
      'user-agent': BROWSER,
      'content-type': 'application/x-www-form-urlencoded',
      referer: `http://${PUBLIC_HOST}/f/${formId}?utm_source=newsletter&utm_campaign=spring`,
    },
    payload: body.toString(),
  });
}

const postForm = (url: string, fields: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url,
    remoteAddress: nextAddress(),
    headers: { host: PUBLIC_HOST, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });

const mails = (to: string) => mailsOf(t, to);

/** Posts a thank-you page's form and follows the redirect back to it, as a browser does. */
async function postAndFollow(url: string, fields: Record<string, string>) {
  const res = await postForm(url, fields);
  expect(res.statusCode).toBe(303);
  return visit(res.headers.location as string);
}

const leadIdOf = async (email: string) => (await t.db.select({ id: leads.id }).from(leads).where(eq(leads.email, email)))[0]!.id;

const tokenOf = (location: string) => new URL(location, `http://${PUBLIC_HOST}`).searchParams.get('t')!;
const api = (url: string) => t.app.inject({ method: 'GET', url, headers: { host: APP_HOST, cookie: owner.cookie } });

describe('the published page', () => {
  it('is one server-rendered document with its own CSP, metadata and no framework, small on the wire', async () => {
    const form = await createForm(t.app, owner, {
      publish: true,
      config: { title: 'Grow <b>faster</b>', description: 'A guide & a plan' },
    });
    const res = await visit(`/f/${form.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    const html = res.body;
    expect(html).toMatch(/^<!doctype html><html lang="en">/);
    expect(html).toContain('<title>Grow &lt;b&gt;faster&lt;/b&gt;</title>');
    expect(html).toContain('<meta property="og:title" content="Grow &lt;b&gt;faster&lt;/b&gt;">');
    expect(html).toContain('<meta name="description" content="A guide &amp; a plan">');
    expect(html).toContain('rel="icon"');
    expect(html).not.toContain('<b>faster</b>'); // owner markup is text, not HTML
    expect(html).toContain(`action="/f/${form.id}"`);
    expect(html).not.toMatch(/<script[^>]+src=/); // no external script: no framework
    const csp = res.headers['content-security-policy'] as string;
    expect(csp).toMatch(/script-src 'sha256-[^']+' 'sha256-[^']+'/);
    expect(csp).not.toContain("unsafe-inline' 'sha256"); // scripts only by hash
    expect(csp).toContain("form-action 'self'");
    expect(gzipSync(html).length).toBeLessThan(20 * 1024);
    expect((await visit('/favicon.svg')).headers['content-type']).toContain('image/svg+xml');
  });

  it('shows the published version until the owner publishes again', async () => {
    const form = await createForm(t.app, owner, { publish: true, config: { title: 'Version one' } });
    expect((await visit(`/f/${form.id}`)).body).toContain('Version one');
    await t.app.inject({
      method: 'PUT',
      url: `/api/forms/${form.id}`,
      headers: { host: APP_HOST, cookie: owner.cookie },
      payload: { config: { ...form.draft, title: 'Version two' } },
    });
    expect((await visit(`/f/${form.id}`)).body).toContain('Version one');
    await t.app.inject({
      method: 'POST',
      url: `/api/forms/${form.id}/publish`,
      headers: { host: APP_HOST, cookie: owner.cookie },
    });
    expect((await visit(`/f/${form.id}`)).body).toContain('Version two');
  });

  it('answers 410 for an inactive page and 404 for unknown or never-published ones, never the app', async () => {
    const live = await createForm(t.app, owner, { publish: true });
    await t.app.inject({
      method: 'PATCH',
      url: `/api/forms/${live.id}/status`,
      headers: { host: APP_HOST, cookie: owner.cookie },
      payload: { status: 'inactive' },
    });
    const draft = await createForm(t.app, owner);
    const inactive = await visit(`/f/${live.id}`);
    expect(inactive.statusCode).toBe(410);
    expect(inactive.body).toContain('no longer available');
    expect((await submit(live.id, { email: 'a@example.com', consent: 'yes' })).statusCode).toBe(410);
    for (const id of [draft.id, 'AAAAAAAAAAAA', 'not-an-id']) {
      const res = await visit(`/f/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('<div id="root">');
    }
  });
});

describe('a submission with double opt-in', () => {
  let form: FormDetail;
  beforeAll(async () => {
    form = await createForm(t.app, owner, { publish: true, pdf: pdfBytes(4096) });
  });

  it('keeps what the visitor typed and names the problems beside the fields', async () => {
    const res = await submit(form.id, { email: 'not-an-email"><script>x</script>' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Enter a valid email address');
    expect(res.body).toContain('Please agree to the privacy policy to continue');
    expect(res.body).toContain('value="not-an-email&quot;&gt;&lt;script&gt;x&lt;/script&gt;"');
    expect(await t.db.select().from(leads).where(eq(leads.formId, form.id))).toEqual([]);
  });

  it('stores the lead with its consent, emails a code and a link, and verifies with the code', async () => {
    const email = 'Visitor.One@Example.com';
    const res = await submit(form.id, { email, consent: 'yes', unknown_field: 'ignored' });
    expect(res.statusCode).toBe(303);
    const token = tokenOf(res.headers.location as string);
    expect(res.headers.location).toMatch(/^\/thank-you\?t=/);
    expect(res.headers.location).not.toContain('visitor.one');

    const [lead] = await t.db.select().from(leads).where(eq(leads.formId, form.id));
    expect(lead).toMatchObject({
      email: 'visitor.one@example.com',
      status: 'pending',
      data: {},
      utmSource: 'newsletter',
      utmCampaign: 'spring',
    });
    const [consent] = await t.db.select().from(leadConsents).where(eq(leadConsents.leadId, lead!.id));
    expect(consent!.text).toBe('I agree to the privacy policy and to receive emails from Acme Marketing.');
    expect(consent!.ipHash).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(consent!.ipHash).not.toContain('127.0.0.1');

    const [mail] = await mails('visitor.one@example.com');
    const code = mail!.subject.match(/^(\d{6}) is your code/)![1]!;
    expect(mail!.text).toContain('/confirm?t=');

    const page = await visit(`/thank-you?t=${token}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Thank You!');
    expect(page.body).toContain('placeholder="Enter 6-digit code"');
    expect(page.body).toContain(
      'maxLength="6"'.toLowerCase().replace('maxlength', 'maxLength') === 'maxLength="6"' ? 'maxLength' : 'maxlength',
    );
    expect(page.body).toContain('visitor.one@example.com');

    const download = async () => (await visit(`/thank-you?t=${token}`)).body.match(/href="(http[^"]+\/d\/[^"]+)"/)?.[1];
    expect(await download()).toBeUndefined();

    const wrong = await postAndFollow('/thank-you/verify', { t: token, code: code === '000000' ? '111111' : '000000' });
    expect(wrong.body).toContain('That code is not right. 4 tries left.');
    // Redirect after POST: the address bar holds the page, so a reload does not post the code again.
    const right = await postForm('/thank-you/verify', { t: token, code });
    expect(right.statusCode).toBe(303);
    expect(right.headers.location).toMatch(/^\/thank-you\?t=[^&]+&n=verified$/);
    const confirmed = await visit(right.headers.location as string);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.body).toContain('Your email is confirmed.');
    expect(confirmed.body).toMatch(/href="http:\/\/127\.0\.0\.1:3000\/d\//);
    expect((await t.db.select().from(leads).where(eq(leads.id, lead!.id)))[0]!.status).toBe('verified');
    const delivery = await mails('visitor.one@example.com');
    expect(delivery.map((m) => m.subject)).toContain('Your download: Email Playbook PDF');
  });

  it('locks a code after 5 wrong tries, refuses an expired one, and resends only after 30 seconds', async () => {
    const res = await submit(form.id, { email: 'locked@example.com', consent: 'yes' });
    const token = tokenOf(res.headers.location as string);
    const [mail] = await mails('locked@example.com');
    const leadId = await leadIdOf('locked@example.com');
    for (const left of ['4 tries', '3 tries', '2 tries', '1 try']) {
      expect((await postAndFollow('/thank-you/verify', { t: token, code: '999999' })).body).toContain(
        `That code is not right. ${left} left.`,
      );
    }
    const fifth = await postAndFollow('/thank-you/verify', { t: token, code: '999999' });
    expect(fifth.body).toContain('Too many wrong codes.');
    const code = mail!.subject.slice(0, 6);
    expect((await postAndFollow('/thank-you/verify', { t: token, code })).body).toContain('Too many wrong codes.');

    const early = await postForm('/thank-you/resend', { t: token });
    expect(early.statusCode).toBe(429);
    expect(Number(early.headers['retry-after'])).toBeGreaterThan(0);
    expect(early.body).toContain('Please wait');

    await t.db
      .update(leads)
      .set({ emailSentAt: new Date(Date.now() - 31_000) })
      .where(eq(leads.id, leadId));
    await t.db.execute(
      sql`update submissions set created_at = now() - interval '31 seconds', last_code_at = now() - interval '31 seconds'`,
    );
    const resent = await postAndFollow('/thank-you/resend', { t: token });
    expect(resent.body).toContain('We sent you a new code.');
    const newCode = (await mails('locked@example.com'))[0]!.subject.slice(0, 6);

    await t.db
      .update(leads)
      .set({ codeExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(leads.id, leadId));
    expect((await postAndFollow('/thank-you/verify', { t: token, code: newCode })).body).toContain('This code has expired.');
  });

  it('confirms with the one-click link, and says so again when it is reused', async () => {
    const res = await submit(form.id, { email: 'link@example.com', consent: 'yes' });
    const [mail] = await mails('link@example.com');
    const confirm = new URL(mail!.text.match(/http\S+\/confirm\?t=\S+/)![0]);
    const first = await visit(confirm.pathname + confirm.search);
    expect(first.statusCode).toBe(303);
    expect((await visit(first.headers.location as string)).body).toContain('Your email is confirmed.');
    const again = await visit(confirm.pathname + confirm.search);
    expect((await visit(again.headers.location as string)).body).toContain('Your email is already confirmed.');
    expect(tokenOf(res.headers.location as string)).toBeTruthy();
  });

  it('delivers the PDF only to a verified lead, as an attachment, through a signed expiring link', async () => {
    const res = await submit(form.id, { email: 'dl@example.com', consent: 'yes' });
    const token = tokenOf(res.headers.location as string);
    const leadId = await leadIdOf('dl@example.com');
    // a link for an unverified lead, made with our own signer, is still refused
    const { createTokens } = await import('@/server/lib/tokens');
    const tokens = createTokens(t.config.secret);
    const future = new Date(Date.now() + 86_400_000);
    const refused = await visit(`/d/${tokens.signExpiring('download', leadId, future)}`);
    expect(refused.statusCode).toBe(403);

    const [mail] = await mails('dl@example.com');
    await postForm('/thank-you/verify', { t: token, code: mail!.subject.slice(0, 6) });
    const page = await visit(`/thank-you?t=${token}`);
    const link = new URL(page.body.match(/href="(http[^"]+\/d\/[^"]+)"/)![1]!);
    const file = await visit(link.pathname);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toContain('attachment; filename="Email Playbook PDF.pdf"');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-security-policy']).toContain('sandbox');
    expect(file.rawPayload.equals(pdfBytes(4096))).toBe(true);
    expect((await t.db.select().from(leads).where(eq(leads.id, leadId)))[0]!.downloads).toBe(1);

    const expired = await visit(`/d/${tokens.signExpiring('download', leadId, new Date(Date.now() - 1000))}`);
    expect(expired.statusCode).toBe(410);
    const tampered = await visit(link.pathname.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')));
    expect(tampered.statusCode).toBe(404);
  });

  it('creates no second lead for the same email, and resends what is due only after 30 seconds', async () => {
    await submit(form.id, { email: 'twice@example.com', consent: 'yes' });
    const again = await submit(form.id, { email: 'TWICE@example.com', consent: 'yes' });
    expect(again.statusCode).toBe(303);
    expect(await t.db.select().from(leads).where(eq(leads.email, 'twice@example.com'))).toHaveLength(1);
    expect(await mails('twice@example.com')).toHaveLength(1);
    await t.db
      .update(leads)
      .set({ emailSentAt: new Date(Date.now() - 31_000) })
      .where(eq(leads.email, 'twice@example.com'));
    await submit(form.id, { email: 'twice@example.com', consent: 'yes' });
    expect(await mails('twice@example.com')).toHaveLength(2);
  });

  it('answers bots as if it worked and stores nothing', async () => {
    const honeypot = await submit(form.id, { email: 'bot1@example.com', consent: 'yes' }, { ls_hp: 'http://spam.example' });
    expect(honeypot.statusCode).toBe(200);
    expect(honeypot.body).toContain('Thank');
    const forged = await submit(form.id, { email: 'bot3@example.com', consent: 'yes' }, { ls_t: '1000.forged' });
    expect(forged.statusCode).toBe(200);
    expect(forged.body).toContain('Thank');
    const stored = await t.db
      .select({ email: leads.email })
      .from(leads)
      .where(sql`${leads.email} like 'bot%'`);
    expect(stored).toEqual([]);
  });

  it('never tells a fast person it worked: an autofilled form comes back asking to press once more', async () => {
    const fast = await submit(
      form.id,
      { email: 'autofill@example.com', consent: 'yes' },
      { ls_t: signRenderTime(t.config.secret, Date.now() - 300) },
    );
    expect(fast.statusCode).toBe(200);
    expect(fast.body).toContain('Please press the button once more');
    expect(fast.body).not.toContain('Thank You!');
    expect(fast.body).toContain('value="autofill@example.com"');
    expect(await t.db.select().from(leads).where(eq(leads.email, 'autofill@example.com'))).toEqual([]);
    expect(await mails('autofill@example.com')).toEqual([]);

    // The page carries a fresh time marked as a second try: a person pressing again a second later gets through.
    const secondTry = fast.body.match(/name="ls_t" value="([^"]+)"/)![1]!;
    expect(secondTry).toMatch(/^\d+r\.[\w-]{16}$/);
    const again = await submit(
      form.id,
      { email: 'autofill@example.com', consent: 'yes' },
      { ls_t: signRenderTime(t.config.secret, Date.now() - 1000, true) },
    );
    expect(again.statusCode).toBe(303);
    expect(await t.db.select().from(leads).where(eq(leads.email, 'autofill@example.com'))).toHaveLength(1);
    // ...but a second try made at once is still asked again, not dropped.
    const instant = await submit(
      form.id,
      { email: 'autofill2@example.com', consent: 'yes' },
      { ls_t: signRenderTime(t.config.secret, Date.now(), true) },
    );
    expect(instant.body).toContain('Please press the button once more');
  });
});

describe('without double opt-in', () => {
  it('starts verified: the thank-you page and the email carry the download at once', async () => {
    const form = await createForm(t.app, owner, {
      publish: true,
      config: { doubleOptIn: false, privacyPolicy: false } as Partial<FormConfig>,
    });
    const res = await submit(form.id, { email: 'quick@example.com' });
    expect(res.statusCode).toBe(303);
    const page = await visit(res.headers.location as string);
    expect(page.body).not.toContain('Enter 6-digit code');
    expect(page.body).toMatch(/href="http[^"]+\/d\/[^"]+"/);
    const [mail] = await mails('quick@example.com');
    expect(mail!.subject).toBe('Your download: Email Playbook PDF');
    expect(mail!.text).toMatch(/\/d\/\S+/);
  });
});

describe('analytics', () => {
  it('counts views and unique visitors without bots or prefetches, and shows them on the dashboard', async () => {
    const form = await createForm(t.app, owner, { publish: true });
    await visit(`/f/${form.id}`);
    await visit(`/f/${form.id}`);
    await visit(`/f/${form.id}`, { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1)' });
    await visit(`/f/${form.id}`, { 'sec-purpose': 'prefetch' });
    await t.app.inject({ method: 'GET', url: `/f/${form.id}`, headers: { host: PUBLIC_HOST, 'user-agent': `${BROWSER} Other` } });
    await expect
      .poll(async () => (await t.db.select().from(formDailyStats).where(eq(formDailyStats.formId, form.id)))[0])
      .toMatchObject({ views: 3, uniqueVisitors: 2 });
    await submit(form.id, { email: 'counted@example.com', consent: 'yes' });
    const row = (await api('/api/forms'))
      .json<{ items: Array<{ id: string; views: number; leads: number; conversionRate: number }> }>()
      .items.find((f) => f.id === form.id)!;
    expect(row).toMatchObject({ views: 3, leads: 1, conversionRate: 33.3 });
    expect((await api('/api/forms/stats')).json<DashboardStats>().totalLeads).toBeGreaterThanOrEqual(1);
    const cookies = (await visit(`/f/${form.id}`)).headers['set-cookie'];
    expect(cookies).toBeUndefined();
  });

  it("keeps one workspace's leads out of another's dashboard", async () => {
    const stranger = await createUser(t.app);
    const stats = await t.app.inject({
      method: 'GET',
      url: '/api/forms/stats',
      headers: { host: APP_HOST, cookie: stranger.cookie },
    });
    expect(stats.json<DashboardStats>()).toEqual({
      totalLeads: 0,
      totalForms: 0,
      conversionRate: 0,
      lastMonthLeads: 0,
      confirmedLeads: 0,
      downloads: 0,
      revenue: [],
    });
  });
});
