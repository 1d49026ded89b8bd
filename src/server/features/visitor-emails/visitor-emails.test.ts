import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createForm, createUser, type SignedUpUser } from '@tests/kit/owner';
import { journeyKit } from '@tests/kit/journey';
import { mailsOf, readMailbox } from '@tests/kit/mailbox';
import { publishableConfig } from '@tests/kit/data';
import { APP_HOST, createTestApp, type TestApp } from '@tests/setup/app';
import { ErrorCode } from '@/domain/api-errors';
import type { EmailPreview, EmailPreviewBody } from '@/domain/email-copy-api';
import { contrastRatio, legibleOn } from '@/domain/contrast';
import { DEFAULT_DESIGN, DEFAULT_EMAIL_COPY, newField, type EmailCopy, type FormConfig } from '@/domain/form-config';
import { uploadImage } from '@tests/kit/images';
import { liveFormsSynced } from '@/server/features/submissions';

// The owner's words in the emails a page's visitors get: through a real sign-up and confirmation,
// and through the creator's preview and test send.

let t: TestApp;
let owner: SignedUpUser;
let kit: ReturnType<typeof journeyKit>;
beforeAll(async () => {
  t = await createTestApp();
  kit = journeyKit(t, '10.31');
  owner = await createUser(t.app, { email: 'owner-of-acme@example.com' });
  await t.db.execute(sql`update organizations set plan = 'pro'`);
});
afterAll(() => t.close());

const ownerCall = (user: SignedUpUser | null, method: 'POST' | 'PUT', url: string, payload: unknown) =>
  t.app.inject({
    method,
    url,
    headers: { host: APP_HOST, ...(user ? { cookie: user.cookie } : {}) },
    payload: payload as object,
  });

const emails = (patch: Partial<EmailCopy>): EmailCopy => ({ ...DEFAULT_EMAIL_COPY, ...patch });
const firstNameField = { ...newField(1), id: 'first', label: 'First name', placeholder: '' };
const confirmLinkIn = (text: string) => new URL(/http\S+\/confirm\?t=\S+/.exec(text)![0]);

describe("a page's emails in the owner's words", () => {
  it('reach the visitor: subject, words, sender name and Reply-To in the confirmation, then the words of the delivery', async () => {
    const form = await createForm(t.app, owner, {
      publish: true,
      config: {
        fields: [...publishableConfig(null).fields, firstNameField],
        emails: emails({
          senderName: 'Ada at Acme',
          replyTo: 'help@acme.example',
          confirmSubject: '{first_name}, {code} unlocks {lead_magnet}',
          confirmText: 'Hi {first_name},\n\nthanks for asking for {lead_magnet}. <b>Bold?</b> Not here.',
          deliverySubject: '{lead_magnet} from {business_name}',
          deliveryText: 'Here you go, {first_name}!\n\nEnjoy the read.',
        }),
      } as Partial<FormConfig>,
    });
    await kit.submit(form.id, { email: 'reader@example.com', first: 'Grace' });
    const [confirmation] = await mailsOf(t, 'reader@example.com');
    expect(confirmation!.subject).toMatch(/^Grace, \d{6} unlocks Email Playbook PDF$/);
    expect(confirmation!.from).toMatch(/^"Ada at Acme" <[^>]+@[^>]+>$/);
    expect(confirmation!.replyTo).toBe('help@acme.example');
    expect(confirmation!.text).toContain('Hi Grace,');
    expect(confirmation!.text).toContain('thanks for asking for Email Playbook PDF. <b>Bold?</b> Not here.');
    expect(confirmation!.html).toContain('&lt;b&gt;Bold?&lt;/b&gt;');
    expect(confirmation!.html).not.toContain('<b>Bold?</b>');
    // The fixed parts: the code, the button and the link to paste, the footer.
    const code = /^Grace, (\d{6})/.exec(confirmation!.subject)![1]!;
    expect(confirmation!.text).toContain(code);
    expect(confirmation!.html).toContain('Confirm my email');
    expect(confirmation!.text).toContain('paste this link into your browser');
    expect(confirmation!.text).toContain('page built with Lodestone');

    const link = confirmLinkIn(confirmation!.text);
    expect((await kit.visit(link.pathname + link.search)).statusCode).toBe(303);
    const [delivery] = await mailsOf(t, 'reader@example.com', 'Email Playbook PDF from Acme Marketing');
    expect(delivery).toBeDefined();
    expect(delivery!.text).toContain('Here you go, Grace!');
    expect(delivery!.text).toContain('Enjoy the read.');
    expect(delivery!.text).toContain('The download link works for 7 days.');
    expect(delivery!.from).toMatch(/^"Ada at Acme" </);
    expect(delivery!.replyTo).toBe('help@acme.example');
  });

  it("come from the business with replies to the owner's account when the page says nothing; a visitor without a name is 'there'", async () => {
    const form = await createForm(t.app, owner, {
      publish: true,
      config: { doubleOptIn: false, emails: emails({ deliveryText: 'Hi {first_name}, enjoy.' }) } as Partial<FormConfig>,
    });
    await kit.submit(form.id, { email: 'plain@example.com' });
    const [delivery] = await mailsOf(t, 'plain@example.com');
    expect(delivery!.subject).toBe('Your download: Email Playbook PDF');
    expect(delivery!.from).toMatch(/^"Acme Marketing" </);
    expect(delivery!.replyTo).toBe('owner-of-acme@example.com');
    expect(delivery!.text).toContain('Hi there, enjoy.');
  });

  it('cannot be saved with an unknown placeholder or a Reply-To that is no address, keyed as the editor shows them', async () => {
    const config = {
      ...publishableConfig(null),
      emails: emails({ replyTo: 'nope', confirmText: 'Hi {frist_name}', deliverySubject: 'Your {code}' }),
    };
    const res = await ownerCall(owner, 'POST', '/api/forms', { config });
    expect(res.statusCode).toBe(400);
    const body = res.json<{ code: string; errors: Record<string, string> }>();
    expect(body.code).toBe(ErrorCode.VALIDATION_ERROR);
    expect(body.errors).toEqual({
      'emails.replyTo': 'Enter an email address like you@example.com',
      'emails.confirmText': 'Unknown placeholder {frist_name}. You can use {lead_magnet}, {business_name} and {first_name}.',
      'emails.deliverySubject': expect.stringContaining('{code} works only in the confirmation subject'),
    });
  });
});

