import { describe, expect, it } from 'vitest';
import type { Language } from '@/domain/i18n/languages';
import { receiptLines } from '@/domain/paid-orders';
import { TEMPLATES } from '@/domain/templates';
import { renderEmail } from '@/server/features/mail/emails';
import { visitorWords } from '@/server/lib/visitor-words';

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

// English's fixed sentences: none may show in an email in another language.
const ENGLISH_FIXED = [
  'Your verification code',
  'Or confirm with one click',
  'Confirm my email',
  'paste this link',
  'You received this email',
  'Confirm your email',
  'is your code for',
  'Your download',
  'Here is',
  'The download link works',
  'download page',
  'is ready to download',
  'Thank you for your purchase',
  'To ask for a refund',
  'View or print your receipt',
  'Or open this link',
  'Paid with',
  'Keep it for your records',
];
const noEnglish = (mail: { subject: string; text: string; html: string }) => {
  for (const sentence of ENGLISH_FIXED) {
    expect(mail.subject, sentence).not.toContain(sentence);
    expect(mail.text, sentence).not.toContain(sentence);
    expect(mail.html, sentence).not.toContain(sentence);
  }
};

describe("the visitor's emails in the page's language", () => {
  it('are German on a German page: subject, text, code label, button, link to paste and footer', async () => {
    const c = await confirm({ language: 'de' });
    expect(c.subject).toBe('482913 ist Ihr Code für The Guide');
    expect(c.text).toContain('Bestätigen Sie Ihre E-Mail-Adresse, um The Guide zu erhalten.');
    expect(c.text).toContain('Ihr Bestätigungscode (gültig für 24 Stunden):');
    expect(c.html).toContain('>E-Mail-Adresse bestätigen</span>');
    expect(c.text).toContain(
      'Falls die Schaltfläche nicht funktioniert, fügen Sie diesen Link in Ihren Browser ein: http://127.0.0.1:3000/confirm?t=tok',
    );
    expect(c.text).toContain(
      'Sie erhalten diese E-Mail, weil diese Adresse auf einer mit Lodestone erstellten Seite von Acme Books',
    );
    expect(c.html).toContain('<html dir="ltr" lang="de">');
    noEnglish(c);

    const d = await delivery('The Guide', { language: 'de', expiresInDays: 1 });
    expect(d.subject).toBe('Ihr Download: The Guide');
    expect(d.text).toContain('Hier ist The Guide. Vielen Dank für Ihre Anfrage bei Acme Books.');
    expect(d.html).toContain('>The Guide herunterladen</span>');
    expect(d.text).toContain('Der Download-Link ist 1 Tag lang gültig. Danach erhalten Sie auf Ihrer Download-Seite');
    expect(d.html).toContain('href="http://127.0.0.1:3000/thank-you?t=token"');
    noEnglish(d);
  });

  it('are Arabic and right to left on an Arabic page', async () => {
    const c = await confirm({ language: 'ar' });
    expect(c.html).toContain('<html dir="rtl" lang="ar">');
    // A left-to-right value is set apart in the right-to-left sentence, so it stays whole and in place.
    expect(c.subject).toBe('\u2068482913\u2069 هو رمزك للحصول على \u2068The Guide\u2069');
    expect(c.html).toContain('تأكيد بريدي الإلكتروني');
    expect(c.text).toContain('تلقيت هذه الرسالة لأن هذا العنوان أُدخل في إحدى صفحات \u2068Acme Books\u2069');
    noEnglish(c);
    const d = await delivery('The Guide', { language: 'ar' });
    expect(d.html).toContain('<html dir="rtl" lang="ar">');
    expect(d.text).toContain('يظل رابط التنزيل صالحًا لمدة 7 أيام.');
    noEnglish(d);
  });

  it("keep the owner's own words as typed, and greet a visitor without a name in the page's language", async () => {
    const mail = await confirm({
      language: 'de',
      copy: { subject: 'Your code, {first_name}: {code}', text: 'Hello {first_name}, welcome.' },
    });
    expect(mail.subject).toBe('Your code, und willkommen: 482913');
    expect(mail.text).toContain('Hello und willkommen, welcome.');
    // Around them, Lodestone's words are German.
    expect(mail.text).toContain('Ihr Bestätigungscode');
    const named = await confirm({ language: 'de', copy: { subject: 'Hi {first_name}', text: '' }, firstName: 'Lea' });
    expect(named.subject).toBe('Hi Lea');
    expect(named.text).toContain('Bestätigen Sie Ihre E-Mail-Adresse, um The Guide zu erhalten.');
  });

  it('are the English they were for a page without a language', async () => {
    const mail = await delivery('The Guide', { expiresInDays: 1 });
    expect(mail.html).toContain('<html dir="ltr" lang="en">');
    expect(mail.html).not.toContain('dir="rtl"');
    expect(mail.text).toContain('The download link works for 1 day. After that, get a fresh one on your download page');
  });
});

describe('the receipt email in the page’s language', () => {
  const receipt = (language?: Language) =>
    renderEmail({
      messageId: 'm',
      template: 'receipt',
      to: 'buyer@example.com',
      props: {
        businessName: 'Acme GmbH',
        businessAddress: 'Hauptstraße 1\n10115 Berlin',
        item: 'Der Leitfaden',
        orderNumber: 1042,
        paidAt: '2026-03-04T10:00:00.000Z',
        lines: receiptLines(
          {
            amount: 1190,
            netAmount: 1000,
            taxAmount: 190,
            discountAmount: 250,
            currency: 'EUR',
            provider: 'stripe',
            promotionCode: 'FRÜHLING',
          },
          visitorWords(language),
        ),
        providerName: 'Stripe',
        refundContact: 'hilfe@acme.example',
        receiptUrl: 'http://127.0.0.1:3000/r/token',
        ...(language ? { language } : {}),
      },
    });

  it('says its labels in German, with German amounts and date', async () => {
    const mail = await receipt('de');
    expect(mail.subject).toBe('Ihr Beleg von Acme GmbH (Bestellung 1042)');
    const text = mail.text.replace(/\u00a0/g, ' ');
    for (const part of [
      'Vielen Dank für Ihren Kauf. Hier ist Ihr Beleg.',
      'Bestellung 1042',
      'Datum 4. März 2026',
      'Artikel Der Leitfaden',
      'Bezahlt mit Stripe',
      'Rabatt (FRÜHLING)',
      '−2,50 €',
      'Netto',
      '10,00 €',
      'Steuer',
      '1,90 €',
      'Gesamt (EUR)',
      '11,90 €',
      'Verkäufer Acme GmbH',
      'Um eine Erstattung zu beantragen, antworten Sie auf diese E-Mail oder schreiben Sie an hilfe@acme.example',
      'Beleg ansehen oder drucken',
      'Oder öffnen Sie diesen Link: http://127.0.0.1:3000/r/token',
      'Sie erhalten diesen Beleg, weil Sie Der Leitfaden bei Acme GmbH gekauft haben.',
    ]) {
      expect(text, part).toContain(part);
    }
    noEnglish(mail);
  });

  it('is the English it was without a language', async () => {
    const mail = await receipt();
    expect(mail.subject).toBe('Your receipt from Acme GmbH (order 1042)');
    expect(mail.text).toContain('Date March 4, 2026');
    expect(mail.text).toContain('€10.00');
    expect(mail.text).toContain(
      'To ask for a refund, reply to this email or write to hilfe@acme.example, with your order number.',
    );
  });
});
