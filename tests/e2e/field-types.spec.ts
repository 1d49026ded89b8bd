import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import type { FormField } from '@/domain/form-config';
import type { LeadListPage } from '@/domain/forms-api';
import { createPublishedForm, editorTab, pdfFile, seriousViolations, signUp, toastWith, uniqueEmail } from './support.js';
import { fieldOf } from '@tests/kit/fields';

/*
 * Dropdowns, multiple choice, dates, hidden fields and help text: built in the page creator (fields
 * reordered by dragging, with the mouse and with the keyboard), filled in by visitors (a hidden field
 * from the link they came by, with JavaScript or without), and shown to the owner in the lead list.
 */

const PREVIEW_FRAME = 'iframe[title^="Landing page preview"]';
const fieldLabels = (page: Page) => page.getByLabel('Label', { exact: true });
const typeSelects = (page: Page) => page.getByRole('combobox', { name: 'Type' });
const previewButton = (page: Page) => page.getByRole('button', { name: 'Preview', exact: true });

async function chooseType(page: Page, index: number, type: string) {
  await typeSelects(page).nth(index).click();
  await page.getByRole('option', { name: type, exact: true }).click();
  await expect(typeSelects(page).nth(index)).toHaveText(type);
}

/** Where an element is once it has stopped moving (fields slide into place after a reorder or a cancel). */
async function restingBox(element: Locator) {
  let last = await element.boundingBox();
  await expect
    .poll(async () => {
      const now = await element.boundingBox();
      const still = JSON.stringify(now) === JSON.stringify(last);
      last = now;
      return still;
    })
    .toBe(true);
  return last!;
}

/**
 * Drags a field by its handle until its card sits where `target`'s card is (cards differ in height, so
 * aiming at the other card's handle can stop short of it), in small steps, as a person would, waiting
 * for each step to be announced (on a slow machine the pointer outruns the page).
 */
async function drag(page: Page, name: string, target: string, position: string) {
  const live = page.locator('[id^="DndLiveRegion"]');
  const handle = (field: string) => page.getByRole('button', { name: `Reorder ${field}` });
  const card = (field: string) => page.getByRole('listitem').filter({ has: handle(field) });
  // Both cards on screen: a pointer only presses and drops on what the window shows.
  await page.setViewportSize({ width: 1280, height: 1800 });
  await handle(name).scrollIntoViewIfNeeded();
  const from = await restingBox(handle(name));
  const fromCard = await restingBox(card(name));
  const toCard = await restingBox(card(target));
  const shift = toCard.y + toCard.height / 2 - (fromCard.y + fromCard.height / 2);
  // On a loaded machine a press can land while the list still settles and pick nothing up: a person
  // lets go and presses again, and so does this.
  await expect(async () => {
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 - 10, { steps: 3 });
    try {
      await expect(live).toHaveText(new RegExp(`^Picked up ${name}`), { timeout: 2_000 });
    } catch (error) {
      await page.mouse.up();
      throw error;
    }
  }).toPass({ timeout: 15_000 });
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 + shift, { steps: 12 });
  await expect(live).toHaveText(`${name} moved to position ${position}.`);
  await page.mouse.up();
}

