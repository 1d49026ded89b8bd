import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Browser, type Locator, type Page } from '@playwright/test';
import {
  chooseRowAction,
  createPublishedForm,
  formRow,
  layoutShifts,
  recordLayoutShifts,
  seriousViolations,
  signUp,
  statValue,
  toastWith,
  uniqueEmail,
} from './support.js';

const PUBLIC_ORIGIN = `http://127.0.0.1:${process.env.E2E_PORT ?? 3100}`;
const EMPTY_STATE = 'No forms found. Create your first form to get started.';

/*
 * One owner (and one other owner, for the isolation check) for the whole file, signed in through
 * saved storage states. We allow 30 owner sign-ups per IP until a full minute passes without
 * one, and the whole suite runs from one IP without such a pause: a fresh account per test would
 * run out. Each test starts from an empty dashboard instead (see beforeEach), which also keeps the
 * owner under the Free plan's 3 forms. The states sit next to this run's data directory, so a
 * worker restarted after a failure reuses them instead of signing up again; the config's clean-up
 * of earlier runs removes them with the rest.
 */
const runPrefix = process.env.E2E_DATA_DIR ?? path.join(tmpdir(), `lodestone-e2e-${randomBytes(4).toString('hex')}`);
const ownerState = `${runPrefix}-dashboard-owner.json`;
const strangerState = `${runPrefix}-dashboard-stranger.json`;

test.beforeAll(async ({ browser }) => {
  for (const [statePath, name] of [
    [ownerState, 'Dash Owner'],
    [strangerState, 'Other Owner'],
  ] as const) {
    if (existsSync(statePath)) continue;
    // Contexts made here take the file's `use` options: start this one signed out.
    const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const page = await context.newPage();
    await signUp(page, { name, email: uniqueEmail('dash'), password: 'dashboard-pass-1' });
    await expect(page).toHaveURL(/\/dashboard$/);
    await context.storageState({ path: statePath });
    await context.close();
  }
});

test.use({ storageState: ownerState });

async function deleteAllForms(request: APIRequestContext) {
  const list = await request.get('/api/forms');
  expect(list.status()).toBe(200);
  for (const form of (await list.json()).items as { id: string }[]) {
    expect((await request.delete(`/api/forms/${form.id}`)).status()).toBe(204);
  }
}

test.beforeEach(async ({ page }) => {
  await deleteAllForms(page.request);
});

const searchBox = (page: Page) => page.getByPlaceholder('Search forms...');
const bodyRows = (page: Page) => page.locator('tbody tr');

