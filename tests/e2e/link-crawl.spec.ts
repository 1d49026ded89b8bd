import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from './support.js';

/*
 * No dead ends: starting at /, every internal link on every page reached is followed, breadth
 * first, signed out. None may land on the 404 screen; every page has a title of its own, a meta
 * description, no serious or critical axe violations and no <a> without a target.
 */

/** Links the crawl does not follow: published pages and the visitor face, the dev mailbox, the API. */
const SKIPPED = [/^\/f\//, /^\/d\//, /^\/dev\/mail/, /^\/api(\/|$)/];

/** Internal link targets on the page (path and query, no fragment), in document order. */
async function internalLinks(page: Page, origin: string): Promise<string[]> {
  const hrefs = await page.locator('a[href]').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  const targets: string[] = [];
  for (const href of hrefs) {
    if (!href || href.startsWith('#') || /^(mailto|tel|javascript):/i.test(href)) continue;
    const url = new URL(href, page.url());
    if (url.origin !== origin) continue;
    if (SKIPPED.some((pattern) => pattern.test(url.pathname))) continue;
    targets.push(url.pathname + url.search);
  }
  return targets;
}

const pathOf = (target: string) => {
  const path = target.split('?')[0]!;
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
};

test('every page reachable from Home by its links exists, has its own title and description, and passes axe', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(15 * 60_000);
  const origin = new URL(baseURL!).origin;
  const queue: Array<{ target: string; from: string }> = [{ target: '/', from: '(start)' }];
  const queued = new Set(['/']);
  const titles = new Map<string, string>(); // document.title -> the path that showed it
  const descriptions = new Map<string, string>(); // meta description -> the path that showed it
  const problems: string[] = [];
  let crawled = 0;

  while (queue.length > 0) {
    const { target, from } = queue.shift()!;
    const response = await page.goto(target);
    await page.waitForLoadState('networkidle');
    // Lazily loaded screens (articles, template previews) show their heading once loaded.
    await expect(page.locator('main h1').first(), `${target} (linked from ${from})`).toBeVisible();
    crawled++;

    const status = response?.status() ?? 0;
    if (status >= 400) problems.push(`${target} (linked from ${from}) answered ${status}`);
    if ((await page.getByText('Oops! Page not found').count()) > 0) {
      problems.push(`${target} (linked from ${from}) shows the 404 screen`);
    }

    // A link that redirected (the dashboard to sign-in) lands on a page checked on its own.
    const landed = pathOf(new URL(page.url()).pathname);
    const redirected = landed !== pathOf(target);
    const title = await page.title();
    const description = await page.locator('meta[name="description"]').getAttribute('content');
    if (!description?.trim()) problems.push(`${target} has no meta description`);
    if (!redirected) {
      const other = titles.get(title);
      if (other && other !== landed) problems.push(`${target} has the same title as ${other}: "${title}"`);
      titles.set(title, landed);
      const sameDescription = description ? descriptions.get(description) : undefined;
      if (sameDescription && sameDescription !== landed) {
        problems.push(`${target} has the same meta description as ${sameDescription}: "${description}"`);
      }
      if (description) descriptions.set(description, landed);
    }

    const deadAnchors = await page.locator('a:not([href]), a[href=""], a[href="#"]').count();
    if (deadAnchors > 0) problems.push(`${target} has ${deadAnchors} <a> without a target`);
    // The interactive API reference is Scalar's markup, not ours: api-reference.spec.ts reports its findings.
    for (const violation of await seriousViolations(page, ['[data-testid="api-reference"]']))
      problems.push(`${target}: axe ${violation}`);

    for (const next of await internalLinks(page, origin)) {
      const key = pathOf(next);
      if (queued.has(key)) continue;
      queued.add(key);
      queue.push({ target: next, from: target });
    }
  }

  test.info().annotations.push({ type: 'crawled', description: `${crawled} pages, ${titles.size} distinct titles` });
  expect(problems).toEqual([]);
  // The site, help, docs (every article), tutorials, templates and legal pages: well over fifty.
  expect(crawled).toBeGreaterThan(50);
  for (const path of [
    '/help',
    '/docs',
    '/docs/webhooks',
    '/tutorials/first-form',
    '/templates',
    '/template-preview/product-demo',
  ]) {
    expect(queued.has(path), `${path} is reached by links`).toBe(true);
  }
});
