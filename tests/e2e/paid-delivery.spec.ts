import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { defaultFormConfig } from '@/domain/form-config';
import { mailsTo } from '@tests/kit/mailbox';
import { publishableConfig } from '@tests/kit/data';
import { makePdf, pdfPageTexts } from '@tests/kit/pdf-text';
import { STRIPE_URL } from '../../playwright.config';
import { closeVisitors, newVisitor, readMailbox, seriousViolations, signUp, uniqueEmail, waitForMail } from './support.js';

test.afterEach(closeVisitors);

/*
 * docs/decisions/0083: a buyer pays on a paid page (Stripe through the owner's pasted keys, at the
 * stand-in), the download page links the receipt, the PDF comes stamped for them, the receipt is in
 * the mailbox, and past the page's download limit (2 here) the page says so and emails a fresh link.
 */

const MIN_FILL_MS = 2000;
const run = randomBytes(3).toString('hex');
const ADDRESS = 'Northwind Press Ltd\n12 Quay Street\nBristol BS1 4AA\nUnited Kingdom';

test('a buyer gets a stamped file, a receipt, and a fresh link past the download limit', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await signUp(page, { name: 'Receipt Owner', email: uniqueEmail('receipts'), password: 'receipt-owner-pass-1' });
  await expect(page).toHaveURL(/\/dashboard$/);

  // The owner types the business address once, in the workspace's settings.
  await page.goto('/dashboard/privacy');
  const address = page.getByLabel('Postal address');
  await address.fill(ADDRESS);
  await page.getByRole('button', { name: 'Save business address' }).click();
  await expect(page.getByText('Business address saved')).toBeVisible();
  await page.screenshot({ path: 'test-results/paid-delivery-business-address.png', fullPage: true });
  await page.reload();
  await expect(page.getByLabel('Postal address')).toHaveValue(ADDRESS);

  // Stripe with pasted keys (the self-hosted path), and a paid page allowing 2 downloads of a real PDF.
  const keys = { secretKey: `sk_test_receipt${run}abcdef`, webhookSecret: `whsec_receipt${run}signing` };
  const settings = await (await page.request.get('/api/payments/settings')).json();
  await page.request.post(`${STRIPE_URL}/_test/accounts`, { data: { ...keys, webhookUrl: settings.stripe.webhookUrl } });
  expect((await page.request.put('/api/payments/stripe', { data: keys })).status()).toBe(200);
  const pdf = Buffer.from(await makePdf(3));
  const upload = await page.request.post('/api/files', {
    multipart: { file: { name: 'Workbook.pdf', mimeType: 'application/pdf', buffer: pdf } },
  });
  expect(upload.status()).toBe(201);
  const config = publishableConfig(await upload.json(), 'Pricing Workbook', {
    businessName: 'Northwind Press',
    leadMagnetName: 'Pricing Workbook',
    privacyPolicyUrl: 'https://northwind.example/privacy',
    doubleOptIn: false,
    payment: {
      ...defaultFormConfig().payment,
      enabled: true,
      type: 'fixed',
      fixedAmount: 1900,
      provider: 'stripe',
      downloadLimit: 2,
    },
  });
  const created = await page.request.post('/api/forms', { data: { config } });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = await created.json();
  const published = await page.request.post(`/api/forms/${id}/publish`);
  expect(published.status()).toBe(200);
  const { publicUrl } = await published.json();

  // The buyer pays through Checkout.
  const buyer = await newVisitor(browser);
  const email = uniqueEmail('buyer');
  await buyer.goto(publicUrl);
  const openedAt = Date.now();
  await buyer.getByLabel(/Email Address/).fill(email);
  await buyer.getByRole('checkbox', { name: /I agree/ }).check();
  await buyer.waitForTimeout(Math.max(0, MIN_FILL_MS + 250 - (Date.now() - openedAt)));
  await buyer.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(buyer).toHaveURL(new RegExp(`^${STRIPE_URL}/c/pay/cs_test_`));
  await buyer.getByRole('button', { name: 'Pay', exact: true }).click();

  // The download page: the file, what the purchase allows, and the receipt.
  await expect(buyer).toHaveURL(/\/thank-you\?t=/);
  const download = buyer.getByRole('link', { name: 'Download Pricing Workbook' });
  await expect(download).toBeVisible({ timeout: 15_000 });
  const receiptLink = buyer.getByRole('link', { name: /View your receipt \(order \d+\)/ });
  await expect(receiptLink).toBeVisible();
  await expect(buyer.getByText('Your purchase includes 2 downloads within 30 days of this link.')).toBeVisible();
  expect(await seriousViolations(buyer)).toEqual([]);
  await buyer.screenshot({ path: 'test-results/paid-delivery-download-page.png', fullPage: true });
  const orderNumber = /order (\d+)/.exec((await receiptLink.textContent()) ?? '')![1]!;
  const link = (await download.getAttribute('href'))!;

  // The PDF is stamped on every page for this buyer and order.
  const [file] = await Promise.all([buyer.waitForEvent('download'), download.click()]);
  expect(file.suggestedFilename()).toBe('Pricing Workbook.pdf');
  const texts = await pdfPageTexts(await readFile((await file.path())!));
  expect(texts).toHaveLength(3);
  for (const text of texts) expect(text).toContain(`Licensed to ${email} · order ${orderNumber}`);

  // The receipt email, and the receipt page it links to (the same one the download page links).
  const receipt = await waitForMail(page.request, email, /^Your receipt from Northwind Press/);
  expect(receipt.text).toContain(`Order ${orderNumber}`);
  expect(receipt.text).toContain('12 Quay Street');
  expect(receipt.text).toContain('$19.00');
  await receiptLink.click();
  await expect(buyer.getByRole('heading', { name: 'Receipt' })).toBeVisible();
  await expect(buyer.getByText('12 Quay Street')).toBeVisible();
  await expect(buyer.getByRole('row', { name: /Total \(USD\)/ })).toContainText('$19.00');
  expect(await seriousViolations(buyer)).toEqual([]);
  await buyer.screenshot({ path: 'test-results/paid-delivery-receipt.png', fullPage: true });
  await buyer.goBack();

  // The second download is the last this link allows; the third says so and offers a fresh link.
  const [second] = await Promise.all([buyer.waitForEvent('download'), download.click()]);
  expect(second.suggestedFilename()).toBe('Pricing Workbook.pdf');
  await buyer.goto(link);
  await expect(buyer.getByRole('heading', { name: 'You have used all the downloads of this link' })).toBeVisible();
  await expect(buyer.getByText('Each purchase includes 2 downloads per link.')).toBeVisible();
  expect(await seriousViolations(buyer)).toEqual([]);
  await buyer.screenshot({ path: 'test-results/paid-delivery-limit.png', fullPage: true });

  const before = mailsTo(await readMailbox(page.request), email).length;
  await buyer.getByRole('button', { name: 'Email me a fresh link' }).click();
  await expect(buyer.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  let fresh = '';
  await expect
    .poll(async () => {
      const mails = mailsTo(await readMailbox(page.request), email);
      fresh = mails.length > before ? (/https?:\/\/\S+\/d\/[\w.-]+/.exec(mails[0]!.text)?.[0] ?? '') : '';
      return fresh;
    })
    .toMatch(/\/d\//);
  expect(fresh).not.toBe(link);

  // The fresh link downloads the stamped file again; the old one is told it was replaced.
  const again = await page.request.get(fresh);
  expect(again.status()).toBe(200);
  expect((await pdfPageTexts(await again.body()))[0]).toContain(`Licensed to ${email} · order ${orderNumber}`);
  await buyer.goto(link);
  await expect(buyer.getByRole('heading', { name: 'This download link was replaced' })).toBeVisible();
});
