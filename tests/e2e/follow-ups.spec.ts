import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import pg from 'pg';
import { DNS_CONTROL_URL } from '../../playwright.config.js';
import { createPublishedForm, editorTab, readMailbox, signUp, toastWith, uniqueEmail, waitForMail } from './support.js';

/*
 * docs/decisions/0089 and 0090, as an owner and her visitors live them: she sets up mail.follow.test
 * as her sending domain (its records published on the DNS stand-in the app asks), writes a
 * three-email welcome sequence for her page, and publishes it. One visitor ticks the page's opt-in,
 * another does not. Time moves on (the minute's sweep run at a later time, as the crontab would then):
 * the first gets each email in order from her domain, unsubscribes from the second with one click in
 * it, and gets no third; the second visitor gets none at all.
 */

const DAY = 24 * 3_600_000;

/** The e2e server's embedded PostgreSQL (src/server/db/embedded.ts), as setWorkspacePlan reaches it. */
async function withDatabase<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({
    host: path.join(process.env.E2E_DATA_DIR!, 'postgres'),
    port: 5432,
    user: 'postgres',
    database: 'lodestone',
  });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** The minute's sweep as the crontab queues it, run as if it were `at`; resolves once it and the emails it queued are done. */
async function sweepAt(at: Date) {
  await withDatabase(async (client) => {
    await client.query(`select graphile_worker.add_job('follow_up_sweep', $1::json)`, [
      JSON.stringify({ _cron: { ts: at.toISOString(), backfilled: false } }),
    ]);
    await expect
      .poll(
        async () =>
          (
            await client.query<{ n: number }>(
              `select count(*)::int as n from graphile_worker.jobs where task_identifier in ('follow_up_sweep', 'send_email')`,
            )
          ).rows[0]!.n,
        { timeout: 20_000, message: 'the sweep and its emails are done' },
      )
      .toBe(0);
  });
}

async function visitorSignsUp(browser: Browser, url: string, email: string, optIn: boolean) {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const visitor = await context.newPage();
  await visitor.goto(url);
  const openedAt = Date.now();
  await visitor.getByLabel(/Email Address/).fill(email);
  await visitor.getByRole('checkbox', { name: /I agree/ }).check();
  const optInBox = visitor.getByRole('checkbox', { name: 'Send me occasional emails from Acme Marketing' });
  await expect(optInBox).not.toBeChecked();
  if (optIn) await optInBox.check();
  if (optIn) await visitor.screenshot({ path: test.info().outputPath('follow-ups-opt-in.png'), fullPage: true });
  const left = 2250 - (Date.now() - openedAt);
  if (left > 0) await visitor.waitForTimeout(left);
  await visitor.getByRole('button', { name: /^Get / }).click();
  await expect(visitor.getByRole('heading', { level: 1, name: 'Thank You!' })).toBeVisible();
  await context.close();
}

async function writeEmail(page: Page, n: number, delay: string, subject: string, text: string) {
  const email = page.getByRole('group', { name: `Email ${n}`, exact: true });
  await email.getByLabel('Delay').fill(delay);
  await email.getByLabel('Unit').selectOption('days');
  await email.getByLabel('Subject').fill(subject);
  await email.getByLabel('Text').fill(text);
  return email;
}

