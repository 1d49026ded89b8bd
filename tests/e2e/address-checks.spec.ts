import { existsSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { createPublishedForm, editorTab, signUp, toastWith, uniqueEmail } from './support.js';

/*
 * A typo in a visitor's address (docs/decisions/0086): on a phone-sized page with JavaScript on, a
 * visitor types someone@gmial.com, is asked "Did you mean someone@gmail.com?" when the field loses
 * focus, takes the suggestion with one tap, and the lead is stored at gmail.com. A second visitor who
 * presses the button straight away is held once to see the suggestion, and the next press sends the
 * address as typed. The owner finds the checks in the creator's Settings, and its preview suggests too.
 */

const MIN_FILL_MS = 2000;
const PREVIEW_FRAME = 'iframe[title^="Landing page preview"]';
const runPrefix = process.env.E2E_DATA_DIR ?? path.join(tmpdir(), `lodestone-e2e-${randomBytes(4).toString('hex')}`);
const ownerState = `${runPrefix}-address-checks-owner.json`;

test.beforeAll(async ({ browser }) => {
  if (existsSync(ownerState)) return;
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await signUp(page, { name: 'Typo Owner', email: uniqueEmail('typo-owner'), password: 'typo-owner-pass-1' });
  await expect(page).toHaveURL(/\/dashboard$/);
  await context.storageState({ path: ownerState });
  await context.close();
});

test.use({ storageState: ownerState });

/** Opens the page as a visitor on a phone; returns when it was opened, for the fill-time check. */
async function openAsVisitor(page: Page, url: string): Promise<number> {
  await page.goto(url);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  return Date.now();
}

async function waitLikeAPerson(page: Page, openedAt: number) {
  const left = MIN_FILL_MS + 250 - (Date.now() - openedAt);
  if (left > 0) await page.waitForTimeout(left);
}

test('a visitor takes the suggestion for a typo in their address; another keeps what they typed', async ({
  page,
  browser,
}, testInfo) => {
  const form = await createPublishedForm(page.request, { title: 'Typo Guide' }, { doubleOptIn: false });
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] }, viewport: { width: 375, height: 812 } });
  const visitor = await context.newPage();

  const openedAt = await openAsVisitor(visitor, form.publicUrl);
  const email = visitor.getByLabel(/Email Address/);
  await email.fill('someone@gmial.com');
  await visitor.getByRole('checkbox', { name: /I agree/ }).focus(); // the field loses focus
  const suggestion = visitor.locator('[data-ls-typo]');
  await expect(suggestion.getByText('Did you mean someone@gmail.com?', { exact: true })).toBeVisible();
  await expect(suggestion).toHaveAttribute('aria-live', 'polite');
  await visitor.screenshot({ path: testInfo.outputPath('typo-suggestion-375.png'), fullPage: false });

  await suggestion.getByRole('button', { name: 'Use someone@gmail.com' }).click();
  await expect(email).toHaveValue('someone@gmail.com');
  await expect(email).toBeFocused();
  await expect(suggestion).toBeEmpty();
  await visitor.getByRole('checkbox', { name: /I agree/ }).check();
  await waitLikeAPerson(visitor, openedAt);
  await visitor.getByRole('button', { name: 'Get Typo Guide', exact: true }).click();
  await expect(visitor.getByRole('heading', { level: 1, name: 'Thank You!' })).toBeVisible();

  // The second visitor presses the button at once: held once, with the suggestion; the next press sends it as typed.
  const second = await context.newPage();
  const secondOpenedAt = await openAsVisitor(second, form.publicUrl);
  await second.getByLabel(/Email Address/).fill('other@hotmial.com');
  await second.getByRole('checkbox', { name: /I agree/ }).check();
  await waitLikeAPerson(second, secondOpenedAt);
  const send = second.getByRole('button', { name: 'Get Typo Guide', exact: true });
  await send.click();
  await expect(second.locator('[data-ls-typo]').getByText('Did you mean other@hotmail.com?', { exact: true })).toBeVisible();
  await expect(second).toHaveURL(form.publicUrl);
  await expect(send).toHaveText('Get Typo Guide'); // not left "Submitting..."
  await send.click();
  await expect(second.getByRole('heading', { level: 1, name: 'Thank You!' })).toBeVisible();
  await context.close();

  const leads = (await (await page.request.get(`/api/forms/${form.id}/leads`)).json()) as { items: { email: string }[] };
  expect(leads.items.map((lead) => lead.email).sort()).toEqual(['other@hotmial.com', 'someone@gmail.com']);
});

test('the owner turns the checks on and off in Settings, and the preview suggests as the page does', async ({ page }) => {
  const form = await createPublishedForm(page.request, { title: 'Checked Guide' });
  await page.goto(`/page-creator?edit=${form.id}`);
  await editorTab(page, 'Settings').click();
  const section = page.getByRole('region', { name: 'Email address checks' });
  await expect(section.getByRole('switch', { name: 'Suggest fixes for typos' })).toBeChecked();
  await expect(section.getByRole('switch', { name: 'Refuse domains that can’t receive email' })).toBeChecked();
  const disposable = section.getByRole('switch', { name: 'Refuse disposable addresses' });
  await expect(disposable).not.toBeChecked();
  await disposable.click();
  await expect(disposable).toBeChecked();

  await page.getByRole('tab', { name: 'Preview' }).click();
  const preview = page.frameLocator(PREVIEW_FRAME);
  await preview.getByLabel(/Email Address/).fill('owner@hotmial.com');
  await preview.getByLabel(/Email Address/).press('Tab');
  await expect(preview.getByText('Did you mean owner@hotmail.com?', { exact: true })).toBeVisible();
  await preview.getByRole('button', { name: 'Use owner@hotmail.com' }).click();
  await expect(preview.getByLabel(/Email Address/)).toHaveValue('owner@hotmail.com');

  await page.getByRole('tab', { name: 'Edit' }).click();
  await page.getByRole('button', { name: 'Save & Publish' }).click();
  await expect(toastWith(page, 'Your landing page has been published successfully!')).toBeVisible({ timeout: 20_000 });
  const saved = (await (await page.request.get(`/api/forms/${form.id}`)).json()) as { published: { addressChecks: unknown } };
  expect(saved.published.addressChecks).toEqual({ typos: true, deliverable: true, disposable: true });
});
