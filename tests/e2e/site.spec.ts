import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { holdRequests, signUp, uniqueEmail } from './support.js';

const footerLinks: Array<[label: string, path: string, heading: string]> = [
  ['Features', '/features', 'Features'],
  ['Pricing', '/pricing', 'Pricing'],
  ['Templates', '/templates', 'Templates'],
  ['Help Center', '/help', 'Help Center'],
  ['Documentation', '/docs', 'Documentation'],
  ['Privacy Policy', '/privacy', 'Privacy Policy'],
  ['Terms of Service', '/terms', 'Terms of Service'],
  ['GDPR Compliance', '/gdpr', 'GDPR Compliance'],
  ['CCPA Compliance', '/ccpa', 'CCPA Compliance'],
  ['PDPA (Singapore)', '/pdpa', 'PDPA (Singapore)'],
];

test('footer links reach their pages, each with a breadcrumb from Home', async ({ page }) => {
  for (const [label, path, heading] of footerLinks) {
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: label, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${path.replace(/[()]/g, '\\$&')}$`));
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.getByRole('navigation', { name: /breadcrumb/i }).getByRole('link', { name: 'Home' })).toBeVisible();
  }
  await expect(page.getByRole('contentinfo')).toContainText(`© ${new Date().getFullYear()}`);
  for (const social of ['Twitter', 'LinkedIn', 'Facebook']) {
    await expect(page.getByRole('contentinfo').getByLabel(social)).toBeVisible();
  }
});

test('header links reach the dashboard gate and the page creator; home buttons go where they say', async ({ page }) => {
  await page.goto('/');
  const header = page.getByRole('banner');
  await header.getByRole('link', { name: 'Create Form' }).click();
  await expect(page).toHaveURL(/\/page-creator$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Create Landing Page' })).toBeVisible();
  await header.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(/\/sign-in\?redirect=/);

  await page.goto('/');
  await page.getByRole('main').getByRole('link', { name: 'Browse Templates' }).click();
  await expect(page).toHaveURL(/\/templates$/);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: /Why Choose Lodestone/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'How It Works' })).toBeVisible();
  await page.getByRole('link', { name: 'Create Your First Form' }).click();
  await expect(page).toHaveURL(/\/page-creator$/);
});

test('the header turns translucent with a shadow after 10px of scroll', async ({ page }) => {
  await page.goto('/');
  const header = page.getByRole('banner');
  await expect(header).toHaveCSS('position', 'fixed');
  const shadow = () => header.evaluate((el) => getComputedStyle(el).boxShadow);
  expect(await shadow()).toBe('none');
  await page.mouse.wheel(0, 400);
  await expect.poll(shadow).not.toBe('none');
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect.poll(shadow).toBe('none');
});

test('a new page opens at its top, and Back returns to where the last one was scrolled', async ({ page }) => {
  await page.goto('/features');
  await expect(page.getByRole('heading', { level: 1, name: 'Features' })).toBeVisible();
  await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(300);

  await page.getByRole('contentinfo').getByRole('link', { name: 'Pricing', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Pricing' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'Features' })).toBeAttached();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(scrolled);
  await page.goForward();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test("a visitor's header offers Sign in without loading the sign-in code; after signing up it shows the account", async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  await page.goto('/');
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Sign in' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(scripts.filter((s) => /auth-client|account-area/.test(s))).toEqual([]);

  // Through the app's own navigation (no reload): the header follows the new session.
  await header.getByRole('link', { name: 'Sign in' }).click();
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await page.getByLabel('Full Name').fill('Header Owner');
  await page.getByLabel('Email').fill(uniqueEmail('header'));
  await page.getByLabel('Password').fill('header-password-1');
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(header.getByRole('link', { name: 'Leads', exact: true })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Sign in' })).toHaveCount(0);

  // A new document for a signed-in owner shows the account at once, and signing out gives Sign in back.
  await page.goto('/pricing');
  await expect(header.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await header.getByRole('button', { name: 'Sign out' }).click();
  await expect(header.getByRole('link', { name: 'Sign in' })).toBeVisible();
});

test("on a wide screen, an owner's header keeps Dashboard and Create Form where they are when the account comes in", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await signUp(page, { name: 'Steady Header', email: uniqueEmail('steady-header'), password: 'steady-header-1' });
  await expect(page).toHaveURL(/\/dashboard$/);
  // The session's answer waits until the header is drawn without it, as on a slow network.
  const release = await holdRequests(page, '**/api/auth/get-session*');
  await page.goto('/pricing');
  const nav = page.getByRole('navigation', { name: 'Main' });
  const dashboard = nav.getByRole('link', { name: 'Dashboard', exact: true });
  const create = nav.getByRole('link', { name: 'Create Form' });
  await expect(create).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Leads', exact: true })).toHaveCount(0);
  const before = [await dashboard.boundingBox(), await create.boundingBox()];

  release();
  await expect(nav.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Leads', exact: true })).toBeVisible();
  expect([await dashboard.boundingBox(), await create.boundingBox()]).toEqual(before);
});

test('on a small screen the menu button opens a menu that closes on navigation', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('navigation', { name: /mobile|menu/i });
  await expect(menu).toBeVisible();
  await menu.getByRole('link', { name: 'Create Form' }).click();
  await expect(page).toHaveURL(/\/page-creator$/);
  await expect(menu).toBeHidden();
  await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
});

test('an unknown path shows the 404 screen with status 404 and logs the path', async ({ page }) => {
  const logged: string[] = [];
  page.on('console', (msg) => logged.push(msg.text()));
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(404);
  await expect(page.getByText('404', { exact: true })).toBeVisible();
  await expect(page.getByText('Oops! Page not found')).toBeVisible();
  expect(logged.some((l) => l.includes('/no/such/page'))).toBe(true);
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

async function expectNoSeriousViolations(page: Page, path: string) {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    path,
  ).toEqual([]);
}

test('axe finds no serious or critical violations on the pages built so far', async ({ page }) => {
  test.slow(); // many pages, each analysed in full
  const paths = ['/', '/sign-in', '/sign-up', '/forgot-password', '/reset-password?token=x', '/reset-password', '/no-such-page'];
  for (const path of [...paths, ...footerLinks.map(([, p]) => p), '/page-creator']) {
    await expectNoSeriousViolations(page, path);
  }
  await signUp(page, { name: 'Axe Owner', email: uniqueEmail('axe'), password: 'accessible-pass-1' });
  await expect(page).toHaveURL(/\/dashboard$/);
  await expectNoSeriousViolations(page, '/dashboard');
  await page.setViewportSize({ width: 360, height: 740 });
  await expectNoSeriousViolations(page, '/');
});
