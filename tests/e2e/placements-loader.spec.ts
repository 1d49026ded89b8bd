import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import pg from 'pg';
import { placementCspLines, type Placement, type PlacementSettings } from '@/domain/placements';
import { createPublishedForm, seriousViolations, signUp, uniqueEmail } from './support.js';

/*
 * The loader on an owner's own site (docs/decisions/0084): a site on another origin (a node:http
 * server started here) with a strict Content-Security-Policy carries the one-line snippet of a
 * placement; each display appears when its trigger fires, shows the page in a frame from the public
 * origin, closes with Escape or its Close button, and remembers a close across page views only once
 * the site said the visitor consents. A site the owner did not allow shows nothing.
 */

const PUBLIC_ORIGIN = `http://127.0.0.1:${process.env.E2E_PORT ?? 3100}`;
const TITLE = 'The Placement Playbook';
const runPrefix = process.env.E2E_DATA_DIR ?? path.join(tmpdir(), `lodestone-e2e-${randomBytes(4).toString('hex')}`);
const ownerState = `${runPrefix}-placements-owner.json`;

/** The owner's website: each path's page, served with the strict CSP the placements screen names. */
let site: Server;
let sitePort: number;
const pages = new Map<string, string>();
let siteOrigin: string;

/**
 * The site's own script: the stub of the snippet's API and, on pages that say so, the visitor's
 * consent, told to the loader directly or through an IAB TCF consent platform (purpose 1 given or not).
 */
const SITE_JS = `window.lodestone = window.lodestone || function () { (lodestone.q = lodestone.q || []).push(arguments); };
var own = document.currentScript.dataset;
if (own.consent) lodestone('consent', true);
if (own.tcf) window.__tcfapi = function (command, version, callback) {
  if (command === 'addEventListener') callback({ eventStatus: 'tcloaded', gdprApplies: true, purpose: { consents: { 1: own.tcf === 'yes' } } }, true);
};`;
const SITE_CSS = `body{margin:0;font-family:sans-serif;background:#fff7ed;color:#1c1917}
header,main,footer{padding:16px 24px}main{max-width:720px;margin:0 auto}
.tall{height:3000px;background:linear-gradient(#fff7ed,#fed7aa)}
[data-lodestone-placement]{display:block;border:1px dashed #a8a29e}
p{line-height:1.6}`;

const csp = () =>
  [
    "default-src 'none'",
    `script-src 'self' ${PUBLIC_ORIGIN}`,
    `connect-src ${PUBLIC_ORIGIN}`,
    `frame-src ${PUBLIC_ORIGIN}`,
    // The inline display's reserving style attribute, by its hash (placementCspLines).
    `style-src 'self' ${placementCspLines(PUBLIC_ORIGIN, 'inline')[3]!.replace('style-src ', '')}`,
    "img-src 'self'",
  ].join('; ');

test.beforeAll(async ({ browser }) => {
  site = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://site');
    if (url.pathname === '/site.js') return void res.writeHead(200, { 'content-type': 'text/javascript' }).end(SITE_JS);
    if (url.pathname === '/site.css') return void res.writeHead(200, { 'content-type': 'text/css' }).end(SITE_CSS);
    const html = pages.get(url.pathname);
    if (!html) return void res.writeHead(404).end('not found');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': csp() });
    res.end(html);
  });
  // All addresses: the allowed site is http://localhost:{port}; http://127.0.0.1:{port} is not.
  await new Promise<void>((resolve) => site.listen(0, resolve));
  sitePort = (site.address() as AddressInfo).port;
  siteOrigin = `http://localhost:${sitePort}`;

  if (existsSync(ownerState)) return;
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await signUp(page, { name: 'Placement Owner', email: uniqueEmail('placements'), password: 'placement-pass-1' });
  await expect(page).toHaveURL(/\/dashboard$/);
  await context.storageState({ path: ownerState });
  await context.close();
});

test.afterAll(async () => {
  await new Promise((resolve) => site.close(resolve));
});

test.use({ storageState: ownerState });

let formId = '';

/** One published page for the whole file (the free plan holds three), allowing the site's origin. */
test.beforeEach(async ({ page }) => {
  if (formId) return;
  const list = await page.request.get('/api/forms');
  for (const form of (await list.json()).items as { id: string }[])
    expect((await page.request.delete(`/api/forms/${form.id}`)).status()).toBe(204);
  formId = (await createPublishedForm(page.request, { title: TITLE })).id;
  const allowed = await page.request.put(`/api/forms/${formId}/embed-origins`, { data: { embedOrigins: [siteOrigin] } });
  expect(allowed.status(), await allowed.text()).toBe(200);
});

