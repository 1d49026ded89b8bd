import { expect, test } from '@playwright/test';
import type { FormListPage } from '@/domain/forms-api';
import { PUBLIC_URL } from '../../playwright.config';
import { createPublishedForm, editorTab, pdfFile, seriousViolations, signUp, toastWith, uniqueEmail } from './support.js';

/*
 * docs/decisions/0087: an owner picks hCaptcha in the creator's Settings; publishing without keys is
 * refused with the reason shown there; she enters the keys once, in place, and publishes. The
 * published page carries hCaptcha's widget and script, and its CSP names hCaptcha's hosts and no
 * other provider's. hCaptcha's own script cannot load offline: the markup and the headers are what
 * is checked, not the widget drawn.
 */

const SITE_KEY = '10000000-ffff-ffff-ffff-000000000001';
const SECRET_KEY = '0x0000000000000000000000000000000000000000';
const TITLE = 'The Guarded Guide';

test('an owner turns on hCaptcha, enters its keys once in Settings, and the published page carries it', async ({
  page,
  browser,
}) => {
  test.setTimeout(3 * 60_000);
  await signUp(page, { name: 'Hana Guard', email: uniqueEmail('captcha'), password: 'no-robots-here-42' });
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto('/page-creator');
  await expect(page.getByRole('heading', { level: 1, name: 'Create Landing Page' })).toBeVisible();
  await page.getByLabel('Title', { exact: true }).fill(TITLE);
  await page.getByLabel('Business name', { exact: true }).fill('Guarded Press');
  await page.getByLabel('Lead magnet name', { exact: true }).fill('The Guarded Guide PDF');
  await page.locator('#creator-lead-magnet').setInputFiles(pdfFile('guarded.pdf'));
  await expect(page.getByText('guarded.pdf', { exact: true })).toBeVisible();
  await editorTab(page, 'Settings').click();
  await page.getByLabel('Privacy policy address', { exact: true }).fill('https://guarded.example/privacy');

  const section = page.getByRole('region', { name: 'Captcha' });
  await expect(section.getByRole('radio', { name: /^Off/ })).toBeChecked();
  await section.getByRole('radio', { name: /^hCaptcha/ }).check();
  await expect(section.getByText('Your workspace has no hCaptcha keys yet.', { exact: false })).toBeVisible();
  await expect(section.getByRole('link', { name: /Get hCaptcha keys/ })).toHaveAttribute(
    'href',
    'https://dashboard.hcaptcha.com/sites',
  );

  // Publishing now is refused, and the creator says why, in the section.
  await page.getByRole('button', { name: 'Save & Publish' }).click();
  const reason = 'Add your hCaptcha keys (Settings → Captcha) before publishing, or turn the captcha off.';
  await expect(toastWith(page, reason)).toBeVisible();
  await expect(section.getByText(reason)).toBeVisible();
  await expect(page).toHaveURL(/\/page-creator/);

  // A wrong site key is caught before it is sent; the right keys are saved to the workspace.
  await section.getByLabel('Site key', { exact: true }).fill('0x4AAAAAAABkMYinukE8nzY');
  await section.getByLabel('Secret key', { exact: true }).fill(SECRET_KEY);
  await section.getByRole('button', { name: 'Save hCaptcha keys' }).click();
  await expect(section.getByText(/An hCaptcha site key looks like/)).toBeVisible();
  await section.screenshot({ path: test.info().outputPath('captcha-settings-keys.png') });
  await section.getByLabel('Site key', { exact: true }).fill(SITE_KEY);
  await section.getByRole('button', { name: 'Save hCaptcha keys' }).click();
  await expect(toastWith(page, 'hCaptcha keys saved')).toBeVisible();
  await expect(section.getByText('Uses your workspace’s hCaptcha keys')).toBeVisible();
  await expect(section.getByText(SITE_KEY)).toBeVisible();
  await expect(page.getByText(SECRET_KEY)).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  await section.screenshot({ path: test.info().outputPath('captcha-settings-saved.png') });

  await page.getByRole('button', { name: 'Save & Publish' }).click();
  await expect(toastWith(page, 'Your landing page has been published successfully!')).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(/\/dashboard$/);

  // Integrations lists the workspace's keys, the secret masked.
  await page.goto('/settings/integrations');
  const keys = page.getByRole('region', { name: 'Captcha keys' });
  const hcaptcha = keys.getByRole('region', { name: 'hCaptcha' });
  await expect(hcaptcha.getByText('Keys saved')).toBeVisible();
  await expect(hcaptcha.getByText(SITE_KEY)).toBeVisible();
  await expect(hcaptcha.getByText('…0000')).toBeVisible();
  await expect(keys.getByRole('region', { name: 'Cloudflare Turnstile' }).getByText('No keys')).toBeVisible();
  await keys.screenshot({ path: test.info().outputPath('integrations-captcha-keys.png') });

  const list = (await (await page.request.get('/api/forms')).json()) as FormListPage;
  const form = list.items.find((f) => f.name === TITLE)!;
  const published = await page.request.get(`${PUBLIC_URL}/f/${form.id}`);
  expect(published.status()).toBe(200);
  const html = await published.text();
  expect(html).toContain(`<div class="h-captcha" data-sitekey="${SITE_KEY}"></div>`);
  expect(html).toContain('src="https://js.hcaptcha.com/1/api.js?hl=en"');
  expect(html).toMatch(/Protected by hCaptcha \(<a href="https:\/\/www\.hcaptcha\.com\/privacy"/);
  const csp = published.headers()['content-security-policy']!;
  const directive = (name: string) => csp.split('; ').find((d) => d.startsWith(`${name} `)) ?? '';
  for (const name of ['script-src', 'frame-src', 'connect-src', 'style-src'])
    expect(directive(name), name).toContain('https://hcaptcha.com https://*.hcaptcha.com');
  expect(csp).not.toMatch(/cloudflare|google|gstatic|recaptcha/);

  // A visitor's browser shows the form with the widget's place and the line naming hCaptcha.
  const visitor = await browser.newPage();
  await visitor.route(/hcaptcha\.com/, (route) => route.abort());
  await visitor.goto(`${PUBLIC_URL}/f/${form.id}`);
  await expect(visitor.locator(`.h-captcha[data-sitekey="${SITE_KEY}"]`)).toHaveCount(1);
  await expect(visitor.getByRole('link', { name: 'privacy policy' }).last()).toHaveAttribute(
    'href',
    'https://www.hcaptcha.com/privacy',
  );
  await expect(visitor.getByText(/Protected by hCaptcha/)).toBeVisible();
  await visitor.locator('#ls-form').screenshot({ path: test.info().outputPath('visitor-form-hcaptcha.png') });
  await visitor.close();

  // reCAPTCHA v3, with keys saved on Integrations' API: Google's script (a stand-in served in its place,
  // as it cannot load offline) gives the page's inline script a token on the press, which the form
  // sends in g-recaptcha-response. This server cannot reach Google to check it: the sign-up is refused
  // (fail closed), the form comes back as typed, asking to try again.
  const saved = await page.request.put('/api/captcha/recaptcha', {
    data: { siteKey: '6LcE2eSiteKeyForTheGuardedGuide000000001', secretKey: '6LcE2eSecretKeyForTheGuardedGuide0001' },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const scored = await createPublishedForm(page.request, { title: 'The Scored Guide' }, { captcha: 'recaptcha' });
  const second = await browser.newPage();
  const violations: string[] = [];
  second.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  const asked: string[] = [];
  await second.route(/^https:\/\/www\.google\.com\/recaptcha\/api\.js/, (route) => {
    asked.push(route.request().url());
    return route.fulfill({
      contentType: 'text/javascript',
      body: "window.grecaptcha={ready:function(f){setTimeout(f,10)},execute:function(k,o){return Promise.resolve('e2e-token:'+k+':'+o.action)}};",
    });
  });
  await second.goto(scored.publicUrl);
  await expect.poll(() => asked.length).toBe(1);
  expect(asked[0]).toContain('render=6LcE2eSiteKeyForTheGuardedGuide000000001');
  await second.getByLabel(/Email Address/).fill('scored-visitor@example.com');
  await second.getByRole('checkbox', { name: /I agree/ }).check();
  await second.waitForTimeout(2200); // as long as a person takes: the fill-time check is not what this is about
  const posted = second.waitForRequest((request) => request.method() === 'POST' && request.url().endsWith(`/f/${scored.id}`));
  await second.getByRole('button', { name: /^Get / }).click();
  const body = new URLSearchParams((await posted).postData() ?? '');
  expect(body.get('g-recaptcha-response')).toBe('e2e-token:6LcE2eSiteKeyForTheGuardedGuide000000001:signup');
  await expect(second.getByRole('alert')).toContainText('Please confirm you’re not a robot and press the button again.');
  await expect(second.getByLabel(/Email Address/)).toHaveValue('scored-visitor@example.com');
  expect(violations).toEqual([]);
  await second.close();
});
