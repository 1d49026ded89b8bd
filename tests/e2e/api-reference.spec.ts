import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { holdRequests } from './support.js';

// The API Reference page: the article, then the interactive reference (Scalar) rendered from the
// OpenAPI document, loaded only on this page and working under the app's Content Security Policy.

const REFERENCE = '[data-testid="api-reference"]';

/** The document the page renders: the public API's. */
async function openApiDocument(request: APIRequestContext) {
  const url = '/api/v1/openapi.json';
  const res = await request.get(url);
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { openapi: string; paths: Record<string, object> };
  expect(body.openapi).toMatch(/^3\.1\./);
  // An operation to look for: the first path without parameters, its first method and the summary Scalar titles it with.
  const [path, item] = Object.entries(body.paths).find(([p]) => !p.includes('{'))!;
  expect(path).toMatch(/^\/api\/v1\//);
  const [method, operation] = Object.entries(item as Record<string, { summary?: string }>)[0]!;
  return { url, path, method: method.toUpperCase(), summary: operation.summary ?? path };
}

/** CSP violations (as the browser reports them to the page), console errors and requests to other origins. */
function watchProblems(page: Page, origin: string) {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || /content security policy/i.test(message.text())) {
      problems.push(`console ${message.type()}: ${message.text()}`);
    }
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(origin) && !url.startsWith('data:') && !url.startsWith('blob:')) problems.push(`request to ${url}`);
  });
  return problems;
}

async function cspViolations(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { cspViolations?: string[] }).cspViolations ?? []);
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(`${e.violatedDirective} ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber}:${e.columnNumber}`),
    );
  });
});

test('the API reference renders the OpenAPI document in the page, lazily, under the CSP', async ({ page, baseURL }) => {
  const origin = new URL(baseURL!).origin;
  const problems = watchProblems(page, origin);
  const scalarChunks: string[] = [];
  page.on('request', (request) => {
    if (/\/assets\/scalar-reference-[^/]+\.js$/.test(request.url())) scalarChunks.push(request.url());
  });
  const doc = await openApiDocument(page.request);

  // Other pages do not load Scalar.
  await page.goto('/docs');
  await expect(page.getByRole('heading', { level: 1, name: 'Documentation' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(scalarChunks).toEqual([]);

  // Hold the document back a moment so the loading state can be seen.
  const release = await holdRequests(page, `**${doc.url}`);
  await page.locator('a[href="/docs/api-reference"]').first().click();
  await expect(page).toHaveURL(/\/docs\/api-reference$/);
  await expect(page.getByRole('heading', { level: 1, name: 'API Reference' })).toBeVisible();
  await expect(page.locator(REFERENCE).getByRole('status')).toHaveText(/Loading the API reference/);
  release();

  // The site's frame and the docs breadcrumb stay around it.
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
  const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(breadcrumb.getByRole('link', { name: 'Documentation' })).toHaveAttribute('href', '/docs');

  // The intro: base URL, the bearer header, where keys come from, links to the article's sections.
  const intro = page.getByRole('region', { name: 'Calling the API' });
  await expect(intro.getByText(`${origin}/api/v1`, { exact: true })).toBeVisible();
  await expect(intro.getByText('Authorization: Bearer <key>', { exact: true })).toBeVisible();
  await expect(intro.getByRole('link', { name: 'Settings › Integrations' })).toHaveAttribute('href', '/settings/integrations');
  await intro.getByRole('navigation', { name: 'API guide' }).getByRole('link', { name: 'Pagination' }).click();
  await expect(page).toHaveURL(/#pagination$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Pagination' })).toBeInViewport();
  await expect(intro.getByRole('link', { name: doc.url })).toHaveAttribute('href', doc.url);

  // Scalar renders the document: its title and an operation's path are shown.
  const reference = page.locator(REFERENCE);
  await expect(reference.locator('.scalar-api-reference')).toBeVisible({ timeout: 20_000 });
  const operation = reference.getByRole('region', { name: doc.summary, exact: true });
  await operation.scrollIntoViewIfNeeded();
  await expect(operation).toBeVisible();
  await expect(operation).toContainText(doc.method);
  expect(scalarChunks).toHaveLength(1);
  await intro.evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await page.screenshot({ path: test.info().outputPath('api-reference-desktop.png') });

  await page.waitForLoadState('networkidle');
  expect(await cspViolations(page)).toEqual([]);
  expect(problems).toEqual([]);

  // axe on the parts we own (Scalar's own markup is checked separately below and reported).
  const ours = await new AxeBuilder({ page }).exclude(REFERENCE).analyze();
  const serious = (v: { impact?: string | null }) => v.impact === 'serious' || v.impact === 'critical';
  expect(ours.violations.filter(serious).map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  const scalars = await new AxeBuilder({ page }).include(REFERENCE).analyze();
  const scalarFindings = scalars.violations.filter(serious).map((v) => `${v.id} (${v.nodes.length})`);
  // Reported, not asserted: Scalar's markup is not ours to change.
  test.info().annotations.push({ type: 'scalar-axe', description: scalarFindings.join(', ') || 'none' });
  console.log(`axe inside Scalar's container: ${scalarFindings.join(', ') || 'none'}`);
});

test('at 375 px the page, reference included, has no sideways scroll', async ({ page, baseURL }) => {
  const problems = watchProblems(page, new URL(baseURL!).origin);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/docs/api-reference');
  const reference = page.locator(REFERENCE);
  await expect(reference.locator('.scalar-api-reference')).toBeVisible({ timeout: 20_000 });
  const doc = await openApiDocument(page.request);
  const operation = reference.getByRole('region', { name: doc.summary, exact: true });
  await operation.scrollIntoViewIfNeeded();
  await expect(operation).toBeVisible();
  await expect(operation).toContainText(doc.method);
  await page.waitForLoadState('networkidle');

  const width = () => page.evaluate(() => document.documentElement.scrollWidth);
  expect(await width()).toBeLessThanOrEqual(375);
  // Down through the whole reference too (Scalar renders sections as they scroll into view).
  for (let y = 0; y < (await page.evaluate(() => document.body.scrollHeight)); y += 700) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await page.waitForTimeout(50);
  }
  expect(await width()).toBeLessThanOrEqual(375);
  await page.getByRole('region', { name: 'Calling the API' }).evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await page.screenshot({ path: test.info().outputPath('api-reference-375.png'), fullPage: false });
  expect(await cspViolations(page)).toEqual([]);
  expect(problems).toEqual([]);
});
