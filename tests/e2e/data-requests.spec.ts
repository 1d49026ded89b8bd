import { readFile } from 'node:fs/promises';
import { expect, type Download, type Page, test } from '@playwright/test';
import type { AccessExport, DataRequestReceipt } from '@/domain/data-requests';
import { createPublishedForm, seriousViolations, signUp, toastWith, uniqueEmail } from './support.js';

const MIN_FILL_MS = 2000;
const fields = [
  {
    id: 'email',
    type: 'email' as const,
    label: 'Email Address',
    placeholder: 'Enter your email',
    required: true,
    options: [],
    helpText: '',
    param: '',
  },
  {
    id: 'f_company',
    type: 'text' as const,
    label: 'Company',
    placeholder: '',
    required: false,
    options: [],
    helpText: '',
    param: '',
  },
];

/** A visitor (no cookies of the owner's) signs up on a published page, as a person would: patiently. */
async function signUpOn(page: Page, url: string, email: string, company: string) {
  await page.goto(url);
  const openedAt = Date.now();
  await page.getByLabel(/Email Address/).fill(email);
  await page.getByLabel(/Company/).fill(company);
  await page.getByRole('checkbox', { name: /I agree/ }).check();
  const left = MIN_FILL_MS + 250 - (Date.now() - openedAt);
  if (left > 0) await page.waitForTimeout(left);
  await page.getByRole('button', { name: /^Get / }).click();
  await expect(page).toHaveURL(/\/thank-you\?t=/);
}

const json = async <T>(download: Download): Promise<T> => JSON.parse(await readFile(await download.path(), 'utf8')) as T;

test('an owner downloads a person’s data, erases them from every page, and keeps the receipt', async ({ page, browser }) => {
  // Two visitor sign-ups (each waits out the minimum fill time), three downloads and two axe runs.
  test.setTimeout(120_000);
  const person = uniqueEmail('subject');
  await signUp(page, { name: 'Priya Privacy', email: uniqueEmail('dsr-owner'), password: 'erase-me-safely-2026' });
  await expect(page).toHaveURL(/\/dashboard$/);
  const guide = await createPublishedForm(page.request, { title: 'Privacy Guide' }, { fields });
  const checklist = await createPublishedForm(page.request, { title: 'Privacy Checklist' }, { fields });

  const visitor = await (await browser.newContext({ storageState: { cookies: [], origins: [] } })).newPage();
  await signUpOn(visitor, guide.publicUrl, person, 'Initech');
  await signUpOn(visitor, checklist.publicUrl, person, 'Initech');
  await visitor.context().close();

  await page.goto('/dashboard/privacy');
  const card = page.getByRole('form', { name: 'Data requests' });
  const address = card.getByLabel('Their email address');

  // A typo is named under the field and nothing is requested.
  await address.fill('not-an-address');
  await card.getByRole('button', { name: 'Download their data' }).click();
  await expect(card.getByText('Enter a valid email address')).toBeVisible();

  await address.fill(person.toUpperCase());
  const [accessFile] = await Promise.all([
    page.waitForEvent('download'),
    card.getByRole('button', { name: 'Download their data' }).click(),
  ]);
  expect(accessFile.suggestedFilename()).toMatch(/^lodestone-access-\d{4}-\d{2}-\d{2}\.json$/);
  const data = await json<AccessExport>(accessFile);
  expect(data.subject).toBe(person);
  expect(data.leads.map((l) => l.page.name).sort()).toEqual(['Privacy Checklist', 'Privacy Guide']);
  expect(data.leads[0]!.answers).toEqual([{ fieldId: 'f_company', label: 'Company', value: 'Initech' }]);
  expect(data.leads[0]!.consents[0]).toMatchObject({ event: 'signup', agreed: true });

  // Erasure: the button waits for the address typed again.
  await page.getByRole('button', { name: 'Erase…' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('Payment records required for tax');
  await expect(dialog).toContainText('This cannot be undone.');
  const erase = dialog.getByRole('button', { name: 'Erase permanently' });
  await expect(erase).toBeDisabled();
  await expect(dialog.getByLabel('Type their email address to confirm')).toBeFocused();
  await dialog.getByLabel('Type their email address to confirm').fill('someone-else@example.com');
  await expect(erase).toBeDisabled();
  await dialog.getByLabel('Type their email address to confirm').fill(person);
  await expect(erase).toBeEnabled();
  expect(await seriousViolations(page)).toEqual([]);
  await erase.click();
  await expect(toastWith(page, 'was erased')).toContainText('2 leads');
  await expect(dialog).toBeHidden();

  const log = page.getByRole('region', { name: 'Request log' });
  const rows = log.getByRole('row').filter({ has: page.getByRole('rowheader') });
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText('Erasure');
  await expect(rows.first()).toContainText('2 leads');
  await expect(rows.nth(1)).toContainText('Access');

  const [receiptFile] = await Promise.all([
    page.waitForEvent('download'),
    rows
      .first()
      .getByRole('button', { name: /receipt/i })
      .click(),
  ]);
  expect(receiptFile.suggestedFilename()).toMatch(/^lodestone-receipt-\d{4}-\d{2}-\d{2}\.json$/);
  const receipt = await json<DataRequestReceipt>(receiptFile);
  expect(receipt).toMatchObject({ kind: 'erasure', records: { leads: 2 } });
  expect(JSON.stringify(receipt)).not.toContain(person);
  expect(await seriousViolations(page)).toEqual([]);

  // The leads are gone from the page's list.
  const leads = await page.request.get('/api/leads');
  expect(((await leads.json()) as { items: Array<{ email: string }> }).items.map((l) => l.email)).not.toContain(person);

  await page.setViewportSize({ width: 375, height: 800 });
  await expect(page.getByRole('button', { name: 'Erase…' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.screenshot({ path: test.info().outputPath('data-requests-375.png'), fullPage: true });
  // The dialog fits a phone too, and Escape leaves it without erasing anything.
  await address.fill(person);
  await page.getByRole('button', { name: 'Erase…' }).click();
  await expect(dialog.getByRole('button', { name: 'Erase permanently' })).toBeDisabled();
  await page.screenshot({ path: test.info().outputPath('erase-dialog-375.png') });
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(rows).toHaveCount(2);
});