test('an owner builds a dropdown, a hidden field and help text, and orders the fields by dragging', async ({ page }) => {
  await signUp(page, { name: 'Field Owner', email: uniqueEmail('fields'), password: 'field-types-pass-1' });
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/page-creator');
  await page.getByLabel('Title', { exact: true }).fill('Team Survey Guide');
  await page.getByLabel('Business name', { exact: true }).fill('Survey Co');
  await page.getByLabel('Lead magnet name', { exact: true }).fill('Survey Guide');
  await page.locator('#creator-lead-magnet').setInputFiles(pdfFile('survey.pdf'));
  await editorTab(page, 'Settings').click();
  await page.getByLabel('Privacy policy address', { exact: true }).fill('https://survey.example/privacy');

  await editorTab(page, 'Form Fields').click();
  // A dropdown with two options and a line of help.
  await page.getByRole('button', { name: 'Add Field' }).click();
  await fieldLabels(page).nth(1).fill('Team size');
  await chooseType(page, 1, 'Dropdown');
  const options = page.getByRole('group', { name: 'Options' });
  await expect(options).toHaveAccessibleDescription('The choices visitors pick one of, in this order.');
  await options.getByRole('button', { name: 'Add option' }).click();
  await expect(options.getByRole('textbox', { name: 'Option 1' })).toBeFocused();
  await page.keyboard.type('1-10');
  await options.getByRole('button', { name: 'Add option' }).click();
  await expect(options.getByRole('textbox', { name: 'Option 2' })).toBeFocused();
  await page.keyboard.type('Oops');
  await options.getByRole('button', { name: 'Add option' }).click();
  await page.keyboard.type('11-50');
  await options.getByRole('button', { name: 'Remove option 2 (Oops) of Team size' }).click();
  await expect(options.getByRole('textbox', { name: 'Option 2' })).toHaveValue('11-50');
  await expect(options.getByRole('textbox', { name: 'Option 2' })).toBeFocused();
  await page.getByLabel('Help text', { exact: true }).nth(1).fill('Including you');

  // A hidden field: a link parameter instead of a placeholder, and no required switch.
  await page.getByRole('button', { name: 'Add Field' }).click();
  await fieldLabels(page).nth(2).fill('Source');
  await chooseType(page, 2, 'Hidden (from the link)');
  const param = page.getByLabel('Link parameter', { exact: true });
  await expect(param).toHaveAccessibleDescription(/The word in your link that carries the value/);
  await expect(page.getByLabel('Placeholder', { exact: true })).toHaveCount(2);
  await expect(page.getByRole('switch', { name: 'Required' })).toHaveCount(2);
  await expect(page.getByLabel('Help text', { exact: true })).toHaveCount(2);

  // Without its parameter the page cannot be published: the preview says so, and takes the owner to it.
  const stillNeeded = page.getByRole('region', { name: 'Before you can publish' });
  await previewButton(page).click();
  await expect(stillNeeded).toContainText('Enter the link parameter that fills this field');
  await stillNeeded.getByRole('button', { name: 'Show me where' }).click();
  await expect(param).toHaveAccessibleDescription(/Enter the link parameter that fills this field \(e\.g\. utm_source\)/);
  await expect(param).toBeFocused();
  await param.fill('utm source');
  await previewButton(page).click();
  await stillNeeded.getByRole('button', { name: 'Show me where' }).click();
  await expect(param).toHaveAccessibleDescription(/Use up to 64 letters, digits, dots, dashes or underscores/);
  await param.fill('utm_source');

  // Reordering with the keyboard: Space on the handle, Up, Space; a screen reader hears each step.
  const handle = page.getByRole('button', { name: 'Reorder Source' });
  await expect(handle).toHaveAccessibleDescription(/To reorder a field, press Space or Enter on its handle/);
  await handle.focus();
  await page.keyboard.press('Space');
  const live = page.locator('[id^="DndLiveRegion"]');
  await expect(live).toHaveText('Picked up Source, at position 3 of 3.');
  await page.keyboard.press('ArrowUp');
  await expect(live).toHaveText('Source moved to position 2 of 3.');
  await page.keyboard.press('Space');
  await expect(live).toHaveText('Source dropped at position 2 of 3.');
  await expect(fieldLabels(page)).toHaveCount(3);
  expect(await fieldLabels(page).evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value))).toEqual([
    'Email Address',
    'Source',
    'Team size',
  ]);
  await expect(handle).toBeFocused();
  // Escape puts a picked-up field back.
  // Each key waits for the announcement of the one before, as a person listening would.
  await page.keyboard.press('Space');
  await expect(live).toHaveText('Picked up Source, at position 2 of 3.');
  await page.keyboard.press('ArrowUp');
  await expect(live).toHaveText('Source moved to position 1 of 3.');
  await page.keyboard.press('Escape');
  await expect(live).toHaveText('Reordering cancelled: Source is back at position 2 of 3.');

  // Reordering with the mouse: the email field dragged below the others (it is locked, not fixed in place).
  await drag(page, 'Email Address', 'Team size', '3 of 3');
  await expect
    .poll(() => fieldLabels(page).evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value)))
    .toEqual(['Source', 'Team size', 'Email Address']);
  expect(await seriousViolations(page)).toEqual([]);

  // The preview: the dropdown with its help text, the hidden field as a note.
  await previewButton(page).click();
  const landing = page.frameLocator(PREVIEW_FRAME);
  const size = landing.getByLabel('Team size');
  await expect(size).toHaveAccessibleDescription('Including you');
  await expect(size.locator('option')).toHaveText(['Choose…', '1-10', '11-50']);
  await expect(landing.getByText('Hidden: filled from ?utm_source')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Publish Landing Page' }).click();
  await expect(toastWith(page, 'Your landing page has been published successfully!')).toBeVisible();
  const { items } = await (await page.request.get('/api/forms')).json();
  const form = await (await page.request.get(`/api/forms/${items[0].id}`)).json();
  expect(form.published.fields.map((f: FormField) => [f.label, f.type, f.options, f.param, f.helpText])).toEqual([
    ['Source', 'hidden', [], 'utm_source', ''],
    ['Team size', 'dropdown', ['1-10', '11-50'], '', 'Including you'],
    ['Email Address', 'email', [], '', ''],
  ]);
});

