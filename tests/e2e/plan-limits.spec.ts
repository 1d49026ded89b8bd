import path from 'node:path';
import { expect, test } from '@playwright/test';
import pg from 'pg';
import {
  createPublishedForm,
  seriousViolations,
  setWorkspacePlan,
  signUp,
  toastWith,
  uniqueEmail,
  visitorSignsUp,
} from './support.js';

// Limits that never lose a lead (decision 0045), as the owner meets them.

/** Stores `n` confirmed sign-ups of this month on the page, straight into the e2e server's database. */
async function seedConfirmedLeads(formId: string, n: number) {
  const client = new pg.Client({
    host: path.join(process.env.E2E_DATA_DIR!, 'postgres'),
    port: 5432,
    user: 'postgres',
    database: 'lodestone',
  });
  await client.connect();
  try {
    await client.query(
      `insert into leads (form_id, workspace_id, email, status, verified_at)
       select f.id, f.workspace_id, 'seeded-' || g || '-' || f.id || '@example.com', 'verified', now()
       from forms f, generate_series(1, $2) g where f.id = $1`,
      [formId, n],
    );
  } finally {
    await client.end();
  }
}

test('a workspace over its plan keeps every page live, chooses the pages it edits, and sees how many sign-ups are held', async ({
  page,
  browser,
}) => {
  const email = uniqueEmail('limits');
  await signUp(page, { name: 'Limit Owner', email, password: 'limits-pass-1' });
  await expect(page).toHaveURL(/\/dashboard$/);
  await setWorkspacePlan(email, 'pro');
  const pages = [];
  for (const title of ['First Guide', 'Second Guide', 'Third Guide', 'Fourth Guide']) {
    pages.push(await createPublishedForm(page.request, { title }, { doubleOptIn: false }));
  }
  await setWorkspacePlan(email, 'free');

  // Until a choice, the 3 most recently updated can be edited; the oldest is locked but live.
  await page.goto('/dashboard');
  const choice = page.getByRole('region', { name: 'Choose the pages you keep editing' });
  await expect(choice).toContainText('This workspace has 4 pages and its plan allows 3.');
  await expect(choice.getByRole('checkbox', { checked: true })).toHaveCount(3);
  expect(await seriousViolations(page)).toEqual([]);
  const locked = await page.request.put(`/api/forms/${pages[0]!.id}/notifications`, { data: { ownerNotify: 'off' } });
  expect(locked.status()).toBe(403);
  expect((await locked.json()).message).toBe(
    'This workspace has 4 pages and its plan allows 3. Choose which 3 to keep editing on the dashboard, or upgrade.',
  );
  expect((await page.request.get(pages[0]!.publicUrl)).status()).toBe(200);

  // The owner keeps the first page instead of the newest.
  await choice.getByRole('checkbox', { name: 'Fourth Guide' }).uncheck();
  await choice.getByRole('checkbox', { name: 'First Guide' }).check();
  await choice.getByRole('button', { name: 'Keep these pages' }).click();
  await expect(toastWith(page, 'Saved: you can edit the pages you chose.')).toBeVisible();
  expect((await page.request.put(`/api/forms/${pages[0]!.id}/notifications`, { data: { ownerNotify: 'off' } })).status()).toBe(
    200,
  );
  expect((await page.request.put(`/api/forms/${pages[3]!.id}/notifications`, { data: { ownerNotify: 'off' } })).status()).toBe(
    403,
  );

  // The month's 100 sign-ups are used: a visitor still signs up and gets the page, and the lead is held.
  await seedConfirmedLeads(pages[1]!.id, 100);
  await visitorSignsUp(browser, pages[1]!.publicUrl, uniqueEmail('held-visitor'), {});
  await page.goto('/dashboard/leads');
  const held = page.getByRole('region', { name: 'Held sign-ups' });
  await expect(held).toContainText(/1 sign-up is held because this workspace has used its 100 sign-ups for \w+\./);
  await expect(held.getByRole('link', { name: 'Upgrade' })).toHaveAttribute('href', '/settings/billing');
  expect(await seriousViolations(page)).toEqual([]);

  // Deleting a page brings the workspace back to its plan's number: the choice goes away.
  expect((await page.request.delete(`/api/forms/${pages[3]!.id}`)).status()).toBe(204);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Choose the pages you keep editing' })).toHaveCount(0);
});
