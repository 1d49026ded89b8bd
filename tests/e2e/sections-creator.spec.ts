import { expect, test, type Locator, type Page } from '@playwright/test';
import { imageUrl } from '@/domain/images';
import type { FormConfig } from '@/domain/form-config';
import { SECTION_LABELS, SECTION_TYPES, sectionMessages, type Section, type SectionType } from '@/domain/sections';
import { coverPng, logoPng } from '@tests/kit/brand-images';
import {
  addSection,
  editorTab,
  pdfFile,
  sectionCard,
  seriousViolations,
  signUpAtTheGate,
  toastWith,
  uniqueEmail,
  watchImageUploads,
} from './support.js';

// docs/product.md#sections: a new owner, signed out, builds a page's sections on the Sections tab:
// one of each kind, filled in, one moved with the keyboard and one hidden, a testimonial's photo and
// a logo kept in the browser, the form placed beside the sections, and variant B with sections of
// its own. Signing up at the gate publishes all of it, the images uploaded on the way: the API
// holds the sections in the owner's order, pointing at the stored images.

test.use({ timezoneId: 'Europe/Lisbon' });

const shot = (name: string) => `/tmp/sections-creator-${name}.png`;
const live = (page: Page) => page.locator('[id^="DndLiveRegion"]');
const KEPT_NOTE = 'Saved in this browser with your draft. It is uploaded when you publish.';

const headings = (within: Locator) => within.getByRole('heading', { level: 2 }).allTextContents();