async function placement(page: Page, settings: Partial<PlacementSettings> & Pick<PlacementSettings, 'name' | 'display'>) {
  const res = await page.request.post(`/api/forms/${formId}/placements`, { data: settings });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as Placement;
}

/** A page of the owner's site at `pathname` with the snippet of each placement and `body` of its own. */
function sitePage(pathname: string, ids: string[], body = '', options: { consent?: boolean; tcf?: 'yes' | 'no' } = {}) {
  const snippets = ids.map((id) => `<script async src="${PUBLIC_ORIGIN}/l.js" data-placement="${id}"></script>`).join('');
  pages.set(
    pathname,
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Acme's site</title>` +
      `<link rel="stylesheet" href="/site.css"><script src="/site.js"${options.consent ? ' data-consent="1"' : ''}${options.tcf ? ` data-tcf="${options.tcf}"` : ''}></script>${snippets}</head>` +
      `<body><header><h1>Acme's own website</h1><button type="button">A button of the site</button></header>` +
      `<main><p>Articles about marketing, written by Acme.</p>${body}</main><footer>Footer of the owner's site</footer></body></html>`,
  );
  return `${siteOrigin}${pathname}`;
}

/** Collects the host page's CSP violations (none is expected: the loader writes no inline style or script). */
async function watchCsp(page: Page) {
  await page.addInitScript(() => {
    const list: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = list;
    document.addEventListener('securitypolicyviolation', (e) => list.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  return () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
}

/** Opens `url` and waits until the loader has its placement's settings (or was refused them) and the page loaded. */
async function visit(page: Page, url: string, id: string) {
  const config = page.waitForResponse((res) => res.url() === `${PUBLIC_ORIGIN}/l/${id}`);
  await page.goto(url);
  await config;
  await page.waitForLoadState('load');
  // The loader's timers of 0 seconds run after the load event: let them run before asserting absence.
  await page.evaluate(() => new Promise((resolve) => setTimeout(() => requestAnimationFrame(resolve), 0)));
}

const dialog = (page: Page) => page.getByRole('dialog', { name: TITLE });

/**
 * The display is on screen and its entrance (200 ms of sliding or scaling in) is over: a click then lands
 * where the Close button has come to rest. A click aimed at it mid-slide on a busy machine can land
 * where the button was a frame earlier: once in CI, a Close click there left the slide-in open.
 */
async function shown(page: Page) {
  await expect(dialog(page)).toBeVisible();
  await dialog(page).evaluate((el) => Promise.all((el.getRootNode() as ShadowRoot).getAnimations().map((a) => a.finished)));
}
const framed = (page: Page) => page.frameLocator(`iframe[title="${TITLE}"]`);

async function screenshot(page: Page, testInfo: TestInfo, name: string) {
  await expect(framed(page).getByRole('heading', { name: TITLE }).first()).toBeVisible();
  const file = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path: file });
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
}

async function countsOf(id: string) {
  const client = new pg.Client({
    host: path.join(process.env.E2E_DATA_DIR!, 'postgres'),
    port: 5432,
    user: 'postgres',
    database: 'lodestone',
  });
  await client.connect();
  try {
    const { rows } = await client.query<{ impressions: number; opens: number }>(
      'select coalesce(sum(impressions), 0)::int as impressions, coalesce(sum(opens), 0)::int as opens from placement_daily_stats where placement_id = $1',
      [id],
    );
    return rows[0]!;
  } finally {
    await client.end();
  }
}

test('a popup on load shows the page over the site, closes with Escape and is counted', async ({ page }, testInfo) => {
  const popup = await placement(page, { name: 'Welcome popup', display: 'popup', trigger: 'load', delaySeconds: 0 });
  const violations = await watchCsp(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(sitePage('/popup', [popup.id]));
  await shown(page);
  await expect(dialog(page)).toHaveAttribute('aria-modal', 'true');
  // The frame is the page, with the placement and the host page named in its address.
  const src = await page.locator(`iframe[title="${TITLE}"]`).getAttribute('src');
  const frameUrl = new URL(src!);
  expect(frameUrl.origin + frameUrl.pathname).toBe(`${PUBLIC_ORIGIN}/f/${formId}`);
  expect(frameUrl.searchParams.get('ls_placement')).toBe(popup.id);
  expect(frameUrl.searchParams.get('ls_host')).toBe(`${siteOrigin}/popup`);
  expect(frameUrl.searchParams.get('ls_content')).toBe('form');
  // Focus is in the dialog (its Close button) and kept there: back from the first stop is the frame.
  await expect(page.getByRole('button', { name: 'Close' })).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  expect(await page.evaluate(() => document.querySelector('[data-lodestone]')?.shadowRoot?.activeElement?.tagName)).toBe(
    'IFRAME',
  );
  await page.getByRole('button', { name: 'Close' }).focus();
  await screenshot(page, testInfo, 'popup-1280');
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog(page)).toHaveCount(0);
  await expect(page.locator('iframe')).toHaveCount(0);
  expect(await violations()).toEqual([]);
  await expect.poll(() => countsOf(popup.id)).toEqual({ impressions: 1, opens: 1 });

  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto(`${siteOrigin}/popup?utm_source=newsletter&utm_campaign=spring`);
  await shown(page);
  const mobileSrc = new URL((await page.locator(`iframe[title="${TITLE}"]`).getAttribute('src'))!);
  expect(mobileSrc.searchParams.get('utm_source')).toBe('newsletter');
  expect(mobileSrc.searchParams.get('utm_campaign')).toBe('spring');
  await screenshot(page, testInfo, 'popup-375');
  // Escape closes it from inside the form too, where the visitor is typing.
  await framed(page)
    .getByLabel(/Email Address/)
    .click();
  // The key goes down in the frame, which closes with it: the key comes up on the site, as a person's does
  // (a whole press aimed at the frame could wait on a frame that is already gone).
  await page.keyboard.down('Escape');
  await expect(dialog(page)).toHaveCount(0);
  await page.keyboard.up('Escape');
});

test('a slide-in appears once the visitor scrolled, in its corner, and the page stays usable', async ({ page }, testInfo) => {
  const slide = await placement(page, { name: 'Slide-in', display: 'slide-in', trigger: 'scroll', scrollPercent: 40 });
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    await visit(page, sitePage('/slide', [slide.id], '<div class="tall"></div>'), slide.id);
    await expect(dialog(page)).toHaveCount(0);
    await page.mouse.wheel(0, 2000);
    await shown(page);
    await expect(dialog(page)).toHaveAttribute('aria-modal', 'false');
    const box = (await dialog(page).boundingBox())!;
    const viewport = await page.evaluate(() => document.documentElement.clientWidth);
    if (width === 1280) {
      expect(box.width).toBe(360);
      expect(box.x + box.width).toBe(viewport - 16);
    } else expect(box.width).toBe(viewport);
    await screenshot(page, testInfo, `slide-in-${width}`);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Close' }).click();
    await expect(dialog(page)).toHaveCount(0);
  }
});

