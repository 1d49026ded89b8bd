import { eq } from 'drizzle-orm';
import type { FormConfig, Payment } from '../src/domain/form-config.js';
import { leads, payments } from '../src/server/db/schema/index.js';
import type { SignedUpUser } from './factories.js';
import { APP_HOST, PUBLIC_HOST, type TestApp } from './setup/app.js';
import { addressPool, BROWSER_UA, patientVisitorFields } from './visitor.js';

/** A paid page's configuration: $9.99 through Stripe, no double opt-in, unless overridden. */
export const paidConfig = (payment: Partial<Payment> = {}): Partial<FormConfig> => ({
  payment: {
    enabled: true,
    type: 'fixed',
    fixedAmount: 999,
    currency: 'USD',
    pwywMinimum: 100,
    pwywSuggested: 999,
    provider: 'stripe',
    ...payment,
  },
  doubleOptIn: false,
});

/** What the payment tests do as owner and as visitor, against one test app. */
export function paymentsKit(t: TestApp, addressPrefix: string) {
  const nextAddress = addressPool(addressPrefix);
  return {
    ownerApi: (owner: SignedUpUser, method: 'GET' | 'PUT' | 'DELETE' | 'POST', url: string, payload?: object) =>
      t.app.inject({
        method,
        url,
        headers: { host: APP_HOST, cookie: owner.cookie, origin: t.config.appUrl.origin },
        ...(payload ? { payload } : {}),
      }),
    /** Posts the page as a patient visitor who agreed to the privacy policy. */
    submit: (formId: string, fields: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: `/f/${formId}`,
        remoteAddress: nextAddress(),
        headers: { host: PUBLIC_HOST, 'user-agent': BROWSER_UA, 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ ...patientVisitorFields(t.config.secret), consent: 'yes', ...fields }).toString(),
      }),
    /** A GET on the public face; absolute PUBLIC_URL addresses are accepted. */
    visit: (url: string) =>
      t.app.inject({
        method: 'GET',
        url: url.replace(t.config.publicUrl.origin, ''),
        headers: { host: PUBLIC_HOST, 'user-agent': BROWSER_UA },
      }),
    async mails(to: string) {
      await t.runJobs();
      const res = await t.app.inject({ method: 'GET', url: '/dev/mail.json', headers: { host: APP_HOST } });
      return res.json<Array<{ to: string; subject: string; text: string }>>().filter((m) => m.to === to);
    },
    leadOf: async (email: string) => (await t.db.select().from(leads).where(eq(leads.email, email)))[0]!,
    paymentsOf: (leadId: string) => t.db.select().from(payments).where(eq(payments.leadId, leadId)).orderBy(payments.createdAt),
    downloadLink: (text: string) => /\/d\/[\w.-]+/.exec(text)![0],
  };
}

/** The address the app listens on, for stand-ins that post webhooks over HTTP. */
export async function listenForWebhooks(t: TestApp): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address !== 'object') throw new Error('the app is not listening');
  return `http://127.0.0.1:${address.port}`;
}
