import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  expect,
  test,
  type APIRequestContext,
  type Browser,
  type BrowserContextOptions,
  type Download,
  type Page,
} from '@playwright/test';
import type { FormConfig } from '@/domain/form-config';
import { templateConfig } from '@/domain/templates';
import { createTokens } from '@/server/lib/tokens';
import { type DevMail, mailsTo } from '@tests/kit/mailbox';
import { formRow, readMailbox, seriousViolations, signUp, statValue, uniqueEmail, waitForMail } from './support.js';

/*
 * The visitor's journey on both origins: an owner publishes a page on the
 * app (localhost), a visitor opens its public link (127.0.0.1) in a browser context of their own,
 * submits, reads the email from the dev mailbox, confirms with the code or with the link,
 * downloads the PDF (the very bytes uploaded), and the owner sees the counts move.
 */

const PUBLIC_ORIGIN = `http://127.0.0.1:${process.env.E2E_PORT ?? 3100}`;
const APP_ORIGIN = `http://localhost:${process.env.E2E_PORT ?? 3100}`;
/** The server drops posts made within 2 s of the page's render as bots' (answering as if they worked). */
const MIN_FILL_MS = 2000;
const LEAD_MAGNET = 'Free Ebook'; // the professional-ebook template's

/*
 * One owner for the file (we allow 30 owner sign-ups per IP a minute, for the whole suite),
 * signed up through the app in a page and kept as a storage state next to this run's data
 * directory; each test starts with no forms, so the Free plan's 3 are never in the way.
 */
const runPrefix = process.env.E2E_DATA_DIR ?? path.join(tmpdir(), `lodestone-e2e-${randomBytes(4).toString('hex')}`);
const ownerState = `${runPrefix}-visitor-owner.json`;

test.beforeAll(async ({ browser }) => {
  if (existsSync(ownerState)) return;
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await signUp(page, { name: 'Journey Owner', email: uniqueEmail('journey'), password: 'journey-pass-1' });
  await expect(page).toHaveURL(/\/dashboard$/);
  await context.storageState({ path: ownerState });
  await context.close();
});

test.use({ storageState: ownerState });

test.beforeEach(async ({ page }) => {
  const list = await page.request.get('/api/forms');
  expect(list.status()).toBe(200);
  for (const form of (await list.json()).items as { id: string }[]) {
    expect((await page.request.delete(`/api/forms/${form.id}`)).status()).toBe(204);
  }
});

/** A PDF with random bytes inside, so the download can only match if it is this very file. */
function distinctPdf(): Buffer {
  return Buffer.concat([Buffer.from('%PDF-1.4\n%', 'latin1'), randomBytes(3000), Buffer.from('\n%%EOF\n', 'latin1')]);
}

interface Published {
  id: string;
  title: string;
  url: string;
  pdf: Buffer;
}

/** Uploads a PDF and publishes the professional-ebook template with it, as the signed-in owner. */
async function publishPage(request: APIRequestContext, title: string, overrides: Partial<FormConfig> = {}): Promise<Published> {
  const pdf = distinctPdf();
  const upload = await request.post('/api/files', {
    multipart: { file: { name: 'journey.pdf', mimeType: 'application/pdf', buffer: pdf } },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const config: FormConfig = {
    ...templateConfig('professional-ebook')!,
    title,
    businessName: 'Northwind Press',
    leadMagnet: await upload.json(),
    privacyPolicyUrl: 'https://northwind.example/privacy',
    ...overrides,
  };
  const created = await request.post('/api/forms', { data: { config } });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const published = await request.post(`/api/forms/${id}/publish`);
  expect(published.status(), await published.text()).toBe(200);
  const { publicUrl } = (await published.json()) as { publicUrl: string };
  expect(publicUrl).toBe(`${PUBLIC_ORIGIN}/f/${id}`);
  return { id, title, url: publicUrl, pdf };
}

/** A browser context of a visitor: nothing of the owner's, optionally with JavaScript off. */
async function visitorPage(browser: Browser, options: BrowserContextOptions = {}): Promise<Page> {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] }, ...options });
  return context.newPage();
}