test('a welcome sequence from the owner’s domain: sent in order to the visitor who opted in, until one click stops it', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const owner = { name: 'Fol Low', email: uniqueEmail('follow-owner'), password: 'my-follow-ups-2026' };
  await signUp(page, owner);
  await expect(page).toHaveURL(/\/dashboard$/);

  // Her sending domain, its records published where the app looks them up, verified.
  await page.goto('/settings/domains');
  const domainSection = page.getByRole('region', { name: 'Sending domain' });
  await domainSection.getByLabel('Domain', { exact: true }).fill('mail.follow.test');
  await domainSection.getByRole('button', { name: 'Add sending domain' }).click();
  const records = domainSection.getByRole('table', { name: 'DNS records for mail.follow.test' });
  const cells = async (record: string) =>
    records
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: record }) })
      .getByRole('cell')
      .locator('code')
      .allTextContents();
  await expect(records.getByText(/\._domainkey\.mail\.follow\.test$/)).toBeVisible();
  const [dkimName, dkimValue] = await cells('TXT DKIM');
  const [spfName, spfValue] = await cells('TXT SPF');
  const published = await fetch(`${DNS_CONTROL_URL}/records`, {
    method: 'PUT',
    // As a DNS provider stores a value over 255 bytes: one record of several strings.
    body: JSON.stringify({ [dkimName!]: { TXT: [dkimValue!.match(/.{1,255}/g)] }, [spfName!]: { TXT: [spfValue!] } }),
  });
  expect(published.status).toBe(204);
  await domainSection.getByRole('button', { name: 'Verify now mail.follow.test' }).click();
  await expect(domainSection.getByText('Verified', { exact: true })).toBeVisible({ timeout: 20_000 });

  // Her page and its sequence.
  const form = await createPublishedForm(page.request, { title: 'Welcome Guide' }, { doubleOptIn: false });
  await page.goto(`/page-creator?edit=${form.id}`);
  await editorTab(page, 'Settings').click();
  const section = page.getByRole('region', { name: 'Follow-up emails' });
  for (let n = 1; n <= 3; n++) await section.getByRole('button', { name: 'Add email' }).click();
  await writeEmail(page, 1, '1', 'Welcome, {first_name}', 'Thanks for getting {lead_magnet}.');
  await writeEmail(page, 2, '2', 'Three tips from {business_name}', 'Tip one, tip two, tip three.');
  const third = await writeEmail(page, 3, '3', 'A last word', 'That is all from us.');
  await third.getByRole('button', { name: 'Preview email 3' }).click();
  await expect(third.getByText('A last word', { exact: true }).last()).toBeVisible();
  await section.screenshot({ path: test.info().outputPath('follow-ups-editor.png') });
  await page.getByRole('button', { name: 'Save & Publish' }).click();
  await expect(toastWith(page, 'Your landing page has been published successfully!')).toBeVisible({ timeout: 20_000 });

  const optedIn = uniqueEmail('follow-yes');
  const declined = uniqueEmail('follow-no');
  await visitorSignsUp(browser, form.publicUrl, optedIn, true);
  await visitorSignsUp(browser, form.publicUrl, declined, false);
  await waitForMail(page.request, declined, /^Your download/);

  // Day 1: the first email, from her domain; day 3: the second.
  const start = Date.now();
  await sweepAt(new Date(start + DAY + 60_000));
  const first = await waitForMail(page.request, optedIn, 'Welcome, there');
  expect(first.from).toBe('"Acme Marketing" <hello@mail.follow.test>');
  await sweepAt(new Date(start + 3 * DAY + 120_000));
  const second = await waitForMail(page.request, optedIn, 'Three tips from Acme Marketing');

  // One click in the second email, without signing in anywhere.
  const unsubscribe = /(http:\/\/127\.0\.0\.1:\d+\/unsubscribe\/[\w.-]+)/.exec(second.text)![1]!;
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const reader = await context.newPage();
  await reader.goto(unsubscribe);
  await reader.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(reader.getByRole('heading', { name: 'You are unsubscribed' })).toBeVisible();
  await reader.screenshot({ path: test.info().outputPath('follow-ups-unsubscribed.png'), fullPage: true });
  await context.close();

  // Day 6 and a week later: no third email to her, and never any to the visitor who did not opt in.
  await sweepAt(new Date(start + 6 * DAY + 180_000));
  await sweepAt(new Date(start + 13 * DAY));
  const mailbox = await readMailbox(page.request);
  expect(mailbox.filter((m) => m.to === optedIn).map((m) => m.subject)).toEqual([
    'Three tips from Acme Marketing',
    'Welcome, there',
    expect.stringMatching(/^Your download/),
  ]);
  expect(mailbox.filter((m) => m.to === declined).map((m) => m.subject)).toEqual([expect.stringMatching(/^Your download/)]);

  // Her view of the lead: what was sent, and why it stopped.
  const leadId = await withDatabase(
    async (client) => (await client.query<{ id: string }>('select id from leads where email = $1', [optedIn])).rows[0]!.id,
  );
  await page.goto(`/dashboard/leads/${leadId}`);
  const card = page.getByRole('region', { name: 'Follow-up emails' });
  await expect(card.getByText('Welcome, there')).toBeVisible();
  await expect(card.getByText('Unsubscribed')).toBeVisible();
  await expect(card.getByText('Opted in').locator('..')).toContainText('Yes');
  const timeline = page.getByRole('region', { name: 'Timeline' });
  await expect(timeline.getByText('Email 2: Three tips from Acme Marketing')).toBeVisible();
  await expect(timeline.getByText('Unsubscribed from follow-up emails')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('follow-ups-lead.png'), fullPage: true });
});
