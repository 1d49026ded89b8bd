import { expect, test } from '@playwright/test';
import {
  createPublishedForm,
  seriousViolations,
  setWorkspacePlan,
  signUp,
  toastWith,
  uniqueEmail,
  visitorSignsUp,
} from './support.js';

/*
 * docs/decisions/0023: an owner on the Business plan creates an API key under Settings → Integrations,
 * copies it from the dialog that shows it once, and a server (a request context with the bearer key
 * and no cookies, as curl would send) lists the leads a visitor left; once the key is revoked in
 * the screen, the same call gets a 401.
 */

test('an owner creates an API key, lists leads with it like curl would, and revokes it', async ({
  page,
  browser,
  playwright,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const owner = { name: 'Ari Api', email: uniqueEmail('api-owner'), password: 'keys-to-the-leads-12' };
  await signUp(page, owner);
  await expect(page).toHaveURL(/\/dashboard$/);
  const form = await createPublishedForm(page.request, { title: 'API Guide' });
  const visitor = uniqueEmail('api-visitor');
  await visitorSignsUp(browser, form.publicUrl, visitor, {});

  // On Free: the section says API access is a Business feature, and creating is disabled, not hidden.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/settings/integrations');
  const section = page.getByRole('region', { name: 'API keys' });
  await expect(section.getByText(/API access comes with the Business plan/)).toBeVisible();
  await expect(section.getByRole('link', { name: 'See plans and pricing' })).toHaveAttribute('href', '/pricing');
  await expect(section.getByRole('button', { name: 'Create API key' })).toBeDisabled();
  expect(await seriousViolations(page)).toEqual([]);
  await section.screenshot({ path: test.info().outputPath('api-keys-free.png') });

  await setWorkspacePlan(owner.email, 'business');
  await page.reload();
  await expect(section.getByRole('button', { name: 'Create API key' })).toBeEnabled();
  await expect(section.getByText(/API access comes with the Business plan/)).toBeHidden();
  expect(await seriousViolations(page)).toEqual([]);

  await section.getByLabel('Key name').fill('CRM sync');
  await section.getByRole('button', { name: 'Create API key' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog.getByRole('heading', { name: 'Your new API key: CRM sync' })).toBeVisible();
  await expect(dialog.getByText('It will not be shown again')).toBeVisible();
  const key = await dialog.getByLabel('API key').inputValue();
  expect(key).toMatch(/^lsk_[0-9A-Za-z]{40}$/);
  await dialog.getByRole('button', { name: 'Copy' }).click();
  await expect(dialog.getByRole('status')).toHaveText(/Copied to the clipboard|copy it yourself/);
  await page.screenshot({ path: test.info().outputPath('api-keys-dialog.png') });
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'I have copied it' }).click();
  await expect(dialog).toBeHidden();

  const item = section.getByRole('listitem').filter({ hasText: 'CRM sync' });
  await expect(item).toContainText(`${key.slice(0, 12)}…`);
  await expect(item).toContainText('read');
  await expect(item).toContainText('Last used never');
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await section.screenshot({ path: test.info().outputPath('api-keys-section.png') });

  // A server's call: its own request context (no cookies), the key as a bearer token.
  const server = await playwright.request.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  const list = await server.get('/api/v1/leads?limit=10', { headers: { authorization: `Bearer ${key}` } });
  expect(list.status(), await list.text()).toBe(200);
  expect(list.headers()['ratelimit-limit']).toBe('600');
  const body = (await list.json()) as { data: { email: string; formId: string }[]; nextCursor: string | null };
  expect(body.data).toEqual([expect.objectContaining({ email: visitor, formId: form.id })]);
  expect(body.nextCursor).toBeNull();
  const noKey = await server.get('/api/v1/leads');
  expect(noKey.status()).toBe(401);

  await page.reload();
  await expect(item).not.toContainText('Last used never');
  await item.getByRole('button', { name: 'Revoke CRM sync' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke key' }).click();
  await expect(toastWith(page, 'CRM sync revoked')).toBeVisible();
  await expect(item.getByText('Revoked', { exact: true })).toBeVisible();
  await section.screenshot({ path: test.info().outputPath('api-keys-revoked.png') });

  const after = await server.get('/api/v1/leads', { headers: { authorization: `Bearer ${key}` } });
  expect(after.status()).toBe(401);
  expect(after.headers()['content-type']).toMatch(/^application\/problem\+json/);
  expect(((await after.json()) as { title: string }).title).toBe('Missing or invalid API key');
  await server.dispose();
});
