import { expect, test } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { WEBHOOK_RECEIVER_URL } from '../../playwright.config';
import { createPublishedForm, seriousViolations, signUp, toastWith, uniqueEmail, visitorSignsUp } from './support.js';

/*
 * docs/decisions/0021: an owner adds a webhook to a local receiver, a visitor signs up on the published
 * page, the owner sees the delivery in the log and replays it; the receiver got it twice with the
 * same webhook-id, each signature valid for the endpoint's secret.
 */

interface Received {
  path: string;
  headers: Record<string, string>;
  body: string;
}

test('an owner adds a webhook, sees a lead delivered in the log and replays it', async ({ page, browser, request }) => {
  const owner = { name: 'Hana Hooks', email: uniqueEmail('hooks'), password: 'signed-and-sealed-1' };
  await signUp(page, owner);
  await expect(page).toHaveURL(/\/dashboard$/);
  const form = await createPublishedForm(page.request, { title: 'Hooked Guide' }, { doubleOptIn: false });
  const path = `/hooks/${Date.now()}`;

  await page.goto('/settings/integrations');
  const section = page.getByRole('region', { name: 'Webhooks' });
  await section.getByRole('button', { name: 'Add endpoint' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Add a webhook endpoint' });
  // The server's refusal shows under the URL field.
  await dialog.getByLabel('Endpoint URL').fill('ftp://example.com/hook');
  await dialog.getByRole('button', { name: 'Add endpoint' }).click();
  await expect(dialog.getByText('Only http:// and https:// URLs can receive webhooks.')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await dialog.getByLabel('Endpoint URL').fill(`${WEBHOOK_RECEIVER_URL}${path}`);
  await dialog.getByLabel('Description (optional)').fill('Local CRM');
  await dialog.getByLabel('Page', { exact: true }).selectOption({ label: 'Hooked Guide' });
  await dialog.getByRole('button', { name: 'Add endpoint' }).click();
  await expect(toastWith(page, 'Webhook endpoint added')).toBeVisible();
  const endpoint = page.getByTestId('webhook-endpoint');
  await expect(endpoint).toContainText(`${WEBHOOK_RECEIVER_URL}${path}`);
  await expect(endpoint).toContainText('Page: Hooked Guide');
  await expect(endpoint).toContainText('Active');

  await endpoint.getByRole('button', { name: 'Reveal signing secret' }).click();
  const secret = (await endpoint.getByLabel('Signing secret').textContent())!;
  expect(secret).toMatch(/^whsec_/);

  await visitorSignsUp(browser, form.publicUrl, uniqueEmail('hooked-visitor'), {});

  // The log polls while a delivery is pending (and now and then otherwise); a reload shows it at once.
  await page.reload();
  const created = endpoint.getByTestId('webhook-delivery').filter({ hasText: 'lead.created' });
  await expect(created).toContainText('Delivered', { timeout: 30_000 });
  await expect(created).toContainText('HTTP 200');
  await created.getByRole('button', { name: 'lead.created' }).click();
  await expect(created).toContainText('received');

  await created.getByRole('button', { name: 'Replay' }).click();
  await expect(toastWith(page, 'Replay queued')).toBeVisible();
  await expect(created).toContainText('2 attempts', { timeout: 30_000 });
  await expect(created).toContainText('Replay');
  expect(await seriousViolations(page)).toEqual([]);
  await section.screenshot({ path: test.info().outputPath('webhooks-section.png') });

  const received = (await (await request.get(`${WEBHOOK_RECEIVER_URL}/_test/received`)).json()) as Received[];
  const leadCreated = received.filter((r) => r.path === path && JSON.parse(r.body).type === 'lead.created');
  expect(leadCreated).toHaveLength(2);
  expect(new Set(leadCreated.map((r) => r.headers['webhook-id'])).size).toBe(1);
  for (const r of leadCreated) expect(new Webhook(secret).verify(r.body, r.headers)).toMatchObject({ type: 'lead.created' });

  await page.setViewportSize({ width: 375, height: 800 });
  await expect(endpoint).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await section.screenshot({ path: test.info().outputPath('webhooks-section-375.png') });
});
