import { expect, test, type Locator, type Page } from '@playwright/test';
import { PUBLIC_URL } from '../../playwright.config';
import { coverPng } from '@tests/kit/brand-images';
import {
  chooseLogoAndCover,
  editorTab,
  pdfFile,
  seriousViolations,
  signUpAtTheGate,
  toastWith,
  uniqueEmail,
  watchImageUploads,
} from './support.js';

// docs/decisions/0060: a new owner, signed out, builds a page with a PDF, a logo and a cover; the
// images stay in the browser with the draft (through a reload), show in the previews, and are
// uploaded once the owner signs up at the gate, before the page is published. The published page
// shows them. An image that cannot be uploaded then stops publishing and stays in the draft.

const PREVIEW_FRAME = 'iframe[title^="Landing page preview"]';
const KEPT_NOTE = 'Saved in this browser with your draft. It is uploaded when you publish.';
const shot = (name: string) => `/tmp/images-${name}.png`;

/** The image has arrived and decoded (not a broken image); its address. */
async function loadedImage(image: Locator): Promise<string> {
  await expect(image).toBeVisible();
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 10_000 })
    .toBe(true);
  return image.evaluate((img: HTMLImageElement) => img.currentSrc);
}

/** Title, business, file and privacy policy: what publishing needs besides the images. */
async function fillThePage(page: Page, title: string) {
  await page.goto('/page-creator');
  await expect(page.getByRole('heading', { level: 1, name: 'Create Landing Page' })).toBeVisible();
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByLabel('Business name', { exact: true }).fill('Northwind Press');
  await page.getByLabel('Lead magnet name', { exact: true }).fill('The Field Guide');
  await page.locator('#creator-lead-magnet').setInputFiles(pdfFile('field-guide.pdf'));
  await expect(page.getByText('field-guide.pdf', { exact: true })).toBeVisible();
  await editorTab(page, 'Settings').click();
  await page.getByLabel('Privacy policy address', { exact: true }).fill('https://northwind.example/privacy');
}

/** Chooses the logo and cover on the Design tab; signed out, each is kept in the browser. */
async function chooseImages(page: Page) {
  await editorTab(page, 'Design').click();
  await page.getByLabel('Hex code', { exact: true }).fill('#0F766E');
  await chooseLogoAndCover(page, 'The field guide on a warm backdrop');
}

type PublishedDesign = { logo: { id: string } | null; cover: { id: string } | null };

/** The owner's only form, as the API has it. */
async function onlyForm(page: Page) {
  const { items } = (await (await page.request.get('/api/forms')).json()) as { items: { id: string }[] };
  expect(items).toHaveLength(1);
  return (await (await page.request.get(`/api/forms/${items[0]!.id}`)).json()) as {
    id: string;
    published: { design: PublishedDesign } | null;
  };
}

