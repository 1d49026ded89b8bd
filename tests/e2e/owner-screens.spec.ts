import { randomBytes } from 'node:crypto';
import { expect as baseExpect, test, type Locator, type Page } from '@playwright/test';
import { defaultFormConfig } from '@/domain/form-config';
import { KIT_URL } from '../../playwright.config';
import { textField } from '@tests/kit/fields';
import { publishableConfig } from '@tests/kit/data';
import { createPublishedForm, pdfFile, seriousViolations, signUp, toastWith, uniqueEmail, visitorSignsUp } from './support.js';

/*
 * Smaller things seen on the owner's screens, each met by a new owner (signed
 * out first) at 1280 and 375 px: a never-published page is a Draft (not "Inactive"), wide tables
 * say that they scroll sideways, the request log counts in good English and keeps addresses whole,
 * and Kit's connection error shows beside the Kit form, not in a toast across the screen.
 */

// Two cores shared with other runs: a first screen can take more than the default 5 s.
const expect = baseExpect.configure({ timeout: 15_000 });

// Each test runs axe on several screens; on a loaded machine one run can take half a minute.
test.describe.configure({ timeout: 180_000 });

const shot = (name: string) => `/tmp/polish-${name}.png`;

async function newOwner(page: Page, name: string, email = uniqueEmail('polish')) {
  await signUp(page, { name, email, password: 'polished-screens-34' });
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** The horizontal overflow of a scrolling region: how far it is scrolled, and how far it can be. */
const overflow = (region: Locator) => region.evaluate((el) => ({ left: el.scrollLeft, max: el.scrollWidth - el.clientWidth }));

test('a page never published is a Draft; Inactive is a published page switched off', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await newOwner(page, 'Dora Drafts');
  const live = await createPublishedForm(page.request, { title: 'Live Guide' });
  const off = await createPublishedForm(page.request, { title: 'Paused Guide' });
  expect((await page.request.patch(`/api/forms/${off.id}/status`, { data: { status: 'inactive' } })).status()).toBe(200);
  const upload = await page.request.post('/api/files', { multipart: { file: pdfFile('Draft Guide.pdf') } });
  const created = await page.request.post('/api/forms', {
    data: { config: publishableConfig(await upload.json(), 'Draft Guide') },
  });
  expect(created.status()).toBe(201);
  const draft = (await created.json()) as { id: string };

  await page.goto('/dashboard');
  const row = (name: string) => page.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });
  const status = (name: string) => row(name).locator('td[data-label="Status"]');
  await expect(status('Draft Guide')).toHaveText('Draft');
  await expect(status('Paused Guide')).toHaveText('Inactive');
  await expect(status('Live Guide')).toHaveText('Active');
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: shot('dashboard-statuses-1280'), fullPage: true });

  // The filter tells drafts and switched-off pages apart.
  const filter = page.getByRole('combobox', { name: 'Filter forms by status' });
  const choose = async (option: string) => {
    await filter.click();
    await page.getByRole('option', { name: option, exact: true }).click();
    await expect(filter).toHaveText(option);
  };
  await choose('Drafts');
  await expect(page.locator('tbody tr')).toHaveCount(1);
  await expect(row('Draft Guide')).toBeVisible();
  await choose('Inactive Forms');
  await expect(page.locator('tbody tr')).toHaveCount(1);
  await expect(row('Paused Guide')).toBeVisible();
  await choose('Active Forms');
  await expect(page.locator('tbody tr')).toHaveCount(1);
  await expect(row('Live Guide')).toBeVisible();

  // The page's own screen says the same.
  await page.goto(`/dashboard/forms/${draft.id}`);
  const heading = page.getByRole('heading', { level: 1, name: 'Draft Guide' });
  await expect(heading).toBeVisible({ timeout: 45_000 });
  await expect(heading.locator('xpath=..')).toContainText('Draft');
  await expect(heading.locator('xpath=..')).not.toContainText('Inactive');
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: shot('analytics-draft-1280') });
  await page.goto(`/dashboard/forms/${off.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Paused Guide' }).locator('xpath=..')).toContainText('Inactive');
  await page.goto(`/dashboard/forms/${live.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Live Guide' }).locator('xpath=..')).toContainText('Active');

  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/dashboard');
  await expect(status('Draft Guide')).toContainText('Draft');
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: shot('dashboard-statuses-375'), fullPage: true });
});

