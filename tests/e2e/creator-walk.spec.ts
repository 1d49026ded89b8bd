import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { PUBLIC_URL } from '../../playwright.config';
import { chooseLogoAndCover, editorTab, pdfFile, seriousViolations, toastWith, uniqueEmail } from './support.js';

// A new owner meets the creator signed out: a template with a design, both Preview controls, the
// sign-up gate; then an A/B test where only B's title differs. Visitors of B see the page's brand.

const PREVIEW_FRAME = 'iframe[title^="Landing page preview"]';
const TITLE = 'Download Our Free Ebook';
const B_TITLE = 'The Ebook Our Readers Finish';
const BUTTON_WORDS = 'Send me the ebook';
const previewButton = (page: Page) => page.getByRole('button', { name: 'Preview', exact: true });
const previewTab = (page: Page) => page.getByRole('tab', { name: 'Preview' });

/** Looks at the page at 1280 and 375 px: axe finds nothing serious, and a screenshot of each is kept. */
async function atBothWidths(page: Page, name: string, fullPage = false) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    expect(await seriousViolations(page), `${name} at ${width}`).toEqual([]);
    await page.screenshot({ path: `/tmp/variant-${name}-${width}.png`, fullPage });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** A visitor's browser that is shown `variant` (the split hashes the user agent). */
async function visitorOf(browser: Browser, url: string, variant: 'a' | 'b'): Promise<{ context: BrowserContext; page: Page }> {
  for (let i = 0; i < 40; i++) {
    const userAgent = `Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Walker/${i}`;
    const context = await browser.newContext({ userAgent, storageState: { cookies: [], origins: [] } });
    const page = await context.newPage();
    await page.goto(url);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    if ((await page.locator('input[name="ls_v"]').getAttribute('value', { timeout: 10_000 })) === variant)
      return { context, page };
    await context.close();
  }
  throw new Error(`no visitor saw variant ${variant}`);
}

/** What carries the brand on a published page: the button's colour and words, the font, the logo. */
const brandOf = (page: Page) =>
  page.evaluate(() => {
    const button = document.querySelector<HTMLElement>('.ls-button')!;
    const logo = document.querySelector<HTMLImageElement>('.ls-logo');
    const cover = document.querySelector<HTMLImageElement>('.ls-cover');
    return {
      button: getComputedStyle(button).backgroundColor,
      words: button.textContent,
      font: getComputedStyle(document.querySelector('.ls-page')!).fontFamily,
      background: getComputedStyle(document.querySelector('.ls-page')!).backgroundImage,
      logo: logo?.getAttribute('src') ?? null,
      cover: cover?.getAttribute('src') ?? null,
    };
  });

