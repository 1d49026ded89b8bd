import { expect, test, type Page } from '@playwright/test';
import { STRIPE_URL } from '../../playwright.config.js';
import { createPublishedForm, seriousViolations, signUp, toastWith, uniqueEmail, waitForMail } from './support.js';

/*
 * docs/decisions/0046: a new owner upgrades to Pro, billed annually, through Stripe Checkout (the stand-in);
 * the plan changes when Stripe's signed webhook arrives. They invite a colleague as Editor, who
 * edits a page but cannot export leads or see the payment keys. The owner cancels in Stripe's
 * customer portal and stays on Pro until the period ends.
 */

const stripeKeys = { secretKey: 'sk_test_billingJourneyOwner1', webhookSecret: 'whsec_billingJourneyOwner1' };

async function connectStripe(page: Page) {
  await page.goto('/settings/payments');
  // Own keys, behind the Connect button (this server is a Connect platform).
  await page.getByText('Advanced: use your own Stripe keys').click();
  const webhookUrl = await page.getByRole('textbox', { name: 'Stripe webhook URL' }).inputValue();
  expect((await page.request.post(`${STRIPE_URL}/_test/accounts`, { data: { ...stripeKeys, webhookUrl } })).status()).toBe(201);
  await page.getByLabel('Secret key').fill(stripeKeys.secretKey);
  await page.getByLabel('Webhook signing secret').fill(stripeKeys.webhookSecret);
  await page.getByRole('button', { name: 'Connect Stripe' }).click();
  await expect(toastWith(page, 'Stripe connected')).toBeVisible();
}

test('an owner upgrades to Pro annually, an editor joins and edits but cannot export or see keys, the owner cancels and stays Pro', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const owner = { name: 'Bill Ling', email: uniqueEmail('billing-owner'), password: 'billing-owner-pass-7' };
  await signUp(page, owner);
  await expect(page).toHaveURL(/\/dashboard$/);
  const form = await createPublishedForm(page.request, { title: 'Billing Guide' });
  await connectStripe(page);

  // The dashboard shows the plan and what it uses of it.
  await page.goto('/dashboard');
  const plan = page.getByRole('region', { name: 'Free plan' });
  await expect(plan.getByText('1 of 3 used')).toBeVisible(); // pages
  await expect(plan.getByText('0 of 100 used')).toBeVisible(); // sign-ups this month
  await expect(plan.getByText('No invoices: this workspace is on the Free plan.')).toBeVisible();
  await plan.getByRole('link', { name: 'Upgrade' }).click();

  // Billing: annual Pro through Stripe Checkout.
  await expect(page).toHaveURL(/\/settings\/billing$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible();
  const upgrade = page.getByRole('region', { name: 'Upgrade' });
  await upgrade.getByLabel('Annual (save 20%)').check();
  await expect(upgrade.getByText('$278.40')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('billing-free.png'), fullPage: true });
  await upgrade.getByRole('button', { name: 'Upgrade to Pro' }).click();

  await expect(page.getByRole('heading', { name: 'Subscribe to Lodestone Pro' })).toBeVisible();
  await expect(page.getByText('$278.40 per year')).toBeVisible();
  await page.getByRole('button', { name: 'Subscribe' }).click();

  await expect(page).toHaveURL(/\/settings\/billing\?checkout=done$/);
  await expect(page.getByText('Thank you! This workspace is on Pro now.')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('heading', { name: 'Your plan: Pro' })).toBeVisible();
  await expect(page.getByText(/Pro, billed annually\. Renews on \w+ \d+, \d{4}\./)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Upgrade' })).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('billing-pro.png'), fullPage: true });

  // A colleague joins as Editor.
  await page.goto('/settings/team');
  const members = page.getByRole('region', { name: /workspace/ });
  await expect(members.getByText('1 of 3 used')).toBeVisible();
  const colleague = { name: 'Eddie Tor', email: uniqueEmail('billing-editor'), password: 'editor-of-pages-56' };
  await members.getByLabel('Email address').fill(colleague.email);
  await members.getByLabel('Role').selectOption('editor');
  await members.getByRole('button', { name: 'Send invitation' }).click();
  await expect(members.getByRole('status')).toContainText(`Invitation sent to ${colleague.email}.`);
  const mail = await waitForMail(page.request, colleague.email, /invited you to/);
  const link = /https?:\/\/\S+\/invite\/[A-Za-z0-9_-]{43}/.exec(mail.text)![0];

  const theirs = await browser.newContext();
  const them = await theirs.newPage();
  await them.goto(link);
  await them.getByRole('link', { name: 'Sign up to accept' }).click();
  await them.getByLabel('Full Name').fill(colleague.name);
  await them.getByLabel('Password').fill(colleague.password);
  await them.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await expect(them).toHaveURL(/\/invite\//);
  await them.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(them).toHaveURL(/\/dashboard$/);

  // The editor edits the page...
  await them.goto(`/page-creator?edit=${form.id}`);
  const title = them.getByLabel('Title', { exact: true });
  await expect(title).toHaveValue('Billing Guide');
  await title.fill('Billing Guide, Second Edition');
  await them.getByRole('button', { name: 'Save & Publish' }).click();
  await expect(toastWith(them, 'Your landing page has been published successfully!')).toBeVisible();
  expect(
    ((await (await page.request.get(`/api/forms/${form.id}`)).json()) as { published: { title: string } }).published.title,
  ).toBe('Billing Guide, Second Edition');
  // ...but exporting leads and the payment keys are not theirs, and the plan is the owners' to change.
  await them.goto('/dashboard/leads');
  await expect(them.getByText('Exporting leads is for the owners and admins of this workspace.')).toBeVisible();
  await expect(them.getByRole('region', { name: 'Export leads' })).toHaveCount(0);
  await them.goto('/settings/payments');
  await expect(them.getByText('Hidden: only owners and admins see payment keys').first()).toBeVisible();
  await expect(them.getByText(stripeKeys.secretKey.slice(-4))).toHaveCount(0);
  await them.goto('/settings/billing');
  await expect(them.getByText('Only the workspace’s owners can change its plan.')).toBeVisible();
  await expect(them.getByRole('button', { name: 'Manage billing' })).toBeDisabled();
  await them.screenshot({ path: test.info().outputPath('billing-editor.png'), fullPage: true });
  await theirs.close();

  // The owner cancels in Stripe's portal: still Pro until the period ends.
  await page.goto('/settings/billing');
  await page.getByRole('button', { name: 'Manage billing' }).click();
  await expect(page.getByRole('heading', { name: 'Manage billing' })).toBeVisible();
  const subscription = page.getByRole('region', { name: 'Lodestone Pro' });
  await subscription.getByRole('button', { name: 'Cancel plan' }).click();
  await expect(subscription.getByText(/Cancels on/)).toBeVisible();
  await page.getByRole('link', { name: 'Return to Lodestone' }).click();
  await expect(page).toHaveURL(/\/settings\/billing\?from=portal$/);
  await expect(page.getByText(/Cancelled: it stays Pro until \w+ \d+, \d{4}, then moves to Free\./)).toBeVisible({
    timeout: 15_000,
  });
  await expect(page.getByRole('heading', { name: 'Your plan: Pro' })).toBeVisible();
  await page.goto('/dashboard');
  await expect(page.getByRole('region', { name: 'Pro plan' }).getByText(/No next invoice: the plan ends on/)).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('billing-cancelled.png'), fullPage: true });
});
