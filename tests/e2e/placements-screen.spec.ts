import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { DEFAULT_PLACEMENT, type Placement, type PlacementSettings, placementMessages } from '@/domain/placements';
import { publishableConfig } from '@tests/kit/data';
import { chooseRowAction, createPublishedForm, seriousViolations, signUp, toastWith, uniqueEmail } from './support.js';

/*
 * The owner's "Put it on your site" screen, reached from the dashboard's row menu and from the
 * page's analytics. The placements API is answered here (page.route) with what its contract says,
 * so the screen's own behaviour is checked: the list, adding, the editor's fields, a save with the
 * server's field errors, the snippet and CSP lines, and the analytics card. The whole journey with
 * the real API and loader on a host page is another spec.
 */

const PUBLIC_ORIGIN = `http://127.0.0.1:${process.env.E2E_PORT ?? 3100}`;
const TITLE = 'The Placement Playbook';
const runPrefix = process.env.E2E_DATA_DIR ?? path.join(tmpdir(), `lodestone-e2e-${randomBytes(4).toString('hex')}`);
const ownerState = `${runPrefix}-placements-owner.json`;
const shots = path.join('test-results', 'placements-screen');

test.beforeAll(async ({ browser }) => {
  mkdirSync(shots, { recursive: true });
  if (existsSync(ownerState)) return;
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await signUp(page, { name: 'Placement Owner', email: uniqueEmail('placements'), password: 'placements-pass-1' });
  await expect(page).toHaveURL(/\/dashboard$/);
  await context.storageState({ path: ownerState });
  await context.close();
});

test.use({ storageState: ownerState });

// Each test starts from an empty dashboard (the Free plan's 3 pages, and one row per title).
test.beforeEach(async ({ page }) => {
  const list = await page.request.get('/api/forms');
  for (const form of (await list.json()).items as { id: string }[]) {
    expect((await page.request.delete(`/api/forms/${form.id}`)).status()).toBe(204);
  }
});

/** The placements API of one page, in memory, answering as its contract says. */
function fakePlacementsApi(page: Page, formId: string, initial: Placement[] = []) {
  const placements = [...initial];
  const puts: PlacementSettings[] = [];
  let next = 0;
  const base = `/api/forms/${formId}/placements`;
  const json = (body: unknown, status = 200) => ({ status, contentType: 'application/json', body: JSON.stringify(body) });
  void page.route(
    (url) => url.pathname.startsWith(base),
    async (route) => {
      const request = route.request();
      const rest = new URL(request.url()).pathname.slice(base.length);
      if (rest === '/stats') {
        return route.fulfill(
          json({
            items: placements.map((p, i) => ({
              id: p.id,
              name: p.settings.name,
              display: p.settings.display,
              impressions: i === 0 ? 1200 : 0,
              opens: i === 0 ? 300 : 0,
              signups: i === 0 ? 42 : 0,
            })),
          }),
        );
      }
      if (rest === '' && request.method() === 'GET') return route.fulfill(json({ items: placements }));
      if (rest === '' && request.method() === 'POST') {
        const settings = request.postDataJSON() as PlacementSettings;
        const now = new Date().toISOString();
        const placement = { id: `plc_Test${String(next++).padStart(12, '0')}`, formId, settings, createdAt: now, updatedAt: now };
        placements.push(placement);
        return route.fulfill(json(placement, 201));
      }
      const index = placements.findIndex((p) => p.id === rest.slice(1));
      if (index < 0) return route.fulfill(json({ code: 'NOT_FOUND', message: 'Not found' }, 404));
      if (request.method() === 'DELETE') {
        placements.splice(index, 1);
        return route.fulfill({ status: 204 });
      }
      const settings = request.postDataJSON() as PlacementSettings;
      puts.push(settings);
      // The server refuses what its schema refuses; here, a pattern the client's check let through.
      const bad = settings.hideOn.findIndex((p) => p.includes('nope'));
      if (bad >= 0) {
        return route.fulfill(
          json(
            {
              code: 'VALIDATION_ERROR',
              message: 'Check the highlighted fields',
              errors: { [`hideOn.${bad}`]: placementMessages.pattern },
            },
            400,
          ),
        );
      }
      placements[index] = { ...placements[index]!, settings, updatedAt: new Date().toISOString() };
      return route.fulfill(json(placements[index]));
    },
  );
  return { placements, puts };
}

