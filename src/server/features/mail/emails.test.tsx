import { render, toPlainText as reactEmailPlainText } from '@react-email/render';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmEmail, DeliveryEmail, type ConfirmEmailProps, type DeliveryEmailProps } from './templates/lead-emails.js';
import { PasswordResetEmail } from './templates/password-reset.js';
import { renderEmail, toPlainText } from './emails.js';
import type { QueuedEmail } from './sealed-email-job.js';

// The real renderer, counted: how often renderEmail renders rather than fills in.
vi.mock('@react-email/render', async (importOriginal) => {
  const original = await importOriginal<typeof import('@react-email/render')>();
  return { ...original, render: vi.fn(original.render) };
});

describe("the emails' plain-text part", () => {
  it("is what react-email's toPlainText makes of the same HTML, links, escapes and tables included", async () => {
    const emails = [
      <ConfirmEmail
        key="confirm"
        businessName={`Ada & "Co" <Ltd>`}
        leadMagnetName="The Guide: 10 steps"
        code="482913"
        confirmUrl="https://pages.example.com/confirm?t=abc&x=1"
      />,
      <DeliveryEmail
        key="delivery"
        businessName="Acme"
        leadMagnetName="Über-guide — ünïcode"
        downloadUrl="https://pages.example.com/d/tok_123?sig=a%2Fb"
        thankYouUrl="https://pages.example.com/thank-you/xyz"
        expiresInDays={7}
      />,
      <PasswordResetEmail
        key="reset"
        name="Grace"
        url="https://app.example.com/reset-password?token=t0k3n"
        expiresInMinutes={60}
      />,
    ];
    for (const email of emails) {
      const html = await render(email);
      const text = toPlainText(html);
      expect(text).toBe(reactEmailPlainText(html));
      expect(text).not.toMatch(/<\/?(a|p|div|table|td|span|img)\b/);
    }
  });
});

describe('a sign-up email rendered once per page and filled in per recipient', () => {
  const job = (props: Record<string, unknown>, template: 'leadConfirm' | 'leadDelivery', i: number): QueuedEmail =>
    ({ messageId: `m-${i}`, template, to: `v${i}@example.com`, props }) as unknown as QueuedEmail;
  const whole = async (props: Record<string, unknown>, template: 'leadConfirm' | 'leadDelivery') => {
    const html = await render(
      template === 'leadConfirm' ? (
        <ConfirmEmail {...(props as unknown as ConfirmEmailProps)} />
      ) : (
        <DeliveryEmail {...(props as unknown as DeliveryEmailProps)} />
      ),
    );
    return { html, text: toPlainText(html) };
  };

  it('is, email after email and page after page, exactly what rendering each whole gives', async () => {
    const pages = [
      { businessName: 'Acme & Sons', leadMagnetName: 'The "Big" Guide <2026>' },
      { businessName: 'Zeta', leadMagnetName: 'Checklist' },
    ];
    let i = 0;
    for (const page of pages) {
      for (const token of ['AbC-123_x', 'q9', 'Zz_-0']) {
        i += 1;
        const confirm = {
          ...page,
          code: String(100000 + i * 7919).slice(0, 6),
          confirmUrl: `https://pages.example.com/confirm/${token}?t=${i}&sig=a%2Fb`,
        };
        const delivery = {
          ...page,
          downloadUrl: `https://pages.example.com/d/${token}.${i}`,
          thankYouUrl: `https://pages.example.com/thank-you/${token}?s=${i}&x=y`,
          expiresInDays: 7,
        };
        for (const [props, template] of [
          [confirm, 'leadConfirm'],
          [delivery, 'leadDelivery'],
        ] as const) {
          const mail = await renderEmail(job(props, template, i));
          const expected = await whole(props, template);
          expect(mail.html).toBe(expected.html);
          expect(mail.text).toBe(expected.text);
          expect(mail.html).toContain(escapeForHtml(Object.values(props).find((v) => String(v).startsWith('https://'))!));
        }
      }
    }
  });

  it("renders a page's email twice (with placeholders, and whole to compare), then only fills it in", async () => {
    const page = { businessName: 'Counted Co', leadMagnetName: 'Counted guide' };
    const rendered = vi.mocked(render).mock.calls.length;
    for (let n = 0; n < 5; n++) {
      const props = { ...page, code: `00000${n}`, confirmUrl: `https://pages.example.com/confirm/tok${n}` };
      expect((await renderEmail(job(props, 'leadConfirm', 200 + n))).text).toContain(`00000${n}`);
    }
    expect(vi.mocked(render).mock.calls.length - rendered).toBe(2);
  });

  it('renders whole a value it cannot fill in safely (a space, a quote)', async () => {
    const props = { businessName: 'Acme', leadMagnetName: 'Guide', code: '12 34', confirmUrl: `https://x.example/c?a='b'` };
    const mail = await renderEmail(job(props, 'leadConfirm', 99));
    expect(mail.html).toBe((await whole(props, 'leadConfirm')).html);
  });
});

const escapeForHtml = (value: unknown) => String(value).replaceAll('&', '&amp;');

describe("a sign-up email in the owner's words, greeting each visitor by name", () => {
  const job = (props: Record<string, unknown>, template: 'leadConfirm' | 'leadDelivery', i: number): QueuedEmail =>
    ({ messageId: `n-${i}`, template, to: `n${i}@example.com`, props }) as unknown as QueuedEmail;
  const page = {
    businessName: 'Named & Co',
    leadMagnetName: 'Named guide',
    copy: { subject: 'Hi {first_name}', text: 'Dear {first_name},\n\nwelcome. <b>x</b>' },
  };

  it('is exactly the whole render for every name, and the page is rendered twice, not once per name', async () => {
    const rendered = vi.mocked(render).mock.calls.length;
    const names = ['Ada', 'Grace', 'José', 'Zoë-Ann', 'Ada'];
    for (const [n, firstName] of names.entries()) {
      const props = { ...page, code: `12345${n}`, confirmUrl: `https://pages.example.com/confirm/n${n}`, firstName };
      const mail = await renderEmail(job(props, 'leadConfirm', 300 + n));
      const expected = await renderEmail(job(props, 'leadConfirm', 300 + n), { whole: true });
      expect(mail.html).toBe(expected.html);
      expect(mail.text).toBe(expected.text);
      expect(mail.text).toContain(`Dear ${firstName},`);
      expect(mail.subject).toBe(`Hi ${firstName}`);
    }
    // Two for the page (placeholders, then whole to compare), one whole render per check above.
    expect(vi.mocked(render).mock.calls.length - rendered).toBe(2 + names.length);
  });

  it('renders whole a name it cannot fill in safely, and greets "there" without one', async () => {
    const props = { ...page, code: '111111', confirmUrl: 'https://pages.example.com/confirm/q' };
    for (const firstName of [`O'Brien`, '<i>Eve</i>', undefined]) {
      const mail = await renderEmail(job({ ...props, firstName }, 'leadConfirm', 400));
      expect(mail.html).toBe((await renderEmail(job({ ...props, firstName }, 'leadConfirm', 400), { whole: true })).html);
      expect(mail.text).toContain(`Dear ${firstName ?? 'there'},`);
    }
  });
});
