import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createForm, createUser, type SignedUpUser } from '../../../../tests/kit/owner.js';
import { journeyKit } from '../../../../tests/kit/journey.js';
import { mailsOf, readMailbox } from '../../../../tests/kit/mailbox.js';
import { publishableConfig } from '../../../../tests/kit/data.js';
import { APP_HOST, createTestApp, type TestApp } from '../../../../tests/setup/app.js';
import { ErrorCode } from '../../../domain/api-errors.js';
import type { EmailPreview, EmailPreviewBody } from '../../../domain/email-copy-api.js';
import { DEFAULT_EMAIL_COPY, newField, type EmailCopy, type FormConfig } from '../../../domain/form-config.js';

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