test('signed out, an owner adds every kind of section, orders, hides and fills them, and publishes them through the sign-in gate', async ({
  page,
}) => {
  // Two axe passes and two uploads on a busy 2-core machine.
  test.setTimeout(5 * 60_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const uploads = watchImageUploads(page);

  await page.goto('/page-creator');
  await page.getByLabel('Title', { exact: true }).fill('The Weeknight Cookbook');
  await expect(page.getByLabel('Description', { exact: true })).toHaveAccessibleDescription(/\*\*bold\*\*, \*italic\*/);
  await page.getByLabel('Business name', { exact: true }).fill('Northwind Kitchen');
  await page.getByLabel('Lead magnet name', { exact: true }).fill('The Weeknight Cookbook');
  await page.locator('#creator-lead-magnet').setInputFiles(pdfFile('cookbook.pdf'));
  await editorTab(page, 'Settings').click();
  await page.getByLabel('Privacy policy address', { exact: true }).fill('https://northwind.example/privacy');

  // One section of each kind, in the order the menu offers them.
  await editorTab(page, 'Sections').click();
  const sections = page.getByRole('tabpanel', { name: 'Sections' });
  await expect(sections.getByText('No sections yet.')).toBeVisible();
  // The choices say what each kind is for, and Escape closes them.
  await sections.getByRole('button', { name: 'Add section' }).click();
  await expect(sections.getByRole('button', { name: 'FAQ', exact: true })).toHaveAccessibleDescription(
    'Questions and answers that open on a tap',
  );
  await page.keyboard.press('Tab');
  await page.keyboard.press('Escape');
  await expect(sections.getByRole('button', { name: 'Add section' })).toBeFocused();
  await expect(sections.getByRole('group', { name: 'Kinds of section' })).toHaveCount(0);
  for (const type of SECTION_TYPES) await addSection(sections, type);
  expect(await headings(sections)).toEqual(SECTION_TYPES.map((type) => SECTION_LABELS[type]));

  // What's inside: two benefits, the first with a book.
  const benefits = sectionCard(sections, 'benefits');
  await benefits.getByRole('radio', { name: 'Book' }).check();
  await benefits.getByLabel('Text', { exact: true }).fill('**Forty** dinners, ready in 20 minutes');
  await expect(benefits.getByLabel('Text', { exact: true })).toHaveAccessibleDescription(/\*\*bold\*\*, \*italic\*/);
  await benefits.getByRole('button', { name: 'Add benefit' }).click();
  await expect(benefits.getByLabel('Text', { exact: true }).nth(1)).toBeFocused();
  await page.keyboard.type('A shopping list for each week');

  // A testimonial with a photo, kept in this browser: nothing is sent while signed out.
  const testimonials = sectionCard(sections, 'testimonials');
  await testimonials.getByLabel('Quote', { exact: true }).fill('I cook every night now.');
  await testimonials.getByLabel('Name', { exact: true }).fill('Ada Moreira');
  await testimonials.getByLabel('Role', { exact: true }).fill('Home cook, Porto');
  await testimonials
    .locator('input[type="file"]')
    .setInputFiles({ name: 'ada.png', mimeType: 'image/png', buffer: await coverPng() });
  await expect(testimonials.getByRole('button', { name: 'Replace Photo' })).toHaveAccessibleDescription(new RegExp(KEPT_NOTE));

  const author = sectionCard(sections, 'author');
  await author.getByLabel('Name', { exact: true }).fill('Nora North');
  await author.getByLabel('Short bio', { exact: true }).fill('Twenty years of *weeknight* cooking.');
  await author.getByRole('button', { name: 'Add link' }).click();
  await author.getByLabel('Link text', { exact: true }).fill('Website');
  await author.getByLabel('Address', { exact: true }).fill('https://nora.example');

  const faq = sectionCard(sections, 'faq');
  await faq.getByLabel('Question', { exact: true }).fill('Is it free?');
  await faq.getByLabel('Answer', { exact: true }).fill('Yes, for your email address.');

  // A logo, chosen as its image: kept in the browser too.
  const logos = sectionCard(sections, 'logos');
  await logos.locator('input[type="file"]').setInputFiles({ name: 'post.png', mimeType: 'image/png', buffer: await logoPng() });
  await expect(logos.getByRole('button', { name: 'Remove Logo 1 image' })).toBeVisible();
  await logos.getByLabel('Name', { exact: true }).fill('The Morning Post');

  // A video link that is not YouTube or Vimeo says so at once.
  const video = sectionCard(sections, 'video');
  const videoLink = video.getByLabel('Video link', { exact: true });
  await videoLink.fill('https://example.com/tour');
  await expect(videoLink).toHaveAccessibleDescription(new RegExp(sectionMessages.videoUrl.replace(/[.?]/g, '\\$&')));
  await videoLink.fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
  await expect(videoLink).not.toHaveAttribute('aria-invalid');
  await video.getByLabel('Video title', { exact: true }).fill('A two-minute tour of the cookbook');

  // The deadline starts in the owner's time zone; after it, a message replaces the form.
  const deadline = sectionCard(sections, 'deadline');
  await expect(deadline.getByLabel('Time zone', { exact: true })).toHaveValue('Europe/Lisbon');
  await deadline.getByLabel('When the offer ends', { exact: true }).fill('2031-06-30T18:00');
  await expect(deadline.getByText('Visitors read: the offer ends 30 June 2031 at 18:00')).toBeVisible();
  await deadline.getByRole('radio', { name: /Show a message instead/ }).check();
  await deadline.getByLabel('Message after the deadline', { exact: true }).fill('The spring offer has ended.');

  const cta = sectionCard(sections, 'cta');
  await cta.getByLabel('Text', { exact: true }).fill('Ready for *faster* dinners?');
  await cta.getByLabel('Button text', { exact: true }).fill('Send me the cookbook');

  // The FAQ is hidden: it keeps its words.
  await faq.getByRole('switch', { name: 'Show on the page' }).click();
  await expect(faq.getByText('Hidden', { exact: true })).toBeVisible();

  // The call to action goes above the deadline, by keyboard: Space on its handle, Up, Space.
  const handle = sections.getByRole('button', { name: 'Reorder Call to action' });
  await expect(handle).toHaveAccessibleDescription(/To reorder a section, press Space or Enter on its handle/);
  await handle.focus();
  await page.keyboard.press('Space');
  await expect(live(page)).toHaveText('Picked up Call to action, at position 8 of 8.');
  await page.keyboard.press('ArrowUp');
  await expect(live(page)).toHaveText('Call to action moved to position 7 of 8.');
  await page.keyboard.press('Space');
  await expect(live(page)).toHaveText('Call to action dropped at position 7 of 8.');
  await expect(handle).toBeFocused();
  const order: SectionType[] = ['benefits', 'testimonials', 'author', 'faq', 'logos', 'video', 'cta', 'deadline'];
  expect(await headings(sections)).toEqual(order.map((type) => SECTION_LABELS[type]));
  expect(uploads).toEqual([]);

  expect(await seriousViolations(page), 'Sections tab at 1280 px').toEqual([]);
  await page.screenshot({ path: shot('1280'), fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  // The seven tabs wrap inside the editor, none cut off, their words whole; nothing scrolls sideways.
  const tabs = page.getByRole('tablist', { name: 'Page settings' });
  const tabsBox = (await tabs.boundingBox())!;
  for (const tab of await tabs.getByRole('tab').all()) {
    const box = (await tab.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(tabsBox.x);
    expect(box.x + box.width).toBeLessThanOrEqual(tabsBox.x + tabsBox.width + 0.5);
    expect(await tab.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  expect(await seriousViolations(page), 'Sections tab at 375 px').toEqual([]);
  await page.screenshot({ path: shot('375'), fullPage: true });
  await sections.getByRole('button', { name: 'Add section' }).click();
  await sections.getByRole('group', { name: 'Kinds of section' }).screenshot({ path: shot('kinds-375') });
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 1280, height: 900 });

  // Design: the form beside the sections. A/B test: B starts with a copy of A's sections, and drops the video.
  await editorTab(page, 'Design').click();
  await page.getByRole('radio', { name: /Beside the sections/ }).check();
  await page.getByRole('switch', { name: 'Run an A/B test' }).click();
  const variantB = page.getByRole('group', { name: 'Variant B sections' });
  await expect(variantB.getByText('B shows the same sections as A.')).toBeVisible();
  const toggle = variantB.getByRole('button', { name: 'Change B’s sections' });
  await toggle.click();
  await expect(variantB.getByRole('button', { name: 'Use A’s sections' })).toBeFocused();
  expect(await headings(variantB)).toEqual(order.map((type) => SECTION_LABELS[type]));
  await variantB.getByRole('button', { name: 'Remove Video' }).click();
  await expect(variantB.getByRole('button', { name: 'Add section' })).toBeFocused();
  await sectionCard(variantB, 'benefits').getByLabel('Heading', { exact: true }).fill('What B promises');

  // Publishing asks to sign in; once signed up, both images go up, then the page is published.
  await page.getByRole('button', { name: 'Save & Publish' }).click();
  await signUpAtTheGate(page, 'Nora North', uniqueEmail('sections'), 'sections-creator-1');
  await expect(toastWith(page, 'Your landing page has been published successfully!')).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(uploads).toEqual([201, 201]);

  const { items } = (await (await page.request.get('/api/forms')).json()) as { items: { id: string }[] };
  expect(items).toHaveLength(1);
  const form = (await (await page.request.get(`/api/forms/${items[0]!.id}`)).json()) as { published: FormConfig };
  const published = form.published;
  expect(published.sections.map((s) => s.type)).toEqual(order);
  expect(published.sections.map((s) => s.hidden)).toEqual(order.map((type) => type === 'faq'));
  expect(published.design.formPlacement).toBe('beside');
  const [benefitsOut, testimonialsOut, authorOut, , logosOut, videoOut, ctaOut, deadlineOut] = published.sections as [
    Extract<Section, { type: 'benefits' }>,
    Extract<Section, { type: 'testimonials' }>,
    Extract<Section, { type: 'author' }>,
    Section,
    Extract<Section, { type: 'logos' }>,
    Extract<Section, { type: 'video' }>,
    Extract<Section, { type: 'cta' }>,
    Extract<Section, { type: 'deadline' }>,
  ];
  expect(benefitsOut.items).toEqual([
    { icon: 'book', text: '**Forty** dinners, ready in 20 minutes' },
    { icon: 'check', text: 'A shopping list for each week' },
  ]);
  expect(testimonialsOut.items[0]).toMatchObject({
    quote: 'I cook every night now.',
    name: 'Ada Moreira',
    role: 'Home cook, Porto',
  });
  expect(authorOut).toMatchObject({ name: 'Nora North', links: [{ label: 'Website', url: 'https://nora.example' }] });
  expect(logosOut.items[0]).toMatchObject({ alt: 'The Morning Post' });
  expect(videoOut).toMatchObject({
    url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    title: 'A two-minute tour of the cookbook',
  });
  expect(ctaOut).toMatchObject({ text: 'Ready for *faster* dinners?', buttonText: 'Send me the cookbook' });
  expect(deadlineOut).toMatchObject({
    endsAt: '2031-06-30T18:00',
    timeZone: 'Europe/Lisbon',
    afterDeadline: 'closeForm',
    endedMessage: 'The spring offer has ended.',
  });

  // The photo and the logo are the server's now, at their own size.
  const photo = testimonialsOut.items[0]!.photo!;
  expect(photo).toMatchObject({ width: 1600, height: 1000 });
  expect(logosOut.items[0]!.image).toMatchObject({ width: 640, height: 160 });
  for (const image of [photo, logosOut.items[0]!.image])
    expect((await page.request.get(imageUrl(image.id, 320))).status()).toBe(200);

  // B: its own sections, the video gone and its own heading, the same stored photo.
  const b = published.abTest.sections!;
  expect(b.map((s) => s.type)).toEqual(order.filter((type) => type !== 'video'));
  expect(b[0]!.heading).toBe('What B promises');
  expect((b[1] as Extract<Section, { type: 'testimonials' }>).items[0]!.photo).toEqual(photo);
  expect(published.sections[0]!.heading).toBe("What's inside");
});
