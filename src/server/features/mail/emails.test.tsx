import { render, toPlainText as reactEmailPlainText } from '@react-email/render';
import { describe, expect, it } from 'vitest';
import { ConfirmEmail, DeliveryEmail } from './templates/lead-emails.js';
import { PasswordResetEmail } from './templates/password-reset.js';
import { toPlainText } from './emails.js';

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