const field = fieldOf;

const SURVEY_FIELDS: FormField[] = [
  field('email', 'email', 'Email Address', { required: true }),
  field('f_size', 'dropdown', 'Team size', { options: ['1-10', '11-50', '51+'], required: true, helpText: 'Including you' }),
  field('f_role', 'radio', 'Your role', { options: ['Founder', 'Marketer'], required: true }),
  field('f_start', 'date', 'Start date'),
  field('f_source', 'hidden', 'Source', { param: 'utm_source' }),
];

async function visitor(browser: Browser, javaScriptEnabled = true) {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] }, javaScriptEnabled });
  return context.newPage();
}

async function fillSurvey(page: Page, email: string) {
  await page.getByLabel(/Email Address/).fill(email);
  await page.getByLabel(/Team size/).selectOption('11-50');
  await page
    .getByRole('group', { name: /Your role/ })
    .getByLabel('Marketer')
    .check();
  await page.getByLabel('Start date').fill('2026-05-04');
  await page.getByRole('checkbox', { name: /I agree/ }).check();
}

async function leadsOf(page: Page, email: string) {
  const res = await page.request.get(`/api/leads?q=${encodeURIComponent(email)}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as LeadListPage;
}

test('a visitor from ?utm_source=newsletter signs up with every new field type; the owner sees the source in the lead list', async ({
  page,
  browser,
}) => {
  await signUp(page, { name: 'Survey Owner', email: uniqueEmail('survey'), password: 'survey-owner-pass-1' });
  await expect(page).toHaveURL(/\/dashboard$/);
  const form = await createPublishedForm(page.request, { title: 'Survey Guide' }, { doubleOptIn: false, fields: SURVEY_FIELDS });

  const guest = await visitor(browser);
  await guest.goto(`${form.publicUrl}?utm_source=newsletter&utm_medium=email`);
  await expect(guest.locator('input[name="f_source"]')).toHaveValue('newsletter');
  await expect(guest.getByLabel(/Team size/)).toHaveAccessibleDescription('Including you');
  await expect(guest.getByRole('group', { name: /Your role/ }).getByRole('radio')).toHaveCount(2);
  await expect(guest.getByLabel('Start date')).toHaveAttribute('type', 'date');
  expect(await seriousViolations(guest)).toEqual([]);

  // Sent at once, the server asks to press again (too fast for a person): everything is kept, the hidden value too.
  await guest.goto(`${form.publicUrl}?utm_source=newsletter&utm_medium=email`);
  const email = uniqueEmail('survey-visitor');
  await fillSurvey(guest, email);
  await guest.getByRole('button', { name: /^Get / }).click();
  await expect(guest.getByText(/Please press the button once more/)).toBeVisible();
  await expect(guest).toHaveURL(form.publicUrl);
  await expect(guest.locator('input[name="f_source"]')).toHaveValue('newsletter');
  await expect(guest.getByLabel(/Team size/)).toHaveValue('11-50');
  await expect(guest.getByRole('group', { name: /Your role/ }).getByLabel('Marketer')).toBeChecked();
  await expect(guest.getByLabel('Start date')).toHaveValue('2026-05-04');
  await guest.waitForTimeout(2250);
  await guest.getByRole('checkbox', { name: /I agree/ }).check();
  await guest.getByRole('button', { name: /^Get / }).click();
  await expect(guest.getByRole('heading', { level: 1, name: 'Thank You!' })).toBeVisible();
  await guest.context().close();

  const list = await leadsOf(page, email);
  expect(list.items).toHaveLength(1);
  expect(list.items[0]!.answers).toEqual({
    'Team size': '11-50',
    'Your role': 'Marketer',
    'Start date': '2026-05-04',
    Source: 'newsletter',
  });

  // Without JavaScript the hidden input stays empty in the page, and the server fills it from the address.
  const plain = await visitor(browser, false);
  await plain.goto(`${form.publicUrl}?utm_source=no-script`);
  await expect(plain.locator('input[name="f_source"]')).toHaveValue('');
  const second = uniqueEmail('survey-nojs');
  await fillSurvey(plain, second);
  await plain.waitForTimeout(2250);
  await plain.getByRole('button', { name: /^Get / }).click();
  await expect(plain.getByRole('heading', { level: 1, name: 'Thank You!' })).toBeVisible();
  await plain.context().close();
  expect((await leadsOf(page, second)).items[0]!.answers.Source).toBe('no-script');
});
