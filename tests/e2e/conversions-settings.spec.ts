import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { GA4_MP_URL, META_CAPI_URL } from '../../playwright.config';
import { createPublishedForm, seriousViolations, signUp, toastWith, uniqueEmail } from './support.js';

/*
 * docs/decisions/0088: an owner connects Meta's Conversions API and GA4's Measurement Protocol (the
 * stand-ins) on Integrations, sends each a test event and reads the platform's answer; a visitor who
 * accepts the page's consent notice signs up, and the sign-up shows in Meta's log as sent, with the
 * id the stand-in received.
 */

interface Received {
  accountId: string;
  testEventCode: string | null;
  event: Record<string, unknown>;
}

test('an owner connects Meta and GA4, tests them, and sees a visitor’s lead sent', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const pixelId = `9${Date.now()}`;
  const accessToken = `EAAB${randomBytes(24).toString('hex')}`;
  const measurementId = `G-E2E${randomBytes(3).toString('hex').toUpperCase()}`;
  const apiSecret = `e2e_${randomBytes(8).toString('hex')}`;
  expect((await page.request.post(`${META_CAPI_URL}/_test/pixels`, { data: { pixelId, accessToken } })).status()).toBe(201);
  expect((await page.request.post(`${GA4_MP_URL}/_test/streams`, { data: { measurementId, apiSecret } })).status()).toBe(201);
  const metaEvents = async () =>
    ((await (await page.request.get(`${META_CAPI_URL}/_test/events`)).json()) as { data: Received[] }).data.filter(
      (e) => e.accountId === pixelId,
    );

  await signUp(page, { name: 'Cora Conversions', email: uniqueEmail('conversions'), password: 'count-it-once-42' });
  await expect(page).toHaveURL(/\/dashboard$/);
  const form = await createPublishedForm(page.request, { title: 'Measured Guide' }, { doubleOptIn: false });

  await page.goto('/settings/integrations');
  const meta = page.getByRole('region', { name: 'Meta', exact: true });
  await meta.getByLabel('Pixel (dataset) ID').fill('not-a-pixel');
  await meta.getByLabel('Conversions API access token').fill(accessToken);
  await meta.getByRole('button', { name: 'Connect Meta' }).click();
  await expect(meta.getByText('A Meta pixel ID is a number, like 123456789012345')).toBeVisible();
  await meta.getByLabel('Pixel (dataset) ID').fill(pixelId);
  await meta.getByLabel('Test event code (optional)').fill('TEST5150');
  await meta.getByRole('button', { name: 'Connect Meta' }).click();
  await expect(toastWith(page, 'Meta connected')).toBeVisible();
  await expect(meta.getByText('Connected', { exact: true })).toBeVisible();
  await expect(meta.getByText(`…${accessToken.slice(-4)}`)).toBeVisible();
  await expect(page.getByText(accessToken)).toHaveCount(0);

  await meta.getByRole('button', { name: 'Send test event' }).click();
  await expect(meta.getByRole('status')).toContainText(
    'Accepted (HTTP 200): Meta received 1 event. Look for it in Events Manager → Test events (code TEST5150).',
  );
  const [test1] = await metaEvents();
  expect(test1).toMatchObject({ testEventCode: 'TEST5150', event: { event_name: 'Lead', action_source: 'website' } });
  await expect(meta.getByRole('status')).toContainText(String(test1!.event.event_id));

  const google = page.getByRole('region', { name: 'Google Analytics 4' });
  await google.getByLabel('Measurement ID').fill(measurementId.toLowerCase());
  await google.getByLabel('Measurement Protocol API secret').fill(apiSecret);
  await google.getByRole('button', { name: 'Connect Google Analytics 4' }).click();
  await expect(toastWith(page, 'Google Analytics 4 connected')).toBeVisible();
  await expect(google.getByText(measurementId, { exact: true })).toBeVisible();
  await google.getByRole('button', { name: 'Send test event' }).click();
  await expect(google.getByRole('status')).toContainText(
    'Accepted (HTTP 200): Google’s validation server found nothing to fix; nothing was recorded in your reports.',
  );
  expect(await seriousViolations(page)).toEqual([]);

  const section = page.getByRole('region', { name: 'Conversions', exact: true });
  await section.screenshot({ path: test.info().outputPath('conversions-desktop.png') });

  // A visitor accepts the page's notice, which names where the server reports the sign-up, and signs up.
  const visitorEmail = uniqueEmail('measured-visitor');
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const visitor = await context.newPage();
  await visitor.goto(form.publicUrl);
  const openedAt = Date.now();
  await expect(visitor.getByText(/reported to .*Meta.* from our server/)).toBeVisible();
  await visitor.getByRole('button', { name: 'Accept' }).click();
  await visitor.getByLabel(/Email Address/).fill(visitorEmail);
  await visitor.getByRole('checkbox', { name: /I agree/ }).check();
  const left = 2250 - (Date.now() - openedAt);
  if (left > 0) await visitor.waitForTimeout(left);
  await visitor.getByRole('button', { name: /^Get / }).click();
  await expect(visitor.getByRole('heading', { level: 1, name: 'Thank You!' })).toBeVisible();
  await context.close();

  // The worker sends it; Meta's log shows it sent, with the id the stand-in received.
  const row = meta.getByTestId('conversion-send');
  await expect(row.getByText('Sent', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(row).toContainText('Lead (Lead)');
  await expect(row.getByRole('link', { name: 'Measured Guide' })).toBeVisible();
  await expect(row).toContainText('HTTP 200');
  const lead = (await metaEvents()).find((e) => e.testEventCode === null)!;
  expect(lead.event).toMatchObject({ event_name: 'Lead', action_source: 'website' });
  await expect(row).toContainText(String(lead.event.event_id));

  await row.getByRole('button', { name: 'Replay' }).click();
  await expect(toastWith(page, 'Replay queued')).toBeVisible();
  await expect(async () => {
    const sent = (await metaEvents()).filter((e) => e.testEventCode === null).map((e) => e.event.event_id);
    expect(sent).toEqual([lead.event.event_id, lead.event.event_id]);
  }).toPass({ timeout: 15_000 });

  await page.setViewportSize({ width: 375, height: 812 });
  await section.screenshot({ path: test.info().outputPath('conversions-375.png') });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  // The page's analytics count what was sent from it, per destination.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/dashboard/forms/${form.id}`);
  const sent = page.getByRole('region', { name: 'Conversions sent' });
  await expect(sent.getByRole('row', { name: /^Meta/ })).toHaveText(/Meta\s*1\s*0\s*0/);
  await expect(sent.getByRole('row', { name: /^Google Analytics 4/ })).toHaveText(/Google Analytics 4\s*1\s*0\s*0/);
  await sent.screenshot({ path: test.info().outputPath('form-conversions-card.png') });
});
