import { expect, test } from '@playwright/test';
import { createPublishedForm, seriousViolations, setWorkspacePlan, signUp, uniqueEmail, waitForMail } from './support.js';

/*
 * docs/decisions/0042: an owner on Free is told a second seat needs Pro; on Pro they invite a
 * colleague as Editor. The colleague opens the emailed link signed out, signs up with the invited
 * address, accepts, and works in the owner's workspace: they see its page, but exports and payment
 * keys are refused to them, and the owner sees them in the team and in the audit log, then removes them.
 */

test('an owner invites a colleague as editor, who signs up from the email, joins and is then removed', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const owner = { name: 'Tess Team', email: uniqueEmail('team-owner'), password: 'team-work-makes-12' };
  await signUp(page, owner);
  await expect(page).toHaveURL(/\/dashboard$/);
  await createPublishedForm(page.request, { title: 'Team Guide' });

  await page.getByRole('link', { name: 'Team', exact: true }).first().click();
  await expect(page).toHaveURL(/\/settings\/team$/);
  const members = page.getByRole('region', { name: /workspace/ });
  await expect(members.getByText('A second seat needs Pro')).toBeVisible();
  await expect(members.getByRole('link', { name: 'Upgrade your plan' })).toHaveAttribute('href', '/settings/billing');
  expect(await seriousViolations(page)).toEqual([]);

  await setWorkspacePlan(owner.email, 'pro');
  await page.reload();
  await expect(members.getByText('1 of 3 used')).toBeVisible();
  const colleague = { name: 'Cole League', email: uniqueEmail('team-editor'), password: 'editing-all-day-34' };
  await members.getByLabel('Email address').fill(colleague.email);
  await members.getByLabel('Role').selectOption('editor');
  await members.getByRole('button', { name: 'Send invitation' }).click();
  await expect(members.getByRole('status')).toHaveText(`Invitation sent to ${colleague.email}. The link works once, for 7 days.`);
  await expect(members.getByRole('listitem').filter({ hasText: colleague.email })).toContainText('Invited');
  await expect(members.getByText('2 of 3 used')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('team-invited.png'), fullPage: true });

  const mail = await waitForMail(page.request, colleague.email, /invited you to/);
  const link = /https?:\/\/\S+\/invite\/[A-Za-z0-9_-]{43}/.exec(mail.text)![0];

  // The colleague, in a browser of their own.
  const theirs = await browser.newContext();
  const them = await theirs.newPage();
  await them.goto(link);
  await expect(them.getByRole('heading', { name: /^Join / })).toBeVisible();
  await expect(them.getByText(`${owner.name} invited ${colleague.email}`)).toBeVisible();
  expect(await seriousViolations(them)).toEqual([]);
  await them.getByRole('link', { name: 'Sign up to accept' }).click();
  await expect(them.getByLabel('Email')).toHaveValue(colleague.email);
  await them.getByLabel('Full Name').fill(colleague.name);
  await them.getByLabel('Password').fill(colleague.password);
  await them.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await expect(them).toHaveURL(/\/invite\//);
  await them.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(them).toHaveURL(/\/dashboard$/);
  await expect(them.getByText('Team Guide')).toBeVisible();
  await them.goto('/dashboard/leads');
  await expect(them.getByText('Exporting leads is for the owners and admins of this workspace.')).toBeVisible();
  await expect(them.getByRole('region', { name: 'Export leads' })).toHaveCount(0);

  // An editor: the team is visible, but inviting is not theirs, and payment keys are refused by the server.
  await them.goto('/settings/team');
  await expect(them.getByText('Your role: Editor.')).toBeVisible();
  await expect(them.getByRole('button', { name: 'Send invitation' })).toHaveCount(0);
  await expect(them.getByRole('region', { name: 'Your workspaces' })).toContainText('Working in it');
  const refused = await them.request.put('/api/payments/stripe', { data: { secretKey: 'sk_test_123' } });
  expect(refused.status()).toBe(403);
  const exported = await them.request.post('/api/leads/exports', { data: { format: 'csv' } });
  expect(exported.status()).toBe(403);
  expect(((await exported.json()) as { message: string }).message).toBe(
    'Your role in this workspace (Editor) does not allow this.',
  );
  await them.screenshot({ path: test.info().outputPath('team-editor.png'), fullPage: true });

  // The owner sees them, and the log says what happened.
  await page.reload();
  const row = members.getByRole('listitem').filter({ hasText: colleague.email });
  await expect(row.getByLabel(`Role of ${colleague.name}`)).toHaveValue('editor');
  const log = page.getByRole('region', { name: 'Audit log' });
  await expect(log).toContainText(`${colleague.email} · Joined the workspace`);
  await expect(log).toContainText(`${owner.email} · Invited a member · ${colleague.email} as Editor`);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('team-owner.png'), fullPage: true });

  await row.getByRole('button', { name: `Remove ${colleague.name}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Remove member' }).click();
  // The dialog hides the list from assistive technology while it is open: the removal is done once it closes.
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await expect(members.getByRole('listitem').filter({ hasText: colleague.email })).toHaveCount(0);
  // Their session in the workspace ended at once.
  expect((await them.request.get('/api/forms')).status()).toBe(401);
  await theirs.close();
});
