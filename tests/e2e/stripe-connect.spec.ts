import { expect, test } from '@playwright/test';
import { defaultFormConfig } from '@/domain/form-config';
import { STRIPE_URL } from '../../playwright.config';
import {
  closeVisitors,
  createPublishedForm,
  editorTab,
  newVisitor,
  seriousViolations,
  signUp,
  uniqueEmail,
  waitForMail,
} from './support.js';

test.afterEach(closeVisitors);

/*
 * docs/decisions/0081: a new owner presses "Connect with Stripe", finishes Stripe's onboarding (the
 * stand-in's), and sees that the account can take payments. They publish a paid page with tax and
 * discount codes; a buyer in the UK pays with a code at Checkout, gets the file and a receipt with
 * the discount and the VAT (docs/decisions/0083); the file is no real PDF, so it goes out unstamped
 * and the owner is told; the owner refunds in Stripe and the download ends.
 */

const MIN_FILL_MS = 2000;

test('an owner connects with Stripe, sells with tax and a code, and a refund ends the download', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const ownerEmail = uniqueEmail('connect');
  await signUp(page, { name: 'Connie Connect', email: ownerEmail, password: 'connect-owner-pass-1' });
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto('/settings/payments');
  const connect = page.getByRole('button', { name: 'Connect with Stripe' });
  await expect(connect).toBeVisible();
  await expect(page.getByText('Advanced: use your own Stripe keys')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: 'test-results/stripe-connect-before.png', fullPage: true });

  // Stripe's onboarding (the stand-in's page), then back to the settings.
  await connect.click();
  await expect(page).toHaveURL(new RegExp(`^${STRIPE_URL}/connect/onboarding/`));
  await page.getByLabel('Business name').fill('Connie Workbooks');
  await page.getByRole('button', { name: 'Agree and submit' }).click();
  await expect(page).toHaveURL(/\/settings\/payments$/);
  await expect(page.getByText('Connected: Connie Workbooks')).toBeVisible();
  await expect(page.getByText('Can take payments').first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: 'test-results/stripe-connect-after.png', fullPage: true });

  // The Payment tab's checkout options, as the owner sees them.
  await page.goto('/page-creator');
  await editorTab(page, 'Payment').click();
  await page.getByLabel('Require payment').click();
  await expect(page.getByLabel('Charge VAT / sales tax where it applies')).toBeVisible();
  await expect(page.getByLabel('Let buyers enter a discount code')).toBeVisible();
  await page.screenshot({ path: 'test-results/stripe-connect-payment-tab.png', fullPage: true });

  const { publicUrl } = await createPublishedForm(
    page.request,
    { title: 'Tax Workbook', businessName: 'Connie Workbooks', leadMagnetName: 'Tax Workbook' },
    {
      privacyPolicyUrl: 'https://connie.example/privacy',
      doubleOptIn: false,
      payment: {
        ...defaultFormConfig().payment,
        enabled: true,
        fixedAmount: 2000,
        provider: 'stripe',
        tax: true,
        promotionCodes: true,
      },
    },
  );
  // The owner created a code in Stripe: 25% off.
  const accounts = await (
    await page.request.get(`${STRIPE_URL}/_test/connected_accounts?email=${encodeURIComponent(ownerEmail)}`)
  ).json();
  const accountId = accounts.data[0].id as string;
  expect(
    (
      await page.request.post(`${STRIPE_URL}/_test/promotion_codes`, {
        data: { account: accountId, code: 'LAUNCH25', percentOff: 25 },
      })
    ).status(),
  ).toBe(201);

  // A buyer in the UK pays with the code.
  const buyer = await newVisitor(browser);
  const buyerEmail = uniqueEmail('uk-buyer');
  await buyer.goto(publicUrl);
  const openedAt = Date.now();
  await buyer.getByLabel(/Email Address/).fill(buyerEmail);
  await buyer.getByRole('checkbox', { name: /I agree/ }).check();
  await buyer.waitForTimeout(Math.max(0, MIN_FILL_MS + 250 - (Date.now() - openedAt)));
  await buyer.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(buyer).toHaveURL(new RegExp(`^${STRIPE_URL}/c/pay/cs_test_`));
  await expect(buyer.getByRole('heading', { name: 'Pay Connie Workbooks' })).toBeVisible();
  await buyer.getByLabel('Billing country').selectOption('GB');
  await buyer.getByLabel('Promotion code').fill('NOPE');
  await buyer.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(buyer.getByText('This code is invalid.')).toBeVisible();
  await buyer.getByLabel('Billing country').selectOption('GB');
  await buyer.getByLabel('Promotion code').fill('launch25');
  await buyer.getByRole('button', { name: 'Pay', exact: true }).click();

  await expect(buyer).toHaveURL(/\/thank-you\?t=/);
  const download = buyer.getByRole('link', { name: 'Download Tax Workbook' });
  await expect(download).toBeVisible({ timeout: 15_000 });
  const [file] = await Promise.all([buyer.waitForEvent('download'), download.click()]);
  expect(file.suggestedFilename()).toBe('Tax Workbook.pdf');

  // $20.00 less 25% = $15.00, plus 20% UK VAT = $18.00 charged on the connected account.
  const sessions = await (
    await page.request.get(`${STRIPE_URL}/_test/sessions?customer_email=${encodeURIComponent(buyerEmail)}`)
  ).json();
  const session = sessions.data[0];
  expect(session).toMatchObject({
    amount_subtotal: 2000,
    amount_total: 1800,
    total_details: { amount_discount: 500, amount_tax: 300 },
  });

  // The receipt, emailed and linked from the download page, shows what Stripe settled.
  const receipt = await waitForMail(page.request, buyerEmail, /^Your receipt from Connie Workbooks/);
  expect(receipt.text).toContain('LAUNCH25');
  await buyer.getByRole('link', { name: /View your receipt \(order \d+\)/ }).click();
  await expect(buyer.getByRole('row', { name: /Discount \(LAUNCH25\)/ })).toContainText('$5.00');
  await expect(buyer.getByRole('row', { name: /^Net/ })).toContainText('$15.00');
  await expect(buyer.getByRole('row', { name: /^Tax/ })).toContainText('$3.00');
  await expect(buyer.getByRole('row', { name: /Total \(USD\)/ })).toContainText('$18.00');
  await buyer.goBack();
  // The uploaded file cannot be stamped: it was delivered as it is, and its owner is told.
  await waitForMail(page.request, ownerEmail, /delivered without its buyer's stamp/);

  // The owner refunds in Stripe: the buyer's page says so and the file is no longer theirs.
  expect((await page.request.post(`${STRIPE_URL}/_test/refunds/${session.id}`)).status()).toBe(200);
  await expect(async () => {
    await buyer.reload();
    await expect(buyer.getByText('This payment was refunded')).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await expect(buyer.getByRole('link', { name: 'Download Tax Workbook' })).toHaveCount(0);
});