const previewBody = (patch: Partial<EmailPreviewBody> = {}): EmailPreviewBody => ({
  email: 'confirm',
  businessName: 'Acme Marketing',
  leadMagnetName: 'The Guide',
  emails: emails({ confirmSubject: 'Hi {first_name}: {code}', confirmText: 'Dear {first_name},\n\n<b>x</b> and {frist_name}' }),
  ...patch,
});

describe('the preview', () => {
  it('is the email rendered by the real templates with sample values, owner text escaped, unknown placeholders as typed', async () => {
    const res = await ownerCall(owner, 'POST', '/api/forms/email-preview', previewBody());
    expect(res.statusCode).toBe(200);
    const preview = res.json<EmailPreview>();
    expect(preview.subject).toBe('Hi Alex: 123456');
    expect(preview.html).toMatch(/^<!DOCTYPE html/);
    expect(preview.html).toContain('&lt;b&gt;x&lt;/b&gt; and {frist_name}');
    expect(preview.text).toContain('Dear Alex,');
    expect(preview.text).toContain('123456');
    expect(preview.html).toContain('Confirm my email');
    expect(preview.from).toMatch(/^"Acme Marketing" </);
    expect(preview.replyTo).toBe('owner-of-acme@example.com');

    const delivery = await ownerCall(owner, 'POST', '/api/forms/email-preview', {
      ...previewBody({ email: 'delivery' }),
      emails: emails({ senderName: 'Ada', replyTo: 'help@acme.example' }),
    });
    expect(delivery.json<EmailPreview>()).toMatchObject({
      subject: 'Your download: The Guide',
      from: expect.stringMatching(/^"Ada" </),
      replyTo: 'help@acme.example',
    });
    expect(delivery.json<EmailPreview>().text).toContain('Here is The Guide. Thank you for requesting it from Acme Marketing.');
  });

  it('needs a session and a well-formed body', async () => {
    expect((await ownerCall(null, 'POST', '/api/forms/email-preview', previewBody())).statusCode).toBe(401);
    const bad = await ownerCall(owner, 'POST', '/api/forms/email-preview', { ...previewBody(), email: 'welcome' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: ErrorCode.VALIDATION_ERROR, errors: { email: expect.any(String) } });
  });
});