test('a bar sits over the site without moving it, and its button opens the form', async ({ page }, testInfo) => {
  const bar = await placement(page, {
    name: 'Bar',
    display: 'bar',
    trigger: 'load',
    delaySeconds: 0,
    barText: 'Get the playbook, free',
    barPosition: 'top',
  });
  const heading = (page: Page) => page.getByRole('heading', { name: "Acme's own website" }).boundingBox();
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto(sitePage('/no-bar', []));
    const without = await heading(page);
    await page.goto(sitePage('/bar', [bar.id]));
    const region = page.getByRole('region', { name: TITLE });
    await expect(region).toBeVisible();
    await expect(region).toContainText('Get the playbook, free');
    // An overlay: the site's heading is where it is without the bar.
    expect(await heading(page)).toEqual(without);
    await page.screenshot({ path: testInfo.outputPath(`bar-${width}.png`) });
    await testInfo.attach(`bar-${width}`, { path: testInfo.outputPath(`bar-${width}.png`), contentType: 'image/png' });
    await region.getByRole('button', { name: `Get ${TITLE}` }).click();
    await shown(page);
    await screenshot(page, testInfo, `bar-opened-${width}`);
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(dialog(page)).toHaveCount(0);
    await expect(region.getByRole('button', { name: `Get ${TITLE}` })).toBeFocused();
    await region.getByRole('button', { name: 'Close' }).click();
    await expect(region).toHaveCount(0);
  }
  await expect.poll(() => countsOf(bar.id)).toEqual({ impressions: 2, opens: 2 });
});

