import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createForm, createUser, type SignedUpUser } from '@tests/kit/owner';
import { addressPool, BROWSER_UA, patientVisitorFields } from '@tests/kit/visitor';
import { APP_HOST, createTestApp, PUBLIC_HOST, type TestApp } from '@tests/setup/app';
import { forms, leadConsents, leads } from '@/server/db/schema/index';
import { signRenderTime } from '@/server/lib/fill-time';

// A published page in its language (docs/decisions/0085): the document's lang and direction, and the
// fixed words of the page and of the thank-you page after a sign-up, from that language's catalogue.

let t: TestApp;
let owner: SignedUpUser;
beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t.app);
  await t.db.execute(sql`update organizations set plan = 'pro'`);
});
afterAll(() => t.close());

const nextAddress = addressPool('10.85');
const visit = (url: string) => t.app.inject({ method: 'GET', url, headers: { host: PUBLIC_HOST, 'user-agent': BROWSER_UA } });
const submit = (formId: string, fields: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: `/f/${formId}`,
    remoteAddress: nextAddress(),
    headers: { host: PUBLIC_HOST, 'user-agent': BROWSER_UA, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ ...patientVisitorFields(t.config.secret), ...fields }).toString(),
  });

describe('a page in a language of its own', () => {
  it('is a German document with German fixed words, and its thank-you page is German too', async () => {
    const form = await createForm(t.app, owner, {
      publish: true,
      config: { language: 'de', leadMagnetName: 'Leitfaden', businessName: 'Acme GmbH', doubleOptIn: true },
    });
    const page = await visit(`/f/${form.id}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toMatch(/^<!doctype html><html lang="de"><head>/);
    expect(page.body).toContain('>Leitfaden erhalten</button>');
    expect(page.body).toMatch(
      /Ich stimme der <a class="ls-policy-link" href="[^"]+" target="_blank" rel="noopener noreferrer">Datenschutzerklärung<\/a> und dem Erhalt von E-Mails von Acme GmbH zu\./,
    );
    expect(page.body).toContain('data-submitting-label="Wird gesendet...');
    expect(page.body).not.toContain('I agree to the');

    const res = await submit(form.id, { email: 'lea@example.com', consent: 'yes' });
    expect(res.statusCode).toBe(303);
    // The evidence keeps the words she agreed to, in her language.
    const [consent] = await t.db
      .select({ text: leadConsents.text, shown: leadConsents.shown })
      .from(leadConsents)
      .innerJoin(leads, eq(leads.id, leadConsents.leadId))
      .where(eq(leads.email, 'lea@example.com'));
    expect(consent!.text).toBe('Ich stimme der Datenschutzerklärung und dem Erhalt von E-Mails von Acme GmbH zu.');
    expect(consent!.shown).toMatchObject({ language: 'de', submitLabel: 'Leitfaden erhalten', consentLabel: consent!.text });
    const thanks = await visit(res.headers.location as string);
    expect(thanks.body).toMatch(/^<!doctype html><html lang="de"><head>/);
    expect(thanks.body).toContain('Bestätigungscode');
    expect(thanks.body).toContain(
      'Wir haben einen 6-stelligen Code und einen Bestätigungslink an <strong>lea@example.com</strong> gesendet.',
    );
    expect(thanks.body).not.toContain('Verification code');
  });

  it('names a German visitor’s mistakes in German, and asks a too-fast one to press again in German', async () => {
    const form = await createForm(t.app, owner, { publish: true, config: { language: 'de', businessName: 'Acme GmbH' } });
    const invalid = await submit(form.id, { email: 'nicht-gültig' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.body).toContain('Geben Sie eine gültige E-Mail-Adresse ein');
    expect(invalid.body).toContain('Bitte stimmen Sie der Datenschutzerklärung zu, um fortzufahren');
    expect(invalid.body).not.toContain('Enter a valid email address');
    const tooFast = await t.app.inject({
      method: 'POST',
      url: `/f/${form.id}`,
      remoteAddress: nextAddress(),
      headers: { host: PUBLIC_HOST, 'user-agent': BROWSER_UA, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        email: 'schnell@example.com',
        consent: 'yes',
        ls_hp: '',
        ls_t: signRenderTime(t.config.secret, Date.now()),
      }).toString(),
    });
    expect(tooFast.body).toContain('Bitte klicken Sie noch einmal auf die Schaltfläche');
  });

  it('is written right to left in Arabic', async () => {
    const form = await createForm(t.app, owner, { publish: true, config: { language: 'ar', businessName: 'أكمي' } });
    const page = await visit(`/f/${form.id}`);
    expect(page.body).toMatch(/^<!doctype html><html lang="ar" dir="rtl"><head>/);
    expect(page.body).toContain('أوافق على');
  });

  it('is English when it was published before pages had a language, or names one it does not know', async () => {
    const form = await createForm(t.app, owner, { publish: true, config: { businessName: 'Old Co' } });
    await t.db
      .update(forms)
      .set({ published: sql`${forms.published} - 'language'` })
      .where(eq(forms.id, form.id));
    const old = await visit(`/f/${form.id}`);
    expect(old.statusCode).toBe(200);
    expect(old.body).toMatch(/^<!doctype html><html lang="en"><head>/);
    expect(old.body).toContain('I agree to the <a');
  });

  it('refuses a language Lodestone does not speak, and changes nothing', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/forms',
      headers: { host: APP_HOST, cookie: owner.cookie },
      payload: { config: { language: 'xx' } },
    });
    expect(res.statusCode).toBe(400);
  });
});