test('signed out, both Preview controls show the template page; signed up, an A/B test of B’s title keeps the page’s brand for B', async ({
  page,
  browser,
}) => {
  // Two accounts' worth of screens, eight axe passes and a published page under test, on a busy machine.
  test.setTimeout(420_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/page-creator?template=professional-ebook');
  const landing = page.frameLocator(PREVIEW_FRAME);

  // The Preview tab, chosen first: the page as filled in so far, and what publishing still needs.
  await previewTab(page).click();
  await expect(landing.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  await expect(page.getByText('No preview available')).toHaveCount(0);
  const stillNeeded = page.getByRole('region', { name: 'Before you can publish' });
  await expect(stillNeeded).toContainText('Business name is required');
  await expect(stillNeeded).toContainText('Please upload a PDF file');
  await atBothWidths(page, 'preview-tab');

  // "Show me where" takes the owner to the first one, under its input.
  await stillNeeded.getByRole('button', { name: 'Show me where' }).click();
  await expect(page.getByLabel('Business name', { exact: true })).toHaveAccessibleDescription('Business name is required');
  await page.getByLabel('Business name', { exact: true }).fill('Northwind Press');
  await page.getByLabel('Lead magnet name', { exact: true }).fill('The Northwind Ebook');
  await page.locator('#creator-lead-magnet').setInputFiles(pdfFile('northwind-ebook.pdf'));
  await editorTab(page, 'Settings').click();
  await page.getByLabel('Privacy policy address', { exact: true }).fill('https://northwind.example/privacy');

  // The bottom Preview button shows the same view, now with nothing left to do.
  await previewButton(page).click();
  await expect(previewTab(page)).toHaveAttribute('aria-selected', 'true');
  await expect(landing.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  await expect(landing.getByText('Northwind Press', { exact: true })).toBeVisible();
  await expect(stillNeeded).toHaveCount(0);
  await atBothWidths(page, 'preview-button');

  // Publishing signed out: the gate, a new account, published.
  await page.getByRole('button', { name: 'Publish Landing Page' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to publish your page' })).toBeVisible();
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await page.getByLabel('Full Name').fill('Nora Northwind');
  await page.getByLabel('Email').fill(uniqueEmail('walk'));
  await page.getByLabel('Password').fill('creator-walk-pass-1');
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  // Creating the account, then uploading and publishing: slow on a busy machine.
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 60_000 });
  const { items } = (await (await page.request.get('/api/forms')).json()) as { items: { id: string }[] };
  const formId = items[0]!.id;

  // Signed in: the page's logo, cover (the template's Left layout) and button words.
  await page.goto(`/page-creator?edit=${formId}`);
  await editorTab(page, 'Design').click();
  await chooseLogoAndCover(page);
  await expect(page.getByRole('radio', { name: /^Left/ }).first()).toBeChecked();
  await page.getByLabel('Button text', { exact: true }).fill(BUTTON_WORDS);

  // The A/B test: B starts as a copy of the page; only its title changes.
  const toggle = page.getByRole('switch', { name: 'Run an A/B test' });
  await toggle.scrollIntoViewIfNeeded();
  await toggle.click();
  const bTitle = page.getByLabel('Variant B title', { exact: true });
  await expect(bTitle).toHaveValue(TITLE);
  await expect(page.locator('#creator-ab-design-colour')).toHaveValue('#1E3A8A');
  await expect(page.locator('#creator-ab-design-button-text')).toHaveValue(BUTTON_WORDS);
  await bTitle.fill(B_TITLE);
  await page.getByRole('button', { name: 'Preview variant B' }).click();
  const b = page.frameLocator('iframe[title="Variant B preview"]');
  await expect(b.getByRole('heading', { level: 1, name: B_TITLE })).toBeVisible();
  await expect(b.locator('.ls-logo')).toBeVisible();
  await expect(b.getByRole('button', { name: BUTTON_WORDS })).toBeVisible();
  expect(await seriousViolations(page), 'A/B test set up').toEqual([]);

  await previewButton(page).click();
  await page.getByRole('button', { name: 'Variant B', exact: true }).click();
  await expect(landing.getByRole('heading', { level: 1, name: B_TITLE })).toBeVisible();
  await page.getByRole('button', { name: 'Publish Landing Page' }).click();
  await expect(toastWith(page, 'Your landing page has been published successfully!')).toBeVisible({ timeout: 30_000 });

  // Visitors: B differs from A in its title only.
  const url = `${PUBLIC_URL}/f/${formId}`;
  const seesA = await visitorOf(browser, url, 'a');
  const seesB = await visitorOf(browser, url, 'b');
  await expect(seesA.page.getByRole('heading', { level: 1 })).toHaveText(TITLE);
  await expect(seesB.page.getByRole('heading', { level: 1 })).toHaveText(B_TITLE);
  await expect(seesB.page.getByRole('button', { name: BUTTON_WORDS })).toBeVisible();
  const [brandA, brandB] = [await brandOf(seesA.page), await brandOf(seesB.page)];
  expect(brandB).toEqual(brandA);
  expect(brandB.button).toBe('rgb(30, 58, 138)');
  expect(brandB.words).toBe(BUTTON_WORDS);
  expect(brandB.logo && brandB.cover).toBeTruthy();

  // The cover beside the form at 1280 (Left), stacked above it at 375; axe clean at both.
  await expect.poll(() => seesB.page.evaluate(() => document.querySelector<HTMLImageElement>('.ls-cover')!.complete)).toBe(true);
  const box = async () =>
    seesB.page.evaluate(() => {
      const rect = (s: string) => document.querySelector(s)!.getBoundingClientRect();
      return { cover: rect('.ls-cover'), header: rect('.ls-header'), card: rect('.ls-card') };
    });
  const wide = await box();
  expect(wide.cover.right).toBeLessThanOrEqual(wide.card.left);
  // The title, then the cover, beside the form (the document's order, decision 0106): the left column
  // is not an image over empty space.
  expect(wide.cover.top).toBeGreaterThanOrEqual(wide.header.bottom);
  expect(wide.header.left).toBeLessThan(wide.card.left);
  await atBothWidths(seesB.page, 'visitor-b', true);
  await seesB.page.setViewportSize({ width: 375, height: 812 });
  const narrow = await box();
  expect(narrow.cover.bottom).toBeLessThanOrEqual(narrow.card.top);
  expect(narrow.header.bottom).toBeLessThanOrEqual(narrow.cover.top);
  await seesA.context.close();
  await seesB.context.close();
});
