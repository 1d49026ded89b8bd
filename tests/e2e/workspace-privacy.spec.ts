import { expect, test } from '@playwright/test';
import { seriousViolations, signUp, toastWith, uniqueEmail } from './support.js';

test('an owner sets how long leads are kept: a bad number is named and not saved, a good one stays after a reload', async ({
  page,
}) => {
  await signUp(page, { name: 'Rita Retention', email: uniqueEmail('retention'), password: 'keep-it-short-2026' });
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole('banner').getByRole('link', { name: 'Privacy', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/privacy$/);
  await expect(page.getByRole('heading', { name: 'Privacy & data', level: 1 })).toBeVisible();

  const pending = page.getByLabel('Delete unconfirmed leads after (days)');
  await expect(pending).toHaveValue('30');
  const limitAll = page.getByRole('switch', { name: 'Delete all leads after a time' });
  await expect(limitAll).not.toBeChecked();

  await pending.fill('0');
  await page.getByRole('button', { name: 'Save retention settings' }).click();
  await expect(page.getByText('Keep unconfirmed leads for 1 to 365 days')).toBeVisible();
  await page.reload();
  await expect(pending).toHaveValue('30');

  await pending.fill('14');
  await limitAll.click();
  await page.getByLabel('Delete every lead after (days)').fill('400');
  await page.getByRole('button', { name: 'Save retention settings' }).click();
  await expect(toastWith(page, 'Retention settings saved')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('workspace-privacy.png'), fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);

  await page.reload();
  await expect(pending).toHaveValue('14');
  await expect(limitAll).toBeChecked();
  await expect(page.getByLabel('Delete every lead after (days)')).toHaveValue('400');

  await page.setViewportSize({ width: 375, height: 800 });
  await expect(page.getByRole('button', { name: 'Save retention settings' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});