/** Opens the public page and fills the form; returns when a person could have typed it (>= 2 s). */
async function fillForm(page: Page, url: string, email: string) {
  await page.goto(url);
  const openedAt = Date.now();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByLabel(/Email Address/).fill(email);
  await page.getByLabel(/First Name/).fill('Ada');
  await page.getByRole('checkbox', { name: /I agree/ }).check();
  const left = MIN_FILL_MS + 250 - (Date.now() - openedAt);
  if (left > 0) await page.waitForTimeout(left);
}

const submitButton = (page: Page) => page.getByRole('button', { name: `Get ${LEAD_MAGNET}`, exact: true });

async function expectThankYouPage(page: Page) {
  await expect(page).toHaveURL(new RegExp(`^${PUBLIC_ORIGIN}/thank-you\\?t=`));
  await expect(page).toHaveTitle('Thank You!');
  await expect(page.getByRole('heading', { level: 1, name: 'Thank You!' })).toBeVisible();
}

const linkIn = (mail: DevMail, pathname: string) => {
  const match = new RegExp(`href="(${PUBLIC_ORIGIN}${pathname}[^"]+)"`).exec(mail.html);
  expect(match, `a ${pathname} link in "${mail.subject}"`).not.toBeNull();
  return match![1]!.replace(/&amp;/g, '&');
};

/** Clicks the thank-you page's Download link and returns the file the browser saved. */
async function download(page: Page): Promise<{ bytes: Buffer; download: Download }> {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: `Download ${LEAD_MAGNET}`, exact: true }).click(),
  ]);
  const filePath = await file.path();
  return { bytes: await readFile(filePath), download: file };
}

const cell = (page: Page, title: string, column: 'Views' | 'Leads' | 'Conversion') =>
  formRow(page, title).locator(`td[data-label="${column}"]`);

async function totalLeads(page: Page): Promise<number> {
  await page.goto('/dashboard');
  await expect(statValue(page, 'Total Leads')).toHaveText(/^\d+$/);
  return Number(await statValue(page, 'Total Leads').textContent());
}

