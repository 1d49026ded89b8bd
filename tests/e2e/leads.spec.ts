import { expect, test, type Page } from '@playwright/test';
import { DEFAULT_EMAIL_FIELD } from '@/domain/form-config';
import { formAnalyticsPath } from '@/domain/routes';
import { createPublishedForm, seriousViolations, signUp, textField as field, uniqueEmail, visitorSignsUp } from './support.js';

/*
 * "Leads, all in one place": an owner with two published pages gets leads from visitors
 * on the public origin, then finds them all under Leads: field columns of both pages, filters by
 * page and status kept in the address, search, and one lead's consent evidence and timeline.
 */

const CONSENT = 'I agree to the privacy policy and to receive emails from Acme Marketing.';
const rows = (page: Page) => page.locator('tbody tr');
const leadRow = (page: Page, email: string) =>
  page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: email, exact: true }) });

async function choose(page: Page, control: 'Page' | 'Status', option: string) {
  await page.getByRole('combobox', { name: control, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(page.getByRole('combobox', { name: control, exact: true })).toHaveText(option);
}

async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

test('an owner finds every lead of both pages under Leads, filters, searches and opens one', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await signUp(page, { name: 'Lena Leads', email: uniqueEmail('leads-owner'), password: 'all-in-one-place-12' });
  await expect(page).toHaveURL(/\/dashboard$/);
  const webinar = await createPublishedForm(
    page.request,
    { title: 'Webinar Invite' },
    { fields: [DEFAULT_EMAIL_FIELD, field('f_name', 'Full name'), field('f_company', 'Company')] },
  );
  const report = await createPublishedForm(
    page.request,
    { title: 'Pricing Report' },
    { fields: [DEFAULT_EMAIL_FIELD, field('f_org', 'Company'), field('f_role', 'Role')], doubleOptIn: false },
  );

  await page.goto('/dashboard/leads');
  await expect(page.getByText('No leads yet', { exact: true })).toBeVisible();

  const ada = uniqueEmail('ada');
  const grace = uniqueEmail('grace');
  const alan = uniqueEmail('alan');
  await visitorSignsUp(
    browser,
    `${webinar.publicUrl}?utm_source=newsletter&utm_medium=email&utm_campaign=launch`,
    ada,
    { 'Full name': 'Ada Lovelace', Company: 'Engines Ltd' },
    { confirm: true },
  );
  await visitorSignsUp(browser, webinar.publicUrl, grace, { 'Full name': 'Grace Hopper' });
  await visitorSignsUp(browser, report.publicUrl, alan, { Company: 'Bletchley Park', Role: 'Analyst' });

  // From the header, every lead of both pages, newest first, under both pages' field columns.
  await page.goto('/dashboard');
  await page.getByRole('banner').getByRole('link', { name: 'Leads', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/leads$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Leads' })).toBeVisible();
  // The real rows, not the three placeholder rows (and their columns) shown while the list loads.
  await expect(rows(page).getByRole('rowheader')).toHaveText([alan, grace, ada]);
  const headers = await page.getByRole('columnheader').allInnerTexts();
  expect(headers.map((h) => h.toLowerCase())).toEqual(
    [
      'Email',
      'Page',
      'Status',
      'Company',
      'Role',
      'Full name',
      'UTM source',
      'UTM medium',
      'UTM campaign',
      'Placement',
      'Created',
      'Confirmed',
    ].map((h) => h.toLowerCase()),
  );
  const adaRow = leadRow(page, ada);
  await expect(adaRow.locator('td[data-label="Full name"]')).toHaveText('Ada Lovelace');
  await expect(adaRow.locator('td[data-label="Company"]')).toHaveText('Engines Ltd');
  await expect(adaRow.locator('td[data-label="UTM source"]')).toHaveText('newsletter');
  await expect(adaRow.locator('td[data-label="UTM campaign"]')).toHaveText('launch');
  await expect(adaRow.locator('td[data-label="Status"]')).toHaveText('Confirmed');
  await expect(leadRow(page, grace).locator('td[data-label="Status"]')).toHaveText('Pending');
  await expect(leadRow(page, alan).locator('td[data-label="Role"]')).toHaveText('Analyst');
  await noSidewaysScroll(page); // the wide table scrolls inside its card
  await page.screenshot({ path: test.info().outputPath('leads-list.png'), fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);
  // A tablet's width: the header's links are behind the menu button, and the fixed header (which
  // widens no page) ends inside the window.
  await page.setViewportSize({ width: 768, height: 900 });
  await noSidewaysScroll(page);
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Leads', exact: true })).toBeVisible();
  expect(await page.evaluate(() => document.querySelector('header')!.scrollWidth)).toBeLessThanOrEqual(768);
  await page.screenshot({ path: test.info().outputPath('leads-list-768.png') });
  await page.getByRole('button', { name: 'Close menu' }).click();
  await page.setViewportSize({ width: 1280, height: 720 });

  // By page: only its leads and its columns, in the address; the back button undoes it.
  await choose(page, 'Page', 'Pricing Report');
  await expect(page).toHaveURL(new RegExp(`[?&]form=${report.id}`));
  await expect(rows(page)).toHaveCount(1);
  await expect(leadRow(page, alan)).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Full name' })).toHaveCount(0);
  await page.goBack();
  await expect(rows(page)).toHaveCount(3);
  await expect(page.getByRole('combobox', { name: 'Page', exact: true })).toHaveText('All pages');

  // By status.
  await choose(page, 'Status', 'Pending');
  await expect(page).toHaveURL(/[?&]status=pending/);
  await expect(rows(page).getByRole('rowheader')).toHaveText([grace]);
  await choose(page, 'Status', 'Confirmed');
  await expect(rows(page)).toHaveCount(2);
  await expect(rows(page).getByRole('rowheader')).toHaveText([alan, ada]);

  // Search by email; nothing found says so and offers to clear.
  await page.getByRole('button', { name: 'Clear filters' }).first().click();
  await expect(rows(page)).toHaveCount(3);
  await page.getByLabel('Search', { exact: true }).fill(grace.split('@')[0]!);
  await expect(page).toHaveURL(/[?&]q=grace-/);
  await expect(rows(page).getByRole('rowheader')).toHaveText([grace]);
  await page.getByLabel('Search', { exact: true }).fill('nobody-signed-up-as-this');
  await expect(page.getByText('No leads match these filters')).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).last().click();
  await expect(page.getByLabel('Search', { exact: true })).toHaveValue('');
  await expect(rows(page)).toHaveCount(3);

  // A bad date typed into the address is the API's to refuse, and its message is shown.
  await page.goto('/dashboard/leads?from=2026-13-01');
  await expect(page.getByRole('alert')).toContainText('Use a date like 2026-11-24');

  // From a page's analytics, "View all leads" opens the list filtered to that page.
  await page.goto(formAnalyticsPath(webinar.id));
  await page.getByRole('link', { name: 'View all leads' }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/leads\\?form=${webinar.id}$`));
  await expect(page.getByRole('combobox', { name: 'Page', exact: true })).toHaveText('Webinar Invite');
  await expect(rows(page).getByRole('rowheader')).toHaveText([grace, ada]);

  // One lead: answers, source, the exact consent wording, the timeline; back keeps the filter.
  await leadRow(page, ada).getByRole('link', { name: ada }).click();
  await expect(page.getByRole('heading', { level: 1, name: ada })).toBeVisible();
  const answers = page.getByRole('region', { name: 'Answers' });
  await expect(answers).toContainText('Ada Lovelace');
  await expect(answers).toContainText('Engines Ltd');
  await expect(page.getByRole('region', { name: 'Status and source' })).toContainText('newsletter');
  const consent = page.getByRole('region', { name: 'Consent evidence' });
  await expect(consent.locator('blockquote').first()).toHaveText(CONSENT);
  await expect(consent.getByRole('heading', { name: 'Email confirmed by code' })).toBeVisible();
  const timeline = page.getByRole('region', { name: 'Timeline' }).getByRole('listitem');
  await expect(timeline.first()).toContainText('Submitted the form');
  await expect(page.getByRole('region', { name: 'Timeline' })).toContainText('Confirmed the email address');
  await page.screenshot({ path: test.info().outputPath('lead-detail.png'), fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);

  await page.setViewportSize({ width: 375, height: 800 });
  await expect(page.getByRole('heading', { level: 1, name: ada })).toBeVisible();
  await noSidewaysScroll(page);
  await page.screenshot({ path: test.info().outputPath('lead-detail-375.png'), fullPage: true });

  await page.getByRole('link', { name: 'Back to leads' }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/leads\\?form=${webinar.id}$`));
  await page.getByRole('button', { name: 'Clear filters' }).first().click();
  await expect(rows(page)).toHaveCount(3);
  await noSidewaysScroll(page);
  await page.screenshot({ path: test.info().outputPath('leads-list-375.png'), fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);
});
