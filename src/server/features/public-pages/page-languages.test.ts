import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailsOf } from '@tests/kit/mailbox';
import { createForm, createUser, type SignedUpUser } from '@tests/kit/owner';
import { addressPool, BROWSER_UA, patientVisitorFields } from '@tests/kit/visitor';
import { APP_HOST, createTestApp, PUBLIC_HOST, type TestApp } from '@tests/setup/app';
import { leadConsents, leads } from '@/server/db/schema/index';

// A page in several languages (docs/decisions/0085): each visitor gets the page in the language their
// link names or their browser asks for, with the owner's texts in it and Lodestone's words from its
// catalogue; the sign-up, its evidence, its pages and its emails stay in that language.

let t: TestApp;
let owner: SignedUpUser;
let port: number;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
  owner = await createUser(t.app);
  await t.db.execute(sql`update organizations set plan = 'pro'`);
});
afterAll(() => t.close());

const nextAddress = addressPool('10.86');

/** A GET over a real socket, so the fast path answers it once the page was rendered. */
function get(path: string, headers: Record<string, string> = {}): Promise<{ status: number; vary: string; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path, headers: { host: PUBLIC_HOST, 'user-agent': BROWSER_UA, ...headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode!, vary: String(res.headers.vary ?? ''), body: Buffer.concat(chunks).toString() }),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}

const submit = (formId: string, fields: Record<string, string>, acceptLanguage = 'en') =>
  t.app.inject({
    method: 'POST',
    url: `/f/${formId}`,
    remoteAddress: nextAddress(),
    headers: {
      host: PUBLIC_HOST,
      'user-agent': BROWSER_UA,
      'accept-language': acceptLanguage,
      'content-type': 'application/x-www-form-urlencoded',
    },
    payload: new URLSearchParams({ ...patientVisitorFields(t.config.secret), ...fields }).toString(),
  });

const publishTrilingual = () =>
  createForm(t.app, owner, {
    publish: true,
    config: {
      title: 'The Calm Guide',
      description: 'Ten pages of calm.',
      businessName: 'Calm Co',
      leadMagnetName: 'Calm Guide',
      doubleOptIn: true,
      emails: {
        senderName: '',
        replyTo: '',
        confirmSubject: 'Your code {code} for {lead_magnet}',
        confirmText: '',
        deliverySubject: '',
        deliveryText: '',
      },
      language: 'en',
      languages: ['de', 'fr'],
      translations: {
        de: { title: 'Der Ruhe-Leitfaden', leadMagnetName: 'Ruhe-Leitfaden', 'fields.email.label': 'Ihre E-Mail' },
        fr: { title: 'Le guide du calme', description: '', 'emails.confirmSubject': '{code} : votre code pour {lead_magnet}' },
      },
    },
  });

describe('a page in several languages', () => {
  it('serves each browser its best language, and each link its named one, as separate cached documents', async () => {
    const form = await publishTrilingual();
    const path = `/f/${form.id}`;
    // Twice each: the second answer comes from the fast path's cache, and must still be the right language.
    for (let round = 0; round < 2; round++) {
      const german = await get(path, { 'accept-language': 'de-AT,de;q=0.9,en;q=0.5' });
      expect(german.status).toBe(200);
      expect(german.body).toMatch(/^<!doctype html><html lang="de">/);
      expect(german.body).toContain('Der Ruhe-Leitfaden');
      expect(german.body).toContain('>Ihre E-Mail');
      expect(german.body).toContain('>Ruhe-Leitfaden erhalten</button>');
      expect(german.body).toContain('name="ls_lang" value="de"');
      expect(german.vary).toMatch(/accept-language/i);

      const french = await get(path, { 'accept-language': 'fr-CH' });
      expect(french.body).toMatch(/^<!doctype html><html lang="fr">/);
      expect(french.body).toContain('Le guide du calme');
      // Left empty in French: the main language's words, never a blank.
      expect(french.body).toContain('Ten pages of calm.');
      expect(french.body).toContain('>Email Address');

      const named = await get(`${path}?lang=fr`, { 'accept-language': 'de' });
      expect(named.body).toMatch(/^<!doctype html><html lang="fr">/);
      const other = await get(path, { 'accept-language': 'ja' });
      expect(other.body).toMatch(/^<!doctype html><html lang="en">/);
      expect(other.body).toContain('The Calm Guide');
    }
    // The switch: a link to each language, named in itself, the one shown marked.
    const page = await get(`${path}?lang=de`);
    expect(page.body).toContain('<nav class="ls-languages" aria-label="Sprache">');
    expect(page.body).toContain('<a href="?lang=en" lang="en" hrefLang="en">English</a>');
    expect(page.body).toContain('<a href="?lang=de" lang="de" hrefLang="de" aria-current="true">Deutsch</a>');
    expect(page.body).toContain('<a href="?lang=fr" lang="fr" hrefLang="fr">Français</a>');
  });

  it('keeps a visitor in the language they read: their mistakes, evidence, code page and email', async () => {
    const form = await publishTrilingual();
    const invalid = await submit(form.id, { email: 'pas-valide', ls_lang: 'fr' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.body).toMatch(/^<!doctype html><html lang="fr">/);
    expect(invalid.body).toContain('Le guide du calme');

    const res = await submit(form.id, { email: 'camille@example.com', consent: 'yes', ls_lang: 'fr' }, 'de');
    expect(res.statusCode).toBe(303);
    const [consent] = await t.db
      .select({ shown: leadConsents.shown })
      .from(leadConsents)
      .innerJoin(leads, eq(leads.id, leadConsents.leadId))
      .where(eq(leads.email, 'camille@example.com'));
    expect(consent!.shown).toMatchObject({ language: 'fr' });
    const thanks = await t.app.inject({ method: 'GET', url: res.headers.location as string, headers: { host: PUBLIC_HOST } });
    expect(thanks.body).toMatch(/^<!doctype html><html lang="fr">/);
    const [mail] = await mailsOf(t, 'camille@example.com');
    // The owner's French subject, filled in; the body's fixed words French.
    expect(mail!.subject).toMatch(/^\d{6} : votre code pour Calm Guide$/);
    expect(mail!.html).toMatch(/<html[^>]* lang="fr"/);

    // A language the page does not speak is its main one.
    const unknown = await submit(form.id, { email: 'otto@example.com', consent: 'yes', ls_lang: 'xx' }, 'xx');
    expect(unknown.statusCode).toBe(303);
    const [english] = await mailsOf(t, 'otto@example.com');
    expect(english!.subject).toMatch(/^Your code \d{6} for Calm Guide$/);
  });

  it('refuses languages given twice and translated email words with unknown placeholders, changing nothing', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/forms',
      headers: { host: APP_HOST, origin: `http://${APP_HOST}`, cookie: owner.cookie },
      payload: { config: { languages: ['de', 'de'] } },
    });
    expect(res.statusCode).toBe(400);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/forms',
      headers: { host: APP_HOST, origin: `http://${APP_HOST}`, cookie: owner.cookie },
      payload: { config: { languages: ['de'], translations: { de: { 'emails.deliverySubject': 'Hallo {frist_name}' } } } },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      errors: { 'translations.de.emails.deliverySubject': expect.stringMatching(/Unknown placeholder/) },
    });
  });
});
