import { expect, test } from '@playwright/test';
import { createPublishedForm, seriousViolations, signUp, toastWith, uniqueEmail, waitForMail } from './support.js';

/*
 * The owner chooses, on a page's analytics screen, to get an email for each new
 * lead; a visitor signs up; the owner's email arrives with the visitor's address. The setting stays
 * after a reload, and the control fits a 375 px screen.
 */

/** The server drops posts made within 2 s of the page's render as bots' (answering as if they worked). */
const MIN_FILL_MS = 2000;

test('an owner asks for an email per lead, and gets one when a visitor signs up', async ({ page, browser, request }) => {
  const owner = { name: 'Nora Notify', email: uniqueEmail('notify'), password: 'tell-me-each-time-1' };
  await signUp(page, owner);
  await expect(page).toHaveURL(/\/dashboard$/);
  const form = await createPublishedForm(
    page.request,
    { title: 'Notify Guide', leadMagnetName: 'Notify Guide PDF' },
    { doubleOptIn: false },
  );

  await page.goto(`/dashboard/forms/${form.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Notify Guide' })).toBeVisible();
  const setting = page.getByRole('combobox', { name: 'Lead notifications' });
  await expect(setting).toHaveText('A daily digest');
  await setting.click();
  await expect(page.getByRole('option')).toHaveText(['An email for each new lead', 'A daily digest', 'No emails']);
  await page.getByRole('option', { name: 'An email for each new lead' }).click();
  await expect(toastWith(page, 'Saved')).toBeVisible();
  await expect(setting).toHaveText('An email for each new lead');
  await expect(setting).toBeEnabled();
  await setting.locator('xpath=ancestor::div[contains(@class,"rounded-2xl")][1]').screenshot({
    path: test.info().outputPath('lead-notifications-control.png'),
  });
  expect(await seriousViolations(page)).toEqual([]);

  // A visitor, in a browser of their own, signs up on the public page.
  const visitorEmail = uniqueEmail('visitor');
  const visitorContext = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const visitor = await visitorContext.newPage();
  await visitor.goto(form.publicUrl);
  const openedAt = Date.now();
  await visitor.getByLabel(/Email Address/).fill(visitorEmail);
  await visitor.getByRole('checkbox', { name: /I agree/ }).check();
  await visitor.waitForTimeout(Math.max(0, MIN_FILL_MS + 250 - (Date.now() - openedAt)));
  await visitor.getByRole('button', { name: 'Get Notify Guide PDF', exact: true }).click();
  await expect(visitor.getByRole('heading', { level: 1, name: 'Thank You!' })).toBeVisible();
  await visitorContext.close();

  const mail = await waitForMail(request, owner.email, 'New lead on "Notify Guide"');
  expect(mail.text).toContain(visitorEmail);
  expect(mail.text).toMatch(new RegExp(`/dashboard/leads/[0-9a-f-]{36}`));
  expect(mail.text).toContain(`/dashboard/forms/${form.id}`);

  await page.reload();
  await expect(setting).toHaveText('An email for each new lead');

  await page.setViewportSize({ width: 375, height: 800 });
  await expect(setting).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await setting.locator('xpath=ancestor::div[contains(@class,"rounded-2xl")][1]').screenshot({
    path: test.info().outputPath('lead-notifications-control-375.png'),
  });
});
