import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { defaultFormConfig } from '@/domain/form-config';
import { MAILCHIMP_URL } from '../../playwright.config';
import { createPublishedForm, seriousViolations, signUp, textField, toastWith, uniqueEmail, visitorSignsUp } from './support.js';

/*
 * docs/decisions/0022: an owner connects Mailchimp (the stand-in) on Integrations, picks an audience
 * on a page's analytics screen; a visitor signs up and confirms with the emailed code; the lead's
 * page says "Synced to Mailchimp", and the stand-in holds the member with the name and the tags.
 */

test('an owner connects Mailchimp, picks an audience, and a confirmed lead is synced', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const apiKey = `${randomBytes(16).toString('hex')}-us21`;
  const listId = `e2e${randomBytes(4).toString('hex')}`;
  expect(
    (await page.request.post(`${MAILCHIMP_URL}/_test/accounts`, { data: { apiKey, accountName: 'Mia’s Letters' } })).status(),
  ).toBe(201);
  expect(
    (
      await page.request.post(`${MAILCHIMP_URL}/_test/lists`, { data: { apiKey, id: listId, name: 'Newsletter readers' } })
    ).status(),
  ).toBe(201);

  const owner = { name: 'Mia Mailer', email: uniqueEmail('mailchimp'), password: 'send-them-along-42' };
  await signUp(page, owner);
  await expect(page).toHaveURL(/\/dashboard$/);
  const form = await createPublishedForm(
    page.request,
    { title: 'Synced Guide' },
    { fields: [...defaultFormConfig().fields, textField('name', 'First name')], doubleOptIn: true },
  );

  // The page's card offers to connect a tool while none is.
  await page.goto(`/dashboard/forms/${form.id}`);
  const card = page.getByRole('region', { name: 'Email tools' });
  await card.getByRole('link', { name: 'Connect Mailchimp or Kit' }).click();
  await expect(page).toHaveURL(/\/settings\/integrations$/);

  const mailchimp = page.getByRole('region', { name: 'Mailchimp' });
  await mailchimp.getByLabel('API key').fill('not-a-key-at-all');
  await mailchimp.getByRole('button', { name: 'Connect Mailchimp' }).click();
  await expect(mailchimp.getByRole('alert')).toContainText('no data centre');
  await mailchimp.getByLabel('API key').fill(apiKey);
  await mailchimp.getByRole('button', { name: 'Connect Mailchimp' }).click();
  await expect(toastWith(page, 'Mailchimp connected')).toBeVisible();
  await expect(mailchimp.getByText('Connected', { exact: true })).toBeVisible();
  await expect(mailchimp.getByText('Mia’s Letters')).toBeVisible();
  await expect(mailchimp.getByText(`…${apiKey.slice(-9, -5)}-us21`)).toBeVisible();
  await expect(page.getByText(apiKey)).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('integrations-email-tools.png'), fullPage: true });

  // The page sends its confirmed leads to the audience, with one more tag.
  await page.goto(`/dashboard/forms/${form.id}`);
  const audience = card.getByRole('combobox', { name: 'Audience' });
  await audience.click();
  await page.getByRole('option', { name: 'Newsletter readers' }).click();
  await expect(card.getByText(/New members are subscribed at once/)).toBeVisible();
  await card.getByLabel('More tags (comma-separated)').fill('e2e, spring');
  await card.getByRole('button', { name: 'Save email tools' }).click();
  await expect(toastWith(page, 'Email tools saved')).toBeVisible();
  await card.screenshot({ path: test.info().outputPath('page-email-tools-card.png') });

  const visitor = uniqueEmail('synced-visitor');
  await visitorSignsUp(browser, form.publicUrl, visitor, { 'First name': 'Sam' }, { confirm: true });

  // The worker syncs the confirmed lead; the lead's page shows it.
  const leads = await page.request.get(`/api/forms/${form.id}/leads`);
  const { items: rows } = (await leads.json()) as { items: Array<{ id: string; email: string }> };
  const lead = rows.find((l) => l.email === visitor)!;
  await page.goto(`/dashboard/leads/${lead.id}`);
  const tools = page.getByRole('region', { name: 'Email tools' });
  await expect(async () => {
    await page.reload();
    await expect(tools.getByText('Synced', { exact: true })).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByText('Synced to Mailchimp')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('lead-synced.png'), fullPage: true });

  const members = (await (await page.request.get(`${MAILCHIMP_URL}/_test/lists/${listId}/members`)).json()) as {
    data: Array<{ email_address: string; status: string; merge_fields: Record<string, string>; tags: Array<{ name: string }> }>;
  };
  expect(members.data).toHaveLength(1);
  const [member] = members.data;
  expect(member).toMatchObject({ email_address: visitor, status: 'subscribed', merge_fields: { FNAME: 'Sam' } });
  expect(member!.tags.map((t) => t.name).sort()).toEqual(['Synced Guide', 'e2e', 'spring']);
});
