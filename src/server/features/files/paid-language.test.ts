import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FormConfig } from '@/domain/form-config';
import type { PaymentSettings } from '@/domain/payments';
import { paidConfig } from '@tests/kit/data';
import { createForm, createUser } from '@tests/kit/owner';
import { listenForWebhooks, paymentsKit } from '@tests/kit/payments';
import { makePdf, pdfPageTexts } from '@tests/kit/pdf-text';
import { createTestApp, type TestApp } from '@tests/setup/app';
import { startStripeStandIn, type StripeStandIn } from '@tests/stand-ins/stripe';
import { downloadName } from './files.js';

// A paid page's receipt, its stamp and its file's name in the page's language (docs/decisions/0085),
// through the real webhook path: the Stripe stand-in completes Checkout and posts its signed event.

let t: TestApp;
let stripe: StripeStandIn;
let webhookBase: string;
let kit: ReturnType<typeof paymentsKit>;

beforeAll(async () => {
  stripe = await startStripeStandIn({ webhookDelayMs: 0 });
  t = await createTestApp({ STRIPE_API_URL: stripe.url });
  webhookBase = await listenForWebhooks(t);
  kit = paymentsKit(t, '10.86');
  await t.db.execute(sql`update organizations set plan = 'pro'`);
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

let owners = 0;
async function ownerWithStripe() {
  const owner = await createUser(t.app);
  owners += 1;
  const keys = { secretKey: `sk_test_lang${owners}x${Date.now()}`, webhookSecret: `whsec_lang${owners}secret${Date.now()}` };
  const settings = (await kit.ownerApi(owner, 'GET', '/api/payments/settings')).json<PaymentSettings>();
  stripe.addAccount({ ...keys, webhookUrl: settings.stripe.webhookUrl.replace(t.config.publicUrl.origin, webhookBase) });
  expect((await kit.ownerApi(owner, 'PUT', '/api/payments/stripe', keys)).statusCode).toBe(200);
  return owner;
}

let buyers = 0;
/** A buyer pays on a page in `language`; their payment, every email they got and their download link. */
async function buyOnPageIn(language: string, leadMagnetName: string) {
  const owner = await ownerWithStripe();
  const config = {
    ...paidConfig({ currency: 'EUR' }),
    language,
    businessName: 'Acme GmbH',
    leadMagnetName,
  } as Partial<FormConfig>;
  const form = await createForm(t.app, owner, { publish: true, config, pdf: Buffer.from(await makePdf(1)) });
  buyers += 1;
  const email = `kaeufer${buyers}-${Date.now()}@example.com`;
  const sent = await kit.submit(form.id, { email });
  expect(sent.statusCode, sent.body).toBe(303);
  const session = stripe.sessions.get(sent.headers.location!.split('/').pop()!)!;
  expect((await stripe.completeSession(session.id)).delivery.status).toBe(200);
  const mails = await kit.allMails(email);
  const lead = await kit.leadOf(email);
  const payment = (await kit.paymentsOf(lead.id)).at(-1)!;
  const delivery = mails.find((m) => /\/d\/[\w.-]+/.test(m.text))!;
  return { email, payment, mails, link: kit.downloadLink(delivery.text) };
}

describe('a paid page in German', () => {
  it('sends a German receipt with German amounts and date, and stamps its PDF in German', async () => {
    const { email, payment, mails, link } = await buyOnPageIn('de', 'Leitfaden');
    const receipt = mails.find((m) => m.subject === `Ihr Beleg von Acme GmbH (Bestellung ${payment.orderNumber})`);
    expect(receipt, mails.map((m) => m.subject).join(', ')).toBeDefined();
    const text = receipt!.text.replace(/\u00a0/g, ' ');
    const day = new Intl.DateTimeFormat('de', { dateStyle: 'long', timeZone: 'UTC' }).format(payment.paidAt!);
    for (const part of [
      'Vielen Dank für Ihren Kauf. Hier ist Ihr Beleg.',
      `Bestellung ${payment.orderNumber}`,
      `Datum ${day}`,
      'Artikel Leitfaden',
      'Bezahlt mit Stripe',
      'Netto',
      'Gesamt (EUR)',
      '9,99 €',
      'Verkäufer Acme GmbH',
      'Um eine Erstattung zu beantragen',
      'Beleg ansehen oder drucken',
      'Sie erhalten diesen Beleg, weil Sie Leitfaden bei Acme GmbH gekauft haben.',
    ]) {
      expect(text, part).toContain(part);
    }
    expect(day).toMatch(/^\d{1,2}\. \S+ \d{4}$/);
    for (const english of [
      'Your receipt',
      'Thank you for your purchase',
      'Paid with',
      'Total (EUR)',
      '€9.99',
      'To ask for a refund',
    ]) {
      expect(receipt!.text, english).not.toContain(english);
    }
    // The delivery email is German too.
    expect(mails.some((m) => m.subject === 'Ihr Download: Leitfaden')).toBe(true);

    const file = await kit.visit(link);
    expect(file.statusCode).toBe(200);
    const [page] = await pdfPageTexts(file.rawPayload);
    expect(page).toContain(`Lizenziert für ${email} · Bestellung ${payment.orderNumber}`);
  });
});

describe('a paid page in a script the stamp’s font cannot write', () => {
  it('stamps its PDF in English, its receipt in its own language', async () => {
    const { email, payment, mails, link } = await buyOnPageIn('ja', 'ガイド');
    expect(mails.some((m) => m.subject === `Acme GmbHからの領収書（注文番号 ${payment.orderNumber}）`)).toBe(true);
    const [page] = await pdfPageTexts((await kit.visit(link)).rawPayload);
    expect(page).toContain(`Licensed to ${email} · order ${payment.orderNumber}`);
  });
});

describe("a download's name", () => {
  it("is 'download' in the page's language when the page gives none", () => {
    const pdf = { contentType: 'application/pdf', name: 'workbook.pdf' };
    expect(downloadName('  ', pdf)).toBe('download.pdf');
    expect(downloadName('', pdf, 'en')).toBe('download.pdf');
    expect(downloadName('', pdf, 'de')).toBe('Download.pdf');
    expect(downloadName('', pdf, 'ja')).toBe('ダウンロード.pdf');
    expect(downloadName('Leitfaden', pdf, 'de')).toBe('Leitfaden.pdf');
  });
});
