import { expect, test, type Page } from '@playwright/test';
import { createPublishedForm, signUp, uniqueEmail } from './support';

// Chromium logs an error for every Permissions-Policy feature it does not know: the header must
// name only real ones, on the app and on a published page.

function consoleProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (/permissions.policy|feature policy/i.test(message.text())) problems.push(message.text());
  });
  return problems;
}

test('the Permissions-Policy header is understood by the browser on both origins', async ({ page }) => {
  const problems = consoleProblems(page);
  await signUp(page, { name: 'Header Owner', email: uniqueEmail('headers'), password: 'correct-horse-42' });
  await expect(page).toHaveURL(/\/dashboard/);
  const form = await createPublishedForm(page.request, { title: 'Headers checked' });

  for (const url of ['/', '/dashboard', form.publicUrl]) {
    const res = await page.goto(url);
    expect(res!.headers()['permissions-policy'], url).toContain('camera=()');
    await expect(page.locator('body')).toBeVisible();
  }
  // The published page is the last one open: the browser applied the policy there.
  const allowsCamera = await page.evaluate(() =>
    (document as unknown as { featurePolicy: { allowsFeature(f: string): boolean } }).featurePolicy.allowsFeature('camera'),
  );
  expect(allowsCamera).toBe(false);
  expect(problems).toEqual([]);
});

test("an owner screen's inline format warm-up runs under the app's Content-Security-Policy", async ({ page }) => {
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/content security policy/i.test(message.text())) refused.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) =>
      console.error(`Content Security Policy: ${event.violatedDirective}`),
    );
  });
  await signUp(page, { name: 'Warm Owner', email: uniqueEmail('warm-up'), password: 'correct-horse-42' });
  await expect(page).toHaveURL(/\/dashboard/);
  for (const url of ['/dashboard', '/dashboard/leads', '/settings/account']) {
    const res = await page.goto(url);
    // The document carries it, and the browser ran it rather than refusing it.
    expect(await res!.text(), url).toContain('<script>new Intl.NumberFormat().format(0);');
    await expect(page.getByRole('main')).toBeVisible();
  }
  expect(refused).toEqual([]);
});
