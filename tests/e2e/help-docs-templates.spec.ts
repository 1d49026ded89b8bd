import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from './support.js';

const notFound = (page: Page) => page.getByText('Oops! Page not found');

test('the Help Center search finds articles as you type, opens one with its table of contents, and says when nothing matches', async ({
  page,
}) => {
  await page.goto('/help');
  await expect(page.getByRole('heading', { level: 1, name: 'Help Center' })).toBeVisible();
  // Before a search: quick links and the four topic tabs with four article cards each.
  await expect(page.getByRole('link', { name: /Getting Started/ }).first()).toHaveAttribute('href', '/docs/getting-started');
  await expect(page.getByRole('link', { name: /Contact Support/ }).first()).toHaveAttribute('href', '/contact');
  await expect(page.getByRole('link', { name: /Email Us/ })).toHaveAttribute('href', /^mailto:.+@.+/);
  for (const tab of ['General', 'Forms', 'Account', 'Billing']) {
    await page.getByRole('tab', { name: tab }).click();
    const cards = page.getByRole('tabpanel').getByRole('link');
    await expect(cards).toHaveCount(4);
    for (const href of await cards.evaluateAll((links) => links.map((a) => a.getAttribute('href')))) {
      expect(href).toMatch(/^\/docs\/[a-z-]+$/);
    }
  }
  await expect(page.getByRole('heading', { name: 'Still need help?' })).toBeVisible();

  const search = page.getByPlaceholder('Search for help articles...');
  await search.pressSequentially('webhook');
  await expect(page.getByRole('status').filter({ hasText: /articles? match “webhook”/ })).toBeVisible();
  const results = page.getByRole('region', { name: 'Search results' }).getByRole('listitem');
  await expect(results.first()).toBeVisible();
  // Found in bodies too (Payments mentions webhooks), with the word marked in the snippet.
  await expect(results.filter({ hasText: 'Payments' }).first()).toBeVisible();
  await expect(results.first().locator('mark').first()).toHaveText(/webhook/i);
  // The tabs give way to the results while searching.
  await expect(page.getByRole('tab', { name: 'General' })).toHaveCount(0);

  await results.getByRole('link', { name: 'Webhooks', exact: true }).click();
  await expect(page).toHaveURL(/\/docs\/webhooks$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();
  await expect(page).toHaveTitle('Webhooks | Lodestone');
  const toc = page.getByRole('navigation', { name: 'On this page' });
  await expect(toc.getByRole('link')).not.toHaveCount(0);
  await toc.getByRole('link', { name: 'Incoming: payment webhooks' }).click();
  await expect(page).toHaveURL(/#incoming-payment-webhooks$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Incoming: payment webhooks' })).toBeInViewport();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Documentation' })).toBeVisible();

  await page.goto('/help');
  await page.getByPlaceholder('Search for help articles...').fill('qwertyzzz');
  await expect(page.getByText('No articles match “qwertyzzz”')).toBeVisible();
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(page.getByPlaceholder('Search for help articles...')).toHaveValue('');
  await expect(page.getByRole('tab', { name: 'General' })).toBeVisible();
});

test('the Documentation page links its sections, categories and tutorials to real pages', async ({ page }) => {
  await page.goto('/docs');
  for (const slug of ['introduction', 'quick-start', 'key-concepts', 'form-builder', 'form-settings', 'analytics']) {
    await expect(page.locator(`a[href="/docs/${slug}"]`).first()).toBeVisible();
  }
  for (const slug of ['user-management', 'api-reference', 'file-delivery', 'gdpr', 'ccpa', 'pdpa', 'webhooks']) {
    await expect(page.locator(`a[href="/docs/${slug}"]`).first()).toBeVisible();
  }
  for (const heading of ['Forms & Templates', 'Account & Billing', 'Integrations & API', 'Compliance & Security']) {
    await expect(page.getByRole('heading', { level: 3, name: heading })).toBeVisible();
  }
  for (const [slug, duration] of [
    ['getting-started', '5:24'],
    ['first-form', '7:15'],
    ['advanced-customization', '9:48'],
  ] as const) {
    await expect(page.locator(`a[href="/tutorials/${slug}"]`)).toContainText(duration);
  }
  await page.getByRole('link', { name: 'View All Tutorials' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tutorials' })).toBeVisible();
  await page.getByRole('link', { name: /^Start tutorial\W+Advanced Customization$/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Advanced Customization' })).toBeVisible();
  await expect(page.getByText('9:48').first()).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'On this page' }).getByRole('link', { name: /^Step 1:/ })).toBeVisible();
});

test('templates: tabs, search as you type and the Filters panel narrow the twelve cards', async ({ page }) => {
  await page.goto('/templates');
  const cards = page.getByRole('list', { name: 'Templates' }).getByRole('listitem');
  const expectTitles = (titles: string[]) => expect(cards.getByRole('heading', { level: 3 })).toHaveText(titles);
  await expect(cards).toHaveCount(12);
  await expect(page.getByRole('status').filter({ hasText: 'Showing 12 templates' })).toBeVisible();
  const ebook = cards.filter({ hasText: 'Professional Ebook' });
  await expect(ebook.getByText('Popular')).toBeVisible();
  await expect(ebook.getByText('Ebook Delivery')).toBeVisible();
  await expect(ebook.getByRole('link', { name: /^Preview/ })).toHaveAttribute('href', '/template-preview/professional-ebook');
  await expect(ebook.getByRole('link', { name: /^Use Template/ })).toHaveAttribute(
    'href',
    '/page-creator?template=professional-ebook',
  );
  await expect(page.getByRole('link', { name: 'Request a Template' })).toHaveAttribute('href', '/contact?topic=template');

  // Tabs filter by category.
  await page.getByRole('tab', { name: 'Webinar' }).click();
  await expectTitles(['Webinar Registration', 'Live Workshop', 'Product Demo']);
  await page.getByRole('tab', { name: 'All Templates' }).click();
  await expect(cards).toHaveCount(12);

  // The search box filters by title and description as you type.
  const search = page.getByRole('searchbox', { name: 'Search templates' });
  await search.pressSequentially('weekly');
  await expectTitles(['Weekly Updates']);
  await search.fill('B2B');
  await expectTitles(['Whitepaper Download']);
  await search.fill('no template says this');
  await expect(page.getByText('No templates match your search')).toBeVisible();
  await page.getByRole('button', { name: 'Clear search and filters' }).click();
  await expect(cards).toHaveCount(12);

  // Filters: a real panel with category, popular only and paid/free; its button says how many are on.
  const filters = page.getByRole('button', { name: /^Filters/ });
  await expect(filters).toHaveAttribute('aria-expanded', 'false');
  await filters.click();
  await expect(filters).toHaveAttribute('aria-expanded', 'true');
  const panel = page.getByRole('dialog', { name: 'Template filters' });
  await panel.getByRole('radio', { name: 'Paid only' }).check();
  await expectTitles(['Premium Content', 'Industry Report']);
  await panel.getByRole('radio', { name: 'Ebook Delivery' }).check();
  await expectTitles(['Industry Report']);
  // The category chosen in the panel is the tab's too.
  await expect(page.getByRole('tab', { name: 'Ebook Delivery' })).toHaveAttribute('aria-selected', 'true');
  await panel.getByRole('radio', { name: 'Free and paid' }).check();
  await panel.getByRole('checkbox', { name: 'Popular templates only' }).check();
  await expectTitles(['Professional Ebook']);
  await panel.getByRole('button', { name: 'Done' }).click();
  await expect(panel).toBeHidden();
  await expect(filters).toHaveAccessibleName('Filters, 2 active');
  await filters.click();
  await panel.getByRole('button', { name: 'Reset filters' }).click();
  await page.keyboard.press('Escape');
  await expect(cards).toHaveCount(12);
  await expect(filters).toHaveAccessibleName('Filters');
  expect(await seriousViolations(page)).toEqual([]);
});

test('a template preview shows the landing page as visitors see it, and Use Template opens the creator with it', async ({
  page,
}) => {
  await page.goto('/templates');
  await page
    .getByRole('list', { name: 'Templates' })
    .getByRole('listitem')
    .filter({ hasText: 'Industry Report' })
    .getByRole('link', { name: /^Preview/ })
    .click();
  await expect(page).toHaveURL(/\/template-preview\/industry-report$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Industry Report template' })).toBeVisible();
  await expect(page).toHaveTitle('Industry Report template preview | Lodestone');

  const landing = page.frameLocator('iframe[title^="Industry Report template"]');
  await expect(landing.getByRole('heading', { level: 1, name: 'The Annual Industry Report' })).toBeVisible();
  await expect(landing.getByLabel(/Email Address/)).toBeVisible();
  await expect(landing.getByLabel(/Company Size/)).toBeVisible();
  await expect(landing.getByRole('button', { name: 'Continue to payment' })).toBeVisible();
  // The frame follows the device toggle.
  await page.getByRole('button', { name: 'Mobile' }).click();
  await expect(page.getByRole('button', { name: 'Mobile' })).toHaveAttribute('aria-pressed', 'true');
  await expect
    .poll(() => page.locator('iframe').evaluate((frame) => (frame as HTMLIFrameElement).getBoundingClientRect().width))
    .toBeLessThanOrEqual(375);
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('link', { name: 'Use Template' }).click();
  await expect(page).toHaveURL(/\/page-creator\?template=industry-report$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Create Landing Page' })).toBeVisible();
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue('The Annual Industry Report');
  await expect(page.getByLabel('Lead magnet name', { exact: true })).toHaveValue('Industry Report');

  await page.goto('/template-preview/professional-ebook');
  await page.getByRole('link', { name: 'Back to Templates' }).click();
  await expect(page).toHaveURL(/\/templates$/);
});

test('unknown template, article and tutorial slugs show the 404 screen with status 404', async ({ page }) => {
  for (const path of ['/template-preview/no-such-template', '/docs/no-such-article', '/tutorials/no-such-tutorial']) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByText('404', { exact: true }), path).toBeVisible();
    await expect(notFound(page), path).toBeVisible();
  }
  // Reached inside the app (no server round trip), they are still the 404 screen.
  await page.goto('/templates');
  await page.evaluate(() => {
    window.history.pushState({}, '', '/docs/not-an-article');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(notFound(page)).toBeVisible();
});
