import { describe, expect, it } from 'vitest';
import { TEMPLATES } from '../../../../domain/templates.js';
import { renderEmail } from '../emails.js';

const delivery = (leadMagnetName: string, extra: Record<string, string> = {}) =>
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