describe('the test send', () => {
  it("goes through the mail queue to the caller's own address, five in ten minutes per person, then a clear 429", async () => {
    const tester = await createUser(t.app, { email: 'tester@example.com' });
    const sent = await ownerCall(tester, 'POST', '/api/forms/email-test', previewBody());
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ to: 'tester@example.com' });
    const [mail] = await mailsOf(t, 'tester@example.com');
    expect(mail!.subject).toBe('[Test] Hi Alex: 123456');
    expect(mail!.text).toContain('Dear Alex,');
    expect(mail!.from).toMatch(/^"Acme Marketing" </);
    // Their own workspace's owner: themselves.
    expect(mail!.replyTo).toBe('tester@example.com');

    const delivery = await ownerCall(tester, 'POST', '/api/forms/email-test', previewBody({ email: 'delivery' }));
    expect(delivery.statusCode).toBe(200);
    expect((await mailsOf(t, 'tester@example.com'))[0]!.subject).toBe('[Test] Your download: The Guide');

    for (let i = 0; i < 3; i++)
      expect((await ownerCall(tester, 'POST', '/api/forms/email-test', previewBody())).statusCode).toBe(200);
    const refused = await ownerCall(tester, 'POST', '/api/forms/email-test', previewBody());
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      code: ErrorCode.RATE_LIMITED,
      message: expect.stringMatching(/^You have sent 5 test emails in the last 10 minutes\. Try again in (10|9) minutes\.$/),
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(500);
    await t.runJobs();
    expect((await readMailbox(t)).filter((m) => m.to === 'tester@example.com')).toHaveLength(5);

    // Someone else's limit is their own.
    expect((await ownerCall(owner, 'POST', '/api/forms/email-test', previewBody())).statusCode).toBe(200);
    expect((await mailsOf(t, 'owner-of-acme@example.com'))[0]!.subject).toBe('[Test] Hi Alex: 123456');
  });

  it('needs a session', async () => {
    expect((await ownerCall(null, 'POST', '/api/forms/email-test', previewBody())).statusCode).toBe(401);
  });
});

