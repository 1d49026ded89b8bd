import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { chooseRowAction, editorTab, pdfFile, seriousViolations, setWorkspacePlan, toastWith, uniqueEmail } from './support.js';

// Settings a new owner gives once carry over (docs/decisions/0059). She
// builds her first page signed out, privacy-policy address included and disposable addresses
// refused, signs up at the gate and publishes; her next page starts with that address and that
// refusal, and Privacy & data shows them as the workspace's.
// The dashboard's Embed dialog lets her allow her site, and the copied code shows the page there at
// once. Billing is in the header's navigation and names a plan Lodestone's team set as such.

const PRIVACY_URL = 'https://northwind.example/privacy';
const TITLE = 'The Carry-over Guide';
const shot = (name: string) => `/tmp/privacy-${name}.png`;

/** The owner's website, on another origin than Lodestone's: serves `siteHtml` at /. */
let site: Server;
let sitePort: number;
let siteHtml = '';
test.beforeAll(async () => {
  site = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(siteHtml);
  });
  await new Promise<void>((resolve) => site.listen(0, resolve));
  sitePort = (site.address() as AddressInfo).port;
});
test.afterAll(async () => {
  await new Promise((resolve) => site.close(resolve));
});

/** Opens a header link: in the row from 1280 px, behind the menu button below. */
async function headerLink(page: Page, name: string, width: number) {
  if (width < 1280) {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name, exact: true }).click();
  } else {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true }).click();
  }
}

