import { expect, test, type Browser } from '@playwright/test';
import { PUBLIC_URL } from '../../playwright.config';
import { createPublishedForm, editorTab, seriousViolations, signUp, toastWith, uniqueEmail } from './support.js';

// An owner sets up an A/B test in the Design tab, previews variant B, publishes; visitors see one
// variant each; the page's analytics screen shows the test's card.

const B_TITLE = 'The Conversion Guide, in ten minutes';

/** The variant a visitor with `userAgent` sees: read from its page's title. */
async function visitorSees(browser: Browser, url: string, userAgent: string): Promise<'a' | 'b'> {
  const context = await browser.newContext({ userAgent, storageState: { cookies: [], origins: [] } });
  const visitor = await context.newPage();
  await visitor.goto(url);
  const title = await visitor.getByRole('heading', { level: 1 }).innerText();
  // Reloading shows the same variant: nothing was stored in the browser.
  expect(await context.cookies()).toEqual([]);
  await visitor.reload();
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(title);
  await context.close();
  return title === B_TITLE ? 'b' : 'a';
}

test('an owner runs an A/B test: set up in the Design tab, B previewed, both variants served, results on the analytics screen', async ({
  page,
  browser,
}) => {
  // A long journey (up to a dozen fresh visitors, each in a browser context of its own): 60 s ran out on a loaded machine.
  test.setTimeout(180_000);
  await signUp(page, { name: 'Ada Tester', email: uniqueEmail('ab'), password: 'ab-test-pass-1' });
  await expect(page).toHaveURL(/\/dashboard/);
  const form = await createPublishedForm(page.request, { title: 'The Conversion Guide' });

  await page.goto(`/page-creator?edit=${form.id}`);
  await editorTab(page, 'Design').click();
  const toggle = page.getByRole('switch', { name: 'Run an A/B test' });
  await toggle.scrollIntoViewIfNeeded();
  await toggle.click();
  await page.getByLabel('Percent of visitors who see variant B', { exact: true }).fill('30');
  await expect(page.getByText('70% of visitors see A (the page), 30% see B.')).toBeVisible();
  await expect(page.getByRole('slider')).toHaveValue('30');
  await page.getByLabel('Variant B title').fill(B_TITLE);
  await expect(page.getByText(/starts the test again/)).toBeVisible();
  // B's design has controls of its own, beside the page's.
  await expect(page.getByLabel('Hex code')).toHaveCount(2);
  await page.getByRole('button', { name: 'Preview variant B' }).click();
  await expect(
    page.frameLocator('iframe[title="Variant B preview"]').getByRole('heading', { level: 1, name: B_TITLE }),
  ).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // The Preview view shows either variant.
  await page.getByRole('button', { name: 'Preview', exact: true }).click();
  const preview = page.frameLocator('iframe[title^="Landing page preview"]');
  await expect(preview.getByRole('heading', { level: 1, name: 'The Conversion Guide' })).toBeVisible();
  await page.getByRole('button', { name: 'Variant B', exact: true }).click();
  await expect(preview.getByRole('heading', { level: 1, name: B_TITLE })).toBeVisible();

  await page.getByRole('button', { name: 'Publish Landing Page' }).click();
  await expect(toastWith(page, 'Your landing page has been published successfully!')).toBeVisible();

  // Visitors (one address here, different browsers) each see one variant, A or B.
  const seen = new Set<string>();
  for (let i = 0; i < 12 && seen.size < 2; i++) {
    seen.add(
      await visitorSees(browser, `${PUBLIC_URL}/f/${form.id}`, `Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Visitor/${i}`),
    );
  }
  expect([...seen].sort()).toEqual(['a', 'b']);

  await page.goto(`/dashboard/forms/${form.id}`);
  const card = page.getByRole('region', { name: 'A/B test' });
  await expect(card.getByText(/^Running since .*: 70% of visitors see A \(the page\), 30% see B\.$/)).toBeVisible();
  await expect(
    card.getByText(/^Not enough data yet: keep the test running \(each variant needs about [\d,]+ more views\)\.$/),
  ).toBeVisible();
  const rows = card.getByRole('row');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1).getByRole('rowheader')).toHaveText('A');
  await expect(rows.nth(2).getByRole('rowheader')).toHaveText('B');
  await expect(rows.nth(2)).toContainText(B_TITLE);
  expect(await seriousViolations(page)).toEqual([]);
});