async function filterByStatus(page: Page, option: 'All Forms' | 'Active Forms' | 'Inactive Forms' | 'Recently deleted') {
  await page.getByRole('combobox', { name: 'Filter forms by status' }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(page.getByRole('combobox', { name: 'Filter forms by status' })).toHaveText(option);
}

test('search filters forms by name, case-insensitively, and the status select filters by status', async ({ page }) => {
  const playbook = await createPublishedForm(page.request, { title: 'Marketing Playbook' });
  const checklist = await createPublishedForm(page.request, { title: 'Sales Checklist' });
  const deactivated = await page.request.patch(`/api/forms/${checklist.id}/status`, { data: { status: 'inactive' } });
  expect(deactivated.status()).toBe(200);

  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByText('Manage your forms and track conversions')).toBeVisible();
  await expect(statValue(page, 'Total Forms')).toHaveText('2');
  await expect(statValue(page, 'Total Leads')).toHaveText('0');
  await expect(statValue(page, 'Conversion Rate')).toHaveText('0%');
  await expect(statValue(page, 'Leads This Month')).toHaveText('0');
  for (const column of ['Form Name', 'Created', 'Views', 'Leads', 'Conversion', 'Status', 'Actions']) {
    await expect(page.getByRole('columnheader', { name: column, exact: true })).toBeVisible();
  }
  await expect(bodyRows(page)).toHaveCount(2);
  await expect(formRow(page, playbook.name).getByText('Active', { exact: true })).toBeVisible();
  await expect(formRow(page, checklist.name).getByText('Inactive', { exact: true })).toBeVisible();

  await searchBox(page).fill('PLAYBOOK');
  await expect(formRow(page, checklist.name)).toHaveCount(0);
  await expect(bodyRows(page)).toHaveCount(1);
  await expect(formRow(page, playbook.name)).toBeVisible();

  await searchBox(page).fill('checklist');
  await expect(formRow(page, playbook.name)).toHaveCount(0);
  await expect(bodyRows(page)).toHaveCount(1);
  await expect(formRow(page, checklist.name)).toBeVisible();

  await searchBox(page).fill('sAlEs cHeCk');
  await expect(formRow(page, checklist.name)).toBeVisible();
  await expect(bodyRows(page)).toHaveCount(1);

  await searchBox(page).fill('no such form');
  await expect(page.getByText(EMPTY_STATE)).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(searchBox(page)).toHaveValue('');
  await expect(bodyRows(page)).toHaveCount(2);

  await filterByStatus(page, 'Inactive Forms');
  await expect(formRow(page, playbook.name)).toHaveCount(0);
  await expect(bodyRows(page)).toHaveCount(1);
  await expect(formRow(page, checklist.name)).toBeVisible();

  await filterByStatus(page, 'Active Forms');
  await expect(formRow(page, checklist.name)).toHaveCount(0);
  await expect(bodyRows(page)).toHaveCount(1);
  await expect(formRow(page, playbook.name)).toBeVisible();

  // Both filters at once.
  await searchBox(page).fill('checklist');
  await expect(page.getByText(EMPTY_STATE)).toBeVisible();

  await searchBox(page).fill('');
  await filterByStatus(page, 'All Forms');
  await expect(bodyRows(page)).toHaveCount(2);
});

test('Copy Link copies the public link and Preview opens the saved form in a new tab', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const form = await createPublishedForm(page.request, { title: 'Copy Me Guide', businessName: 'Linkworks' });
  expect(form.publicUrl).toBe(`${PUBLIC_ORIGIN}/f/${form.id}`);

  await page.goto('/dashboard');
  await expect(formRow(page, 'Copy Me Guide')).toBeVisible();
  await page.evaluate(() => navigator.clipboard.writeText('nothing copied yet'));
  await chooseRowAction(page, 'Copy Me Guide', 'Copy Link');
  await expect(toastWith(page, 'Link copied to clipboard!')).toHaveAttribute('data-type', 'success');
  // The public host, not the app's.
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(`${PUBLIC_ORIGIN}/f/${form.id}`);

  const [preview] = await Promise.all([context.waitForEvent('page'), chooseRowAction(page, 'Copy Me Guide', 'Preview')]);
  await preview.waitForLoadState();
  expect(new URL(preview.url()).pathname + new URL(preview.url()).search).toBe(`/preview?id=${form.id}`);
  await expect(preview.getByText('This is a preview of your landing page')).toBeVisible();
  await expect(preview.getByText(/Showing the page as published\./)).toBeVisible();
  await expect(preview.getByRole('heading', { level: 1, name: 'Copy Me Guide' })).toBeVisible();
  await expect(preview.getByText('Linkworks', { exact: true })).toBeVisible();
  await expect(preview.getByLabel(/Email Address/)).toBeVisible();
  // The dashboard stays where it was.
  await expect(page).toHaveURL(/\/dashboard$/);

  await preview.getByRole('button', { name: 'Exit Preview' }).click();
  await expect(preview).toHaveURL(new RegExp(`/page-creator\\?edit=${form.id}$`));
  await expect(preview.getByLabel('Title', { exact: true })).toHaveValue('Copy Me Guide');
  await preview.close();
});