for (const width of [1280, 375]) {
  test(`at ${width} px, the privacy address and the address checks chosen once start every new page, and the site allowed in the Embed dialog shows the page at once`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(6 * 60_000);
    await page.setViewportSize({ width, height: 900 });
    const email = uniqueEmail(`carry-${width}`);

    // Signed out: the first page, privacy address typed in the creator.
    await page.goto('/page-creator');
    await expect(page.getByRole('heading', { level: 1, name: 'Create Landing Page' })).toBeVisible();
    await page.getByLabel('Title', { exact: true }).fill(TITLE);
    await page.getByLabel('Business name', { exact: true }).fill('Northwind Press');
    await page.getByLabel('Lead magnet name', { exact: true }).fill('The Carry-over Guide PDF');
    await page.locator('#creator-lead-magnet').setInputFiles(pdfFile('carry-over.pdf'));
    await expect(page.getByText('carry-over.pdf', { exact: true })).toBeVisible();
    await editorTab(page, 'Settings').click();
    await expect(page.getByLabel('Privacy policy address', { exact: true })).toHaveValue('');
    await page.getByLabel('Privacy policy address', { exact: true }).fill(PRIVACY_URL);
    const disposable = () => page.getByRole('switch', { name: 'Refuse disposable addresses' });
    await expect(disposable()).not.toBeChecked();
    await disposable().click();
    await expect(disposable()).toBeChecked();

    // Publish: sign up at the gate, and the page goes live.
    await page.getByRole('button', { name: 'Save & Publish' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in to publish your page' })).toBeVisible();
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    await page.getByLabel('Full Name').fill('Nora Northwind');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('carry-over-pass-1');
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await expect(toastWith(page, 'Your landing page has been published successfully!')).toBeVisible({ timeout: 20_000 });
    await expect(page).toHaveURL(/\/dashboard$/);

    // A new page starts with the address: nothing to type again.
    await page.goto('/page-creator');
    await expect(page.getByRole('heading', { level: 1, name: 'Create Landing Page' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Unsaved draft' })).toHaveCount(0);
    await expect(page.getByLabel('Title', { exact: true })).toHaveValue('');
    await editorTab(page, 'Settings').click();
    await expect(page.getByLabel('Privacy policy address', { exact: true })).toHaveValue(PRIVACY_URL);
    await expect(disposable()).toBeChecked();
    await expect(page.getByRole('switch', { name: 'Suggest fixes for typos' })).toBeChecked();
    expect(await seriousViolations(page), `new page's settings at ${width} px`).toEqual([]);
    await page.getByLabel('Privacy policy address', { exact: true }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: shot(`new-page-settings-${width}`) });
    // From a template too.
    await page.goto('/page-creator?template=professional-ebook');
    await expect(page.getByLabel('Title', { exact: true })).not.toHaveValue('');
    await editorTab(page, 'Settings').click();
    await expect(page.getByLabel('Privacy policy address', { exact: true })).toHaveValue(PRIVACY_URL);
    await expect(disposable()).toBeChecked();

    // Privacy & data shows them as the workspace's, and changes them.
    await page.goto('/dashboard/privacy');
    const card = page.getByRole('form', { name: 'Page defaults' });
    await expect(card.getByLabel('Privacy policy address', { exact: true })).toHaveValue(PRIVACY_URL);
    await expect(card.getByRole('switch', { name: 'Refuse disposable addresses' })).toBeChecked();
    await expect(card.getByRole('radio', { name: 'Off' })).toBeChecked();
    // A captcha whose keys the workspace lacks is kept, with the way to add them.
    await card.getByRole('radio', { name: 'hCaptcha' }).check();
    await expect(card.getByText('Your workspace has no hCaptcha keys yet')).toBeVisible();
    await expect(card.getByRole('link', { name: 'Integrations' })).toHaveAttribute('href', '/settings/integrations');
    await card.getByLabel('Privacy policy address', { exact: true }).fill('mailto:privacy@northwind.example');
    await card.getByRole('button', { name: 'Save page defaults' }).click();
    await expect(card.getByText('Enter a web address that starts with https:// or http://')).toBeVisible();
    await card.getByLabel('Privacy policy address', { exact: true }).fill('https://northwind.example/legal/privacy');
    await card.getByRole('button', { name: 'Save page defaults' }).click();
    await expect(toastWith(page, 'Page defaults saved')).toBeVisible();
    expect(await seriousViolations(page), `Privacy & data at ${width} px`).toEqual([]);
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: shot(`page-defaults-${width}`) });
    await page.goto('/page-creator');
    await editorTab(page, 'Settings').click();
    await expect(page.getByLabel('Privacy policy address', { exact: true })).toHaveValue(
      'https://northwind.example/legal/privacy',
    );
    await expect(disposable()).toBeChecked();
    await expect(page.getByRole('radio', { name: /^hCaptcha/ })).toBeChecked();

    // The Embed dialog: allow the site, copy the code; the site shows the page at once.
    await page.goto('/dashboard');
    await chooseRowAction(page, TITLE, 'Embed');
    const dialog = page.getByRole('dialog', { name: `Embed “${TITLE}” on your site` });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Allow your site', { exact: true }).fill(`http://localhost:${sitePort}`);
    await dialog.getByRole('button', { name: 'Allow', exact: true }).click();
    await expect(dialog.getByRole('status').filter({ hasText: 'may show this page now.' })).toBeVisible();
    expect(await seriousViolations(page), `Embed dialog at ${width} px`).toEqual([]);
    await page.screenshot({ path: shot(`embed-dialog-${width}`) });
    siteHtml =
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Northwind's site</title></head>` +
      `<body><h1>Northwind's own website</h1><main>${await dialog.getByLabel('Embed code').inputValue()}</main></body></html>`;
    await dialog.getByRole('button', { name: 'Done' }).click();
    const visitor = await (await browser.newContext({ storageState: { cookies: [], origins: [] } })).newPage();
    await visitor.setViewportSize({ width, height: 900 });
    await visitor.goto(`http://localhost:${sitePort}/`);
    await expect(visitor.frameLocator('iframe[data-lodestone]').getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
    await visitor.screenshot({ path: shot(`embedded-${width}`), fullPage: true });
    await visitor.context().close();

    // Billing, from the header, names the plan; one Lodestone's team set reads as such, here and on the dashboard.
    await page.goto('/dashboard');
    await headerLink(page, 'Billing', width);
    await expect(page.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible();
    await expect(page.getByText('Your plan: Free')).toBeVisible();
    await setWorkspacePlan(email, 'pro');
    await page.reload();
    await expect(page.getByText('Your plan: Pro')).toBeVisible();
    await expect(
      page.getByText('Your Pro plan was set by Lodestone’s team; there are no invoices for it.').first(),
    ).toBeVisible();
    await expect(page.getByText('npm run')).toHaveCount(0);
    expect(await seriousViolations(page), `Billing at ${width} px`).toEqual([]);
    await page.screenshot({ path: shot(`billing-${width}`), fullPage: true });
    await page.goto('/dashboard');
    await expect(page.getByText(/set by Lodestone’s team/).first()).toBeVisible();
    await expect(page.getByText(/on the Free plan/)).toHaveCount(0);
    await page.screenshot({ path: shot(`dashboard-${width}`), fullPage: true });
  });
}
