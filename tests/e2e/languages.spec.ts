import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { expect, test, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import { defaultFormConfig, type FormConfig } from '@/domain/form-config';
import type { Language } from '@/domain/i18n/languages';
import type { Catalogue } from '@/domain/i18n/translate';
import type { DevMail } from '@tests/kit/mailbox';
import { closeVisitors, newVisitor, pdfFile, seriousViolations, signUp, uniqueEmail, waitForMail } from './support.js';

test.afterEach(closeVisitors);

/*
 * A visitor in their own language (docs/decisions/0085): a German page and an Arabic page, each
 * signed up on by a browser set to that language, confirmed by code and by link, downloaded; no
 * sentence of Lodestone's English is left on any screen or in any email. A page in German and French
 * serves each to a matching browser, and by its link's ?lang=.
 */

/** A language's catalogue, as the server reads it. */
const catalogue = (code: Language): Catalogue =>
  JSON.parse(readFileSync(path.join('src/domain/i18n/messages', `${code}.json`), 'utf8')) as Catalogue;
const [en, de, fr, ar] = (['en', 'de', 'fr', 'ar'] as const).map(catalogue) as [Catalogue, Catalogue, Catalogue, Catalogue];

const PUBLIC_ORIGIN = `http://127.0.0.1:${process.env.E2E_PORT ?? 3100}`;
/** The server drops posts made within 2 s of the page's render as bots'. */
const MIN_FILL_MS = 2250;

const runPrefix = process.env.E2E_DATA_DIR ?? path.join(tmpdir(), `lodestone-e2e-${randomBytes(4).toString('hex')}`);
/** The owner of languages-creator.spec.ts when it ran first (it keeps her session there); else one of its own. */
const ownerState = `${runPrefix}-languages-owner.json`;

test.beforeAll(async ({ browser }) => {
  if (existsSync(ownerState)) return;
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await signUp(page, { name: 'Polyglot Owner', email: uniqueEmail('polyglot'), password: 'polyglot-pass-1' });
  await expect(page).toHaveURL(/\/dashboard$/);
  await context.storageState({ path: ownerState });
  await context.close();
});

test.use({ storageState: ownerState });

test.beforeEach(async ({ page }) => {
  const list = await page.request.get('/api/forms');
  for (const form of (await list.json()).items as { id: string }[]) await page.request.delete(`/api/forms/${form.id}`);
});

/** The literal words of a message (its placeholders and tags' names left out). */
function literals(elements: MessageFormatElement[], out: string[] = []): string[] {
  for (const el of elements) {
    if (el.type === TYPE.literal) out.push(el.value);
    if (el.type === TYPE.tag) literals(el.children, out);
    if (el.type === TYPE.plural || el.type === TYPE.select) for (const o of Object.values(el.options)) literals(o.value, out);
  }
  return out;
}

/**
 * Every stretch of Lodestone's English long enough to be a phrase (two words or more), less those
 * the other language writes the same way: what must not show to a visitor of that language.
 */
function englishPhrases(other: Record<string, string>): string[] {
  const theirs = Object.values(other).join('\n');
  const phrases = new Set<string>();
  for (const message of Object.values(en)) {
    for (const literal of literals(parse(message))) {
      for (const piece of literal.split(/[.:;!?()“”"]/)) {
        const phrase = piece.trim();
        if (phrase.length >= 10 && phrase.includes(' ') && !theirs.includes(phrase)) phrases.add(phrase);
      }
    }
  }
  return [...phrases];
}

const PHRASES: Partial<Record<Language, string[]>> = { de: englishPhrases(de), ar: englishPhrases(ar), fr: englishPhrases(fr) };

/** The English phrases of Lodestone's found in `text` (a screen's or an email's). */
const englishIn = (text: string, language: Language) => PHRASES[language]!.filter((phrase) => text.includes(phrase));

async function expectNoEnglish(page: Page, language: Language, screen: string, info: TestInfo) {
  await page.screenshot({ path: info.outputPath(`${language}-${screen}.png`), fullPage: true });
  const text = await page.locator('body').innerText();
  const attributes = await page
    .locator('[placeholder], [aria-label], [title], [alt]')
    .evaluateAll((els) =>
      els.map((el) => ['placeholder', 'aria-label', 'title', 'alt'].map((a) => el.getAttribute(a) ?? '').join(' ')).join('\n'),
    );
  expect(englishIn(`${text}\n${attributes}\n${await page.title()}`, language), `English on the ${screen}`).toEqual([]);
  expect(await seriousViolations(page), `accessibility of the ${screen}`).toEqual([]);
}

const expectNoEnglishMail = (mail: DevMail, language: Language) =>
  expect(englishIn(`${mail.subject}\n${mail.text}\n${mail.html}`, language), `English in "${mail.subject}"`).toEqual([]);

const linkIn = (mail: DevMail, pathname: string) => {
  const match = new RegExp(`href="(${PUBLIC_ORIGIN}${pathname}[^"]+)"`).exec(mail.html);
  expect(match, `a ${pathname} link in "${mail.subject}"`).not.toBeNull();
  return match![1]!.replace(/&amp;/g, '&');
};

async function publishPage(request: APIRequestContext, config: Partial<FormConfig>): Promise<string> {
  const upload = await request.post('/api/files', { multipart: { file: pdfFile('guide.pdf') } });
  expect(upload.status(), await upload.text()).toBe(201);
  const created = await request.post('/api/forms', {
    data: {
      config: {
        ...defaultFormConfig(),
        privacyPolicyUrl: 'https://example.com/privacy',
        leadMagnet: await upload.json(),
        ...config,
      },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const published = await request.post(`/api/forms/${id}/publish`);
  expect(published.status(), await published.text()).toBe(200);
  return ((await published.json()) as { publicUrl: string }).publicUrl;
}

type Words = Catalogue;

/** Fills in and sends the page's form as a person would (over 2 s), with the words of `t`. */
async function signUpOn(page: Page, url: string, email: string, t: Words, submit: string) {
  await page.goto(url);
  const openedAt = Date.now();
  await page.locator('input[type="email"]').fill(email);
  await page.getByRole('checkbox').check();
  const left = MIN_FILL_MS - (Date.now() - openedAt);
  if (left > 0) await page.waitForTimeout(left);
  await page.getByRole('button', { name: submit, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: t['thanks.title'] })).toBeVisible();
}

const journeys = [
  {
    language: 'de' as const,
    locale: 'de-DE',
    t: de,
    config: {
      title: 'Der Ruhe-Leitfaden',
      description: 'Zehn Seiten für ruhigere Tage.',
      businessName: 'Ruhe GmbH',
      leadMagnetName: 'Ruhe-Leitfaden',
      thankyouMessage: de['seed.thankYou.message'],
      fields: [
        {
          ...defaultFormConfig().fields[0]!,
          label: de['seed.field.email.label'],
          placeholder: de['seed.field.email.placeholder'],
        },
      ],
    },
    submit: 'Ruhe-Leitfaden erhalten',
  },
  {
    language: 'ar' as const,
    locale: 'ar-EG',
    t: ar,
    config: {
      title: 'دليل الهدوء',
      description: 'عشر صفحات لأيام أهدأ.',
      businessName: 'شركة الهدوء',
      leadMagnetName: 'دليل الهدوء',
      thankyouMessage: ar['seed.thankYou.message'],
      fields: [
        {
          ...defaultFormConfig().fields[0]!,
          label: ar['seed.field.email.label'],
          placeholder: ar['seed.field.email.placeholder'],
        },
      ],
    },
    // The name set apart in the right-to-left sentence (a first-strong isolate), as the page writes it.
    submit: ar['form.submit.default'].replace('{leadMagnet}', '\u2068دليل الهدوء\u2069'),
  },
];

for (const journey of journeys) {
  test(`a page in ${journey.language}: sign-up, code, link and download, with no English left`, async ({
    page,
    browser,
  }, info) => {
    const { language, t } = journey;
    const url = await publishPage(page.request, { ...journey.config, language, doubleOptIn: true });

    // The first visitor confirms with the code.
    const first = uniqueEmail(`code-${language}`);
    const visitor = await newVisitor(browser, { locale: journey.locale });
    await visitor.goto(url);
    await expect(visitor.locator('html')).toHaveAttribute('lang', language);
    if (language === 'ar') await expect(visitor.locator('html')).toHaveAttribute('dir', 'rtl');
    await expectNoEnglish(visitor, language, 'landing page', info);
    await signUpOn(visitor, url, first, t, journey.submit);
    await expectNoEnglish(visitor, language, 'code page', info);

    const codeMail = await waitForMail(visitor.request, first, /\d{6}/);
    expectNoEnglishMail(codeMail, language);
    await visitor.locator('input[name="code"]').fill(/\d{6}/.exec(codeMail.subject)![0]);
    await visitor.getByRole('button', { name: t['thanks.code.verify'] }).click();
    await expect(visitor.getByRole('status')).toHaveText(t['thanks.notice.confirmed']);
    await expectNoEnglish(visitor, language, 'confirmed page', info);
    const [file] = await Promise.all([
      visitor.waitForEvent('download'),
      visitor.getByRole('link', { name: new RegExp(journey.config.leadMagnetName) }).click(),
    ]);
    expect(file.suggestedFilename()).toBe(`${journey.config.leadMagnetName}.pdf`);
    const delivery = await waitForMail(visitor.request, first, new RegExp(journey.config.leadMagnetName));
    expectNoEnglishMail(delivery, language);

    // The second confirms with the link in the email, in a browser of their own.
    const second = uniqueEmail(`link-${language}`);
    const other = await newVisitor(browser, { locale: journey.locale });
    await signUpOn(other, url, second, t, journey.submit);
    const mail = await waitForMail(other.request, second, /\d{6}/);
    const reader = await newVisitor(browser, { locale: journey.locale });
    await reader.goto(linkIn(mail, '/confirm'));
    await expect(reader.getByRole('link', { name: new RegExp(journey.config.leadMagnetName) })).toBeVisible();
    await expectNoEnglish(reader, language, 'page after the link', info);

    // A link that expired or was cut short says so in the page's language too.
    await reader.goto(linkIn(mail, '/confirm').slice(0, -8));
    await expectNoEnglish(reader, language, 'damaged link page', info);
  });
}

test('a page in German and French serves each browser its language, and a link its named one', async ({
  page,
  browser,
}, info) => {
  const url = await publishPage(page.request, {
    title: 'Der Ruhe-Leitfaden',
    businessName: 'Calme SARL',
    leadMagnetName: 'Ruhe-Leitfaden',
    language: 'de',
    fields: [
      { ...defaultFormConfig().fields[0]!, label: de['seed.field.email.label'], placeholder: de['seed.field.email.placeholder'] },
    ],
    languages: ['fr'],
    translations: {
      fr: {
        title: 'Le guide du calme',
        leadMagnetName: 'Guide du calme',
        'fields.email.label': fr['seed.field.email.label'],
        'fields.email.placeholder': fr['seed.field.email.placeholder'],
      },
    },
  });
  const german = await newVisitor(browser, { locale: 'de-DE' });
  await german.goto(url);
  await expect(german.getByRole('heading', { level: 1 })).toHaveText('Der Ruhe-Leitfaden');
  await expect(german.locator('html')).toHaveAttribute('lang', 'de');

  const french = await newVisitor(browser, { locale: 'fr-FR' });
  await french.goto(url);
  await expect(french.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(french.getByRole('heading', { level: 1 })).toHaveText('Le guide du calme');
  await expect(french.getByRole('button', { name: 'Obtenir Guide du calme' })).toBeVisible();
  await expectNoEnglish(french, 'fr', 'French page', info);

  // The German browser follows a link naming French, then switches back on the page.
  await german.goto(`${url}?lang=fr`);
  await expect(german.getByRole('heading', { level: 1 })).toHaveText('Le guide du calme');
  await german.getByRole('navigation', { name: fr['form.languages.label'] }).getByRole('link', { name: 'Deutsch' }).click();
  await expect(german.getByRole('heading', { level: 1 })).toHaveText('Der Ruhe-Leitfaden');
  await expect(german.getByRole('link', { name: 'Deutsch' })).toHaveAttribute('aria-current', 'true');
  await german.screenshot({ path: info.outputPath('de-fr-switched.png'), fullPage: true });
});