test('double opt-in: a visitor submits, confirms with the emailed code and downloads the PDF; a second confirms with the link', async ({
  page,
  browser,
  request,
}) => {
  const form = await publishPage(page.request, 'Journey Ebook');
  const leadsBefore = await totalLeads(page);
  await expect(cell(page, form.title, 'Views')).toHaveText('0');
  await expect(cell(page, form.title, 'Leads')).toHaveText('0');

  // The first visitor, with JavaScript on.
  const first = uniqueEmail('visitor');
  const visitor = await visitorPage(browser);
  await fillForm(visitor, form.url, first);
  expect(await seriousViolations(visitor), 'the public page').toEqual([]);
  // The owner is on Free: the page carries the small link to Lodestone under its card.
  const badge = visitor.getByRole('link', { name: 'Made with Lodestone', exact: true });
  await expect(badge).toBeVisible();
  await expect(badge).toHaveAttribute('href', `${APP_ORIGIN}/?ref=badge`);
  await expect(badge).toHaveAttribute('target', '_blank');

  // While the post is in flight (the route holds it 500 ms), the button reads 'Submitting...'.
  // Playwright's reads of a page wait for its pending navigation, so the page reports its button's
  // changes itself (a MutationObserver calling an exposed function) and the route looks at them.
  const labels: string[] = [];
  await visitor.exposeFunction('reportSubmitLabel', (label: string) => void labels.push(label));
  await visitor.evaluate(() => {
    const button = document.querySelector('[data-ls-submit]')!;
    const report = (window as unknown as { reportSubmitLabel: (label: string) => void }).reportSubmitLabel;
    new MutationObserver(() => report(`${button.textContent} (aria-disabled=${button.getAttribute('aria-disabled')})`)).observe(
      button,
      { childList: true, characterData: true, subtree: true, attributes: true },
    );
  });
  let labelsInFlight: string[] = [];
  await visitor.route(form.url, async (route) => {
    if (route.request().method() === 'POST') {
      labelsInFlight = [...labels];
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    await route.continue();
  });
  await submitButton(visitor).click();
  await expectThankYouPage(visitor);
  expect(labelsInFlight).toEqual(['Submitting... (aria-disabled=true)']);
  expect(labels, 'no change after the post left').toEqual(labelsInFlight);
  await expect(visitor.getByText(first, { exact: true })).toBeVisible();
  const codeInput = visitor.getByPlaceholder('Enter 6-digit code');
  await expect(codeInput).toHaveAttribute('maxlength', '6');
  await expect(codeInput).toHaveAttribute('required', '');
  await expect(visitor.getByRole('link', { name: `Download ${LEAD_MAGNET}` })).toHaveCount(0);
  expect(await seriousViolations(visitor), 'the thank-you page').toEqual([]);

  const codeMail = await waitForMail(request, first, /^\d{6} is your code for /);
  expect(codeMail.subject).toMatch(new RegExp(`^\\d{6} is your code for ${LEAD_MAGNET}$`));
  const code = codeMail.subject.slice(0, 6);

  // A wrong code first (one that differs from the right one in every digit), then the right one.
  const wrong = [...code].map((d) => String((Number(d) + 1) % 10)).join('');
  await codeInput.fill(wrong);
  await visitor.getByRole('button', { name: 'Verify email' }).click();
  await expect(visitor.getByRole('alert')).toHaveText('That code is not right. 4 tries left.');
  await visitor.getByPlaceholder('Enter 6-digit code').fill(code);
  await visitor.getByRole('button', { name: 'Verify email' }).click();
  await expect(visitor.getByRole('status')).toHaveText('Your email is confirmed.');
  await expect(visitor.getByPlaceholder('Enter 6-digit code')).toHaveCount(0);
  expect(await seriousViolations(visitor), 'the thank-you page, confirmed').toEqual([]);

  const firstFile = await download(visitor);
  expect(firstFile.download.suggestedFilename()).toBe(`${LEAD_MAGNET}.pdf`);
  expect(firstFile.bytes.equals(form.pdf), 'the downloaded file is the uploaded PDF').toBe(true);
  await visitor.context().close();

  // The second visitor confirms with the link in the email instead.
  const second = uniqueEmail('visitor');
  const other = await visitorPage(browser);
  await fillForm(other, form.url, second);
  await submitButton(other).click();
  await expectThankYouPage(other);
  const confirmUrl = linkIn(await waitForMail(request, second, /^\d{6} is your code for /), '/confirm');
  await other.goto(confirmUrl);
  await expect(other.getByRole('heading', { level: 1, name: 'Thank You!' })).toBeVisible();
  await expect(other.getByRole('status')).toHaveText('Your email is confirmed.');
  const secondFile = await download(other);
  expect(secondFile.bytes.equals(form.pdf), 'the downloaded file is the uploaded PDF').toBe(true);
  // The link used again says so.
  await other.goto(confirmUrl);
  await expect(other.getByRole('status')).toHaveText('Your email is already confirmed.');
  await other.context().close();

  // Back on the app: the views and leads moved.
  expect(await totalLeads(page)).toBe(leadsBefore + 2);
  await expect(cell(page, form.title, 'Leads')).toHaveText('2');
  await expect(cell(page, form.title, 'Views')).toHaveText('2');
  await expect(cell(page, form.title, 'Conversion')).toHaveText('100%');
  await expect(page.getByRole('region', { name: 'Statistics' })).toContainText(/\d+ confirmed · \d+ downloads/);
});

test('double opt-in off: the download is offered at once and the email carries its link', async ({ page, browser, request }) => {
  const form = await publishPage(page.request, 'Instant Ebook', { doubleOptIn: false });
  const leadsBefore = await totalLeads(page);

  const email = uniqueEmail('instant');
  const visitor = await visitorPage(browser);
  await fillForm(visitor, form.url, email);
  await submitButton(visitor).click();
  await expectThankYouPage(visitor);
  await expect(visitor.getByPlaceholder('Enter 6-digit code')).toHaveCount(0);
  expect(await seriousViolations(visitor), 'the thank-you page without double opt-in').toEqual([]);
  const onPage = await download(visitor);
  expect(onPage.bytes.equals(form.pdf), 'the downloaded file is the uploaded PDF').toBe(true);

  // The thank-you email's link delivers the same file.
  const mail = await waitForMail(request, email, new RegExp(`^Your download: ${LEAD_MAGNET}$`));
  const fromMail = await visitor.request.get(linkIn(mail, '/d/'));
  expect(fromMail.status()).toBe(200);
  expect(fromMail.headers()['content-type']).toBe('application/pdf');
  expect(fromMail.headers()['content-disposition']).toMatch(/^attachment;/);
  expect((await fromMail.body()).equals(form.pdf)).toBe(true);
  // No code email is sent when double opt-in is off.
  expect(mailsTo(await readMailbox(request), email).map((m) => m.subject)).toEqual([`Your download: ${LEAD_MAGNET}`]);
  await visitor.context().close();

  expect(await totalLeads(page)).toBe(leadsBefore + 1);
  await expect(cell(page, form.title, 'Leads')).toHaveText('1');
  await expect(cell(page, form.title, 'Views')).toHaveText('1');
});

test('with JavaScript disabled the form still submits, the code confirms and the file downloads', async ({
  page,
  browser,
  request,
}) => {
  const form = await publishPage(page.request, 'No Script Ebook');
  const email = uniqueEmail('noscript');
  const visitor = await visitorPage(browser, { javaScriptEnabled: false });
  await fillForm(visitor, form.url, email);
  await submitButton(visitor).click();
  await expectThankYouPage(visitor);
  await expect(visitor.getByText(email, { exact: true })).toBeVisible();

  const code = (await waitForMail(request, email, /^\d{6} is your code for /)).subject.slice(0, 6);
  await visitor.getByPlaceholder('Enter 6-digit code').fill(code);
  await visitor.getByRole('button', { name: 'Verify email' }).click();
  await expect(visitor.getByRole('status')).toHaveText('Your email is confirmed.');
  const file = await download(visitor);
  expect(file.bytes.equals(form.pdf), 'the downloaded file is the uploaded PDF').toBe(true);
  await visitor.context().close();

  await page.goto('/dashboard');
  await expect(cell(page, form.title, 'Leads')).toHaveText('1');
});

test('a person whose browser fills the form in at once is asked to press again, never told it worked', async ({
  page,
  browser,
  request,
}) => {
  const form = await publishPage(page.request, 'Autofill Ebook');
  const visitor = await visitorPage(browser);
  // Autofill fills every field and the person presses at once: one step in the page, right after it
  // loads. A machine too busy to do that within 2 s gets the lead accepted (correctly: it was slow),
  // which is checked and tried again with a new address.
  let email = '';
  for (let attempt = 1; ; attempt++) {
    email = uniqueEmail(`autofill${attempt}`);
    const openedAt = Date.now();
    await visitor.goto(form.url, { waitUntil: 'domcontentloaded' });
    await visitor.evaluate((address) => {
      const field = (label: string) =>
        [...document.querySelectorAll('label')].find((l) => l.textContent!.includes(label))!.control as HTMLInputElement;
      field('Email Address').value = address;
      field('First Name').value = 'Ada';
      field('I agree').checked = true;
      field('Email Address').form!.requestSubmit();
    }, email);
    const answer = visitor.getByRole('alert').or(visitor.getByRole('heading', { name: 'Thank You!' }));
    await expect(answer.first()).toBeVisible();
    if (await visitor.getByRole('alert').isVisible()) break;
    expect(Date.now() - openedAt, 'accepted only when the press came after the 2 s').toBeGreaterThanOrEqual(MIN_FILL_MS - 100);
    expect(attempt, 'the machine never managed a fast press in three tries').toBeLessThan(3);
  }

  await expect(visitor.getByRole('alert')).toContainText('Please press the button once more');
  await expect(visitor.getByRole('heading', { name: 'Thank You!' })).toHaveCount(0);
  await expect(visitor.getByLabel(/Email Address/)).toHaveValue(email);
  await visitor.waitForTimeout(1000);
  await submitButton(visitor).click();
  await expectThankYouPage(visitor);
  await waitForMail(request, email, /^\d{6} is your code for /);
  await visitor.context().close();
});

test("a stranger who types a confirmed subscriber's address gets a code page, never the subscriber's file", async ({
  page,
  browser,
  request,
}) => {
  const form = await publishPage(page.request, 'Private Ebook');
  const subscriber = uniqueEmail('subscriber');
  const owner = await visitorPage(browser);
  await fillForm(owner, form.url, subscriber);
  await submitButton(owner).click();
  await expectThankYouPage(owner);
  const code = (await waitForMail(request, subscriber, /^\d{6} is your code for /)).subject.slice(0, 6);
  await owner.getByPlaceholder('Enter 6-digit code').fill(code);
  await owner.getByRole('button', { name: 'Verify email' }).click();
  await expect(owner.getByRole('status')).toHaveText('Your email is confirmed.');
  // Redirect after POST: the address is the page's own, so reloading shows it again without re-posting.
  expect(new URL(owner.url()).pathname).toBe('/thank-you');
  await owner.reload();
  await expect(owner.getByRole('link', { name: `Download ${LEAD_MAGNET}` })).toBeVisible();
  await owner.context().close();

  const stranger = await visitorPage(browser);
  await fillForm(stranger, form.url, subscriber);
  await submitButton(stranger).click();
  await expectThankYouPage(stranger);
  await expect(stranger.getByPlaceholder('Enter 6-digit code')).toBeVisible();
  await expect(stranger.getByRole('link', { name: /^Download/ })).toHaveCount(0);
  await expect(stranger.getByText(/already confirmed/)).toHaveCount(0);
  await stranger.screenshot({ path: `${runPrefix}-stranger.png` });
  await stranger.context().close();
});

test('an expired confirmation link says so kindly and offers a new one; the current link confirms', async ({
  page,
  browser,
  request,
}) => {
  const form = await publishPage(page.request, 'Patient Ebook');
  const email = uniqueEmail('late');
  const visitor = await visitorPage(browser);
  await fillForm(visitor, form.url, email);
  await submitButton(visitor).click();
  await expectThankYouPage(visitor);
  await waitForMail(request, email, /^\d{6} is your code for /);

  // A link from yesterday's email: signed with the server's secret (DATA_DIR/secret), expired a minute ago.
  const leads = await (await page.request.get(`/api/forms/${form.id}/leads`)).json();
  const leadId = (leads.items as Array<{ id: string; email: string }>).find((l) => l.email === email)!.id;
  const secret = (await readFile(path.join(process.env.E2E_DATA_DIR!, 'secret'), 'utf8')).trim();
  const stale = createTokens(secret).signExpiring('confirm', leadId, new Date(Date.now() - 60_000));
  await visitor.goto(`${PUBLIC_ORIGIN}/confirm?t=${stale}`);
  await expect(visitor.getByRole('heading', { name: 'This confirmation link has expired' })).toBeVisible();
  await expect(visitor.getByText(`We can send a new one to ${email}`)).toBeVisible();
  await visitor.getByRole('button', { name: 'Send me a new link' }).click();
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('Check your inbox');
  // The first email went out seconds ago (a new one waits 30 s): the page says so rather than pretend.
  await expect(visitor.getByText(`We sent an email to ${email} less than a minute ago.`, { exact: false })).toBeVisible();
  const fresh = linkIn(await waitForMail(request, email, /^\d{6} is your code for /), '/confirm');
  await visitor.goto(fresh);
  await expect(visitor.getByRole('status')).toHaveText('Your email is confirmed.');
  await visitor.context().close();
});
