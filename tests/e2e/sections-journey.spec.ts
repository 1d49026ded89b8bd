import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { TEMPLATES } from '@/domain/templates';
import { partnerLogoPng } from '@tests/kit/brand-images';
import { PUBLIC_URL } from '../../playwright.config';
import { addSection, editorTab, pdfFile, sectionCard, signUp, toastWith, uniqueEmail } from './support.js';

// docs/product.md#sections, as a marketer walks it: a page from the Professional Ebook template,
// whose sections are written for an ebook, gets the kinds it lacks (logos, a video, a deadline) on
// the Sections tab and is published. A visitor reads it at 375 and 1280 px, with and without
// JavaScript: opens a question, plays the video, and signs up from the second call to action. The
// shared link carries its preview tags and card. Screenshots go to /tmp/sections-journey-*.png.

const TEMPLATE = TEMPLATES.find((t) => t.slug === 'professional-ebook')!;
const VIDEO = 'https://youtu.be/dQw4w9WgXcQ';
const LOCAL_HOSTS = new Set([new URL(PUBLIC_URL).hostname, 'localhost']);
const shot = (name: string) => `/tmp/sections-journey-${name}.png`;

test('an owner builds a page from a template with every kind of section; visitors read it, play the video, open a question and sign up from the second call to action', async ({
  page,
  browser,
}) => {
  test.setTimeout(4 * 60_000);
  await signUp(page, { name: 'Maren Holt', email: uniqueEmail('journey'), password: 'sections-journey-1' });
  await expect(page).toHaveURL(/\/dashboard$/);

  // The template: its sections are there already, written for an ebook.
  await page.goto(`/page-creator?template=${TEMPLATE.slug}`);
  await page.getByLabel('Business name', { exact: true }).fill('Holt & Harbour');
  await page.locator('#creator-lead-magnet').setInputFiles(pdfFile('ebook.pdf'));
  await editorTab(page, 'Settings').click();
  await page.getByLabel('Privacy policy address', { exact: true }).fill('https://holt.example/privacy');
  await editorTab(page, 'Sections').click();
  const sections = page.getByRole('tabpanel', { name: 'Sections' });
  const fromTemplate = TEMPLATE.config.sections.map((s) => s.type);
  expect(fromTemplate).toEqual(expect.arrayContaining(['benefits', 'author', 'testimonials', 'faq', 'cta']));
  for (const type of fromTemplate) await expect(sectionCard(sections, type)).toHaveCount(1);

  // The kinds the template lacks.
  await addSection(sections, 'logos');
  const logos = sectionCard(sections, 'logos');
  await logos
    .locator('input[type="file"]')
    .setInputFiles({ name: 'herald.png', mimeType: 'image/png', buffer: await partnerLogoPng(0) });
  await logos.getByLabel('Name', { exact: true }).fill('The Harbour Herald');
  await addSection(sections, 'video');
  const video = sectionCard(sections, 'video');
  await video.getByLabel('Video link', { exact: true }).fill(VIDEO);
  await video.getByLabel('Video title', { exact: true }).fill('Inside the ebook in two minutes');
  await addSection(sections, 'deadline');
  const deadline = sectionCard(sections, 'deadline');
  await deadline.getByLabel('Time zone', { exact: true }).selectOption('Europe/Oslo');
  await deadline.getByLabel('When the offer ends', { exact: true }).fill('2031-03-01T12:00');
  await page.screenshot({ path: shot('creator'), fullPage: true });

  await page.getByRole('button', { name: 'Save & Publish' }).click();
  await expect(toastWith(page, 'Your landing page has been published successfully!')).toBeVisible({ timeout: 20_000 });
  const { items } = (await (await page.request.get('/api/forms')).json()) as { items: { id: string }[] };
  const url = `${PUBLIC_URL}/f/${items[0]!.id}`;
  const headings = [...TEMPLATE.config.sections.map((s) => s.heading).filter(Boolean), 'As featured in', 'Offer ends'];
  const faq = TEMPLATE.config.sections.find((s) => s.type === 'faq')!;
  if (faq.type !== 'faq') throw new Error('the template has no FAQ');
  const cta = TEMPLATE.config.sections.find((s) => s.type === 'cta')!;
  if (cta.type !== 'cta') throw new Error('the template has no call to action');

  for (const width of [375, 1280]) {
    for (const js of [true, false]) {
      const label = `${width} px, JavaScript ${js ? 'on' : 'off'}`;
      await test.step(label, async () => {
        const context = await browser.newContext({
          viewport: { width, height: 850 },
          javaScriptEnabled: js,
          storageState: { cookies: [], origins: [] },
        });
        const visitor = await context.newPage();
        const foreign: string[] = [];
        visitor.on('request', (r) => {
          if (!LOCAL_HOSTS.has(new URL(r.url()).hostname)) foreign.push(r.url());
        });
        expect((await visitor.goto(url))?.status()).toBe(200);
        const openedAt = Date.now();
        for (const heading of headings)
          await expect(visitor.getByRole('heading', { level: 2, name: heading }), label).toBeVisible();
        await expect(visitor.getByRole('img', { name: 'The Harbour Herald' })).toBeVisible();
        await expect(visitor.getByText('Offer ends 1 March 2031 at 12:00 CET')).toBeVisible();
        await visitor.screenshot({ path: shot(`${width}-${js ? 'js' : 'nojs'}`), fullPage: true });

        // A question opens by a click, with or without JavaScript.
        const question = faq.items[0]!;
        const summary = visitor.getByText(question.question, { exact: true });
        await summary.click();
        await expect(visitor.locator('details', { has: summary })).toHaveAttribute('open', '');

        // Nothing asked of YouTube until the visitor presses play; then only its privacy-enhanced host.
        const play = visitor.getByRole('link', { name: 'Play video: Inside the ebook in two minutes' });
        await expect(play).toBeVisible();
        expect(foreign, label).toEqual([]);
        if (js) {
          await play.click();
          await expect(visitor.locator('.ls-video iframe')).toHaveAttribute(
            'src',
            'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1',
          );
          await expect.poll(() => foreign.length).toBeGreaterThan(0);
          for (const address of foreign) expect(address).toMatch(/^https:\/\/www\.youtube-nocookie\.com\//);
        } else {
          await expect(play).toHaveAttribute('href', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ');
        }

        // The second call to action, at the end of the page, leads to the form; the sign-up goes through.
        const again = visitor.getByRole('link', { name: cta.buttonText || /^Get / }).last();
        await again.scrollIntoViewIfNeeded();
        await again.click();
        await expect(visitor).toHaveURL(/#ls-form$/);
        const email = visitor.getByLabel(/Email Address/);
        await expect(email).toBeInViewport();
        await email.fill(uniqueEmail('reader'));
        const firstName = visitor.getByLabel(/^First Name/);
        if (await firstName.count()) await firstName.fill('Reader');
        await visitor.getByRole('checkbox', { name: /I agree/ }).check();
        const left = 2250 - (Date.now() - openedAt);
        if (left > 0) await visitor.waitForTimeout(left);
        await visitor.getByRole('button', { name: /^Get / }).click();
        await expect(visitor.getByRole('heading', { level: 1, name: 'Thank You!' })).toBeVisible();
        await context.close();
      });
    }
  }

  // The four sign-ups are the page's leads.
  await expect
    .poll(
      async () =>
        ((await (await page.request.get(`/api/forms/${items[0]!.id}/leads`)).json()) as { items: unknown[] }).items.length,
    )
    .toBe(4);

  // The shared link: its tags, and the card a chat app fetches.
  const html = await (await page.request.get(url)).text();
  const tag = (property: string) => new RegExp(`<meta (?:property|name)="${property}" content="([^"]*)"`).exec(html)?.[1];
  expect(tag('og:title')).toBe(TEMPLATE.config.title);
  expect(tag('twitter:card')).toBe('summary_large_image');
  expect(tag('description')?.length).toBeGreaterThan(20);
  const image = await page.request.get(tag('og:image')!.replace(/&amp;/g, '&'));
  expect(image.status()).toBe(200);
  const info = await sharp(await image.body()).metadata();
  expect([info.width, info.height]).toEqual([1200, 630]);
});
