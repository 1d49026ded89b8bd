import { expect, test, type Frame, type FrameLocator, type Locator, type Page } from '@playwright/test';
import { PUBLIC_URL } from '../../playwright.config';
import {
  chooseLogoAndCover,
  editorTab,
  pdfFile,
  seriousViolations,
  signUp,
  toastWith,
  tricklingProxy,
  uniqueEmail,
} from './support.js';

// The Design tab: the owner's colour, background, font, logo and cover, shown the same in the
// creator's preview (desktop and 375 px) and on the published page, with every text legible.

const PREVIEW_FRAME = 'iframe[title^="Landing page preview"]';

/** The page's box geometry and colours, read in the browser. */
async function measure(frame: Page | Frame) {
  return frame.evaluate(() => {
    const box = (selector: string) => {
      const r = document.querySelector(selector)!.getBoundingClientRect();
      return { x: Math.round(r.x), y: Math.round(r.y), width: Math.round(r.width), height: Math.round(r.height) };
    };
    const page = document.querySelector('.ls-page')!;
    const button = document.querySelector('.ls-button')!;
    const cover = document.querySelector<HTMLImageElement>('.ls-cover')!;
    const logo = document.querySelector<HTMLImageElement>('.ls-logo')!;
    return {
      background: getComputedStyle(page).backgroundImage,
      font: getComputedStyle(page).fontFamily,
      title: getComputedStyle(document.querySelector('.ls-title')!).color,
      button: getComputedStyle(button).backgroundColor,
      buttonText: getComputedStyle(button).color,
      buttonLabel: button.textContent,
      cover: box('.ls-cover'),
      card: box('.ls-card'),
      logo: box('.ls-logo'),
      coverLoaded: cover.complete && cover.naturalWidth > 0,
      logoLoaded: logo.complete && logo.naturalWidth > 0,
      coverSource: cover.currentSrc,
    };
  });
}

/** The preview's iframe, as a frame to evaluate in. */
async function previewFrame(page: Page): Promise<Frame> {
  const frame = await (await page.locator(PREVIEW_FRAME).elementHandle())?.contentFrame();
  if (!frame) throw new Error('no preview frame');
  return frame;
}

/** The preview frame grows to its page's height (PreviewFrame): wait until it has, after a change of width. */
async function frameSettled(page: Page) {
  await expect
    .poll(() =>
      page
        .locator(PREVIEW_FRAME)
        .evaluate((f: HTMLIFrameElement) => Math.abs(f.getBoundingClientRect().height - f.contentDocument!.body.scrollHeight)),
    )
    .toBeLessThanOrEqual(1);
}

async function imagesLoaded(target: Page | FrameLocator) {
  for (const selector of ['.ls-logo', '.ls-cover']) {
    const image: Locator = target.locator(selector);
    await expect(image).toBeVisible();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  }
}