test('wide lead tables show that they scroll sideways, with a shade on the side that has more, and scroll from the keyboard', async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await newOwner(page, 'Wendy Wide');
  const questions = ['Company', 'Job title', 'Team size', 'Country', 'Website', 'Phone'];
  const form = await createPublishedForm(
    page.request,
    { title: 'Wide Guide' },
    {
      fields: [...defaultFormConfig().fields, ...questions.map((q, i) => textField(`q${i}`, q))],
      doubleOptIn: false,
    },
  );
  await visitorSignsUp(browser, form.publicUrl, uniqueEmail('wide-visitor'), {
    Company: 'Initech Corporation International',
    'Job title': 'Head of Demand Generation',
    'Team size': '250 people across four offices',
    Country: 'United Kingdom of Great Britain',
    Website: 'https://www.initech.example.com/about',
    Phone: '+44 20 7946 0958',
  });

  for (const [path, name] of [
    ['/dashboard/leads', 'All leads'],
    [`/dashboard/forms/${form.id}`, 'Leads'],
  ] as const) {
    await page.goto(path);
    const region = page.getByRole('region', { name, exact: true });
    await expect(region.getByRole('row')).toHaveCount(2);
    // The workspace's leads list has more columns than fit at 1280.
    if (name === 'All leads') await expect.poll(async () => (await overflow(region)).max).toBeGreaterThan(0);
    const before = await overflow(region);
    if (before.max > 0) {
      // Cut off on the right: the region says so, in words and with a shade at its right edge.
      await expect(region).toHaveAccessibleDescription(/scroll sideways/i);
      await expect(page.getByText(/Scroll sideways to see every column/)).toBeVisible();
      await expect(region.locator('xpath=..').getByTestId('scroll-shade-end')).toBeVisible();
      await expect(region.locator('xpath=..').getByTestId('scroll-shade-start')).toBeHidden();
      await page.screenshot({ path: shot(`${path === '/dashboard/leads' ? 'leads' : 'form-leads'}-1280`), fullPage: true });
      // The keyboard scrolls it: focus the region, press the right arrow, then End.
      await region.focus();
      await page.keyboard.press('ArrowRight');
      await expect.poll(async () => (await overflow(region)).left).toBeGreaterThan(0);
      // Scrolled to its end, the shade moves to the left edge.
      await page.keyboard.press('End');
      await expect(region.locator('xpath=..').getByTestId('scroll-shade-start')).toBeVisible();
      await expect(region.locator('xpath=..').getByTestId('scroll-shade-end')).toBeHidden();
      await page.screenshot({ path: shot(`${path === '/dashboard/leads' ? 'leads' : 'form-leads'}-1280-scrolled`) });
    } else {
      // Nothing cut off: no hint.
      await expect(region).not.toHaveAccessibleDescription(/scroll sideways/i);
      await page.screenshot({ path: shot(`${path === '/dashboard/leads' ? 'leads' : 'form-leads'}-1280`), fullPage: true });
    }
    expect(await seriousViolations(page)).toEqual([]);
  }

  // At 375 px each lead is a stacked card: nothing is cut off, so nothing says it scrolls.
  await page.setViewportSize({ width: 375, height: 800 });
  for (const path of ['/dashboard/leads', `/dashboard/forms/${form.id}`]) {
    await page.goto(path);
    await expect(page.getByText('Initech Corporation International').first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expect(page.getByText(/Scroll sideways to see every column/)).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: shot(`${path === '/dashboard/leads' ? 'leads' : 'form-leads'}-375`), fullPage: true });
  }
});

