import { randomBytes } from 'node:crypto';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

export const uniqueEmail = (prefix = 'e2e') => `${prefix}-${randomBytes(4).toString('hex')}@example.com`;

interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  createdAt: string;
}

/** Waits until the dev mailbox holds an email to `to` with `subject`, and returns it. */
export async function waitForMail(request: APIRequestContext, to: string, subject: string): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        const mails: Mail[] = await (await request.get('/dev/mail.json')).json();
        found = mails.find((m) => m.to === to && m.subject === subject);
        return Boolean(found);
      },
      { timeout: 15_000, message: `an email "${subject}" to ${to}` },
    )
    .toBe(true);
  return found!;
}

export async function signUp(page: Page, user: { name: string; email: string; password: string }) {
  await page.goto('/sign-up');
  await page.getByLabel('Full Name').fill(user.name);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
}

export async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}
