import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { PUBLIC_URL } from '../../playwright.config';
import { chooseLogoAndCover, createPublishedForm, editorTab, signUp, uniqueEmail } from './support.js';

// A shared link to a published page (docs/decisions/0079): the tags a crawler reads, the card it
// fetches, and the same card in the creator's Basic Info tab as the owner types.

test('a published page carries its link preview tags and a 1200 × 630 card, which the creator shows as the owner types', async ({
  page,
}) => {
  await signUp(page, { name: 'Lina Links', email: uniqueEmail('links'), password: 'link-preview-pass-1' });
  await expect(page).toHaveURL(/\/dashboard$/);
  const title = 'The "Linked" <Guide>';
  const form = await createPublishedForm(page.request, {
    title,
    description: 'Learn **why** it works, in [five steps](https://example.com).',
    businessName: 'Lina & Co',
  });
  expect(form.publicUrl.startsWith(PUBLIC_URL)).toBe(true);

  // What a crawler reads: the tags in the head, as a browser parses them.
  const visitor = await page
    .context()
    .browser()!
    .newContext({ storageState: { cookies: [], origins: [] } });
  const crawler = await visitor.newPage();
  await crawler.goto(form.publicUrl);
  const meta = await crawler.evaluate(() =>
    Object.fromEntries(
      [...document.head.querySelectorAll('meta[name], meta[property]')].map((m) => [
        m.getAttribute('name') ?? m.getAttribute('property'),
        m.getAttribute('content'),
      ]),
    ),
  );
  expect(meta).toMatchObject({
    description: 'Learn why it works, in five steps.',
    'og:title': title,
    'og:description': 'Learn why it works, in five steps.',
    'og:site_name': 'Lina & Co',
    'og:url': form.publicUrl,
    'og:image:width': '1200',
    'og:image:height': '630',
    'twitter:card': 'summary_large_image',
    'twitter:title': title,
  });
  expect(meta['og:image']).toBe(`${form.publicUrl}/card.png?v=1`);
  expect(meta['twitter:image']).toBe(meta['og:image']);
  expect(await crawler.locator('head script').count()).toBe(0);
  await visitor.close();

  // The card itself, fetched from its absolute address as a chat app would.
  const card = await page.request.get(meta['og:image']!);
  expect(card.status()).toBe(200);
  expect(card.headers()['content-type']).toBe('image/png');
  const info = await sharp(await card.body()).metadata();
  expect([info.format, info.width, info.height]).toEqual(['png', 1200, 630]);

  // In the creator, the Basic Info tab shows the card under the description, following the title.
  await page.goto(`/page-creator?edit=${form.id}`);
  const preview = page.getByTestId('link-preview-card');
  await expect(preview).toContainText(title);
  await expect(preview).toContainText('Learn why it works, in five steps.');
  await expect(preview).toContainText(new URL(PUBLIC_URL).host);
  await page.locator('#creator-title').fill('A brand new title');
  await expect(preview).toContainText('A brand new title');
  const picture = preview.getByRole('img');
  await expect(picture).toHaveAttribute('src', /^data:image\/svg\+xml,/);
  const drawn = await picture.evaluate((img: HTMLImageElement) => ({
    svg: decodeURIComponent(img.src.slice('data:image/svg+xml,'.length)),
    width: img.naturalWidth,
    shown: img.getBoundingClientRect(),
  }));
  expect(drawn.svg).toContain('>A brand new title</text>');
  expect(drawn.width).toBe(1200);
  expect(Math.round((drawn.shown.width / drawn.shown.height) * 100)).toBe(Math.round((1200 / 630) * 100));

  // With a cover chosen, the card is the cover, cut to the card's shape as the server cuts it.
  await editorTab(page, 'Design').click();
  await chooseLogoAndCover(page);
  await editorTab(page, 'Basic Info').click();
  await expect(picture).not.toHaveAttribute('src', /^data:/);
  await expect
    .poll(() => picture.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)))
    .toBeGreaterThanOrEqual(1200);
  expect(await picture.evaluate((img) => getComputedStyle(img).objectFit)).toBe('cover');
});
