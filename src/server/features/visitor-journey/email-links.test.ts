import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createForm, createUser, type SignedUpUser } from '@tests/kit/owner';
import { pdfBytes } from '@tests/kit/data';
import { journeyKit } from '@tests/kit/journey';
import { APP_HOST, createTestApp, type TestApp } from '@tests/setup/app';
import type { FormConfig } from '@/domain/form-config';
import { leads } from '@/server/db/schema/index';
import { createTokens } from '@/server/lib/tokens';

// A link from a visitor's email that no longer works says what happened to it (damaged, expired, its
// page removed) and offers a way to a new one, never that the page "is no longer published".

let t: TestApp;
let owner: SignedUpUser;
let kit: ReturnType<typeof journeyKit>;
beforeAll(async () => {
  t = await createTestApp();
  kit = journeyKit(t, '10.37');
  owner = await createUser(t.app);
  await t.db.execute(sql`update organizations set plan = 'pro'`);
});
afterAll(() => t.close());

const NOT_PUBLISHED = 'no longer published';
const linkIn = (text: string, path: RegExp) =>
  new URL(new RegExp(`http\\S+${path.source}\\S+`).exec(text)![0].replace(/[.,)\]]+$/, ''));
const relative = (url: URL) => url.pathname + url.search;
/** A link with its last character changed, as a mail program or a careless copy might leave it. */
const tampered = (url: URL) => {
  const s = relative(url);
  return s.slice(0, -1) + (s.endsWith('A') ? 'B' : 'A');
};
const leadId = async (email: string) => (await t.db.select().from(leads).where(eq(leads.email, email)))[0]!.id;

async function confirmedLead(email: string) {
  const form = await createForm(t.app, owner, { publish: true, pdf: pdfBytes(1024) });
  await kit.submit(form.id, { email });
  const [codeMail] = await kit.mails(email);
  const confirm = linkIn(codeMail!.text, /\/confirm\?t=/);
  await kit.visit(relative(confirm));
  const [deliveryMail] = await kit.mails(email);
  return {
    form,
    confirm,
    download: linkIn(deliveryMail!.text, /\/d\//),
    inbox: linkIn(deliveryMail!.text, /\/thank-you\?t=/),
  };
}

describe('a link from an email that does not work', () => {
  it('says a damaged link is damaged, and offers its page to sign up again for a new one', async () => {
    const { form, confirm, download, inbox } = await confirmedLead('damaged@example.com');
    for (const [link, title] of [
      [confirm, 'This confirmation link is damaged'],
      [download, 'This download link is damaged'],
      [inbox, 'This link is damaged'],
    ] as const) {
      const res = await kit.visit(tampered(link));
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain(title);
      expect(res.body).toContain('copy the whole link');
      expect(res.body).not.toContain(NOT_PUBLISHED);
      expect(res.body).toContain(`href="/f/${form.id}"`);
    }
    // A link cut short before its signature names a lead no more than one made up.
    const cut = await kit.visit(`/d/${await leadId('damaged@example.com')}`);
    expect(cut.body).toContain('This download link is damaged');
    // Nothing in it names a page: no page is offered.
    const madeUp = await kit.visit('/confirm?t=nothing-like-a-link');
    expect(madeUp.statusCode).toBe(404);
    expect(madeUp.body).toContain('This confirmation link is damaged');
    expect(madeUp.body).not.toContain('href="/f/');
  });

  it('offers an expired download link a fresh one on the download page, as a link', async () => {
    const { inbox } = await confirmedLead('expired-download@example.com');
    const stale = createTokens(t.config.secret).signExpiring(
      'download',
      await leadId('expired-download@example.com'),
      new Date(Date.now() - 1000),
    );
    const res = await kit.visit(`/d/${stale}`);
    expect(res.statusCode).toBe(410);
    expect(res.body).toContain('This download link has expired');
    expect(res.body).toContain(`href="${relative(inbox).replaceAll('&', '&amp;')}"`);
    expect(res.body).not.toContain(NOT_PUBLISHED);
    const fresh = await kit.visit(relative(inbox));
    expect(fresh.body).toMatch(/href="http[^"]+\/d\/[^"]+"/);
  });

  it('says the page was removed when a confirmation link comes from a deleted page', async () => {
    const form = await createForm(t.app, owner, {
      publish: true,
      pdf: pdfBytes(1024),
      config: { privacyPolicy: false } as Partial<FormConfig>,
    });
    await kit.submit(form.id, { email: 'removed-page@example.com', consent: '' });
    const [mail] = await kit.mails('removed-page@example.com');
    const confirm = linkIn(mail!.text, /\/confirm\?t=/);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/forms/${form.id}`,
      headers: { host: APP_HOST, cookie: owner.cookie, origin: t.config.appUrl.origin },
    });
    expect(deleted.statusCode).toBeLessThan(300);
    const res = await kit.visit(relative(confirm));
    expect(res.statusCode).toBe(410);
    expect(res.body).toContain('The page it came from was removed by its owner.');
    expect(res.body).not.toContain(NOT_PUBLISHED);
  });
});
