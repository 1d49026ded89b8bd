import { expect, test } from '@playwright/test';
import { signIn, signUp, uniqueEmail, waitForMail } from './support.js';

test('an owner signs up, signs out, resets a forgotten password and signs in with the new one', async ({ page, request }) => {
  const user = { name: 'Ada Lovelace', email: uniqueEmail('ada'), password: 'analytical-engine-1843' };
  const newPassword = 'difference-engine-1822';

  await signUp(page, user);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  const header = page.getByRole('banner');
  await expect(header.getByText(user.name)).toBeVisible();

  await header.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(header.getByRole('link', { name: 'Sign in' })).toBeVisible();

  // The address typed on the sign-in screen is already in the reset form: it is not typed twice.
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(user.email);
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByRole('heading', { name: 'Forgot your password?', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(user.email);
  await page.getByRole('button', { name: /send reset link/i }).click();
  await expect(page.getByText('If an account exists for that email, we have sent a link to reset your password.')).toBeVisible();

  const mail = await waitForMail(request, user.email, 'Reset your Lodestone password');
  const link = mail.text.match(/https?:\/\/\S+\/api\/auth\/reset-password\/\S+/)![0];
  await page.goto(link);
  await expect(page).toHaveURL(/\/reset-password\?token=/);
  await page.getByLabel('New password').fill(newPassword);
  await page.getByLabel('Confirm password').fill(newPassword);
  await page.getByRole('button', { name: /reset password|set new password/i }).click();
  await expect(page).toHaveURL(/\/sign-in/);

  await signIn(page, user.email, user.password);
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  await expect(page).toHaveURL(/\/sign-in/);

  await page.getByLabel('Password').fill(newPassword);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('banner').getByText(user.name)).toBeVisible();

  // the link worked once
  await page.goto(link);
  await expect(page.getByText('This reset link is invalid or has expired.')).toBeVisible();
});

test('bad input shows its message under the field and a duplicate sign-up is refused clearly', async ({ page }) => {
  await page.goto('/sign-up');
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await expect(page.getByText('Full Name is required')).toBeVisible();
  await expect(page.getByText('Email is required')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();

  await page.getByLabel('Full Name').fill('Short Pass');
  await page.getByLabel('Email').fill(uniqueEmail('short'));
  await page.getByLabel('Password').fill('abc');
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();

  const email = uniqueEmail('dup');
  await signUp(page, { name: 'First', email, password: 'first-password-1' });
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await signUp(page, { name: 'Second', email, password: 'second-password-2' });
  await expect(page.getByText('An account with this email already exists. Sign in instead.')).toBeVisible();
  await expect(page).toHaveURL(/\/sign-up/);
});

test('the dashboard sends a signed-out visitor to sign in, and back after signing in', async ({ page }) => {
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/sign-in\?redirect=%2Fdashboard/);
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  const email = uniqueEmail('back');
  await page.getByLabel('Full Name').fill('Round Trip');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('round-trip-pass-1');
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByText('Manage your forms and track conversions')).toBeVisible();
});

test('a stale "Invalid email or password" goes once the owner edits or a field error takes its place', async ({ page }) => {
  await page.goto('/sign-in');
  const formError = page.getByRole('alert').filter({ hasText: 'Invalid email or password' });
  await signIn(page, uniqueEmail('nobody'), 'not-the-password-1');
  await expect(formError).toBeVisible();

  // Submitting again with a field error: only the field error shows.
  await page.getByLabel('Email').fill('');
  await expect(formError).toHaveCount(0);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await expect(formError).toHaveCount(0);

  // Wrong again, then typing in the password field clears the form-level error.
  await signIn(page, uniqueEmail('nobody'), 'not-the-password-2');
  await expect(formError).toBeVisible();
  await page.getByLabel('Password').fill('another-try-3');
  await expect(formError).toHaveCount(0);
});
