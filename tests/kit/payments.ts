import { eq } from 'drizzle-orm';
import { leads, payments } from '@/server/db/schema/index';
import type { SignedUpUser } from './owner.js';
import { journeyKit } from './journey.js';
import { APP_HOST, type TestApp } from '@tests/setup/app';

const RECEIPT_SUBJECT = /^Your receipt from .+ \(order \d+\)$/;

/** What the payment tests do as owner and as visitor, against one test app. */
export function paymentsKit(t: TestApp, addressPrefix: string) {
  const { submit, visit, mails } = journeyKit(t, addressPrefix);
  return {
    ownerApi: (owner: SignedUpUser, method: 'GET' | 'PUT' | 'DELETE' | 'POST', url: string, payload?: object) =>
      t.app.inject({
        method,
        url,
        headers: { host: APP_HOST, cookie: owner.cookie, origin: t.config.appUrl.origin },
        ...(payload ? { payload } : {}),
      }),
    /** Posts the page as a patient visitor who agreed to the privacy policy. */
    submit: (formId: string, fields: Record<string, string>) => submit(formId, fields),
    visit,
    /**
     * The emails to `to`, newest first, but for paid orders' receipts: the payment tests count the
     * delivery emails; receipts are counted on their own (`receipts`, files/paid-delivery.test.ts).
     */
    mails: async (to: string) => (await mails(to)).filter((m) => !RECEIPT_SUBJECT.test(m.subject)),
    /** The receipts emailed to `to`, newest first. */
    receipts: async (to: string) => (await mails(to)).filter((m) => RECEIPT_SUBJECT.test(m.subject)),
    /** Every email to `to`, receipts included. */
    allMails: mails,
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