test('the owner adds a placement, sets it up, saves it and copies its code; the analytics list it', async ({ page }) => {
  test.slow(); // a long walk through the screen, and axe reads the preview's frame too
  const form = await createPublishedForm(page.request, { title: TITLE });
  const api = fakePlacementsApi(page, form.id);
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.goto('/dashboard');
  await chooseRowAction(page, TITLE, 'Put it on your site');
  await expect(page).toHaveURL(new RegExp(`/dashboard/forms/${form.id}/site$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Put it on your site' })).toBeVisible();
  await expect(page.getByText('No placements yet.')).toBeVisible();
  await expect(page.getByText('not published yet')).toHaveCount(0);

  await page.getByRole('button', { name: 'Add placement' }).click();
  await page.getByRole('menuitem', { name: 'Slide-in' }).click();
  await expect(toastWith(page, '“Slide-in” added')).toBeVisible();
  const list = page.getByRole('list', { name: 'Placements' });
  await expect(list.getByRole('button')).toHaveText(['Slide-inSlide-in · 5 s after load · all devices']);
  expect(api.placements[0]!.settings).toEqual({ ...DEFAULT_PLACEMENT, name: 'Slide-in', display: 'slide-in' });

  // The snippet and the CSP lines of this placement.
  const id = api.placements[0]!.id;
  await expect(page.locator('#placement-snippet')).toHaveText(
    `<script async src="${PUBLIC_ORIGIN}/l.js" data-placement="${id}"></script>`,
  );
  await expect(page.locator('#placement-csp')).toHaveText(
    `script-src ${PUBLIC_ORIGIN}\nconnect-src ${PUBLIC_ORIGIN}\nframe-src ${PUBLIC_ORIGIN}`,
  );
  await expect(page.getByText('If your site sends a Content-Security-Policy, add these')).toBeVisible();

  // The preview is a sample page running the loader in preview mode.
  const preview = page.locator('iframe[title^="Preview on a sample page"]');
  await expect(preview).toHaveAttribute('sandbox', 'allow-scripts allow-same-origin allow-forms allow-popups');
  await expect(page.frameLocator('iframe[title^="Preview on a sample page"]').getByRole('heading', { level: 1 })).toHaveText(
    'How to write a page people finish reading',
  );

  // The trigger's own field shows only for that trigger.
  const settings = page.getByRole('form', { name: 'Placement settings' });
  await expect(settings.getByLabel('Seconds after the page loads')).toHaveValue('5');
  await settings.getByRole('radio', { name: 'After scrolling' }).check();
  await expect(settings.getByLabel('Seconds after the page loads')).toHaveCount(0);
  await settings.getByLabel('How far down the page').fill('70');
  await settings.getByRole('radio', { name: 'Bottom left' }).check();
  await settings.getByLabel('Name').fill('Blog slide-in');
  await settings.getByLabel('Show only on these pages').fill('/blog/*\nblog');

  // A bad line is named before anything is sent.
  await settings.getByRole('button', { name: 'Save' }).click();
  await expect(settings.locator('#placement-show-on-error')).toHaveText(`“blog”: ${placementMessages.pattern}`);
  expect(api.puts).toHaveLength(0);

  // The server's field error shows beside its field, and nothing typed is lost.
  await settings.getByLabel('Show only on these pages').fill('/blog/*');
  await settings.getByLabel('Never show on these pages').fill('/blog/nope');
  await settings.getByRole('button', { name: 'Save' }).click();
  await expect(settings.locator('#placement-hide-on-error')).toHaveText(`“/blog/nope”: ${placementMessages.pattern}`);
  await expect(settings.getByLabel('Name')).toHaveValue('Blog slide-in');
  await expect(settings.getByLabel('How far down the page')).toHaveValue('70');

  await settings.getByLabel('Never show on these pages').fill('');
  await settings.getByLabel("Don't show again for").fill('14');
  await settings.getByRole('button', { name: 'Save' }).click();
  await expect(toastWith(page, '“Blog slide-in” saved')).toBeVisible();
  expect(api.puts.at(-1)).toEqual({
    ...DEFAULT_PLACEMENT,
    name: 'Blog slide-in',
    display: 'slide-in',
    corner: 'bottom-left',
    trigger: 'scroll',
    scrollPercent: 70,
    showOn: ['/blog/*'],
    closedDays: 14,
  });
  await expect(list.getByRole('button')).toHaveText(['Blog slide-inSlide-in · after 70 % scrolled · all devices']);
  await expect(settings.getByLabel('Name')).toHaveValue('Blog slide-in');

  // A click trigger shows the attribute that opens it.
  await settings.getByRole('radio', { name: 'On a click' }).check();
  await settings.getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('#placement-click-code')).toHaveText(`<a href="#" data-lodestone-open="${id}">Get the guide</a>`);

  // The preview runs the loader with the unsaved settings; "Show it now" forces the trigger to load at once.
  const loaderTag = page.frameLocator('iframe[title^="Preview on a sample page"]').locator('script[data-placement="preview"]');
  const previewed = async () =>
    JSON.parse((await loaderTag.getAttribute('data-preview-config')) ?? 'null') as { settings: PlacementSettings };
  await expect.poll(async () => (await previewed()).settings.trigger).toBe('click');
  await page.getByRole('button', { name: 'Show it now' }).click();
  await expect
    .poll(async () => (await previewed()).settings)
    .toMatchObject({ trigger: 'load', delaySeconds: 0, corner: 'bottom-left' });
  await expect(loaderTag).toHaveAttribute('src', `${PUBLIC_ORIGIN}/l.js`);

  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: path.join(shots, 'site-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.getByRole('button', { name: 'Mobile' }).click();
  await page.screenshot({ path: path.join(shots, 'site-375.png'), fullPage: true });
  await preview.screenshot({ path: path.join(shots, 'preview-375-mobile.png') });

  // The page's analytics list it, with its conversion; back to the screen from there.
  await page.goto(`/dashboard/forms/${form.id}`);
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible({ timeout: 20_000 });
  const row = page.getByRole('table', { name: 'On your site' }).getByRole('row', { name: /Blog slide-in/ });
  await expect(row).toContainText('Slide-in');
  await expect(row).toContainText('1,200');
  await expect(row).toContainText('42');
  await expect(row).toContainText('3.5%');
  await page.screenshot({ path: path.join(shots, 'analytics-375.png'), fullPage: true });
  await page.getByRole('link', { name: 'Put it on your site' }).first().click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/forms/${form.id}/site$`));

  // Delete, confirmed.
  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('No placements yet.')).toBeVisible();
  expect(api.placements).toHaveLength(0);
});

test('an unpublished page says the snippet works once it is published; the analytics lead to the screen', async ({ page }) => {
  const created = await page.request.post('/api/forms', { data: { config: publishableConfig(null, 'A Draft Guide') } });
  expect(created.status(), await created.text()).toBe(201);
  const formId = ((await created.json()) as { id: string }).id;
  fakePlacementsApi(page, formId);
  await page.goto(`/dashboard/forms/${formId}/site`);
  await expect(page.getByText('This page is not published yet: the snippet works once it is published.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Edit and publish it' })).toHaveAttribute('href', `/page-creator?edit=${formId}`);
  await page.goto(`/dashboard/forms/${formId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'A Draft Guide' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('Not on your site yet.')).toBeVisible();
  await page.getByRole('link', { name: 'put it on your site', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/forms/${formId}/site$`));
});