test('an inline placement fills its element as the page loads', async ({ page }) => {
  const inline = await placement(page, { name: 'Inline', display: 'inline', inlineContent: 'page' });
  const violations = await watchCsp(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  const reserve = `<div data-lodestone-placement="${inline.id}" style="min-height:600px"></div>`;
  await page.goto(sitePage('/inline', [inline.id], reserve));
  const holder = page.locator(`[data-lodestone-placement="${inline.id}"]`);
  await expect(holder.locator('iframe')).toBeVisible();
  await expect(framed(page).getByRole('heading', { name: TITLE }).first()).toBeVisible();
  const src = new URL((await holder.locator('iframe').getAttribute('src'))!);
  expect(src.searchParams.get('ls_content')).toBe('page');
  expect((await holder.locator('iframe').boundingBox())!.width).toBe(await holder.evaluate((el) => el.clientWidth));
  await expect.poll(() => countsOf(inline.id)).toEqual({ impressions: 1, opens: 1 });
  expect(await violations()).toEqual([]);
});

test('a click on the site’s own link opens its placement, and focus comes back to it', async ({ page }) => {
  const onClick = await placement(page, { name: 'On click', display: 'popup', trigger: 'click' });
  const link = `<p><a href="/elsewhere" data-lodestone-open="${onClick.id}">Get the playbook</a></p>`;
  await visit(page, sitePage('/click', [onClick.id], link), onClick.id);
  await expect(dialog(page)).toHaveCount(0);
  await page.getByRole('link', { name: 'Get the playbook' }).focus();
  await page.keyboard.press('Enter');
  await shown(page);
  expect(new URL(page.url()).pathname).toBe('/click');
  await page.getByRole('button', { name: 'Close' }).click();
  await expect(dialog(page)).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Get the playbook' })).toBeFocused();
  // A click opens it again, whatever was closed before.
  await page.getByRole('link', { name: 'Get the playbook' }).click();
  await shown(page);
});

test('a manual placement opens only from the site’s own code, queued calls included', async ({ page }) => {
  const manual = await placement(page, { name: 'Manual', display: 'slide-in', trigger: 'manual' });
  await visit(page, sitePage('/manual', [manual.id]), manual.id);
  await expect(dialog(page)).toHaveCount(0);
  await page.evaluate((id) => (window as unknown as { lodestone: (...a: unknown[]) => void }).lodestone('open', id), manual.id);
  await shown(page);
  await page.evaluate(() => (window as unknown as { lodestone: (...a: unknown[]) => void }).lodestone('close'));
  await expect(dialog(page)).toHaveCount(0);

  // Called before the script loaded: the site's stub keeps the call, and the loader replays it.
  await page.addInitScript((id) => {
    const w = window as unknown as { lodestone: { (...a: unknown[]): void; q?: unknown[] } };
    w.lodestone = function (...args: unknown[]) {
      (w.lodestone.q = w.lodestone.q || []).push(args);
    };
    w.lodestone('open', id);
  }, manual.id);
  await page.reload();
  await shown(page);
});

test('exit intent: the pointer leaving through the top of the window shows it', async ({ page }) => {
  const exit = await placement(page, { name: 'Exit', display: 'popup', trigger: 'exit' });
  await page.setViewportSize({ width: 1280, height: 800 });
  await visit(page, sitePage('/exit', [exit.id]), exit.id);
  await page.mouse.move(640, 400);
  await page.mouse.move(640, 200);
  await expect(dialog(page)).toHaveCount(0);
  await page.mouse.move(640, -20, { steps: 4 });
  await shown(page);
});

test('a closed slide-in comes back on the next page view without consent, and not with it', async ({ page }) => {
  const popup = await placement(page, {
    name: 'Remembered',
    display: 'slide-in',
    trigger: 'load',
    delaySeconds: 0,
    closedDays: 7,
  });
  const withoutConsent = sitePage('/remember', [popup.id]);
  await page.goto(withoutConsent);
  await shown(page);
  await page.getByRole('button', { name: 'Close' }).click();
  await expect(dialog(page)).toHaveCount(0);
  await page.reload();
  await shown(page);
  expect(await page.evaluate(() => Object.keys(localStorage))).toEqual([]);
  await page.getByRole('button', { name: 'Close' }).click();

  // The site tells the loader the visitor consents: the close is kept, and the popup stays away.
  const withConsent = sitePage('/remember-consent', [popup.id], '', { consent: true });
  await page.goto(withConsent);
  await shown(page);
  await page.keyboard.press('Escape');
  await expect(dialog(page)).toHaveCount(0);
  expect(await page.evaluate((id) => localStorage.getItem(`lodestone:${id}`), popup.id)).toContain('closedUntil');
  await visit(page, withConsent, popup.id);
  await expect(dialog(page)).toHaveCount(0);
  await expect(page.locator('iframe')).toHaveCount(0);

  // Consent withdrawn: what was stored is removed, and the popup shows again.
  await page.evaluate(() => (window as unknown as { lodestone: (...a: unknown[]) => void }).lodestone('consent', false));
  expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('lodestone:')))).toEqual([]);
  await page.goto(withoutConsent);
  await shown(page);
});

