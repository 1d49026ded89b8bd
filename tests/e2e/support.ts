import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import pg from 'pg';
import type { FormConfig } from '@/domain/form-config';
import type { PlanId } from '@/domain/plans';
import { SECTION_LABELS, type SectionType } from '@/domain/sections';
import { coverPng, logoPng } from '@tests/kit/brand-images';
import { pdfBytes, publishableConfig, uniqueEmail as kitEmail } from '@tests/kit/data';
import { DEV_MAILBOX_JSON, type DevMail, mailsTo } from '@tests/kit/mailbox';
import { textField } from '@tests/kit/fields';

export const uniqueEmail = (prefix = 'e2e') => kitEmail(prefix);

/** The dev mailbox (on the app origin) as `request` sees it, newest first. */
export const readMailbox = async (request: APIRequestContext): Promise<DevMail[]> =>
  (await request.get(DEV_MAILBOX_JSON)).json() as Promise<DevMail[]>;

/** Waits until the dev mailbox holds an email to `to` whose subject is `subject` (or matches it), and returns the newest. */
export async function waitForMail(request: APIRequestContext, to: string, subject: string | RegExp): Promise<DevMail> {
  let found: DevMail | undefined;
  await expect
    .poll(
      async () => {
        found = mailsTo(await readMailbox(request), to, subject)[0];
        return Boolean(found);
      },
      { timeout: 15_000, message: `an email ${String(subject)} to ${to}` },
    )
    .toBe(true);
  return found!;
}

export async function signUp(page: Page, user: { name: string; email: string; password: string }) {
  await page.goto('/sign-up');
  await page.getByLabel('Full Name').fill(user.name);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
}

export async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

// ----- page creator and dashboard helpers ------------------------------------------------------

/** A file for setInputFiles / multipart: starts like a PDF, padded to `size` bytes. */
export function pdfFile(name = 'lead-magnet.pdf', size = 2048) {
  return { name, mimeType: 'application/pdf', buffer: pdfBytes(size) };
}

/** The sonner toast carrying `text`. */
/** On the editor's Design tab: chooses the logo and a cover image (with its description, when given) and waits for both to show. */
export async function chooseLogoAndCover(page: Page, coverDescription?: string) {
  await page.locator('#creator-design-logo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await logoPng() });
  await expect(page.getByRole('button', { name: 'Remove Logo' })).toBeVisible();
  await page
    .locator('#creator-design-cover')
    .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: await coverPng() });
  await expect(page.getByRole('button', { name: 'Remove Cover image' })).toBeVisible();
  if (coverDescription) await page.getByLabel('Cover image description', { exact: true }).fill(coverDescription);
}

export const toastWith = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

/** The value shown on a dashboard stat card ('Total Forms', …). */
export const statValue = (page: Page, label: string) =>
  page
    .getByRole('region', { name: 'Statistics' })
    .getByRole('listitem')
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator('p')
    .nth(1);

/** The dashboard table row of the form named `name`. */
export const formRow = (page: Page, name: string) =>
  page.getByRole('row').filter({ has: page.getByRole('rowheader', { name, exact: true }) });

/** Opens the row menu of `name` and chooses `item` (Preview, Copy Link, Edit, Activate, Deactivate, Delete). */
export async function chooseRowAction(page: Page, name: string, item: string) {
  await page.getByRole('button', { name: `Actions for ${name}`, exact: true }).click();
  await page.getByRole('menuitem', { name: item, exact: true }).click();
}

interface CreatedForm {
  id: string;
  name: string;
  publicUrl: string;
}

/**
 * Creates and publishes a form through the owner API, as the signed-in user of `request` (use
 * `page.request` after signing up in the page: it shares the page's cookies).
 */
export async function createPublishedForm(
  request: APIRequestContext,
  form: { title: string; businessName?: string; leadMagnetName?: string; description?: string },
  config: Partial<FormConfig> = {},
): Promise<CreatedForm> {
  const upload = await request.post('/api/files', { multipart: { file: pdfFile(`${form.title}.pdf`) } });
  expect(upload.status(), await upload.text()).toBe(201);
  const draft = publishableConfig(await upload.json(), form.title, {
    description: form.description ?? `Everything about ${form.title}.`,
    businessName: form.businessName ?? 'Acme Marketing',
    leadMagnetName: form.leadMagnetName ?? form.title,
    ...config,
  });
  const created = await request.post('/api/forms', { data: { config: draft } });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as CreatedForm;
  const published = await request.post(`/api/forms/${id}/publish`);
  expect(published.status(), await published.text()).toBe(200);
  return (await published.json()) as CreatedForm;
}

