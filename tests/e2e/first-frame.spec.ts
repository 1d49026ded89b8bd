import { expect as baseExpect, test, type Page } from '@playwright/test';
import { createPublishedForm, signUp, uniqueEmail } from './support.js';

/*
 * A signed-in owner's dashboard, leads list and page analytics arrive with their first frame drawn
 * (decision 0104): the document itself shows the header and the screen's heading before any script
 * has run, and the app then replaces it with the screen, one header and one heading, no frame left.
 */

// Two cores shared with other runs: a first screen can take more than the default 5 s.
const expect = baseExpect.configure({ timeout: 15_000 });

const headings = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });

test('an owner screen shows its header and heading from the document, then the app takes it over whole', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signUp(page, { name: 'Fran Frames', email: uniqueEmail('frames'), password: 'first-frames-104' });
  await expect(page).toHaveURL(/\/dashboard$/);
  const form = await createPublishedForm(page.request, { title: 'Framed Guide' });

  // The documents alone, as they look before the app's JavaScript has arrived.
  const noScripts = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
    viewport: { width: 1280, height: 900 },
  });
  const bare = await noScripts.newPage();
  for (const [path, heading, shot] of [
    ['/dashboard', 'Dashboard', 'dashboard'],
    ['/dashboard/leads', 'Leads', 'leads'],
  ] as const) {
    await bare.goto(path);
    await expect(headings(bare, heading)).toBeVisible();
    await expect(bare.getByRole('banner')).toHaveCount(1);
    await expect(bare.getByRole('banner').getByRole('link', { name: 'Lodestone' }).first()).toBeVisible();
    await bare.screenshot({ path: `/tmp/first-frame-${shot}-1280.png` });
  }
  // A page's analytics: its name is the owner's, so the frame holds its place, and the breadcrumb leads back.
  await bare.goto(`/dashboard/forms/${form.id}`);
  await expect(bare.getByRole('banner')).toHaveCount(1);
  await expect(bare.getByRole('link', { name: /Dashboard/ }).first()).toBeVisible();
  await bare.screenshot({ path: '/tmp/first-frame-analytics-1280.png' });
  // Signed out, no frame: the app sends the visitor to sign in.
  await noScripts.clearCookies();
  await bare.goto('/dashboard');
  await expect(headings(bare, 'Dashboard')).toHaveCount(0);
  await noScripts.close();

  // With scripts, each screen is the app's: one header, one heading, its content.
  await page.goto('/dashboard');
  await expect(page.getByRole('link', { name: 'Framed Guide', exact: true })).toBeVisible();
  await expect(headings(page, 'Dashboard')).toHaveCount(1);
  await expect(page.getByRole('banner')).toHaveCount(1);
  await page.goto('/dashboard/leads');
  await expect(page.getByText('No leads yet').first()).toBeVisible();
  await expect(headings(page, 'Leads')).toHaveCount(1);
  await expect(page.getByRole('banner')).toHaveCount(1);
  await page.goto(`/dashboard/forms/${form.id}`);
  await expect(headings(page, 'Framed Guide')).toHaveCount(1);
  await expect(page.getByRole('banner')).toHaveCount(1);
  await page.screenshot({ path: '/tmp/first-frame-analytics-app-1280.png' });
});