test('an owner edits, deactivates, reactivates and deletes a form from its row menu', async ({ page }) => {
  const form = await createPublishedForm(page.request, { title: 'Original Title' });
  await page.goto('/dashboard');
  await expect(formRow(page, 'Original Title')).toBeVisible();

  // Edit: the saved form loads, a new title is published.
  await chooseRowAction(page, 'Original Title', 'Edit');
  await expect(page).toHaveURL(new RegExp(`/page-creator\\?edit=${form.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Landing Page' })).toBeVisible();
  const title = page.getByLabel('Title', { exact: true });
  await expect(title).toHaveValue('Original Title');
  await expect(page.getByText('Original Title.pdf', { exact: true })).toBeVisible();
  await title.fill('Renamed Title');
  await page.getByRole('button', { name: 'Save & Publish' }).click();
  await expect(toastWith(page, 'Your landing page has been published successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(formRow(page, 'Renamed Title')).toBeVisible();
  await expect(formRow(page, 'Original Title')).toHaveCount(0);
  // The same form, not a second one.
  await expect(statValue(page, 'Total Forms')).toHaveText('1');
  const edited = await (await page.request.get(`/api/forms/${form.id}`)).json();
  expect(edited.published.title).toBe('Renamed Title');
  expect(edited.published.leadMagnet.name).toBe('Original Title.pdf');

  const notice = page.getByRole('region', { name: 'Published page' });
  await expect(notice).toContainText('"Renamed Title" is live.');

  // Deactivate, then activate again: the notice says "is live" only while it is, reloaded or not.
  const row = formRow(page, 'Renamed Title');
  await chooseRowAction(page, 'Renamed Title', 'Deactivate');
  await expect(toastWith(page, '"Renamed Title" is now inactive')).toBeVisible();
  await expect(row.getByText('Inactive', { exact: true })).toBeVisible();
  await expect(notice).toHaveCount(0);
  expect((await (await page.request.get(`/api/forms/${form.id}`)).json()).status).toBe('inactive');
  await page.reload();
  await expect(row.getByText('Inactive', { exact: true })).toBeVisible();
  await expect(notice).toHaveCount(0);
  await chooseRowAction(page, 'Renamed Title', 'Activate');
  await expect(toastWith(page, '"Renamed Title" is now active')).toBeVisible();
  await expect(row.getByText('Active', { exact: true })).toBeVisible();
  await expect(notice).toContainText('"Renamed Title" is live.');
  expect((await (await page.request.get(`/api/forms/${form.id}`)).json()).status).toBe('active');

  // Delete: cancelling keeps it; confirming removes it for good.
  await chooseRowAction(page, 'Renamed Title', 'Delete');
  const dialog = page.getByRole('alertdialog', { name: 'Delete "Renamed Title"?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(row).toBeVisible();

  await chooseRowAction(page, 'Renamed Title', 'Delete');
  await dialog.getByRole('button', { name: 'Delete form' }).click();
  await expect(toastWith(page, 'Form deleted')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(row).toHaveCount(0);
  await expect(notice).toHaveCount(0);
  await expect(page.getByText(EMPTY_STATE)).toBeVisible();
  await expect(statValue(page, 'Total Forms')).toHaveText('0');
  expect((await page.request.get(`/api/forms/${form.id}`)).status()).toBe(404);
  await page.reload();
  await expect(page.getByText(EMPTY_STATE)).toBeVisible();
  await expect(notice).toHaveCount(0);
  // Restorable for 30 days: its PDF stays until the purge (dashboard test below).
  expect((await page.request.get(`/api/files/${edited.published.leadMagnet.id}`)).status()).toBe(200);
});

test('Duplicate adds an unpublished copy to the list, its toast opens it in the page creator, and the Free limit holds', async ({
  page,
}) => {
  await createPublishedForm(page.request, { title: 'Autumn Guide' });
  await page.goto('/dashboard');
  await chooseRowAction(page, 'Autumn Guide', 'Duplicate');
  const created = toastWith(page, '"Copy of Autumn Guide" created');
  await expect(created).toBeVisible();
  // Not published yet: its row header says so after the name.
  const unpublishedRow = (name: string) => page.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });
  await expect(unpublishedRow('Copy of Autumn Guide')).toContainText('Not published yet');
  await expect(unpublishedRow('Copy of Autumn Guide').getByText('Draft', { exact: true })).toBeVisible();
  await expect(formRow(page, 'Autumn Guide').getByText('Active', { exact: true })).toBeVisible();
  await expect(statValue(page, 'Total Forms')).toHaveText('2');

  // The copy opens in the page creator as it was, file included.
  await created.getByRole('button', { name: 'Edit' }).click();
  await expect(page).toHaveURL(/\/page-creator\?edit=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Landing Page' })).toBeVisible();
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue('Copy of Autumn Guide');
  await expect(page.getByText('Autumn Guide.pdf', { exact: true })).toBeVisible();

  // The Free plan's third page is the last one: a fourth is refused with the message creating gives.
  await page.goto('/dashboard');
  await chooseRowAction(page, 'Copy of Autumn Guide', 'Duplicate');
  await expect(unpublishedRow('Copy of Copy of Autumn Guide')).toBeVisible();
  await expect(statValue(page, 'Total Forms')).toHaveText('3');
  await chooseRowAction(page, 'Autumn Guide', 'Duplicate');
  await expect(toastWith(page, 'The Free plan includes 3 forms. Upgrade to Pro for unlimited forms.')).toHaveAttribute(
    'data-type',
    'error',
  );
  await expect(statValue(page, 'Total Forms')).toHaveText('3');
});

const leadsCell = (row: Locator) => row.locator('td[data-label="Leads"]');

/** A visitor signs up on the public page (fills it in for over 2 s, as a person would). */
async function signUpAsVisitor(browser: Browser, url: string, email: string) {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const visitor = await context.newPage();
  await visitor.goto(url);
  const openedAt = Date.now();
  await visitor.getByLabel(/Email Address/).fill(email);
  await visitor.getByRole('checkbox', { name: /I agree/ }).check();
  const left = 2250 - (Date.now() - openedAt);
  if (left > 0) await visitor.waitForTimeout(left);
  await visitor.getByRole('button', { name: /^Get / }).click();
  await expect(visitor.getByRole('heading', { level: 1, name: 'Thank You!' })).toBeVisible();
  await context.close();
}

test('deleting says how many leads go with the page, which stays restorable from Recently deleted', async ({ page, browser }) => {
  const form = await createPublishedForm(page.request, { title: 'Leadful Page' });
  await signUpAsVisitor(browser, form.publicUrl, uniqueEmail('lead-a'));
  await signUpAsVisitor(browser, form.publicUrl, uniqueEmail('lead-b'));
  await page.goto('/dashboard');
  const row = formRow(page, 'Leadful Page');
  await expect(leadsCell(row)).toHaveText('2');

  await chooseRowAction(page, 'Leadful Page', 'Delete');
  const dialog = page.getByRole('alertdialog', { name: 'Delete "Leadful Page" and its 2 leads?' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('The form, its lead magnet file and its 2 leads stay in Recently deleted for 30 days');
  await dialog.getByRole('button', { name: 'Delete form' }).click();
  await expect(toastWith(page, 'Form deleted')).toContainText('You can restore it from Recently deleted for 30 days.');
  await expect(row).toHaveCount(0);
  await expect(statValue(page, 'Total Forms')).toHaveText('0');
  await expect(statValue(page, 'Total Leads')).toHaveText('0');
  const publicPage = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const visit = await publicPage.request.get(form.publicUrl);
  expect(visit.status()).toBe(404);

  // Recently deleted: the page, its leads and the day it goes for good.
  await filterByStatus(page, 'Recently deleted');
  const deletedRow = formRow(page, 'Leadful Page');
  await expect(deletedRow).toBeVisible();
  await expect(leadsCell(deletedRow)).toHaveText('2');
  const purgeOn = new Date(Date.now() + 30 * 24 * 60 * 60 * 1000).toLocaleDateString('en-US');
  await expect(deletedRow).toContainText(purgeOn);
  await expect(page.getByRole('columnheader', { name: 'Deleted for good on' })).toBeVisible();

  await deletedRow.getByRole('button', { name: 'Restore Leadful Page' }).click();
  await expect(toastWith(page, '"Leadful Page" is restored')).toContainText('Its landing page is online again.');
  await expect(deletedRow).toHaveCount(0);
  await filterByStatus(page, 'All Forms');
  await expect(formRow(page, 'Leadful Page').getByText('Active', { exact: true })).toBeVisible();
  await expect(leadsCell(formRow(page, 'Leadful Page'))).toHaveText('2');
  await expect(statValue(page, 'Total Leads')).toHaveText('2');
  expect((await publicPage.request.get(form.publicUrl)).status()).toBe(200);
  await publicPage.close();
});

test("another owner's form shows the 404 screen in the editor and the preview", async ({ page, browser }) => {
  const form = await createPublishedForm(page.request, { title: 'Private Form' });
  const strangerContext = await browser.newContext({ storageState: strangerState });
  const stranger = await strangerContext.newPage();
  try {
    await stranger.goto(`/page-creator?edit=${form.id}`);
    await expect(stranger.getByText('Oops! Page not found')).toBeVisible();
    await expect(stranger.getByRole('heading', { level: 1, name: '404' })).toBeVisible();
    await expect(stranger.getByLabel('Title', { exact: true })).toHaveCount(0);

    await stranger.goto(`/preview?id=${form.id}`);
    await expect(stranger.getByText('Oops! Page not found')).toBeVisible();
    await expect(stranger.getByText('Private Form')).toHaveCount(0);
    await expect(stranger.getByText('This is a preview of your landing page')).toHaveCount(0);

    expect((await stranger.request.get(`/api/forms/${form.id}`)).status()).toBe(404);
    // Nothing of the owner's in the other dashboard.
    await stranger.goto('/dashboard');
    await expect(stranger.getByText(EMPTY_STATE)).toBeVisible();
  } finally {
    await strangerContext.close();
  }

  // The owner still sees it.
  await page.goto(`/preview?id=${form.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Private Form' })).toBeVisible();
});

test('axe finds no serious or critical violations on the dashboard with a form and its /preview?id=', async ({ page }) => {
  // Several full axe passes, a few seconds each on a busy machine.
  test.slow();
  const form = await createPublishedForm(page.request, { title: 'Accessible Guide' });
  await page.goto('/dashboard');
  await expect(formRow(page, 'Accessible Guide')).toBeVisible();
  await expect(statValue(page, 'Total Forms')).toHaveText('1');
  expect(await seriousViolations(page), 'dashboard').toEqual([]);

  await page.getByRole('button', { name: 'Actions for Accessible Guide' }).click();
  await expect(page.getByRole('menuitem', { name: 'Copy Link' })).toBeVisible();
  expect(await seriousViolations(page), 'row menu open').toEqual([]);
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await expect(page.getByRole('alertdialog')).toBeVisible();
  expect(await seriousViolations(page), 'delete dialog').toEqual([]);
  await page.getByRole('button', { name: 'Cancel' }).click();

  await page.goto(`/preview?id=${form.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Accessible Guide' })).toBeVisible();
  expect(await seriousViolations(page), '/preview?id=').toEqual([]);
});

test('on a phone, the statistics arriving after the first paint move nothing on the page', async ({ page }) => {
  await page.setViewportSize({ width: 412, height: 823 });
  // The numbers come late, so the cards are painted loading first, as on a slow network. They are
  // held until the loading cards are seen: the document preloads them, so a timer could lose the race.
  let releaseStats!: () => void;
  const statsReleased = new Promise<void>((resolve) => (releaseStats = resolve));
  await page.route('**/api/forms/stats', async (route) => {
    await statsReleased;
    await route.continue();
  });
  await recordLayoutShifts(page);
  await page.goto('/dashboard', { waitUntil: 'commit' });
  const stats = page.locator('section[aria-label="Statistics"]');
  await expect(stats).toHaveAttribute('aria-busy', 'true');
  releaseStats();
  await expect(stats).toHaveAttribute('aria-busy', 'false');
  await expect(statValue(page, 'Total Leads')).toHaveText('0');
  await expect(page.getByRole('region', { name: 'Revenue' })).toContainText('No payments yet');
  await page.waitForTimeout(200); // layout-shift entries are reported after the frame that shifted
  expect(await layoutShifts(page)).toEqual([]);
});