/** axe's serious and critical violations on the page as it is now (iframes included), as readable strings. */
export async function seriousViolations(page: Page, exclude: string[] = []): Promise<string[]> {
  for (let attempt = 1; ; attempt++) {
    // What a person sees once things settle: a toast caught mid-fade has a contrast it never keeps.
    await page.waitForFunction(
      () => !document.querySelector('[data-sonner-toast][data-mounted="false"], [data-sonner-toast][data-removed="true"]'),
    );
    await page.evaluate(() =>
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
          .map((a) => a.finished.catch(() => undefined)),
      ),
    );
    const builder = new AxeBuilder({ page });
    for (const selector of exclude) builder.exclude(selector);
    const serious = (await builder.analyze()).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    const targets = serious.flatMap((v) => v.nodes.map((n) => n.target.join(' ')));
    // A toast whose time ran out while axe read the page began to fade (or was gone) under it: read
    // the page again once it has left. A toast that stays is judged like everything else.
    const caughtLeaving =
      targets.length > 0 &&
      (await page.evaluate(
        (selectors) =>
          selectors.some((selector) => {
            let element: Element | null;
            try {
              element = document.querySelector(selector);
            } catch {
              return false; // a target inside a frame: not a toast of this page
            }
            const toast = element?.closest('[data-sonner-toast]');
            return element === null || toast?.getAttribute('data-removed') === 'true';
          }),
        targets,
      ));
    if (!caughtLeaving || attempt === 3)
      return serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  }
}

/** A tab of the page creator's editor. */
export const editorTab = (page: Page, name: string) =>
  page.getByRole('tablist', { name: 'Page settings' }).getByRole('tab', { name });

/** Requests to POST /api/images and what they were answered. */
export function watchImageUploads(page: Page): number[] {
  const statuses: number[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === '/api/images' && response.request().method() === 'POST') {
      statuses.push(response.status());
    }
  });
  return statuses;
}

/** A signed-out owner signs up on the creator's "Sign in to publish your page" gate. */
export async function signUpAtTheGate(page: Page, name: string, email: string, password: string) {
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to publish your page' })).toBeVisible();
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await page.getByLabel('Full Name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
}

/** The creator's card of the section of kind `type`, in the list `within` (the page's, or variant B's). */
export const sectionCard = (within: Locator, type: SectionType) =>
  within
    .getByRole('listitem')
    .filter({ has: within.page().getByRole('heading', { level: 2, name: SECTION_LABELS[type], exact: true }) });

/** "Add section", then the kind: the choices close and the new section's heading takes the focus. */
export async function addSection(within: Locator, type: SectionType) {
  const add = within.getByRole('button', { name: 'Add section' });
  await add.click();
  await expect(add).toHaveAttribute('aria-expanded', 'true');
  const kinds = within.getByRole('group', { name: 'Kinds of section' });
  await kinds.getByRole('button', { name: SECTION_LABELS[type], exact: true }).click();
  await expect(kinds).toHaveCount(0);
  await expect(sectionCard(within, type).getByLabel('Heading', { exact: true })).toBeFocused();
}

// ----- visitors ---------------------------------------------------------------------------------

/** A text field for a page's configuration. */
export { textField };

/**
 * A visitor in a browser of their own (no cookies, nothing stored; `locale` sets Accept-Language and
 * navigator.language). A spec that opens them closes them after each test with `test.afterEach(closeVisitors)`:
 * a context left open keeps its pages running for the rest of the run, beside every later journey.
 */
export async function newVisitor(browser: Browser, options: { locale?: string } = {}): Promise<Page> {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] }, ...options });
  visitorContexts.add(context);
  return context.newPage();
}
const visitorContexts = new Set<BrowserContext>();

