import { randomBytes } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { defaultFormConfig, type Payment } from '@/domain/form-config';
import { PAYPAL_URL, STRIPE_URL } from '../../playwright.config';
import { closeVisitors, createPublishedForm, newVisitor, seriousViolations, signUp, toastWith, uniqueEmail } from './support.js';

test.afterEach(closeVisitors);

/*
 * docs/decisions/0007: an owner connects Stripe and PayPal (the local stand-ins the app's
 * official SDKs talk to) on the Payment settings page, publishes a paid page, and visitors pay
 * through each provider's checkout redirect; the webhook arrives, the download unlocks, and the
 * owner sees the revenue. Pay-what-you-want below the minimum is refused.
 */

const MIN_FILL_MS = 2000;
const run = randomBytes(3).toString('hex');
const stripeKeys = { secretKey: `sk_test_e2e${run}abcdef`, webhookSecret: `whsec_e2e${run}signing` };
const paypalKeys = { clientId: `e2e-client-${run}`, clientSecret: `e2e-secret-${run}`, webhookId: `WHE2E${run.toUpperCase()}` };

/** Publishes a paid page through the owner API (the creator's own journey is covered in page-creator.spec.ts). */
async function publishPaidPage(request: APIRequestContext, title: string, payment: Partial<Payment>): Promise<string> {
  const page = {
    title,
    description: 'The complete guide, delivered after payment.',
    businessName: 'Northwind Press',
    leadMagnetName: 'Pricing Playbook',
  };
  const { publicUrl } = await createPublishedForm(request, page, {
    privacyPolicyUrl: 'https://northwind.example/privacy',
    doubleOptIn: false,
    payment: { ...defaultFormConfig().payment, enabled: true, ...payment },
  });
  return publicUrl;
}

/** Opens the page, fills it in as a person would (at least 2 s), and sends it. */
async function fillAndSubmit(page: Page, url: string, email: string, provider?: 'Card (Stripe)' | 'PayPal') {
  await page.goto(url);
  const openedAt = Date.now();
  await page.getByLabel(/Email Address/).fill(email);
  if (provider) await page.getByLabel(provider).check();
  await page.getByRole('checkbox', { name: /I agree/ }).check();
  const left = MIN_FILL_MS + 250 - (Date.now() - openedAt);
  if (left > 0) await page.waitForTimeout(left);
  await page.getByRole('button', { name: 'Continue to payment' }).click();
}

/** Back on the thank-you page: 'processing' until the provider's confirmation lands, then the file. */
async function expectDownloadUnlocked(page: Page) {
  await expect(page).toHaveURL(/\/thank-you\?t=/);
  const download = page.getByRole('link', { name: 'Download Pricing Playbook' });
  await expect(download).toBeVisible({ timeout: 15_000 });
  const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
  expect(file.suggestedFilename()).toBe('Pricing Playbook.pdf');
}