test('the Design tab brands the page, the same in the preview at both sizes and on the published page', async ({
  page,
}, testInfo) => {
  test.slow();
  await signUp(page, { name: 'Nora Northwind', email: uniqueEmail('design'), password: 'design-tab-pass-1' });
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/page-creator');

  await page.getByLabel('Title', { exact: true }).fill('The Small Business Email Playbook');
  await page
    .getByLabel('Description', { exact: true })
    .fill('Forty pages of tactics that work: subject lines, welcome sequences and the three emails that sell.');
  await page.getByLabel('Business name', { exact: true }).fill('Northwind Press');
  await page.locator('#creator-lead-magnet').setInputFiles(pdfFile('email-playbook.pdf'));
  await page.getByLabel('Lead magnet name', { exact: true }).fill('Email Playbook');
  await editorTab(page, 'Settings').click();
  await page.getByLabel('Privacy policy address', { exact: true }).fill('https://northwind.example/privacy');

  // The sixth tab.
  await editorTab(page, 'Design').click();
  await expect(editorTab(page, 'Design')).toHaveAttribute('aria-selected', 'true');
  const hex = page.getByLabel('Hex code', { exact: true });
  await expect(hex).toHaveValue('#4338CA');
  await expect(page.getByLabel('Colour picker', { exact: true })).toHaveValue('#4338ca');
  await expect(page.getByText('Button text is automatically white')).toBeVisible();
  await expect(page.getByText('Adjusted for legibility.')).toHaveCount(0);

  // A half-typed code is flagged on leaving the box, and the page keeps its colour.
  await hex.clear();
  await hex.pressSequentially('#FACC1');
  await hex.blur();
  await expect(hex).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Use a colour like #4338CA. The page keeps #4338CA until then.')).toBeVisible();
  // A yellow: the button keeps it with dark text; as text on white it is darkened, and the tab says so.
  await hex.fill('#facc15');
  await expect(page.getByText(/Use a colour like/)).toHaveCount(0);
  await expect(hex).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Colour picker', { exact: true })).toHaveValue('#facc15');
  await expect(page.getByText('Button text is automatically near-black')).toBeVisible();
  await expect(page.getByText('Adjusted for legibility.').first()).toBeVisible();
  await expect(page.getByText(/too light to read as text on the white form/)).toBeVisible();

  // Radio groups work from the keyboard: Tint → Plain → Gradient → Dark with the arrow keys.
  const tint = page.getByRole('radio', { name: /^Tint/ });
  await expect(tint).toBeChecked();
  await tint.focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: /^Plain/ })).toBeChecked();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: /^Gradient/ })).toBeChecked();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: /^Dark/ })).toBeChecked();
  await page.getByRole('radio', { name: /^Serif/ }).check();

  await chooseLogoAndCover(page, 'The playbook on a warm yellow backdrop');
  await page.getByRole('radio', { name: /^Left/ }).check();
  const buttonText = page.getByLabel('Button text', { exact: true });
  await expect(buttonText).toHaveAttribute('placeholder', 'Get Email Playbook');
  await buttonText.fill('Send me the playbook');
  expect(await seriousViolations(page), 'Design tab').toEqual([]);
  await page.getByRole('main').screenshot({ path: testInfo.outputPath('design-tab.png') });

  // The preview at desktop width: the cover beside the form, the yellow button, the serif font.
  await page.getByRole('button', { name: 'Preview', exact: true }).click();
  await imagesLoaded(page.frameLocator(PREVIEW_FRAME));
  const preview = await measure(await previewFrame(page));
  expect(preview.button).toBe('rgb(250, 204, 21)');
  expect(preview.buttonText).toBe('rgb(3, 3, 3)');
  expect(preview.buttonLabel).toBe('Send me the playbook');
  expect(preview.title).toBe('rgb(249, 250, 251)');
  expect(preview.background).toMatch(/^linear-gradient/);
  expect(preview.font).toMatch(/Iowan Old Style/);
  expect(preview.coverLoaded && preview.logoLoaded).toBe(true);
  expect(preview.cover.x + preview.cover.width).toBeLessThanOrEqual(preview.card.x); // beside, on the left
  expect(await seriousViolations(page), 'desktop preview').toEqual([]);
  await frameSettled(page);
  await page.locator(PREVIEW_FRAME).screenshot({ path: testInfo.outputPath('preview-desktop.png') });

  // At 375 px the cover stacks between the title and the form.
  await page.getByRole('button', { name: 'Mobile Preview (375px)' }).click();
  await expect(page.locator(PREVIEW_FRAME)).toHaveAttribute('title', 'Landing page preview, mobile');
  await imagesLoaded(page.frameLocator(PREVIEW_FRAME));
  const mobile = await measure(await previewFrame(page));
  expect(mobile.cover.y + mobile.cover.height).toBeLessThanOrEqual(mobile.card.y);
  expect(mobile.cover.width).toBe(mobile.card.width);
  expect(await seriousViolations(page), 'mobile preview').toEqual([]);
  await frameSettled(page);
  // Tall enough to hold the whole phone frame: Chromium does not paint a frame's parts outside the window.
  await page.setViewportSize({ width: 1280, height: 1600 });
  await page.locator(PREVIEW_FRAME).screenshot({ path: testInfo.outputPath('preview-mobile.png') });

  // Published: the same design, served to visitors.
  await page.getByRole('button', { name: 'Publish Landing Page' }).click();
  await expect(toastWith(page, 'Your landing page has been published successfully!')).toBeVisible();
  const { items } = (await (await page.request.get('/api/forms')).json()) as { items: { id: string }[] };
  const url = `${PUBLIC_URL}/f/${items[0]!.id}`;

  const visitor = await page.context().newPage();
  // Layout shifts from the first byte: images with their sizes known must cause none.
  await visitor.addInitScript(() => {
    (window as unknown as { shifts: number }).shifts = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        (window as unknown as { shifts: number }).shifts += (entry as unknown as { value: number }).value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  for (const [width, height, name] of [
    [1280, 900, 'published-1280.png'],
    [375, 812, 'published-375.png'],
  ] as const) {
    await visitor.setViewportSize({ width, height });
    await visitor.goto(url);
    await imagesLoaded(visitor);
    const live = await measure(visitor);
    expect(live.button).toBe(preview.button);
    expect(live.buttonText).toBe(preview.buttonText);
    expect(live.title).toBe(preview.title);
    expect(live.background).toBe(preview.background);
    expect(live.font).toBe(preview.font);
    expect(live.buttonLabel).toBe('Send me the playbook');
    if (width === 1280) expect(live.cover.x + live.cover.width).toBeLessThanOrEqual(live.card.x);
    else expect(live.cover.y + live.cover.height).toBeLessThanOrEqual(live.card.y);
    expect(await visitor.evaluate(() => (window as unknown as { shifts: number }).shifts)).toBe(0);
    expect(await seriousViolations(visitor), `published at ${width}px`).toEqual([]);
    await visitor.screenshot({ path: testInfo.outputPath(name), fullPage: true });
  }

  // Over a slow network the browser paints the page before it has all arrived: what comes later
  // goes below what is shown, and moves nothing.
  const slow = await tricklingProxy(PUBLIC_URL, '</header>');
  try {
    await visitor.setViewportSize({ width: 1280, height: 900 });
    await visitor.goto(`${slow.url}/f/${items[0]!.id}`);
    await imagesLoaded(visitor);
    expect(await visitor.evaluate(() => (window as unknown as { shifts: number }).shifts)).toBe(0);
  } finally {
    await slow.close();
  }
});
