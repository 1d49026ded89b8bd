import { expect, test, type Page } from '@playwright/test';
import { APP_URL, PUBLIC_URL } from '../../playwright.config';
import { logoPng } from '@tests/kit/brand-images';
import { createPublishedForm, seriousViolations, signUp, uniqueEmail, waitForMail } from './support.js';

// A new owner's branded page (orange, with a logo): the visitor's email carries the page's colour
// and logo; she confirms with the link in another tab, then types the code from the same email in
// the tab she signed up in, and gets the download there too.

const ORANGE = '#f97316';
const DOWNLOAD = (page: Page) => page.getByRole('link', { name: /^Download / });

for (const width of [1280, 375]) {
  test(`at ${width} px: the email is in the page's brand, and the code still works after the link`, async ({ page, browser }) => {
    test.setTimeout(420_000); // two tabs, a mailbox and axe twice, on a shared machine
    const owner = { name: 'Olive Orchard', email: uniqueEmail('orange-owner'), password: 'orange-journey-1' };
    await signUp(page, owner);
    await expect(page).toHaveURL(/\/dashboard$/);
    const logo = await page.request.post('/api/images', {
      multipart: { file: { name: 'logo.png', mimeType: 'image/png', buffer: await logoPng() } },
    });
    expect(logo.status(), await logo.text()).toBe(201);
    const form = await createPublishedForm(
      page.request,
      { title: 'The Guide', businessName: 'Orchard Books', leadMagnetName: 'The Guide' },
      {
        design: {
          brandColor: ORANGE,
          background: 'tint',
          font: 'sans',
          logo: await logo.json(),
          cover: null,
          coverAlt: '',
          layout: 'top',
          buttonText: '',
          formPlacement: 'below',
        },
      },
    );

    const context = await browser.newContext({ storageState: { cookies: [], origins: [] }, viewport: { width, height: 900 } });
    const first = await context.newPage();
    await first.goto(`${PUBLIC_URL}/f/${form.id}`);
    const email = uniqueEmail('orange-visitor');
    await first.getByLabel(/Email Address/).fill(email);
    await first.getByRole('checkbox', { name: /I agree/ }).check();
    await first.waitForTimeout(2100);
    await first.getByRole('button', { name: /^Get / }).click();
    await expect(first.getByPlaceholder('Enter 6-digit code')).toBeVisible();

    // The email in the dev mailbox: the page's colour and its logo.
    const mail = await waitForMail(first.request, email, /^\d{6} is your code for /);
    expect(mail.html).toContain(`background-color:${ORANGE}`);
    expect(mail.html).toMatch(new RegExp(`src="${PUBLIC_URL.replaceAll('.', '\\.')}/img/[\\w-]+/\\d+\\.png"`));
    const mailbox = await context.newPage();
    await mailbox.goto(`${APP_URL}/dev/mail`);
    const frame = mailbox.frameLocator(`iframe[title="${mail.subject}"]`);
    await expect(frame.locator('img')).toBeVisible();
    await expect
      .poll(() => frame.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    await mailbox
      .locator('article')
      .filter({ hasText: mail.subject })
      .screenshot({ path: `/tmp/visitor-email-${width}.png` });

    // Another tab: the link in the email confirms and shows the download.
    const second = await context.newPage();
    await second.goto(/http\S+\/confirm\?t=\S+/.exec(mail.text)![0]);
    await expect(DOWNLOAD(second)).toBeVisible();
    await second.screenshot({ path: `/tmp/visitor-link-tab-${width}.png`, fullPage: true });

    // Back in the first tab, which still asks for the code: the code from the same email.
    await first.bringToFront();
    await expect(first.getByText(/Confirm your email to get The Guide/)).toBeVisible();
    await first.getByPlaceholder('Enter 6-digit code').fill(mail.subject.slice(0, 6));
    await first.getByRole('button', { name: 'Verify email' }).click();
    await expect(first.getByRole('status')).toHaveText('Your email is confirmed.');
    await expect(first.getByText('Too many wrong codes')).toHaveCount(0);
    await expect(DOWNLOAD(first)).toBeVisible();
    await first.screenshot({ path: `/tmp/visitor-code-tab-${width}.png`, fullPage: true });
    expect(await seriousViolations(first)).toEqual([]);
    expect(await seriousViolations(second)).toEqual([]);
    await context.close();
  });
}