test('an owner connects Stripe and PayPal, visitors pay through each, and the owner sees the revenue', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await signUp(page, { name: 'Paid Owner', email: uniqueEmail('paid'), password: 'paid-owner-pass-1' });
  await expect(page).toHaveURL(/\/dashboard$/);

  // Payment settings: the owner registers the shown webhook URLs with each provider, then pastes the keys.
  await page.getByRole('link', { name: 'Payment settings' }).first().click();
  await expect(page).toHaveURL(/\/settings\/payments$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Payment settings' })).toBeVisible();
  // Own keys, behind the Connect button (this server is a Connect platform).
  await page.getByText('Advanced: use your own Stripe keys').click();
  const stripeWebhook = await page.getByRole('textbox', { name: 'Stripe webhook URL' }).inputValue();
  expect(stripeWebhook).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/webhooks\/stripe\//);
  expect(
    (await page.request.post(`${STRIPE_URL}/_test/accounts`, { data: { ...stripeKeys, webhookUrl: stripeWebhook } })).status(),
  ).toBe(201);
  await page.getByLabel('Secret key').fill('sk_test_notARealKey1234');
  await page.getByLabel('Webhook signing secret').fill(stripeKeys.webhookSecret);
  await page.getByRole('button', { name: 'Connect Stripe' }).click();
  await expect(page.getByText('Stripe did not accept this secret key.').first()).toBeVisible();
  await page.getByLabel('Secret key').fill(stripeKeys.secretKey);
  await page.getByRole('button', { name: 'Connect Stripe' }).click();
  await expect(toastWith(page, 'Stripe connected')).toBeVisible();
  await expect(page.getByText(`sk_test_…${stripeKeys.secretKey.slice(-4)}`)).toBeVisible();

  // Where the server is a PayPal partner platform, the own REST app is the advanced way (paypal-connect.spec.ts has the button).
  const advanced = page.getByText('Advanced: use your own PayPal REST app instead');
  const platform = await advanced.isVisible();
  if (platform) await advanced.click();
  const paypalWebhook = await page.getByRole('textbox', { name: 'PayPal webhook URL' }).inputValue();
  expect(
    (await page.request.post(`${PAYPAL_URL}/_test/accounts`, { data: { ...paypalKeys, webhookUrl: paypalWebhook } })).status(),
  ).toBe(201);
  await page.getByLabel('Client ID').fill(paypalKeys.clientId);
  await page.getByLabel('Secret', { exact: true }).fill(paypalKeys.clientSecret);
  await page.getByLabel('Webhook ID').fill(paypalKeys.webhookId);
  await page.getByLabel('Sandbox').check();
  await page.getByRole('button', { name: platform ? 'Use this REST app' : 'Connect PayPal' }).click();
  await expect(toastWith(page, 'PayPal connected')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: 'test-results/payments-settings.png', fullPage: true });

  const url = await publishPaidPage(page.request, 'Pricing Playbook', { type: 'fixed', fixedAmount: 1900, provider: 'both' });

  // A visitor pays by card through Stripe Checkout.
  const card = await newVisitor(browser);
  await fillAndSubmit(card, url, uniqueEmail('card'), 'Card (Stripe)');
  await expect(card).toHaveURL(new RegExp(`^${STRIPE_URL}/c/pay/cs_test_`));
  await expect(card.getByText('$19.00').first()).toBeVisible();
  await card.getByRole('button', { name: 'Pay', exact: true }).click();
  await expectDownloadUnlocked(card);

  // Another visitor pays with PayPal.
  const wallet = await newVisitor(browser);
  await fillAndSubmit(wallet, url, uniqueEmail('wallet'), 'PayPal');
  await expect(wallet).toHaveURL(new RegExp(`^${PAYPAL_URL}/checkoutnow\\?token=`));
  await wallet.getByRole('button', { name: 'Pay with PayPal' }).click();
  await expectDownloadUnlocked(wallet);

  // The owner sees the money: on the dashboard and on the page's own screen.
  await page.goto('/dashboard');
  await expect(page.getByRole('region', { name: 'Revenue' })).toContainText('$38.00');
  await page.getByRole('link', { name: 'Pricing Playbook' }).first().click();
  await expect(page).toHaveURL(/\/dashboard\/forms\//);
  await expect(page.getByText('Stripe').first()).toBeVisible();
  await expect(page.getByText('PayPal').first()).toBeVisible();
  await expect(page.getByText('Paid').first()).toBeVisible();
  await page.screenshot({ path: 'test-results/payments-form-page.png', fullPage: true });
});

test('pay-what-you-want below the minimum is refused, by the browser and by the server', async ({ page, browser }) => {
  await signUp(page, { name: 'Pwyw Owner', email: uniqueEmail('pwyw'), password: 'pwyw-owner-pass-1' });
  await expect(page).toHaveURL(/\/dashboard$/);
  const keys = { secretKey: `sk_test_pwyw${run}abcdef`, webhookSecret: `whsec_pwyw${run}signing` };
  const settings = await (await page.request.get('/api/payments/settings')).json();
  await page.request.post(`${STRIPE_URL}/_test/accounts`, { data: { ...keys, webhookUrl: settings.stripe.webhookUrl } });
  expect((await page.request.put('/api/payments/stripe', { data: keys })).status()).toBe(200);
  const url = await publishPaidPage(page.request, 'Name Your Price', {
    type: 'pwyw',
    pwywMinimum: 500,
    pwywSuggested: 1200,
    provider: 'stripe',
  });

  const person = await newVisitor(browser);
  await person.goto(url);
  const amount = person.getByRole('spinbutton', { name: 'Pay what you want (USD)' });
  await expect(amount).toHaveValue('12.00');
  await expect(person.getByText('Minimum $5.00')).toBeVisible();
  await person.getByLabel(/Email Address/).fill(uniqueEmail('cheap'));
  await person.getByRole('checkbox', { name: /I agree/ }).check();
  await amount.fill('2');
  await person.waitForTimeout(MIN_FILL_MS + 250);
  await person.getByRole('button', { name: 'Continue to payment' }).click();
  // The browser's own check (min = the minimum) keeps the form here.
  await expect(person).toHaveURL(url);
  expect(await amount.evaluate((input: HTMLInputElement) => input.validity.rangeUnderflow)).toBe(true);

  // Without that check (an old browser, a crafted post), the server refuses it and sends nobody to pay.
  await amount.evaluate((input: HTMLInputElement) => input.removeAttribute('min'));
  await person.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(person.getByText('Please enter at least $5.00')).toBeVisible();
  expect(new URL(person.url()).origin).not.toBe(STRIPE_URL);
  expect(await seriousViolations(person)).toEqual([]);
});
