import { describe, expect, it } from 'vitest';
import { TEMPLATES } from '@/domain/templates';
import { renderEmail } from '@/server/features/mail/emails';

const delivery = (leadMagnetName: string, extra: Record<string, unknown> = {}) =>
  renderEmail({
    messageId: 'm',
    template: 'leadDelivery',
    to: 'visitor@example.com',
    props: {
      businessName: 'Acme Books',
      leadMagnetName,
      downloadUrl: 'http://127.0.0.1:3000/d/token',
      thankYouUrl: 'http://127.0.0.1:3000/thank-you?t=token',
      expiresInDays: 7,
      // What jobs queued before this change still carry: the page's thank-you message.
      ...extra,
    } as never,
  });

describe('the download email', () => {
  it('reads right whatever the page thank-you message says: it says "here is" instead of "check your email"', async () => {
    for (const template of TEMPLATES) {
      const { leadMagnetName, thankyouMessage } = template.config;
      const mail = await delivery(leadMagnetName, { thankyouMessage });
      expect(mail.text, template.title).toContain(`Here is ${leadMagnetName}. Thank you for requesting it from Acme Books.`);
      expect(mail.text, template.title).not.toMatch(/check your (email|inbox)/i);
      expect(mail.text, template.title).toContain('http://127.0.0.1:3000/d/token');
      expect(mail.subject).toBe(`Your download: ${leadMagnetName}`);
    }
  });
});

const confirm = (props: Record<string, unknown>) =>
  renderEmail({
    messageId: 'm',
    template: 'leadConfirm',
    to: 'visitor@example.com',
    props: {
      businessName: 'Acme Books',
      leadMagnetName: 'The Guide',
      code: '482913',
      confirmUrl: 'http://127.0.0.1:3000/confirm?t=tok',
      ...props,
    } as never,
  });

const FOOTER = 'You received this email because this address was entered on a Acme Books page built with Lodestone.';

describe("the visitor's emails in the owner's words", () => {
  it("carry the owner's subject and text, placeholders filled in, in the HTML and the plain-text part", async () => {
    const mail = await confirm({
      copy: {
        subject: 'Hi {first_name}: {code} unlocks {lead_magnet}',
        text: 'Hello {first_name}!\n\nWelcome to {business_name}.',
      },
      firstName: 'Ada',
    });
    expect(mail.subject).toBe('Hi Ada: 482913 unlocks The Guide');
    expect(mail.text).toContain('Hello Ada!');
    expect(mail.text).toContain('Welcome to Acme Books.');
    expect(mail.html).toContain('Hello Ada!');
    expect(mail.text).not.toContain('Confirm your email address to get');

    const anonymous = await confirm({ copy: { subject: '', text: 'Hi {first_name},' } });
    expect(anonymous.text).toContain('Hi there,');
    expect(anonymous.subject).toBe('482913 is your code for The Guide');
  });

  it('show owner markup as the text it is: escaped in the HTML, as typed in the plain text', async () => {
    const text = '<b>x</b> & <a href="https://evil.example">click</a>\n<script>alert(1)</script>';
    for (const mail of [
      await confirm({ copy: { subject: '<b>x</b>', text } }),
      await delivery('Guide', { copy: { subject: '', text } } as never),
    ]) {
      expect(mail.html).toContain('&lt;b&gt;x&lt;/b&gt; &amp; &lt;a href=&quot;https://evil.example&quot;&gt;click&lt;/a&gt;');
      expect(mail.html).not.toContain('<b>x</b>');
      expect(mail.html).not.toContain('<script>');
      expect(mail.html).not.toContain('href="https://evil.example"');
      expect(mail.text).toContain('<b>x</b> & <a href="https://evil.example">click</a>');
      expect(mail.text).toContain('<script>alert(1)</script>');
    }
    expect((await confirm({ copy: { subject: '<b>x</b>', text } })).subject).toBe('<b>x</b>');
  });

  it('keep their fixed parts whatever the owner writes: the code, the button and link; the download and its note; the footer', async () => {
    for (const copy of [undefined, { subject: 'S', text: 'Only my words.' }, { subject: '', text: '' }]) {
      const c = await confirm(copy ? { copy } : {});
      expect(c.text).toContain('482913');
      expect(c.text).toContain('Your verification code (valid for 24 hours):');
      expect(c.html).toContain('Confirm my email');
      expect(c.text).toContain(
        'If the button does not work, paste this link into your browser: http://127.0.0.1:3000/confirm?t=tok',
      );
      expect(c.html).toContain('href="http://127.0.0.1:3000/confirm?t=tok"');
      expect(c.text).toContain(FOOTER);

      const d = await delivery('The Guide', copy ? ({ copy } as never) : {});
      expect(d.text).toContain('Download The Guide');
      expect(d.html).toContain('href="http://127.0.0.1:3000/d/token"');
      expect(d.text).toContain('The download link works for 7 days.');
      expect(d.text).toContain(FOOTER);
    }
  });
});
