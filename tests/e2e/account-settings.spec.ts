import { expect, test } from '@playwright/test';
import { seriousViolations, signIn, signUp, uniqueEmail, waitForMail } from './support.js';

/*
 * docs/decisions/0043: an owner opens their account from their name in the header, renames
 * themselves, moves to a new email address through the link sent to it, changes the password
 * (signing out the other browser), sees which devices are signed in, asks for the account to be
 * deleted and keeps it after all.
 */

test('an owner renames themselves, confirms a new email address, changes the password and signs out another device', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const owner = { name: 'Acco Unt', email: uniqueEmail('account'), password: 'first-password-11' };
  await signUp(page, owner);
  await expect(page).toHaveURL(/\/dashboard$/);

  // A second browser, signed in too.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await otherPage.goto('/sign-in');
  await signIn(otherPage, owner.email, owner.password);
  await expect(otherPage).toHaveURL(/\/dashboard$/);

  await page.getByRole('link', { name: owner.name }).click();
  await expect(page).toHaveURL(/\/settings\/account$/);
  const devices = page.getByRole('region', { name: 'Signed-in devices' });
  await expect(devices.getByRole('listitem')).toHaveCount(2);
  await expect(devices.getByText('This device')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  const name = page.getByRole('region', { name: 'Name' });
  await name.getByLabel('Full Name').fill('Acco Renamed');
  await name.getByRole('button', { name: 'Save name' }).click();
  await expect(name.getByText('Your name is saved.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Acco Renamed' })).toBeVisible();

  const newEmail = uniqueEmail('account-moved');
  const email = page.getByRole('region', { name: 'Email address' });
  await email.getByLabel('New email address').fill(newEmail);
  await email.getByRole('button', { name: 'Send confirmation link' }).click();
  await expect(email.getByText(`We sent a link to ${newEmail}.`)).toBeVisible();
  const mail = await waitForMail(page.request, newEmail, 'Confirm your new Lodestone email address');
  const link = /https?:\/\/\S+\/api\/auth\/verify-email\?\S+/.exec(mail.text)![0];
  await page.goto(link);
  await expect(page).toHaveURL(/\/settings\/account\?email=changed$/);
  await expect(page.getByText(`Your email address is now ${newEmail}.`)).toBeVisible();

  const password = page.getByRole('region', { name: 'Password' });
  await password.getByLabel('Current password').fill('not-the-password-1');
  await password.getByLabel('New password').fill('second-password-22');
  await password.getByRole('button', { name: 'Change password' }).click();
  await expect(password.getByText('Your current password is not right.')).toBeVisible();
  await password.getByLabel('Current password').fill(owner.password);
  await password.getByRole('button', { name: 'Change password' }).click();
  await expect(password.getByText('Your password is changed, and every other device is signed out.')).toBeVisible();
  await expect(devices.getByRole('listitem')).toHaveCount(1);
  await expect(devices.getByText('This device')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('account-settings.png'), fullPage: true });

  // The other browser is signed out; this one is not.
  expect((await otherPage.request.get('/api/me')).status()).toBe(401);
  expect((await page.request.get('/api/me')).status()).toBe(200);
  await other.close();

  // Deleting the account: the address typed and the password, then 14 days in which it can be kept.
  const remove = page.getByRole('region', { name: 'Delete account' });
  await expect(remove.getByText("Acco Unt's workspace (1 member)")).toBeVisible();
  await remove.getByLabel(`Type ${newEmail} to confirm`).fill('someone-else@example.com');
  await remove.getByLabel('Your password').fill('second-password-22');
  await remove.getByRole('button', { name: 'Delete my account in 14 days' }).click();
  await expect(remove.getByText('Type your email address exactly as shown to confirm')).toBeVisible();
  await remove.getByLabel(`Type ${newEmail} to confirm`).fill(newEmail);
  await remove.getByRole('button', { name: 'Delete my account in 14 days' }).click();
  await expect(remove.getByText(/^Your account will be deleted on .+, with Acco Unt's workspace\.$/)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await remove.screenshot({ path: test.info().outputPath('account-deletion.png') });
  await remove.getByRole('button', { name: 'Keep my account' }).click();
  await expect(remove.getByRole('button', { name: 'Delete my account in 14 days' })).toBeVisible();
});
