import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Frame, type Page } from '@playwright/test';
import { chooseRowAction, createPublishedForm, signUp, uniqueEmail } from './support.js';

/*
 * A page embedded on the owner's own site (docs/decisions/0050): the owner copies the snippet from
 * the dashboard, a site of theirs on another origin (a node:http server started here, listed by the
 * owner) shows the page in a frame that fits its height, and a visitor signs up inside it. The same
 * snippet on a site the owner did not list gets no page: the browser refuses the frame.
 */

const PUBLIC_ORIGIN = `http://127.0.0.1:${process.env.E2E_PORT ?? 3100}`;
const MIN_FILL_MS = 2000;
const TITLE = 'The Embedded Playbook';
const LONG_DESCRIPTION = Array.from(
  { length: 10 },
  (_, i) => `Chapter ${i + 1}: a page of tactics you can use the same afternoon, with examples from real campaigns.`,
).join('\n');

const runPrefix = process.env.E2E_DATA_DIR ?? path.join(tmpdir(), `lodestone-e2e-${randomBytes(4).toString('hex')}`);
const ownerState = `${runPrefix}-embed-owner.json`;

/** The owner's website: serves `html` at / on every address it listens on. */
let site: Server;
let sitePort: number;
let siteHtml = '';

test.beforeAll(async ({ browser }) => {
  site = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(siteHtml);
  });
  // All addresses: the listed origin is http://localhost:{port}, the other one http://127.0.0.1:{port}.
  await new Promise<void>((resolve) => site.listen(0, resolve));
  sitePort = (site.address() as AddressInfo).port;

  if (existsSync(ownerState)) return;
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await signUp(page, { name: 'Embed Owner', email: uniqueEmail('embed'), password: 'embed-pass-1' });
  await expect(page).toHaveURL(/\/dashboard$/);
  await context.storageState({ path: ownerState });
  await context.close();
});

test.afterAll(async () => {
  await new Promise((resolve) => site.close(resolve));
});

test.use({ storageState: ownerState });

test.beforeEach(async ({ page }) => {
  const list = await page.request.get('/api/forms');
  for (const form of (await list.json()).items as { id: string }[]) {
    expect((await page.request.delete(`/api/forms/${form.id}`)).status()).toBe(204);
  }
});

