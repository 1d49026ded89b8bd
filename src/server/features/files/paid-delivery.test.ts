import { createHash } from 'node:crypto';
import { PDFDocument } from '@cantoo/pdf-lib';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { englishT } from '@/domain/i18n/english';
import { receiptLines, stampText } from '@/domain/paid-orders';
import type { PaymentSettings } from '@/domain/payments';
import { files, leadEmails, payments, stampFailures } from '@/server/db/schema/index';
import { createTokens } from '@/server/lib/tokens';
import { paidConfig, pdfBytes } from '@tests/kit/data';
import { createForm, createUser } from '@tests/kit/owner';
import { listenForWebhooks, paymentsKit } from '@tests/kit/payments';
import { makePdf, pdfPageTexts } from '@tests/kit/pdf-text';
import { PUBLIC_HOST, createTestApp, type TestApp } from '@tests/setup/app';
import { BROWSER_UA } from '@tests/kit/visitor';
import { startStripeStandIn, type CompleteOptions, type StripeStandIn } from '@tests/stand-ins/stripe';

// Receipts, stamped files and download allowances of paid pages (docs/decisions/0083), through the
// real webhook path: the Stripe stand-in completes Checkout and posts its signed event.

let t: TestApp;
let stripe: StripeStandIn;
let webhookBase: string;
let kit: ReturnType<typeof paymentsKit>;

beforeAll(async () => {
  stripe = await startStripeStandIn({ webhookDelayMs: 0 });
  t = await createTestApp({ STRIPE_API_URL: stripe.url });
  webhookBase = await listenForWebhooks(t);
  kit = paymentsKit(t, '10.83');
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
  const keys = { secretKey: `sk_test_paid${owners}x${Date.now()}`, webhookSecret: `whsec_paid${owners}secret${Date.now()}` };
  const settings = (await kit.ownerApi(owner, 'GET', '/api/payments/settings')).json<PaymentSettings>();
  stripe.addAccount({ ...keys, webhookUrl: settings.stripe.webhookUrl.replace(t.config.publicUrl.origin, webhookBase) });
  expect((await kit.ownerApi(owner, 'PUT', '/api/payments/stripe', keys)).statusCode).toBe(200);
  return Object.assign(owner, { secretKey: keys.secretKey });
}

let buyers = 0;
/** A buyer pays on `formId` through Checkout; their download link, payment and mails. */
async function buy(formId: string, atCheckout: CompleteOptions = {}) {
  buyers += 1;
  const email = `buyer${buyers}-${Date.now()}@example.com`;
  const sent = await kit.submit(formId, { email });
  expect(sent.statusCode, sent.body).toBe(303);
  const session = stripe.sessions.get(sent.headers.location!.split('/').pop()!)!;
  const lead = await kit.leadOf(email);
  const pending = (await kit.paymentsOf(lead.id)).at(-1)!;
  expect(pending.status).toBe('pending');
  const { event, delivery } = await stripe.completeSession(session.id, atCheckout);
  expect(delivery.status).toBe(200);
  const delivered = (await kit.mails(email)).find((m) => /\/d\/[\w.-]+/.test(m.text))!;
  expect(delivered).toBeDefined();
  const payment = (await kit.paymentsOf(lead.id)).at(-1)!;
  return { email, lead, payment, session, event, link: kit.downloadLink(delivered.text) };
}

const visit = (url: string) => kit.visit(url);
const freshFor = (token: string, extra: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/d/fresh',
    remoteAddress: '10.83.200.1',
    headers: { host: PUBLIC_HOST, 'user-agent': BROWSER_UA, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ t: token, ...extra }).toString(),
  });
const tokenOf = (link: string) => link.split('/').pop()!;
const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

async function storedBytes(fileId: string) {
  const [file] = await t.db.select().from(files).where(eq(files.id, fileId));
  const chunks: Buffer[] = [];
  for await (const chunk of await t.storage.read(file!.storageKey)) chunks.push(Buffer.from(chunk as Uint8Array));
  return { file: file!, bytes: Buffer.concat(chunks) };
}