test("a site's consent platform (IAB TCF) gives or withholds the consent to remember a close", async ({ page }) => {
  const slide = await placement(page, { name: 'Platform', display: 'slide-in', trigger: 'load', delaySeconds: 0, closedDays: 7 });
  // Purpose 1 (storing on the device) refused: the close holds for this page view alone.
  const refused = sitePage('/tcf-no', [slide.id], '', { tcf: 'no' });
  await page.goto(refused);
  await shown(page);
  await page.getByRole('button', { name: 'Close' }).click();
  await expect(dialog(page)).toHaveCount(0);
  expect(await page.evaluate(() => Object.keys(localStorage))).toEqual([]);
  await page.reload();
  await shown(page);

  // Purpose 1 given: the close is kept, and the slide-in stays away on the next page view.
  const given = sitePage('/tcf-yes', [slide.id], '', { tcf: 'yes' });
  await page.goto(given);
  await shown(page);
  await page.getByRole('button', { name: 'Close' }).click();
  expect(await page.evaluate((id) => localStorage.getItem(`lodestone:${id}`), slide.id)).toContain('closedUntil');
  await visit(page, given, slide.id);
  await expect(dialog(page)).toHaveCount(0);
});

test('a site the owner did not allow shows nothing', async ({ page }) => {
  const popup = await placement(page, { name: 'Elsewhere', display: 'popup', trigger: 'load', delaySeconds: 0 });
  sitePage('/other', [popup.id]);
  await visit(page, `http://127.0.0.1:${sitePort}/other`, popup.id);
  await expect(dialog(page)).toHaveCount(0);
  await expect(page.locator('iframe')).toHaveCount(0);
  await expect.poll(() => countsOf(popup.id)).toEqual({ impressions: 0, opens: 0 });
});

