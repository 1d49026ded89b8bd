import { expect, test } from '@playwright/test';
import { defaultFormConfig } from '@/domain/form-config';
import { PAYPAL_TAX_NOTE } from '@/domain/payments';
import { PAYPAL_URL } from '../../playwright.config';
import { closeVisitors, createPublishedForm, newVisitor, seriousViolations, signUp, uniqueEmail } from './support.js';

test.afterEach(closeVisitors);

/*
 * docs/decisions/0082: on a server that is a PayPal partner platform, a new owner presses "Connect
 * PayPal", agrees on PayPal's onboarding page (the stand-in's), and comes back able to take
 * payments; a buyer pays that owner's paid page with PayPal and gets the file; a refund made on
 * PayPal reaches the platform webhook and ends the buyer's access.
 */

const MIN_FILL_MS = 2000;

test('a new owner connects PayPal with one button, a buyer pays through PayPal, and a refund ends the access', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await signUp(page, { name: 'PayPal Seller', email: uniqueEmail('ppconnect'), password: 'paypal-seller-pass-1' });
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.getByRole('link', { name: 'Payment settings' }).first().click();
  await expect(page).toHaveURL(/\/settings\/payments$/);
  const card = page.getByRole('region', { name: 'PayPal' });
  await expect(card.getByText(PAYPAL_TAX_NOTE)).toBeVisible();
  // The own REST app is there, folded away as the advanced way.
  await expect(card.getByText('Advanced: use your own PayPal REST app instead')).toBeVisible();
  await expect(card.getByLabel('Client ID')).toBeHidden();
  await page.screenshot({ path: 'test-results/paypal-connect-before.png', fullPage: true });

  await card.getByRole('button', { name: 'Connect PayPal' }).click();
  await expect(page).toHaveURL(new RegExp(`^${PAYPAL_URL}/bizsignup/partner/entry\\?referralToken=`));
  await expect(page.getByRole('heading', { name: 'Connect your PayPal account' })).toBeVisible();
  await page.screenshot({ path: 'test-results/paypal-connect-onboarding.png', fullPage: true });
  await page.getByRole('button', { name: 'Agree and connect' }).click();

  await expect(page).toHaveURL(/\/settings\/payments\?paypal=connected$/);
  await expect(card.getByText('Your PayPal account is connected.')).toBeVisible();
  await expect(card.getByText('Can take payments').first()).toBeVisible();
  await expect(card.getByText('Merchant ID')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Disconnect' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: 'test-results/paypal-connect-after.png', fullPage: true });

  const { publicUrl } = await createPublishedForm(
    page.request,
    { title: 'Seller Workbook', businessName: 'Seller & Co', leadMagnetName: 'Seller Workbook' },
    {
      privacyPolicyUrl: 'https://seller.example/privacy',
      doubleOptIn: false,
      payment: { ...defaultFormConfig().payment, enabled: true, type: 'fixed', fixedAmount: 1500, provider: 'paypal' },
    },
  );

  // A buyer pays with PayPal: the order is the connected seller's.
  const buyer = await newVisitor(browser);
  await buyer.goto(publicUrl);
  const openedAt = Date.now();
  await buyer.getByLabel(/Email Address/).fill(uniqueEmail('ppbuyer'));
  await buyer.getByRole('checkbox', { name: /I agree/ }).check();
  await buyer.waitForTimeout(Math.max(0, MIN_FILL_MS + 250 - (Date.now() - openedAt)));
  await buyer.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(buyer).toHaveURL(new RegExp(`^${PAYPAL_URL}/checkoutnow\\?token=`));
  const orderId = new URL(buyer.url()).searchParams.get('token')!;
  const { data: orders } = (await (await page.request.get(`${PAYPAL_URL}/_test/orders?id=${orderId}`)).json()) as {
    data: { purchase_units: { payee: { merchant_id: string } }[] }[];
  };
  const settings = await (await page.request.get('/api/payments/settings')).json();
  expect(orders[0]!.purchase_units[0]!.payee.merchant_id).toBe(settings.paypal.merchant.merchantId);
  await buyer.getByRole('button', { name: 'Pay with PayPal' }).click();

  await expect(buyer).toHaveURL(/\/thank-you\?t=/);
  const download = buyer.getByRole('link', { name: 'Download Seller Workbook' });
  await expect(download).toBeVisible({ timeout: 15_000 });
  const [file] = await Promise.all([buyer.waitForEvent('download'), download.click()]);
  expect(file.suggestedFilename()).toBe('Seller Workbook.pdf');

  // The seller refunds on PayPal: the refund event reaches the platform webhook and the download ends.
  const refund = await page.request.post(`${PAYPAL_URL}/_test/refunds/${orderId}`);
  expect(refund.status()).toBe(200);
  expect(((await refund.json()) as { delivery: { url: string; status: number } }).delivery).toMatchObject({
    url: expect.stringMatching(/\/webhooks\/paypal-partner$/),
    status: 200,
  });
  await buyer.reload();
  await expect(buyer.getByText('This payment was refunded')).toBeVisible();
  await expect(download).toBeHidden();
});