describe('receipts', () => {
  it('are emailed once per paid order, however often the event comes, with the order’s figures and the seller’s address', async () => {
    const owner = await ownerWithStripe();
    const address = 'Acme Books Ltd\n1 Harbour Street\nBristol BS1 4AA\nUnited Kingdom';
    const saved = await kit.ownerApi(owner, 'PUT', '/api/workspace/business-address', { businessAddress: `  ${address}  ` });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ businessAddress: address });
    const config = { ...paidConfig({ tax: true, promotionCodes: true }), businessName: 'Acme Books' };
    const form = await createForm(t.app, owner, { publish: true, config });
    // As Stripe settles it: $9.99 less a $2.00 code, plus 20% UK VAT on the $7.99.
    stripe.addPromotionCode(owner.secretKey, 'SPRING', { amountOff: 200, currency: 'usd' });
    const { email, payment, event, lead } = await buy(form.id, { country: 'GB', promotionCode: 'spring' });
    for (let i = 0; i < 3; i += 1) expect((await stripe.deliver(event)).status).toBe(200);

    const receipts = await kit.receipts(email);
    expect(receipts).toHaveLength(1);
    const receipt = receipts[0]!;
    expect(receipt.subject).toBe(`Your receipt from Acme Books (order ${payment.orderNumber})`);
    for (const part of [
      'Net',
      '$7.99',
      'Tax',
      '$1.60',
      'Total (USD)',
      '$9.59',
      'Discount (SPRING)',
      '$2.00',
      '1 Harbour Street',
      'Bristol BS1 4AA',
    ]) {
      expect(receipt.text).toContain(part);
    }
    expect(receipt.text).toContain(`Order ${payment.orderNumber}`);
    expect(receipt.text).toMatch(/To ask for a refund, reply to this email or write to \S+@/);
    expect(payment.receiptSentAt).not.toBeNull();
    // Logged with the lead, as its other emails are (an erasure finds it while it is queued).
    const logged = await t.db.select().from(leadEmails).where(eq(leadEmails.leadId, lead.id));
    expect(logged.map((l) => l.kind).sort()).toEqual(['delivery', 'receipt']);

    // The receipt page: the same receipt, only with its signed link; the download page links to it.
    const url = /https?:\/\/\S+\/r\/[\w.-]+/.exec(receipt.text)![0];
    const page = await visit(url);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('$9.59');
    expect(page.body).toContain('1 Harbour Street');
    expect(page.body).toContain(`Order ${payment.orderNumber}`);
    const thankYou = await visit(stripe.sessions.get(payment.checkoutId!)!.success_url!);
    expect(thankYou.body).toContain(url.replace(t.config.publicUrl.origin, t.config.publicUrl.origin));
    expect(thankYou.body).toContain(`View your receipt (order ${payment.orderNumber})`);
  });

  it('is a 404 without a link we signed for that payment', async () => {
    const owner = await ownerWithStripe();
    const form = await createForm(t.app, owner, { publish: true, config: paidConfig() });
    const { payment } = await buy(form.id);
    const tokens = createTokens(t.config.secret);
    const good = tokens.sign('receipt', payment.id);
    expect((await visit(`/r/${good}`)).statusCode).toBe(200);
    for (const forged of [
      `${payment.id}.${'A'.repeat(32)}`,
      tokens.sign('submission', payment.id),
      createTokens('another-secret-another-secret-another').sign('receipt', payment.id),
      `${good}x`,
      payment.id,
    ]) {
      const res = await visit(`/r/${forged}`);
      expect(res.statusCode, forged).toBe(404);
      expect(res.body).not.toContain(`Order ${payment.orderNumber}`);
    }
  });

  it('say plainly that PayPal calculates no tax, and show a settlement as it is', () => {
    const base = {
      amount: 999,
      netAmount: null,
      taxAmount: null,
      discountAmount: null,
      currency: 'USD' as const,
      promotionCode: null,
    };
    expect(receiptLines({ ...base, provider: 'paypal' }, englishT)).toEqual([
      { label: 'Net', value: '$9.99' },
      { label: 'Tax', value: 'not calculated' },
      { label: 'Total (USD)', value: '$9.99' },
    ]);
    expect(receiptLines({ ...base, provider: 'stripe' }, englishT)).toContainEqual({ label: 'Tax', value: '$0.00' });
    expect(receiptLines({ ...base, provider: 'stripe', netAmount: 1000, taxAmount: 190 }, englishT)).toContainEqual({
      label: 'Total (USD)',
      value: '$11.90',
    });
  });

  it('says "Tax: not calculated" on a PayPal order’s receipt page', async () => {
    const owner = await ownerWithStripe();
    const form = await createForm(t.app, owner, { publish: true, config: paidConfig() });
    const { payment } = await buy(form.id);
    // The same order as PayPal records it (the PayPal journey itself is tested with its stand-in).
    await t.db.update(payments).set({ provider: 'paypal' }).where(eq(payments.id, payment.id));
    const page = await visit(`/r/${createTokens(t.config.secret).sign('receipt', payment.id)}`);
    expect(page.body).toMatch(/Tax<\/th><td>not calculated/);
    expect(page.body).toContain('PayPal');
  });

  it('keeps the business address a workspace setting with a clear message for bad input', async () => {
    const owner = await ownerWithStripe();
    expect((await kit.ownerApi(owner, 'GET', '/api/workspace/business-address')).json()).toEqual({ businessAddress: '' });
    const long = await kit.ownerApi(owner, 'PUT', '/api/workspace/business-address', { businessAddress: 'x'.repeat(501) });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ errors: { businessAddress: 'Keep the address under 500 characters.' } });
    expect((await kit.ownerApi(owner, 'GET', '/api/workspace/business-address')).json()).toEqual({ businessAddress: '' });
  });
});

