import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { editorTab, pdfFile, seriousViolations, toastWith, uniqueEmail } from './support.js';

// The owner's side of a page's languages (docs/decisions/0085). Signed out, she builds a page in
// German: the words Lodestone wrote into it turn German, the preview speaks German. She offers it in
// French too, with her title in French, and rewords one of Lodestone's sentences. She signs up at the
// gate and publishes; a French browser gets her French title, a German one her wording; her next
// page starts in German, and Privacy & data names German as the workspace's language.

const shot = (name: string) => `/tmp/languages-${name}.png`;

// Her session is kept for the visitors' journeys (languages.spec.ts), which would otherwise sign up an
// owner of their own: the suite's sign-ups from one address stay under the limit.
const runPrefix = process.env.E2E_DATA_DIR ?? path.join(tmpdir(), `lodestone-e2e-${randomBytes(4).toString('hex')}`);
const ownerState = `${runPrefix}-languages-owner.json`;

async function chooseLanguage(page: Page, name: RegExp) {
  await page.locator('#creator-language').click();
  await page.getByRole('option', { name }).click();
}

test('an owner builds a page in German, offers it in French, rewords a sentence, and her next page starts in German', async ({
  page,
  browser,
}) => {
  test.setTimeout(4 * 60_000);
  await page.goto('/page-creator');
  await expect(page.getByRole('heading', { level: 1, name: 'Create Landing Page' })).toBeVisible();
  await page.getByLabel('Title', { exact: true }).fill('Der Ruhe-Leitfaden');
  await page.getByLabel('Business name', { exact: true }).fill('Ruhe GmbH');
  await page.getByLabel('Lead magnet name', { exact: true }).fill('Ruhe-Leitfaden');
  await page.locator('#creator-lead-magnet').setInputFiles(pdfFile('ruhe.pdf'));
  await expect(page.getByText('ruhe.pdf', { exact: true })).toBeVisible();

  await editorTab(page, 'Settings').click();
  await page.getByLabel('Privacy policy address', { exact: true }).fill('https://ruhe.example/datenschutz');
  await chooseLanguage(page, /^German/);
  await expect(page.locator('#creator-language')).toContainText('German');

  // Offered in French too, with her own title in French; what she leaves empty shows in German.
  await page.getByRole('checkbox', { name: 'French', exact: true }).check();
  const french = page.locator('details', { hasText: 'Your texts in French' });
  await expect(french).toContainText('0 of');
  await french.getByLabel('Page title', { exact: true }).fill('Le guide du calme');
  await expect(french).toContainText('1 of');

  // One of Lodestone's sentences in her own words.
  await page.getByText('Reword Lodestone’s sentences').click();
  const reword = page.locator('details', { hasText: 'Reword Lodestone’s sentences' });
  await reword.getByLabel('Find a sentence').fill('made with');
  await expect(reword.getByRole('group')).toHaveCount(2); // the languages' buttons, and the one group that has it
  await reword.getByLabel('Made with Lodestone', { exact: true }).fill('Gebaut mit Lodestone');
  await reword.getByLabel('Find a sentence').fill('');
  await reword.getByLabel('Get {leadMagnet}', { exact: true }).fill('Jetzt {leadMagnet} holen');
  await page.screenshot({ path: shot('settings'), fullPage: true });
  expect(await seriousViolations(page), 'the creator’s Settings tab').toEqual([]);

  // The words Lodestone wrote into the page are German now.
  await editorTab(page, 'Form Fields').click();
  await expect(page.locator('input[value="E-Mail-Adresse"]').first()).toBeVisible();

  // Publish: sign up at the gate.
  await page.getByRole('button', { name: 'Save & Publish' }).click();
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await page.getByLabel('Full Name').fill('Rita Ruhe');
  await page.getByLabel('Email').fill(uniqueEmail('ruhe'));
  await page.getByLabel('Password').fill('ruhe-pass-123');
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await expect(toastWith(page, 'Your landing page has been published successfully!')).toBeVisible({ timeout: 20_000 });
  const { items } = (await (await page.request.get('/api/forms')).json()) as { items: { id: string }[] };
  const url = `http://127.0.0.1:${process.env.E2E_PORT ?? 3100}/f/${items[0]!.id}`;

  const frenchVisitor = await (
    await browser.newContext({ storageState: { cookies: [], origins: [] }, locale: 'fr-FR' })
  ).newPage();
  await frenchVisitor.goto(url);
  await expect(frenchVisitor.getByRole('heading', { level: 1 })).toHaveText('Le guide du calme');
  await expect(frenchVisitor.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(frenchVisitor.getByRole('link', { name: 'Deutsch' })).toBeVisible();
  const germanVisitor = await (
    await browser.newContext({ storageState: { cookies: [], origins: [] }, locale: 'de-DE' })
  ).newPage();
  await germanVisitor.goto(url);
  await expect(germanVisitor.getByRole('heading', { level: 1 })).toHaveText('Der Ruhe-Leitfaden');
  await expect(germanVisitor.getByRole('button', { name: 'Jetzt Ruhe-Leitfaden holen' })).toBeVisible();
  await expect(germanVisitor.getByText('Gebaut mit Lodestone')).toBeVisible();
  await germanVisitor.screenshot({ path: shot('published-de'), fullPage: true });
  await Promise.all([frenchVisitor.context().close(), germanVisitor.context().close()]);

  // Her next page starts in German, and the workspace says so.
  await page.goto('/page-creator');
  await expect(page.getByRole('heading', { level: 1, name: 'Create Landing Page' })).toBeVisible();
  await editorTab(page, 'Settings').click();
  await expect(page.locator('#creator-language')).toContainText('German');
  await editorTab(page, 'Form Fields').click();
  await expect(page.locator('input[value="E-Mail-Adresse"]').first()).toBeVisible();
  await page.goto('/dashboard/privacy');
  await expect(page.locator('#page-defaults-language')).toContainText('German');
  await page.screenshot({ path: shot('privacy'), fullPage: true });
  await page.context().storageState({ path: ownerState });
});