describe("a page's emails in the page's brand", () => {
  const ORANGE = '#f97316';
  /** The colour of the style with this property in an HTML email's element that holds `text`. */
  const styleOf = (html: string, text: string) => {
    const at = html.indexOf(text);
    const open = html.lastIndexOf('<', at - 1);
    return html.slice(open, at);
  };
  const colourIn = (style: string, property: string) => new RegExp(`[";]${property}:(#[0-9a-f]{6})`).exec(style)?.[1];
  /** The text part with what differs per page and per visitor (codes, links) blanked. */
  const shape = (text: string) => text.replace(/\d{6}/g, '<code>').replace(/https?:\/\/\S+/g, '<link>');

  it('carry its colour (legible), logo and business name, in the sign-up emails, the preview and the test, with the same text', async () => {
    const logo = await uploadImage(t.app, owner, 640, 160);
    const design = { ...DEFAULT_DESIGN, brandColor: ORANGE, logo };
    const branded = await createForm(t.app, owner, { publish: true, config: { design } as Partial<FormConfig> });
    const plain = await createForm(t.app, owner, { publish: true });

    await kit.submit(branded.id, { email: 'branded@example.com' });
    await kit.submit(plain.id, { email: 'plain@example.com' });
    const [mail] = await mailsOf(t, 'branded@example.com');
    const [plainMail] = await mailsOf(t, 'plain@example.com');
    const logoUrl = `${t.config.publicUrl.origin}/img/${logo.id}/640.png`;

    const checkBrand = (html: string, button: string) => {
      expect(html).not.toContain('#4f46e5');
      expect(html).toContain(`src="${logoUrl}"`);
      // The logo at most 200 by 56 pixels, in its proportions; the business name follows as text.
      expect(html).toMatch(/<img alt="" height="50" src="[^"]+" style="[^"]*" width="200"/);
      const name = colourIn(styleOf(html, '>Acme Marketing</p>'), 'color')!;
      expect(contrastRatio(name, '#ffffff')).toBeGreaterThanOrEqual(4.5);
      expect(name).toBe(legibleOn(ORANGE, '#ffffff').colour);
      const at = html.indexOf(`${button}</span>`);
      const buttonStyle = html.slice(html.lastIndexOf('<a ', at), html.indexOf('>', html.lastIndexOf('<a ', at)));
      const buttonText = colourIn(buttonStyle, 'color');
      expect(/background-color:(#[0-9a-f]{6})/.exec(buttonStyle)?.[1]).toBe(ORANGE);
      expect(contrastRatio(buttonText!, ORANGE)).toBeGreaterThanOrEqual(4.5);
    };
    checkBrand(mail!.html, 'Confirm my email');
    // The plain-text part is as it was: a logo is no text.
    expect(shape(mail!.text)).toBe(shape(plainMail!.text));
    // A page that kept the default design has its default colour, Lodestone's page indigo.
    expect(plainMail!.html).toContain('background-color:#4338ca');

    // The logo as a PNG, which every mail program shows (not all show WebP).
    const png = await kit.visit(logoUrl);
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.rawPayload.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    expect((await kit.visit(`/img/${logo.id}/960.png`)).statusCode).toBe(404);

    const link = confirmLinkIn(mail!.text);
    await kit.visit(link.pathname + link.search);
    const [delivery] = await mailsOf(t, 'branded@example.com'); // newest first
    checkBrand(delivery!.html, 'Email Playbook PDF');

    // The creator's preview and test send show the same.
    const body: EmailPreviewBody = {
      email: 'confirm',
      businessName: 'Acme Marketing',
      leadMagnetName: 'Email Playbook PDF',
      emails: DEFAULT_EMAIL_COPY,
      design: { brandColor: ORANGE, logo },
    };
    const preview = await ownerCall(owner, 'POST', '/api/forms/email-preview', body);
    expect(preview.statusCode).toBe(200);
    checkBrand(preview.json<EmailPreview>().html, 'Confirm my email');
    expect(shape(preview.json<EmailPreview>().text)).toBe(shape(mail!.text));
    expect((await ownerCall(owner, 'POST', '/api/forms/email-test', { ...body, email: 'delivery' })).statusCode).toBe(200);
    const [test] = await mailsOf(t, owner.email, /^\[Test\]/);
    checkBrand(test!.html, 'Email Playbook PDF');
  });
});

describe("a page's emails in the page's language", () => {
  // English's fixed sentences: none may reach a visitor of a page in another language.
  const ENGLISH_FIXED = [
    'Your verification code',
    'Or confirm with one click',
    'Confirm my email',
    'paste this link',
    'You received this email',
    'is your code for',
    'Your download',
    'Here is',
    'The download link works',
    'download page',
    'is ready to download',
  ];
  const noEnglish = (mail: { subject: string; text: string; html: string }) => {
    for (const sentence of ENGLISH_FIXED) {
      expect(`${mail.subject}\n${mail.text}\n${mail.html}`, sentence).not.toContain(sentence);
    }
  };
  const german = { language: 'de', businessName: 'Acme GmbH', leadMagnetName: 'Leitfaden' } as Partial<FormConfig>;

  it('are German on a German page, and stay German for a visitor who signed up in German after the page changed', async () => {
    const form = await createForm(t.app, owner, { publish: true, config: { ...german, doubleOptIn: true } });
    await kit.submit(form.id, { email: 'lea@example.com' });
    const [code] = await mailsOf(t, 'lea@example.com');
    expect(code!.subject).toMatch(/^\d{6} ist Ihr Code für Leitfaden$/);
    expect(code!.text).toContain('Bestätigen Sie Ihre E-Mail-Adresse, um Leitfaden zu erhalten.');
    expect(code!.text).toContain('Ihr Bestätigungscode (gültig für 24 Stunden):');
    expect(code!.html).toContain('E-Mail-Adresse bestätigen</span>');
    expect(code!.text).toContain('Falls die Schaltfläche nicht funktioniert, fügen Sie diesen Link in Ihren Browser ein:');
    expect(code!.text).toContain(
      'Sie erhalten diese E-Mail, weil diese Adresse auf einer mit Lodestone erstellten Seite von Acme GmbH eingegeben wurde.',
    );
    expect(code!.html).toContain('<html dir="ltr" lang="de">');
    noEnglish(code!);

    // The owner switches the page to English before she confirms: her emails keep the language she signed up in.
    await t.db.execute(sql`update forms set published = jsonb_set(published, '{language}', '"en"') where id = ${form.id}`);
    await liveFormsSynced(t.db);
    const link = confirmLinkIn(code!.text);
    expect((await kit.visit(link.pathname + link.search)).statusCode).toBe(303);
    const [delivery] = await mailsOf(t, 'lea@example.com', 'Ihr Download: Leitfaden');
    expect(delivery).toBeDefined();
    expect(delivery!.text).toContain('Hier ist Leitfaden. Vielen Dank für Ihre Anfrage bei Acme GmbH.');
    expect(delivery!.html).toContain('Leitfaden herunterladen</span>');
    expect(delivery!.text).toContain('Der Download-Link ist 7 Tage lang gültig. Danach erhalten Sie auf Ihrer Download-Seite');
    expect(delivery!.text).toContain('Sie erhalten diese E-Mail, weil diese Adresse');
    noEnglish(delivery!);

    // Someone signing up on the page now, in English, gets English.
    await kit.submit(form.id, { email: 'later@example.com' });
    const [english] = await mailsOf(t, 'later@example.com');
    expect(english!.subject).toMatch(/^\d{6} is your code for Leitfaden$/);
    expect(english!.html).toContain('Confirm my email');
  });

  it('are Arabic and right to left on an Arabic page', async () => {
    const form = await createForm(t.app, owner, {
      publish: true,
      config: { language: 'ar', businessName: 'Acme', leadMagnetName: 'الدليل', doubleOptIn: false } as Partial<FormConfig>,
    });
    await kit.submit(form.id, { email: 'sara@example.com' });
    const [delivery] = await mailsOf(t, 'sara@example.com');
    // Each value set apart in the right-to-left sentence (first-strong isolates).
    expect(delivery!.subject).toBe('التنزيل الخاص بك: \u2068الدليل\u2069');
    expect(delivery!.html).toContain('<html dir="rtl" lang="ar">');
    expect(delivery!.html).toContain('تنزيل \u2068الدليل\u2069</span>');
    expect(delivery!.text).toContain('إليك \u2068الدليل\u2069. شكرًا لطلبه من \u2068Acme\u2069.');
    expect(delivery!.text).toContain('يظل رابط التنزيل صالحًا لمدة 7 أيام.');
    expect(delivery!.text).toContain('تلقيت هذه الرسالة لأن هذا العنوان أُدخل في إحدى صفحات \u2068Acme\u2069');
    noEnglish(delivery!);
  });

  it("keep the owner's own subject and text as typed on a German page, Lodestone's parts around them German", async () => {
    const form = await createForm(t.app, owner, {
      publish: true,
      config: {
        ...german,
        doubleOptIn: false,
        emails: emails({ deliverySubject: 'Your copy of {lead_magnet}', deliveryText: 'Enjoy, {first_name}!' }),
      } as Partial<FormConfig>,
    });
    await kit.submit(form.id, { email: 'own-words@example.com' });
    const [delivery] = await mailsOf(t, 'own-words@example.com');
    expect(delivery!.subject).toBe('Your copy of Leitfaden');
    // A visitor the page does not ask for a name is greeted in the page's language.
    expect(delivery!.text).toContain('Enjoy, und willkommen!');
    expect(delivery!.html).toContain('Leitfaden herunterladen</span>');
    expect(delivery!.text).toContain('Der Download-Link ist 7 Tage lang gültig.');
  });

  it("show the owner a German page's email in German, sample values included, in the preview and the test", async () => {
    const body = { ...previewBody({ language: 'de' }), emails: DEFAULT_EMAIL_COPY, businessName: '', leadMagnetName: '' };
    const res = await ownerCall(owner, 'POST', '/api/forms/email-preview', body);
    expect(res.statusCode).toBe(200);
    const preview = res.json<EmailPreview>();
    expect(preview.subject).toBe('123456 ist Ihr Code für Ihr Lead-Magnet');
    expect(preview.text).toContain('Bestätigen Sie Ihre E-Mail-Adresse, um Ihr Lead-Magnet zu erhalten.');
    expect(preview.text).toContain('Ihr Bestätigungscode (gültig für 24 Stunden):');
    expect(preview.html).toContain('<html dir="ltr" lang="de">');
    expect(preview.html).toContain('>Ihr Unternehmen</p>');
    noEnglish({ ...preview, subject: preview.subject });

    // The sample first name is the language's too; the test's subject says it is one, in the language.
    const tester = await createUser(t.app, { email: 'arabic-tester@example.com' });
    const words = emails({ deliverySubject: 'مرحبًا {first_name}' });
    const sent = await ownerCall(
      tester,
      'POST',
      '/api/forms/email-test',
      previewBody({ email: 'delivery', language: 'ar', emails: words }),
    );
    expect(sent.statusCode).toBe(200);
    const [test] = await mailsOf(t, 'arabic-tester@example.com');
    expect(test!.subject).toBe('[اختبار] \u2068مرحبًا سارة\u2069');
    expect(test!.html).toContain('<html dir="rtl" lang="ar">');
    const plain = await ownerCall(tester, 'POST', '/api/forms/email-test', previewBody({ email: 'delivery', language: 'ar' }));
    expect(plain.statusCode).toBe(200);
    expect((await mailsOf(t, 'arabic-tester@example.com'))[0]!.subject).toBe(
      '[اختبار] \u2068التنزيل الخاص بك: \u2068The Guide\u2069\u2069',
    );
  });
});
