import { readFile } from 'node:fs/promises';
import { expect, test, type Download, type Page } from '@playwright/test';
import type { AccessExport } from '@/domain/data-requests';
import { DEFAULT_EMAIL_FIELD } from '@/domain/form-config';
import { parseCsv } from '@tests/kit/csv';
import { createPublishedForm, signUp, textField as field, toastWith, uniqueEmail, visitorSignsUp } from './support.js';

/*
 * Leads, exports and data-subject requests as one owner lives them: leads come in on two pages, the owner filters
 * them, exports a CSV and opens it, answers a person's access request, erases them, and then finds
 * that person in no view and no export any more.
 */

const text = async (download: Download) => readFile(await download.path(), 'utf8');
const rowEmails = (page: Page) => page.locator('tbody tr').getByRole('rowheader');

/** Starts a CSV export of what the leads list shows, waits for it, downloads and parses it. */
async function exportCsv(page: Page) {
  const panel = page.getByRole('region', { name: 'Export leads' });
  const recent = panel.getByRole('listitem');
  const before = await recent.count();
  await panel.getByRole('button', { name: 'Export as CSV' }).click();
  await expect(recent).toHaveCount(before + 1);
  const download = recent.first().getByRole('link', { name: /^Download/ });
  await expect(download).toBeVisible({ timeout: 15_000 });
  const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
  expect(file.suggestedFilename()).toMatch(/^lodestone-leads-\d{4}-\d{2}-\d{2}\.csv$/);
  return parseCsv(await text(file));
}

test('an owner collects leads on two pages, exports them, answers an access request, erases a person and finds them nowhere', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await signUp(page, { name: 'Olga Owner', email: uniqueEmail('lifecycle-owner'), password: 'leads-leave-2026' });
  await expect(page).toHaveURL(/\/dashboard$/);
  const guide = await createPublishedForm(
    page.request,
    { title: 'Growth Guide' },
    { fields: [DEFAULT_EMAIL_FIELD, field('f_name', 'Full name'), field('f_company', 'Company')], doubleOptIn: false },
  );
  const audit = await createPublishedForm(
    page.request,
    { title: 'Site Audit' },
    { fields: [DEFAULT_EMAIL_FIELD, field('f_org', 'Company'), field('f_site', 'Website')], doubleOptIn: false },
  );

  const person = uniqueEmail('erase-me');
  const other = uniqueEmail('stays');
  const third = uniqueEmail('formula');
  await visitorSignsUp(browser, `${guide.publicUrl}?utm_source=newsletter`, person, {
    'Full name': 'Pat Doe',
    Company: 'Doe & Co',
  });
  await visitorSignsUp(browser, audit.publicUrl, person, { Company: 'Doe & Co', Website: 'doe.example' });
  await visitorSignsUp(browser, guide.publicUrl, other, { 'Full name': 'Sam Stays', Company: 'Keepers, "Ltd"' });
  // A spreadsheet formula typed into a field must reach the CSV inert.
  await visitorSignsUp(browser, audit.publicUrl, third, { Company: '=HYPERLINK("http://evil.example","x")', Website: '-1+2' });

  // Leads: all four, then only the guide's.
  await page.goto('/dashboard');
  await page.getByRole('banner').getByRole('link', { name: 'Leads', exact: true }).click();
  await expect(rowEmails(page)).toHaveCount(4);
  await page.getByRole('combobox', { name: 'Page', exact: true }).click();
  await page.getByRole('option', { name: 'Growth Guide', exact: true }).click();
  await expect(rowEmails(page)).toHaveText([other, person]);

  // The Free plan's export, said as it is: CSV of the last 30 days; JSON Lines shown, not hidden.
  const panel = page.getByRole('region', { name: 'Export leads' });
  await expect(panel).toContainText('CSV of the last 30 days');
  await expect(panel.getByRole('radio', { name: /JSON Lines/ })).toBeDisabled();

  const guideCsv = await exportCsv(page);
  expect(guideCsv.bom).toBe(true);
  expect(guideCsv.records.map((r) => r['Email']).sort()).toEqual([other, person].sort());
  expect(guideCsv.records.find((r) => r['Email'] === other)!['Company']).toBe('Keepers, "Ltd"');
  expect(guideCsv.records.find((r) => r['Email'] === person)!['UTM source']).toBe('newsletter');

  // Every lead: one column per label across both pages, a formula made inert.
  await page.getByRole('button', { name: 'Clear filters' }).first().click();
  await expect(rowEmails(page)).toHaveCount(4);
  const allCsv = await exportCsv(page);
  expect(allCsv.records).toHaveLength(4);
  for (const label of ['Full name', 'Company', 'Website']) expect(allCsv.header).toContain(label);
  const formula = allCsv.records.find((r) => r['Email'] === third)!;
  expect(formula['Company']).toBe(`'=HYPERLINK("http://evil.example","x")`);
  expect(formula['Website']).toBe(`'-1+2`);
  expect(allCsv.records.filter((r) => r['Email'] === person)).toHaveLength(2);
  await page.screenshot({ path: test.info().outputPath('leads-with-exports.png'), fullPage: true });

  // Access: everything held about the person, from both pages.
  await page.getByRole('banner').getByRole('link', { name: 'Privacy', exact: true }).click();
  const requests = page.getByRole('form', { name: 'Data requests' });
  await requests.getByLabel('Their email address').fill(person);
  const [accessFile] = await Promise.all([
    page.waitForEvent('download'),
    requests.getByRole('button', { name: 'Download their data' }).click(),
  ]);
  const access = JSON.parse(await text(accessFile)) as AccessExport;
  expect(access.leads.map((l) => l.page.name).sort()).toEqual(['Growth Guide', 'Site Audit']);
  expect(access.leads.flatMap((l) => l.consents).every((c) => c.text.length > 0)).toBe(true);

  // Erasure, confirmed by typing the address again.
  await page.getByRole('button', { name: 'Erase…' }).click();
  const dialog = page.getByRole('alertdialog');
  await dialog.getByLabel('Type their email address to confirm').fill(person);
  await dialog.getByRole('button', { name: 'Erase permanently' }).click();
  await expect(toastWith(page, 'was erased')).toContainText('2 leads');

  // Gone from the leads list, its search, each page's analytics and every export, old and new.
  await page.getByRole('banner').getByRole('link', { name: 'Leads', exact: true }).click();
  await expect(rowEmails(page)).toHaveText([third, other]);
  await page.getByRole('searchbox').fill(person);
  await expect(page.getByText('No leads match these filters')).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).first().click();
  // The exports made before may hold the person: the erasure deleted them.
  await expect(panel.getByRole('listitem')).toHaveCount(0);
  const afterCsv = await exportCsv(page);
  expect(afterCsv.records.map((r) => r['Email']).sort()).toEqual([other, third].sort());
  expect(JSON.stringify(afterCsv)).not.toContain('Pat Doe');
  for (const form of [guide, audit]) {
    await page.goto(`/dashboard/forms/${form.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText(person)).toHaveCount(0);
  }
  const api = (await (await page.request.get(`/api/leads?q=${encodeURIComponent(person)}`)).json()) as { items: unknown[] };
  expect(api.items).toEqual([]);
});