/** The owner's site page with `snippet` between some text of their own. */
const sitePage = (snippet: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Owner's site</title></head>` +
  `<body style="margin:0;font-family:sans-serif;background:#fff7ed"><header style="padding:16px"><h1>Acme's own website</h1></header>` +
  `<main style="max-width:720px;margin:0 auto">${snippet}</main><footer style="padding:16px">Footer of the owner's site</footer></body></html>`;

/** The snippet as the dashboard's Embed dialog gives it to the owner. */
async function snippetFromDashboard(page: Page): Promise<string> {
  await page.goto('/dashboard');
  await chooseRowAction(page, TITLE, 'Embed');
  const dialog = page.getByRole('dialog', { name: `Embed “${TITLE}” on your site` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(`http://localhost:${sitePort}`, { exact: true })).toBeVisible();
  const snippet = await dialog.getByLabel('Embed code').inputValue();
  await dialog.getByRole('button', { name: 'Copy' }).click();
  await expect(dialog.getByRole('button', { name: 'Copied' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Done' }).click();
  return snippet;
}

const frameOf = (page: Page): Frame => page.frames().find((f) => f !== page.mainFrame())!;

test('the page shows on a listed site in a frame that fits it, and a visitor signs up inside it', async ({ page, browser }) => {
  const form = await createPublishedForm(
    page.request,
    { title: TITLE, description: LONG_DESCRIPTION, leadMagnetName: 'Embedded Playbook' },
    { doubleOptIn: false, embedOrigins: [`http://localhost:${sitePort}`] },
  );
  const snippet = await snippetFromDashboard(page);
  expect(snippet).toContain(`<iframe src="${form.publicUrl}"`);
  expect(snippet).toContain(`<script src="${PUBLIC_ORIGIN}/embed.js" async></script>`);
  siteHtml = sitePage(snippet);

  // Tall enough to show the whole frame in the screenshots without scrolling.
  const visitor = await (
    await browser.newContext({ storageState: { cookies: [], origins: [] }, viewport: { width: 1280, height: 1400 } })
  ).newPage();
  await visitor.goto(`http://localhost:${sitePort}/`);
  const openedAt = Date.now();
  const frame = visitor.frameLocator('iframe[data-lodestone]');
  await expect(frame.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();

  // The frame grows to the page's height (over its 640 px minimum): no scrollbar inside.
  const iframe = visitor.locator('iframe[data-lodestone]');
  const fits = async () => {
    const inner = await frameOf(visitor).evaluate(() => ({
      content: document.documentElement.scrollHeight,
      viewport: window.innerHeight,
    }));
    const outer = (await iframe.boundingBox())!.height;
    return { content: inner.content, viewport: inner.viewport, outer: Math.round(outer) };
  };
  await expect
    .poll(async () => {
      const f = await fits();
      return f.content <= f.viewport && f.outer > 640;
    })
    .toBe(true);
  const fitted = await fits();
  expect(Math.abs(fitted.outer - fitted.content)).toBeLessThanOrEqual(1);
  await visitor.screenshot({ path: 'test-results/embed-listed-site.png', fullPage: true });

  // A visitor signs up inside the frame and reaches the thank-you page there.
  await frame.getByLabel(/Email Address/).fill(uniqueEmail('framed-visitor'));
  await frame.getByRole('checkbox', { name: /I agree/ }).check();
  const left = MIN_FILL_MS + 250 - (Date.now() - openedAt);
  if (left > 0) await visitor.waitForTimeout(left);
  await frame.getByRole('button', { name: 'Get Embedded Playbook' }).click();
  await expect(frame.getByRole('heading', { level: 1, name: 'Thank You!' })).toBeVisible();
  await expect(frame.getByRole('link', { name: 'Download Embedded Playbook' })).toBeVisible();
  expect(frameOf(visitor).url()).toMatch(new RegExp(`^${PUBLIC_ORIGIN}/thank-you\\?t=`));
  await expect(visitor).toHaveURL(`http://localhost:${sitePort}/`); // the owner's site stays
  // The shorter thank-you page gets a frame of its own height.
  await expect
    .poll(async () => {
      const f = await fits();
      return Math.abs(f.outer - f.content) <= 1 && f.content <= f.viewport;
    })
    .toBe(true);
  await visitor.screenshot({ path: 'test-results/embed-thank-you.png', fullPage: true });
  await visitor.context().close();
});

test('the same snippet on a site the owner did not list shows no page', async ({ page, browser }) => {
  await createPublishedForm(
    page.request,
    { title: TITLE, leadMagnetName: 'Embedded Playbook' },
    { doubleOptIn: false, embedOrigins: [`http://localhost:${sitePort}`] },
  );
  siteHtml = sitePage(await snippetFromDashboard(page));

  const visitor = await (await browser.newContext({ storageState: { cookies: [], origins: [] } })).newPage();
  const refused = visitor.waitForEvent('console', (m) => /frame-ancestors/.test(m.text()));
  await visitor.goto(`http://127.0.0.1:${sitePort}/`); // another origin of the same site: not listed
  expect((await refused).text()).toContain('frame-ancestors');
  await expect.poll(() => frameOf(visitor).url()).toMatch(/^chrome-error:/);
  await expect(visitor.frameLocator('iframe[data-lodestone]').getByRole('heading', { name: TITLE })).toHaveCount(0);
  await visitor.screenshot({ path: 'test-results/embed-unlisted-site.png', fullPage: true });
  await visitor.context().close();
});

test('a page with no sites says so in the Embed dialog, and the editor keeps the sites and the code', async ({ page }) => {
  const form = await createPublishedForm(page.request, { title: TITLE }, { embedOrigins: [] });
  await page.goto('/dashboard');
  await chooseRowAction(page, TITLE, 'Embed');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(/No site may show this page yet/)).toBeVisible();
  await dialog.getByRole('link', { name: 'Edit allowed sites' }).click();
  await expect(page).toHaveURL(new RegExp(`/page-creator\\?edit=${form.id}$`));
  await page.getByRole('tablist', { name: 'Page settings' }).getByRole('tab', { name: 'Settings' }).click();
  const section = page.getByRole('region', { name: 'Embed on your site' });
  await section.getByLabel('Add a site').fill('https://Shop.Example.com/');
  await section.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(section.getByRole('list', { name: 'Sites that may embed this page' })).toHaveText('https://shop.example.com');
  await section.getByLabel('Add a site').fill('http://example.com');
  await section.getByLabel('Add a site').press('Enter'); // Enter adds the site; it does not publish the page
  await expect(page).toHaveURL(new RegExp(`/page-creator\\?edit=${form.id}$`));
  await expect(section.getByText('Use https:// (http:// works only for localhost, for testing)')).toBeVisible();
  await expect(section.getByLabel('Embed code')).toHaveValue(new RegExp(`src="${PUBLIC_ORIGIN}/f/${form.id}"`));
});