export async function closeVisitors() {
  const open = [...visitorContexts];
  visitorContexts.clear();
  await Promise.all(open.map((context) => context.close()));
}

/** A visitor fills in a public page (for over 2 s, as a person would); with `confirm`, types the emailed code. */
export async function visitorSignsUp(
  browser: Browser,
  url: string,
  email: string,
  answers: Record<string, string>,
  { confirm = false } = {},
) {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const visitor = await context.newPage();
  await visitor.goto(url);
  const openedAt = Date.now();
  await visitor.getByLabel(/Email Address/).fill(email);
  for (const [label, value] of Object.entries(answers)) await visitor.getByLabel(new RegExp(`^${label}`)).fill(value);
  await visitor.getByRole('checkbox', { name: /I agree/ }).check();
  const left = 2250 - (Date.now() - openedAt);
  if (left > 0) await visitor.waitForTimeout(left);
  await visitor.getByRole('button', { name: /^Get / }).click();
  await expect(visitor.getByRole('heading', { level: 1, name: 'Thank You!' })).toBeVisible();
  if (confirm) {
    const mail = await waitForMail(visitor.request, email, /^\d{6} is your code for /);
    await visitor.getByPlaceholder('Enter 6-digit code').fill(mail.subject.slice(0, 6));
    await visitor.getByRole('button', { name: 'Verify email' }).click();
    await expect(visitor.getByRole('status')).toHaveText('Your email is confirmed.');
  }
  await context.close();
}

// ----- plans ------------------------------------------------------------------------------------

/**
 * Puts the workspace of the owner `email` on `plan`, as a change of subscription would (there is no
 * billing screen to do it through). It connects to the e2e server's embedded PostgreSQL: a Unix
 * socket in E2E_DATA_DIR/postgres (src/server/db/embedded.ts), database 'lodestone'.
 */
export async function setWorkspacePlan(email: string, plan: PlanId) {
  const client = new pg.Client({
    host: path.join(process.env.E2E_DATA_DIR!, 'postgres'),
    port: 5432,
    user: 'postgres',
    database: 'lodestone',
  });
  await client.connect();
  try {
    const { rowCount } = await client.query(
      `update organizations set plan = $2
         where id in (select m.organization_id from members m join users u on u.id = m.user_id where u.email = $1)`,
      [email, plan],
    );
    expect(rowCount, `the workspace of ${email}`).toBe(1);
  } finally {
    await client.end();
  }
}

/**
 * Holds the requests to `url` (a route pattern) until the returned function is called, as a slow
 * network would: what the page draws before the answer can be looked at.
 */
export async function holdRequests(page: Page, url: string): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** Records the layout shifts of every document `page` loads from now on, from its first byte (`layoutShifts`). */
export const recordLayoutShifts = (page: Page) =>
  page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { layoutShifts: number[] }).layoutShifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) shifts.push((entry as PerformanceEntry & { value: number }).value);
    }).observe({ type: 'layout-shift', buffered: true });
  });

/** The layout shifts recorded so far on the page's document, each its score. */
export const layoutShifts = (page: Page): Promise<number[]> =>
  page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts);

/**
 * A local address serving `origin`'s responses, an HTML document in two parts: up to the end of
 * `splitAfter`, then `pauseMs` later the rest, as a slow network delivers a page (the browser paints
 * what it has in the pause). Every other response is passed on whole.
 */
export async function tricklingProxy(
  origin: string,
  splitAfter: string,
  pauseMs = 600,
): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer((req, res) => {
    void (async () => {
      const upstream = await fetch(origin + req.url, { headers: { accept: req.headers.accept ?? '*/*' }, redirect: 'manual' });
      const body = Buffer.from(await upstream.arrayBuffer());
      const dropped = ['content-length', 'content-encoding', 'transfer-encoding', 'connection'];
      res.writeHead(upstream.status, Object.fromEntries([...upstream.headers].filter(([name]) => !dropped.includes(name))));
      const at = upstream.headers.get('content-type')?.startsWith('text/html') ? body.indexOf(splitAfter) : -1;
      if (at < 0) return void res.end(body);
      res.write(body.subarray(0, at + splitAfter.length));
      setTimeout(() => res.end(body.subarray(at + splitAfter.length)), pauseMs);
    })().catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