test('a visitor signs up from the popup and from the inline form, and the owner finds each lead with its placement and host page', async ({
  page,
  browser,
}, testInfo) => {
  const MIN_FILL_MS = 2000;
  const popup = await placement(page, { name: 'Journey popup', display: 'popup', trigger: 'load', delaySeconds: 0 });
  const inline = await placement(page, { name: 'Journey inline', display: 'inline' });
  const visitor = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const v = await visitor.newPage();
  const emails = { popup: uniqueEmail('popup-visitor'), inline: uniqueEmail('inline-visitor') };

  /** Fills the framed form as a person would (no faster than the page's bot check allows) and sends it. */
  async function signUpInFrame(email: string, width: number, name: string) {
    const openedAt = Date.now();
    const frame = framed(v);
    await frame.getByLabel(/Email Address/).fill(email);
    await frame.getByRole('checkbox', { name: /I agree/ }).check();
    const left = MIN_FILL_MS + 250 - (Date.now() - openedAt);
    if (left > 0) await v.waitForTimeout(left);
    await v.screenshot({ path: testInfo.outputPath(`${name}-${width}.png`) });
    await testInfo.attach(`${name}-${width}`, { path: testInfo.outputPath(`${name}-${width}.png`), contentType: 'image/png' });
    await frame.getByRole('button', { name: `Get ${TITLE}` }).click();
    await expect(frame.getByRole('heading', { level: 1, name: 'Thank You!' })).toBeVisible();
  }

  // The popup, on a page of the site whose visitor consented, reached from a newsletter link.
  await v.setViewportSize({ width: 375, height: 740 });
  const popupPage = sitePage('/journey-popup', [popup.id], '', { consent: true });
  await v.goto(`${popupPage}?utm_source=newsletter&utm_campaign=spring`);
  await expect(dialog(v)).toBeVisible();
  await signUpInFrame(emails.popup, 375, 'popup-signup');
  // Signed up: with consent the site never shows it to this visitor again.
  await v.getByRole('button', { name: 'Close' }).click();
  await visit(v, popupPage, popup.id);
  await expect(dialog(v)).toHaveCount(0);

  // The inline form, in the middle of an article.
  await v.setViewportSize({ width: 1280, height: 900 });
  const reserve = `<div data-lodestone-placement="${inline.id}" style="min-height:600px"></div>`;
  const inlinePage = sitePage('/journey-inline', [inline.id], reserve);
  await v.goto(inlinePage);
  await signUpInFrame(emails.inline, 1280, 'inline-signup');
  await visitor.close();

  // The owner's analytics count each placement's sign-up; each lead names its placement and host page.
  await expect
    .poll(async () => {
      const res = await page.request.get(`/api/forms/${formId}/placements/stats`);
      const items = (await res.json()).items as { id: string; signups: number }[];
      return items.filter((s) => s.id === popup.id || s.id === inline.id).map((s) => s.signups);
    })
    .toEqual([1, 1]);
  for (const [email, name, host] of [
    [emails.popup, 'Journey popup', `${popupPage}?utm_source=newsletter&utm_campaign=spring`],
    [emails.inline, 'Journey inline', inlinePage],
  ] as const) {
    await page.goto(`/dashboard/leads?q=${encodeURIComponent(email)}`);
    const cell = page.getByRole('row').filter({ hasText: email }).locator('td[data-label="Placement"]');
    await expect(cell).toContainText(name);
    await expect(cell).toContainText(host.split('?')[0]!);
    await page.getByRole('link', { name: email }).click();
    const fact = page.getByText('Placement', { exact: true }).locator('..');
    await expect(fact).toContainText(name);
    await expect(fact).toContainText(host);
    if (name === 'Journey popup') await expect(page.getByText('UTM source').locator('..')).toContainText('newsletter');
  }
  await page.setViewportSize({ width: 375, height: 740 });
  await page.screenshot({ path: testInfo.outputPath('lead-placement-375.png'), fullPage: true });
  await testInfo.attach('lead-placement-375', { path: testInfo.outputPath('lead-placement-375.png'), contentType: 'image/png' });
});

test("the owner's live preview runs the real loader on a sample page, with the settings not yet saved", async ({ page }) => {
  await placement(page, { name: 'Previewed popup', display: 'popup', trigger: 'exit' });
  await page.goto(`/dashboard/forms/${formId}/site`);
  await page.getByRole('button', { name: /Previewed popup/ }).click();
  const preview = page.frameLocator('iframe[title^="Preview on a sample page"]');
  await expect(preview.getByRole('heading', { name: 'How to write a page people finish reading' })).toBeVisible();
  // Exit intent would wait for the pointer: "Show it now" opens it at once.
  await page.getByRole('button', { name: 'Show it now' }).click();
  await expect(preview.getByRole('dialog', { name: TITLE })).toBeVisible();
  const form = preview.frameLocator(`iframe[title="${TITLE}"]`);
  await expect(form.getByText('Preview: sign-ups are off here')).toBeVisible();
});

test('a visitor who asked for reduced motion sees the popup appear without animation', async ({ page }) => {
  const popup = await placement(page, { name: 'Calm', display: 'popup', trigger: 'load', delaySeconds: 0 });
  // Counts the loader's animations (it animates only through Element.animate, which a strict CSP allows).
  await page.addInitScript(() => {
    const w = window as unknown as { animated: number };
    w.animated = 0;
    const original = Element.prototype.animate;
    Element.prototype.animate = function (...args: Parameters<Element['animate']>) {
      w.animated++;
      return original.apply(this, args);
    };
  });
  const url = sitePage('/calm', [popup.id]);
  const animated = () => page.evaluate(() => (window as unknown as { animated: number }).animated);
  await page.goto(url);
  await shown(page);
  expect(await animated()).toBeGreaterThan(0);

  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto(url);
  await shown(page);
  expect(await animated()).toBe(0);
});