describe('stamped files', () => {
  it('stamps each page of a paid PDF with the buyer and order, leaving the stored original as it was', async () => {
    const owner = await ownerWithStripe();
    const original = Buffer.from(await makePdf(3));
    const form = await createForm(t.app, owner, { publish: true, config: paidConfig(), pdf: original });
    const { email, payment, link } = await buy(form.id);
    const res = await visit(link);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const texts = await pdfPageTexts(res.rawPayload);
    expect(texts).toHaveLength(3);
    for (const text of texts) expect(text).toContain(stampText(email, payment.orderNumber, englishT));
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    const [uploaded] = await t.db
      .select()
      .from(files)
      .where(eq(files.sha256, sha(original)));
    const stored = await storedBytes(uploaded!.id);
    expect(sha(stored.bytes)).toBe(sha(original));
    expect(stored.file.sha256).toBe(sha(original));
  });

  it('delivers a PDF that cannot be stamped as it is, and tells the owner once', async () => {
    const owner = await ownerWithStripe();
    const damaged = pdfBytes(4096); // a PDF header and nothing a reader could open
    const form = await createForm(t.app, owner, { publish: true, config: paidConfig(), pdf: damaged });
    for (let i = 0; i < 2; i += 1) {
      const { link } = await buy(form.id);
      const res = await visit(link);
      expect(res.statusCode).toBe(200);
      expect(sha(res.rawPayload)).toBe(sha(damaged));
    }
    await t.runJobs();
    const failures = await t.db.select().from(stampFailures).where(eq(stampFailures.formId, form.id));
    expect(failures).toHaveLength(1);
    expect(failures[0]!.reason).toMatch(/could not be read/);
    const notices = await kit.mails(owner.email).then((all) => all.filter((m) => /without its buyer's stamp/.test(m.subject)));
    expect(notices).toHaveLength(1);
    expect(notices[0]!.text).toContain(failures[0]!.reason);
  });

  it('delivers an encrypted PDF as it is', async () => {
    const owner = await ownerWithStripe();
    const doc = await PDFDocument.create();
    doc.addPage().drawText('Secret workbook');
    doc.encrypt({ userPassword: 'open-sesame', ownerPassword: 'owner-only' });
    const encrypted = Buffer.from(await doc.save());
    const form = await createForm(t.app, owner, { publish: true, config: paidConfig(), pdf: encrypted });
    const { link } = await buy(form.id);
    const res = await visit(link);
    expect(res.statusCode).toBe(200);
    expect(sha(res.rawPayload)).toBe(sha(encrypted));
    const [failure] = await t.db.select().from(stampFailures).where(eq(stampFailures.formId, form.id));
    expect(failure?.reason).toMatch(/password-protected|could not be read/);
  });

  it('leaves a free page’s file byte for byte as uploaded, with no allowance', async () => {
    const owner = await ownerWithStripe();
    const original = Buffer.from(await makePdf(2));
    const form = await createForm(t.app, owner, { publish: true, pdf: original, config: { doubleOptIn: false } });
    const email = `free-${Date.now()}@example.com`;
    expect((await kit.submit(form.id, { email })).statusCode).toBe(303);
    const link = kit.downloadLink((await kit.mails(email))[0]!.text);
    for (let i = 0; i < 12; i += 1) {
      const res = await visit(link);
      expect(res.statusCode).toBe(200);
      expect(sha(res.rawPayload)).toBe(sha(original));
    }
  });
});

describe('download allowances', () => {
  it('refuses past the limit, saying so and offering a fresh link', async () => {
    const owner = await ownerWithStripe();
    const form = await createForm(t.app, owner, { publish: true, config: paidConfig({ downloadLimit: 2 }) });
    const { link, payment } = await buy(form.id);
    expect((await visit(link)).statusCode).toBe(200);
    expect((await visit(link)).statusCode).toBe(200);
    const refused = await visit(link);
    expect(refused.statusCode).toBe(403);
    expect(refused.headers['content-type']).toMatch(/text\/html/);
    expect(refused.body).toContain('You have used all the downloads of this link');
    expect(refused.body).toContain('Each purchase includes 2 downloads per link.');
    expect(refused.body).toContain('action="/d/fresh"');
    expect(refused.body).toContain('Email me a fresh link');
    const [row] = await t.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(row!.downloadsUsed).toBe(2);
  });

  it('lets only one of two parallel downloads take the last one', async () => {
    const owner = await ownerWithStripe();
    const form = await createForm(t.app, owner, { publish: true, config: paidConfig({ downloadLimit: 3 }) });
    const { link, payment } = await buy(form.id);
    expect((await visit(link)).statusCode).toBe(200);
    expect((await visit(link)).statusCode).toBe(200);
    const racing = await Promise.all(Array.from({ length: 6 }, () => visit(link)));
    expect(racing.map((r) => r.statusCode).sort()).toEqual([200, 403, 403, 403, 403, 403]);
    const [row] = await t.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(row!.downloadsUsed).toBe(3);
  });

  it('emails a fresh link only to the order’s address; the old link stops and the new one works', async () => {
    const owner = await ownerWithStripe();
    const form = await createForm(t.app, owner, { publish: true, config: paidConfig({ downloadLimit: 1 }) });
    const { link, email } = await buy(form.id);
    expect((await visit(link)).statusCode).toBe(200);
    expect((await visit(link)).statusCode).toBe(403);
    const before = (await kit.mails(email)).length;
    const attacker = 'attacker@example.com';
    const answer = await freshFor(tokenOf(link), { email: attacker, to: attacker });
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toContain('a fresh link is on its way to the email address it was bought with');
    const after = await kit.mails(email);
    expect(after).toHaveLength(before + 1);
    expect(await kit.mails(attacker)).toHaveLength(0);
    const fresh = kit.downloadLink(after[0]!.text);
    expect(fresh).not.toBe(link);
    const old = await visit(link);
    expect(old.statusCode).toBe(410);
    expect(old.body).toContain('This download link was replaced');
    expect((await visit(fresh)).statusCode).toBe(200);
  });

  it('answers a fresh-link request the same whatever happens, and limits it', async () => {
    const owner = await ownerWithStripe();
    const form = await createForm(t.app, owner, { publish: true, config: paidConfig() });
    const { link, email } = await buy(form.id);
    const forged = await freshFor(`${tokenOf(link).slice(0, -2)}xx`);
    const real = await freshFor(tokenOf(link));
    expect(forged.statusCode).toBe(real.statusCode);
    expect(forged.body).toBe(real.body);
    const count = (await kit.mails(email)).length;
    for (let i = 0; i < 4; i += 1) expect((await freshFor(tokenOf(link))).body).toBe(real.body);
    // Three a purchase an hour: the first above, two more here.
    expect((await kit.mails(email)).length).toBe(count + 2);
  });

  it('gives a stranger holding a shared link past the limit nothing, and sends a fresh link only to the buyer', async () => {
    const owner = await ownerWithStripe();
    const form = await createForm(t.app, owner, {
      publish: true,
      config: paidConfig({ downloadLimit: 2 }),
      pdf: Buffer.from(await makePdf(1)),
    });
    const { link, email } = await buy(form.id);
    await visit(link);
    await visit(link);
    const stranger = await visit(link);
    expect(stranger.statusCode).toBe(403);
    expect(stranger.headers['content-type']).toMatch(/text\/html/);
    expect(stranger.body).not.toContain('%PDF');
    await freshFor(tokenOf(link), { email: 'stranger@example.com' });
    expect(await kit.mails('stranger@example.com')).toHaveLength(0);
    expect((await visit(link)).statusCode).toBe(410);
    expect((await kit.mails(email))[0]!.text).toMatch(/\/d\/[\w.-]+/);
  });

  it('ends the window after the page’s days, with the offer', async () => {
    const owner = await ownerWithStripe();
    const form = await createForm(t.app, owner, { publish: true, config: paidConfig({ downloadDays: 3 }) });
    const { link, payment } = await buy(form.id);
    await t.db
      .update(payments)
      .set({ downloadLinkIssuedAt: new Date(Date.now() - 3 * 86_400_000 - 1000) })
      .where(eq(payments.id, payment.id));
    const res = await visit(link);
    expect(res.statusCode).toBe(410);
    expect(res.body).toContain('Download links of a purchase work for 3 days.');
    expect(res.body).toContain('Email me a fresh link');
  });

  it('stops every link of a refunded purchase, and a fresh link is not sent', async () => {
    const owner = await ownerWithStripe();
    const form = await createForm(t.app, owner, { publish: true, config: paidConfig() });
    const { link, session, email } = await buy(form.id);
    expect((await visit(link)).statusCode).toBe(200);
    expect((await stripe.refund(session.id)).delivery.status).toBe(200);
    expect((await visit(link)).statusCode).toBe(403);
    const count = (await kit.mails(email)).length;
    await freshFor(tokenOf(link));
    expect(await kit.mails(email)).toHaveLength(count);
    expect((await visit(link)).statusCode).toBe(403);
  });

  it('counts a paid lead’s link from before links named their purchase against its allowance', async () => {
    const owner = await ownerWithStripe();
    const form = await createForm(t.app, owner, { publish: true, config: paidConfig({ downloadLimit: 1 }) });
    const { lead } = await buy(form.id);
    const legacy = `/d/${createTokens(t.config.secret).signExpiring('download', lead.id, new Date(Date.now() + 86_400_000))}`;
    expect((await visit(legacy)).statusCode).toBe(200);
    expect((await visit(legacy)).statusCode).toBe(403);
  });
});