test('the request log counts in good English and wraps an address only between its parts', async ({ page, browser }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  // The log names who asked: the owner, whose address is long enough to wrap on a phone.
  const owner = `priya.plurals.${randomBytes(3).toString('hex')}@privacy-office.department.example.com`;
  await newOwner(page, 'Priya Plurals', owner);
  const form = await createPublishedForm(page.request, { title: 'Counted Guide' }, { doubleOptIn: false });
  const person = uniqueEmail('counted');
  await visitorSignsUp(browser, form.publicUrl, person, {});
  expect((await page.request.post('/api/privacy/access', { data: { email: person } })).status()).toBe(200);

  await page.goto('/dashboard/privacy');
  const log = page.getByRole('region', { name: 'Request log' });
  const records = log.locator('td[data-label="Records"]').first();
  await expect(records).toContainText('1 lead,');
  await expect(records).not.toContainText('1 leads');
  await expect(records).not.toContainText('1 submissions');
  expect(await seriousViolations(page)).toEqual([]);
  await log.screenshot({ path: shot('request-log-1280') });

  await page.setViewportSize({ width: 375, height: 800 });
  const by = log.locator('td[data-label="By"]').first();
  await expect(by).toBeVisible();
  await expect(by).toHaveText(owner);
  // Where the address breaks onto a new line, it breaks beside its @, a dot or a hyphen: never mid-word.
  const lines = await by.evaluate((cell) => {
    const range = document.createRange();
    const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    const lines: string[] = [];
    let top: number | undefined;
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (let i = 0; i < text.length; i++) {
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const rect = range.getClientRects()[0];
        if (!rect) continue;
        if (top === undefined || Math.abs(rect.top - top) > 2) {
          lines.push(text[i]!);
          top = rect.top;
        } else lines[lines.length - 1] += text[i]!;
      }
    }
    return lines;
  });
  expect(lines.join('')).toBe(owner);
  expect(lines.length).toBeGreaterThan(1);
  for (let i = 0; i < lines.length - 1; i++) {
    const joint = lines[i]!.slice(-1) + lines[i + 1]!.slice(0, 1);
    expect(joint, lines.join(' | ')).toMatch(/[@.-]/);
  }
  expect(await seriousViolations(page)).toEqual([]);
  await log.screenshot({ path: shot('request-log-375') });
});

test('a Kit connection error shows beside the Kit form, announced, not in a toast', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await newOwner(page, 'Kim Kit');
  const apiKey = `kit_${randomBytes(12).toString('hex')}`;
  expect(
    (await page.request.post(`${KIT_URL}/_test/accounts`, { data: { apiKey, accountName: 'Kim’s Letters' } })).status(),
  ).toBe(201);

  await page.goto('/settings/integrations');
  const kit = page.getByRole('region', { name: 'Kit', exact: true });
  // Kit is down for the next call: the error is Kit's, shown in Kit's card next to its button.
  expect((await page.request.post(`${KIT_URL}/_test/fail`, { data: { count: 1, status: 503 } })).status()).toBe(200);
  await kit.getByLabel('API key').fill(apiKey);
  await kit.getByRole('button', { name: 'Connect Kit' }).click();
  const alert = kit.getByRole('alert');
  await expect(alert).toContainText('Kit could not be reached');
  await expect(toastWith(page, 'Kit could not be reached')).toHaveCount(0);
  // Next to the button: ends within a few lines above it.
  const [alertBox, buttonBox] = [await alert.boundingBox(), await kit.getByRole('button', { name: 'Connect Kit' }).boundingBox()];
  expect(buttonBox!.y - (alertBox!.y + alertBox!.height)).toBeLessThan(80);
  expect(buttonBox!.y - (alertBox!.y + alertBox!.height)).toBeGreaterThanOrEqual(0);
  expect(await seriousViolations(page)).toEqual([]);
  await kit.screenshot({ path: shot('kit-error-1280') });

  await page.setViewportSize({ width: 375, height: 800 });
  await kit.scrollIntoViewIfNeeded();
  await expect(alert).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  expect(await seriousViolations(page)).toEqual([]);
  await kit.screenshot({ path: shot('kit-error-375') });

  // Trying again once Kit answers connects it, and the error is gone.
  await kit.getByRole('button', { name: 'Connect Kit' }).click();
  await expect(toastWith(page, 'Kit connected')).toBeVisible();
  await expect(kit.getByText('Connected', { exact: true })).toBeVisible();
  await expect(kit.getByRole('alert')).toHaveCount(0);
});
