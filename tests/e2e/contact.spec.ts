import { expect, test, type Page } from '@playwright/test';
import { contactMessages } from '@/domain/contact';
import { AGREEMENTS, SUB_PROCESSORS } from '@/domain/legal';
import { formatPlanPrice, PLAN_LIST, PLANS } from '@/domain/plans';
import { seriousViolations, toastWith, uniqueEmail, waitForMail } from './support.js';

// The e2e server runs without SUPPORT_EMAIL: messages go to the default address.
const SUPPORT_EMAIL = 'support@lodestone.local';

test('a message sent through /contact is confirmed and reaches the support mailbox', async ({ page }) => {
  const email = uniqueEmail('contact');
  const name = `Contact Tester ${email.slice(8, 16)}`;
  await page.goto('/contact');
  await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('combobox', { name: 'Topic' }).click();
  await page.getByRole('option', { name: 'Support' }).click();
  await page
    .getByLabel('Message', { exact: true })
    .fill('My landing page shows the old title after publishing. What am I missing?');
  await page.getByRole('checkbox', { name: /I agree that Lodestone stores this message/ }).check();
  await page.getByRole('button', { name: 'Send Message' }).click();

  await expect(toastWith(page, contactMessages.sent)).toBeVisible();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(''); // ready for another message

  const mail = await waitForMail(page.request, SUPPORT_EMAIL, `[Contact] Support from ${name}`);
  expect(mail.text).toContain(email);
  expect(mail.text).toContain('shows the old title after publishing');
});

test('invalid input shows each error under its field and sends nothing', async ({ page }) => {
  await page.goto('/contact');
  let posted = false;
  page.on('request', (request) => {
    if (request.url().endsWith('/api/contact')) posted = true;
  });
  await page.getByLabel('Email', { exact: true }).fill('not-an-address');
  await page.getByRole('button', { name: 'Send Message' }).click();

  const name = page.getByLabel('Name', { exact: true });
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('#contact-name-error')).toHaveText('Name is required');
  await expect(name).toHaveAttribute('aria-describedby', 'contact-name-error');
  await expect(page.locator('#contact-email-error')).toHaveText('Enter a valid email address');
  await expect(page.locator('#contact-message-error')).toHaveText('Message is required');
  await expect(page.locator('#contact-consent-error')).toHaveText(contactMessages.consentRequired);
  expect(await seriousViolations(page)).toEqual([]);
  expect(posted).toBe(false);

  // The consent links to the Privacy Policy; 'Contact Sales' style links preselect the topic.
  await page.goto('/contact?topic=sales');
  await expect(page.getByRole('combobox', { name: 'Topic' })).toHaveText('Sales');
  await page.getByRole('link', { name: 'Privacy Policy' }).first().click();
  await expect(page).toHaveURL(/\/privacy$/);
});

test('Pricing and Features show the plans from the one definition', async ({ page }) => {
  await page.goto('/pricing');
  for (const plan of PLAN_LIST) {
    const card = page.getByRole('article', { name: plan.title, exact: true });
    await expect(card).toContainText(formatPlanPrice(plan));
    await expect(card.getByRole('link', { name: plan.cta.label })).toHaveAttribute('href', plan.cta.href);
  }
  await expect(page.getByRole('article', { name: 'Pro', exact: true })).toContainText('Most Popular');
  await expect(page.getByText('Most Popular')).toHaveCount(1);
  await expect(
    page.getByRole('article', { name: 'Business', exact: true }).getByRole('link', { name: 'Contact Sales' }),
  ).toHaveAttribute('href', '/contact');
  await expect(page.getByRole('heading', { name: 'Frequently Asked Questions' })).toBeVisible();
  await expect(page.getByText('14-day money-back guarantee')).toBeVisible();

  await page.goto('/features');
  for (const title of [
    'Beautiful Form Templates',
    'Automatic Content Delivery',
    'GDPR & CCPA Compliant',
    'Advanced Analytics',
    'Custom Domains',
    'Email Integration',
  ]) {
    await expect(page.getByRole('heading', { level: 3, name: title })).toBeVisible();
  }
  const table = page.getByRole('table', { name: 'What the Free, Pro and Business plans include' });
  await expect(table.getByRole('columnheader')).toHaveText(['Feature', 'Free', 'Pro', 'Business']);
  const price = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Price' }) });
  await expect(price.getByRole('cell')).toHaveText(['$0', `${formatPlanPrice(PLANS.pro)} per month`, '$99 per month']);
  const priority = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Priority Support' }) });
  await expect(priority.getByRole('cell')).toHaveText(['Not included', 'Not included', 'Included']);
  await page.getByRole('link', { name: 'View Pricing' }).click();
  await expect(page).toHaveURL(/\/pricing$/);
  await page.goto('/features');
  await page.getByRole('link', { name: 'Create Your First Form' }).click();
  await expect(page).toHaveURL(/\/page-creator$/);
});

test('Privacy and Terms show the day their text last changed; each regulation links to its agreement, which renders', async ({
  page,
}) => {
  // Decision 0058: the day kept with each text, not today.
  for (const [path, changedOn] of [
    ['/privacy', 'November 28, 2026'],
    ['/terms', 'November 22, 2026'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByText(`Last updated: ${changedOn}`)).toBeVisible();
  }
  await expect(page.getByText("at least 30 days' notice")).toBeVisible();

  for (const [path, agreement] of [
    ['/gdpr', AGREEMENTS.gdpr],
    ['/ccpa', AGREEMENTS.ccpa],
    ['/pdpa', AGREEMENTS.pdpa],
  ] as const) {
    await page.goto(path);
    await page.getByRole('main').getByRole('link', { name: agreement.title }).first().click();
    await expect(page).toHaveURL(new RegExp(`${agreement.path}$`));
    await expect(page.getByRole('heading', { level: 1, name: agreement.title })).toBeVisible();
    const table = page.getByRole('table', { name: 'Sub-processors' });
    await expect(table.getByRole('rowheader')).toHaveText(SUB_PROCESSORS.map((p) => p.name));
    // The breadcrumb leads back to the regulation's page.
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link')).toHaveCount(2);
  }
});

async function titleAndDescription(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const description = await page.locator('meta[name="description"]').getAttribute('content');
  return { title: await page.title(), description };
}

test('the pages of the plans, legal texts and contact are accessible, each with its own title and description', async ({
  page,
}) => {
  test.slow(); // many pages, each analysed in full
  const paths = [
    '/features',
    '/pricing',
    '/privacy',
    '/terms',
    '/gdpr',
    '/ccpa',
    '/pdpa',
    '/dpa',
    '/ccpa-addendum',
    '/pdpa-agreement',
    '/contact',
  ];
  const seen = new Map<string, string>();
  const descriptions = new Set<string>();
  for (const path of paths) {
    const { title, description } = await titleAndDescription(page, path);
    expect(seen.get(title), `${path} shares its title with ${seen.get(title)}`).toBeUndefined();
    seen.set(title, path);
    expect(description, path).toBeTruthy();
    expect(descriptions.has(description!), `${path}: description not unique`).toBe(false);
    descriptions.add(description!);
    await page.waitForLoadState('networkidle');
    expect(await seriousViolations(page), path).toEqual([]);
  }
  await page.setViewportSize({ width: 360, height: 740 });
  for (const path of ['/features', '/pricing', '/dpa', '/contact']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(360);
  }
});
