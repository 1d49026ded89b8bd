import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { DEFAULT_DESIGN, type Design, type ImageRef } from '@/domain/form-config';
import { partnerLogoPng, portraitPng } from '@tests/kit/brand-images';
import { everySection, SECTION_VIDEO_URL, type DeadlineChoice } from '@tests/kit/sections';
import { PUBLIC_URL } from '../../playwright.config';
import { createPublishedForm, seriousViolations, signUp, uniqueEmail } from './support.js';

// A visitor on a published page with every kind of section, on a phone and a desktop, with
// JavaScript and without: the sections are there in the design's colours, questions open by
// themselves, the video asks nothing of its provider before it is pressed, every call to action
// leads to the form and a sign-up from there goes through; a deadline that closed the form shows its
// message instead.

const WIDTHS = [
  { width: 375, height: 812 },
  { width: 1280, height: 900 },
] as const;
const LOCAL_HOSTS = new Set([new URL(PUBLIC_URL).hostname, 'localhost']);

async function uploadImage(request: APIRequestContext, png: Buffer, name: string): Promise<ImageRef> {
  const res = await request.post('/api/images', { multipart: { file: { name, mimeType: 'image/png', buffer: png } } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as ImageRef;
}

/** Publishes a page with every section (their photos and logos uploaded) and returns its address. */
async function publishSectionsPage(page: Page, design: Partial<Design>, deadline: DeadlineChoice = {}) {
  const portraits = [
    await uploadImage(page.request, await portraitPng(0), 'maya.png'),
    await uploadImage(page.request, await portraitPng(1), 'tomas.png'),
  ];
  const author = await uploadImage(page.request, await portraitPng(3), 'jordan.png');
  const logos = [
    await uploadImage(page.request, await partnerLogoPng(0), 'ledger.png'),
    await uploadImage(page.request, await partnerLogoPng(1), 'copperline.png'),
  ];
  const { id } = await createPublishedForm(
    page.request,
    { title: 'The Email Marketing Playbook', businessName: 'Northwind Press', leadMagnetName: 'The Playbook' },
    {
      design: { ...DEFAULT_DESIGN, ...design },
      sections: everySection({ portraits, author, logos }, deadline),
      doubleOptIn: false,
    },
  );
  return `${PUBLIC_URL}/f/${id}`;
}

/** A fresh visitor, with or without JavaScript, and every address its page asks for off this machine. */
async function visitorOn(browser: Browser, url: string, viewport: { width: number; height: number }, javaScriptEnabled: boolean) {
  const context = await browser.newContext({ viewport, javaScriptEnabled, storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  const foreign: string[] = [];
  page.on('request', (request) => {
    if (!LOCAL_HOSTS.has(new URL(request.url()).hostname)) foreign.push(request.url());
  });
  if (javaScriptEnabled)
    await page.addInitScript(() => {
      (window as unknown as { shifts: number }).shifts = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
          if (!entry.hadRecentInput) (window as unknown as { shifts: number }).shifts += entry.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
  const response = await page.goto(url);
  expect(response?.status()).toBe(200);
  return { page, foreign, close: () => context.close() };
}

test('a visitor reads every section, opens a question, plays the video and signs up from a call to action', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await signUp(page, { name: 'Sections Owner', email: uniqueEmail('sections'), password: 'password123' });
  await expect(page).toHaveURL(/\/dashboard/);
  const pages = {
    below: await publishSectionsPage(page, { formPlacement: 'below' }),
    beside: await publishSectionsPage(page, { formPlacement: 'beside', background: 'dark', brandColor: '#F59E0B' }),
  };
  const headings = everySection().map((s) => s.heading);

  for (const [placement, url] of Object.entries(pages)) {
    for (const viewport of WIDTHS) {
      for (const js of [true, false]) {
        const label = `${placement}, ${viewport.width} px, JavaScript ${js ? 'on' : 'off'}`;
        await test.step(label, async () => {
          const { page: visitor, foreign, close } = await visitorOn(browser, url, viewport, js);
          const openedAt = Date.now();
          for (const heading of headings)
            await expect(visitor.getByRole('heading', { level: 2, name: heading }), label).toBeVisible();
          // The sections follow the form on a phone: the form is reached at once.
          const form = visitor.locator('#ls-form');
          const firstSection = visitor.locator('.ls-section').first();
          if (viewport.width === 375) {
            expect((await form.boundingBox())!.y).toBeLessThan((await firstSection.boundingBox())!.y);
            await expect(visitor.getByLabel(/Email Address/)).toBeInViewport();
          } else if (placement === 'beside') {
            // Beside the sections, and still in view once the reader has scrolled down to the questions.
            await visitor.getByText('Who is it for?').scrollIntoViewIfNeeded();
            await expect(form).toBeInViewport();
            expect((await form.boundingBox())!.x).toBeGreaterThan((await firstSection.boundingBox())!.x);
          }

          if (js) {
            expect(await seriousViolations(visitor), label).toEqual([]);
            expect(await visitor.evaluate(() => (window as unknown as { shifts: number }).shifts), label).toBe(0);
          }

          // Their words and images, on the page in the design's colours.
          await expect(visitor.getByText('Jordan Avery', { exact: true })).toBeVisible();
          await expect(visitor.getByRole('link', { name: 'Website' })).toHaveAttribute('rel', 'noopener');
          const photo = visitor.locator('.ls-author img');
          await photo.scrollIntoViewIfNeeded();
          // Loaded once in view (it is lazy), from this host.
          if (js)
            await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
          await expect(visitor.getByRole('img', { name: 'Partner 2' })).toBeVisible();

          // A question opens by a click, with or without JavaScript.
          const answer = visitor.getByText('shops and makers');
          await expect(answer).toBeHidden();
          await visitor.getByText('Who is it for?').click();
          await expect(answer).toBeVisible();

          // The deadline, as the server wrote it; the countdown only where a script can tick it.
          await expect(visitor.getByText('Offer ends 30 June 2030 at 18:00 BST')).toBeVisible();
          await expect(visitor.locator('time[datetime="2030-06-30T17:00:00.000Z"]')).toBeVisible();
          const countdown = visitor.locator('.ls-countdown');
          if (js) {
            await expect(countdown).toBeVisible();
            await expect(countdown.locator('.ls-num').first()).not.toHaveText('--');
          } else await expect(countdown).toBeHidden();

          // The video: a still and a link to it; nothing asked of the provider until it is pressed.
          const play = visitor.getByRole('link', { name: 'Play video: A two-minute tour of the Email Marketing Playbook' });
          await expect(play).toHaveAttribute('href', SECTION_VIDEO_URL);
          expect(foreign, label).toEqual([]);
          if (js) {
            // The box of the video and where the next section starts, on the page (not in the window, which scrolls).
            const layout = () =>
              visitor.evaluate(() => {
                const video = document.querySelector('.ls-video')!.getBoundingClientRect();
                const next = document.querySelector('.ls-video')!.closest('section')!.nextElementSibling!.getBoundingClientRect();
                return { width: video.width, height: video.height, top: video.top + scrollY, next: next.top + scrollY };
              });
            const before = await layout();
            await play.click();
            const player = visitor.locator('.ls-video iframe');
            await expect(player).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1');
            await expect(player).toHaveAttribute('title', 'A two-minute tour of the Email Marketing Playbook');
            expect(await layout()).toEqual(before); // the same box: nothing moved
            await expect.poll(() => foreign.length).toBeGreaterThan(0);
            for (const address of foreign) expect(address).toMatch(/^https:\/\/www\.youtube-nocookie\.com\//);
          }

          // A call to action takes the reader to the form, and the sign-up from there goes through.
          await visitor.getByRole('link', { name: 'Send me the playbook' }).click();
          await expect(visitor).toHaveURL(/#ls-form$/);
          const email = visitor.getByLabel(/Email Address/);
          await expect(email).toBeInViewport();
          await email.fill(uniqueEmail('reader'));
          await visitor.getByRole('checkbox', { name: /I agree/ }).check();
          const left = 2250 - (Date.now() - openedAt);
          if (left > 0) await visitor.waitForTimeout(left);
          await visitor.getByRole('button', { name: 'Get The Playbook' }).click();
          await expect(visitor.getByRole('heading', { level: 1, name: 'Thank You!' })).toBeVisible();
          await close();
        });
      }
    }
  }
});

test('a deadline in the past that closes the form shows its message instead, with status 200', async ({ page, browser }) => {
  await signUp(page, { name: 'Deadline Owner', email: uniqueEmail('deadline'), password: 'password123' });
  await expect(page).toHaveURL(/\/dashboard/);
  const url = await publishSectionsPage(
    page,
    { formPlacement: 'beside' },
    {
      endsAt: '2026-01-31T09:00',
      timeZone: 'Europe/Paris',
      afterDeadline: 'closeForm',
      endedMessage: 'The free edition has ended.',
    },
  );
  for (const viewport of WIDTHS) {
    const { page: visitor, close } = await visitorOn(browser, url, viewport, true);
    await expect(visitor.getByText('The free edition has ended.')).toBeVisible();
    await expect(visitor.locator('form')).toHaveCount(0);
    await expect(visitor.getByRole('link', { name: 'Send me the playbook' })).toHaveCount(0);
    await expect(visitor.getByText('Offer ended 31 January 2026 at 09:00 CET')).toBeVisible();
    // The rest of the page is still there.
    await expect(visitor.getByRole('heading', { level: 2, name: 'What readers say' })).toBeVisible();
    expect(await seriousViolations(visitor), `closed at ${viewport.width} px`).toEqual([]);
    await close();
  }
});