for (const width of [1280, 375]) {
  test(`at ${width} px, a logo and cover chosen signed out survive a reload and the sign-in gate and are on the published page`, async ({
    page,
    browser,
  }) => {
    // Four axe passes and two uploads on a busy 2-core machine.
    test.setTimeout(6 * 60_000);
    await page.setViewportSize({ width, height: 900 });
    const uploads = watchImageUploads(page);
    await fillThePage(page, 'The Northwind Field Guide');
    await chooseImages(page);

    // Kept in the browser, said so, and no bare "Sign in to continue." anywhere: nothing was sent.
    const design = page.getByRole('tabpanel', { name: 'Design' });
    await expect(design.getByText(KEPT_NOTE)).toHaveCount(2);
    await expect(page.getByText('Sign in to continue.')).toHaveCount(0);
    expect(uploads).toEqual([]);
    expect(await loadedImage(page.getByRole('img', { name: 'Logo: the chosen image' }))).toMatch(/^blob:/);
    await expect(page.getByRole('button', { name: 'Replace Logo' })).toHaveAccessibleDescription(new RegExp(KEPT_NOTE));
    expect(await seriousViolations(page), `Design tab with kept images at ${width} px`).toEqual([]);
    await page.getByRole('img', { name: 'Cover image: the chosen image' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: shot(`design-${width}`) });

    // A reload: the draft, images included, comes back.
    await page.waitForTimeout(600); // the draft is saved ~300 ms after the last change
    await page.reload();
    const banner = page.getByRole('region', { name: 'Unsaved draft' });
    await banner.getByRole('button', { name: 'Restore' }).click();
    await expect(page.getByLabel('Title', { exact: true })).toHaveValue('The Northwind Field Guide');
    await expect(page.getByText('field-guide.pdf', { exact: true })).toBeVisible();
    await editorTab(page, 'Design').click();
    expect(await loadedImage(page.getByRole('img', { name: 'Logo: the chosen image' }))).toMatch(/^blob:/);
    expect(await loadedImage(page.getByRole('img', { name: 'Cover image: the chosen image' }))).toMatch(/^blob:/);
    await expect(page.getByLabel('Cover image description', { exact: true })).toHaveValue('The field guide on a warm backdrop');

    // The preview shows them.
    await page.getByRole('button', { name: 'Preview', exact: true }).click();
    const preview = page.frameLocator(PREVIEW_FRAME);
    expect(await loadedImage(preview.getByRole('img', { name: 'Northwind Press' }))).toMatch(/^blob:/);
    expect(await loadedImage(preview.getByRole('img', { name: 'The field guide on a warm backdrop' }))).toMatch(/^blob:/);
    expect(await seriousViolations(page), `preview at ${width} px`).toEqual([]);
    await page.screenshot({ path: shot(`preview-${width}`), fullPage: true });

    // And so does the full preview, and the editor is as it was after it.
    await page.getByRole('button', { name: 'Open full preview' }).click();
    await expect(page.getByText('This is a preview of your landing page')).toBeVisible();
    expect(await loadedImage(page.getByRole('img', { name: 'Northwind Press' }))).toMatch(/^blob:/);
    expect(await loadedImage(page.getByRole('img', { name: 'The field guide on a warm backdrop' }))).toMatch(/^blob:/);
    await page.screenshot({ path: shot(`full-preview-${width}`), fullPage: true });
    await page.getByRole('button', { name: 'Exit Preview' }).click();
    await expect(page.getByRole('img', { name: 'Logo: the chosen image' })).toBeVisible();

    // Publish, sign up at the gate: published with both images, uploaded after signing in.
    await page.getByRole('button', { name: 'Save & Publish' }).click();
    expect(await seriousViolations(page), `sign-in gate at ${width} px`).toEqual([]);
    await signUpAtTheGate(page, 'Nora Northwind', uniqueEmail(`images-${width}`), 'images-before-sign-in-1');
    await expect(toastWith(page, 'Your landing page has been published successfully!')).toBeVisible({ timeout: 20_000 });
    await expect(page).toHaveURL(/\/dashboard$/);
    expect(uploads).toEqual([201, 201]);
    const form = await onlyForm(page);
    expect(form.published?.design.logo).not.toBeNull();
    expect(form.published?.design.cover).not.toBeNull();

    // The visitor sees the logo and the cover, from the server.
    const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const visitor = await context.newPage();
    await visitor.setViewportSize({ width, height: 900 });
    await visitor.goto(`${PUBLIC_URL}/f/${form.id}`);
    expect(await loadedImage(visitor.getByRole('img', { name: 'Northwind Press' }))).toContain(
      `/img/${form.published!.design.logo!.id}/`,
    );
    expect(await loadedImage(visitor.getByRole('img', { name: 'The field guide on a warm backdrop' }))).toContain(
      `/img/${form.published!.design.cover!.id}/`,
    );
    expect(await seriousViolations(visitor), `published page at ${width} px`).toEqual([]);
    await visitor.screenshot({ path: shot(`published-${width}`), fullPage: true });
    await context.close();
  });
}

test('an image that cannot be uploaded after signing in stops publishing, says which, and stays in the draft', async ({
  page,
}) => {
  test.setTimeout(4 * 60_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const uploads = watchImageUploads(page);
  await fillThePage(page, 'A Guide With A Stubborn Logo');
  await chooseImages(page);
  await page.getByRole('button', { name: 'Save & Publish' }).click();

  // The connection drops just as the images go up.
  await page.route('**/api/images', (route) => route.abort('internetdisconnected'));
  await signUpAtTheGate(page, 'Stubborn Owner', uniqueEmail('images-offline'), 'images-before-sign-in-1');
  const message =
    'Your logo could not be uploaded, so your page was not published. Could not reach the server. Check your connection and try again. Your logo is still in your draft: publish again, or replace or remove it.';
  await expect(toastWith(page, message)).toBeVisible({ timeout: 20_000 });
  await expect(editorTab(page, 'Design')).toHaveAttribute('aria-selected', 'true');
  const replaceLogo = page.getByRole('button', { name: 'Replace Logo' });
  await expect(replaceLogo).toHaveAccessibleDescription(new RegExp(message.replace(/[.:]/g, '\\$&')));
  await expect(replaceLogo).toBeFocused();
  expect(await loadedImage(page.getByRole('img', { name: 'Logo: the chosen image' }))).toMatch(/^blob:/);
  expect(await seriousViolations(page), 'the upload error').toEqual([]);
  await page.screenshot({ path: shot('upload-failed-1280') });
  // Nothing was published; the page (not its images) was not even saved.
  const { items } = (await (await page.request.get('/api/forms')).json()) as { items: unknown[] };
  expect(items).toEqual([]);

  // Signed in now, a new cover uploads at once, as it always has.
  await page.unroute('**/api/images');
  await page
    .locator('#creator-design-cover')
    .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: await coverPng() });
  await expect.poll(() => uploads.filter((status) => status === 201).length).toBe(1);
  await expect(page.getByText(KEPT_NOTE)).toHaveCount(1); // only the logo is still in the browser

  // Back online, publishing again uploads the logo and publishes both.
  await page.getByRole('button', { name: 'Save & Publish' }).click();
  await expect(toastWith(page, 'Your landing page has been published successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  const form = await onlyForm(page);
  expect(form.published?.design.logo).not.toBeNull();
  expect(form.published?.design.cover).not.toBeNull();
  const logo = await page.request.get(`/img/${form.published!.design.logo!.id}/640.webp`);
  expect(logo.status()).toBe(200);
});
