import { expect, test } from '@playwright/test';
import { domainMessages } from '@/domain/custom-domains';
import { createPublishedForm, seriousViolations, setWorkspacePlan, signUp, toastWith, uniqueEmail } from './support.js';

/*
 * docs/decisions/0055, the owner's side: on Free the domains screen offers the upgrade; on Pro the owner adds
 * offers.example.test, sees the two records to create, checks them now (the server asks the real
 * DNS, where the name does not resolve: both records are honestly not found), is refused a second
 * domain by the plan, chooses the domain's home page and a page's address, and removes the domain.
 */

test('an owner connects a custom domain: the records, a check, the plan limit, a home page, a page address, and removing it', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const owner = { name: 'Dom Ain', email: uniqueEmail('domains-owner'), password: 'my-own-domain-2026' };
  await signUp(page, owner);
  await expect(page).toHaveURL(/\/dashboard$/);
  const form = await createPublishedForm(page.request, { title: 'Domains Guide' });

  // Free: found from the header, and the plan's upgrade instead of the form.
  await page.getByRole('banner').getByRole('link', { name: 'Domains', exact: true }).click();
  await expect(page).toHaveURL(/\/settings\/domains$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Domains' })).toBeVisible();
  const connect = page.getByRole('region', { name: 'Connect a domain' });
  await expect(connect.getByText(domainMessages.planLimit(0))).toBeVisible();
  await expect(connect.getByRole('link', { name: 'Upgrade your plan' })).toHaveAttribute('href', '/settings/billing');
  await expect(page.getByRole('button', { name: 'Add domain' })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  // The help article it links to.
  await connect.getByRole('link', { name: 'How to connect a domain' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Connecting a Custom Domain' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Keeping the domain verified' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('domains-article.png'), fullPage: true });
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'Domains' })).toBeVisible();

  // Pro: one domain. A malformed name is named under the field and adds nothing.
  await setWorkspacePlan(owner.email, 'pro');
  await page.reload();
  await expect(connect.getByText('0 of 1 domains used')).toBeVisible();
  const hostname = connect.getByLabel('Domain', { exact: true });
  await hostname.fill('offers example test');
  await connect.getByRole('button', { name: 'Add domain' }).click();
  await expect(connect.getByText(domainMessages.hostnameInvalid)).toBeVisible();
  await expect(hostname).toHaveAttribute('aria-invalid', 'true');

  await hostname.fill('Offers.Example.test');
  await connect.getByRole('button', { name: 'Add domain' }).click();
  await expect(connect.getByRole('status')).toHaveText(
    'offers.example.test added. Create its two DNS records below, then press Verify now.',
  );
  await expect(hostname).toHaveValue('');
  await expect(connect.getByText('1 of 1 domains used')).toBeVisible();

  const card = page.getByRole('region', { name: 'offers.example.test', exact: true });
  await expect(card.getByText('Pending verification')).toBeVisible();
  const records = card.getByRole('table', { name: 'DNS records for offers.example.test' });
  await expect(records.getByRole('columnheader')).toHaveText(['Type', 'Name', 'Value']);
  const txt = records.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'TXT' }) });
  await expect(txt.getByRole('cell').first()).toHaveText('_lodestone.offers.example.test');
  await expect(txt.getByRole('cell').nth(1)).toHaveText(/^lodestone-verify=[0-9a-f]{32}$/);
  // PUBLIC_URL's host is an IP address here, so the domain points at it with an A record, not a CNAME.
  const pointing = records.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'A', exact: true }) });
  await expect(pointing.getByRole('cell')).toHaveText(['offers.example.test', '127.0.0.1']);
  await card.getByRole('button', { name: 'Copy the TXT value' }).click();
  await expect(toastWith(page, 'TXT value copied')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await txt.getByRole('cell').nth(1).textContent());

  // Verify now asks the real DNS: offers.example.test does not resolve, so neither record is there.
  await expect(card.getByText('Not checked yet')).toBeVisible();
  await card.getByRole('button', { name: 'Verify now offers.example.test' }).click();
  const check = card.getByRole('status');
  await expect(check).toContainText('Not verified yet: TXT record not found yet, A record not found yet.', {
    timeout: 20_000,
  });
  await expect(check.getByRole('list', { name: 'Last check of offers.example.test' }).getByRole('listitem')).toHaveText([
    'TXT record not found yet',
    'A record not found yet',
  ]);
  await expect(check).toContainText(/Last checked \w+ \d+, \d{4}/);
  await expect(card.getByText('Pending verification')).toBeVisible();
  await expect(card.getByRole('link', { name: /https:\/\/offers\.example\.test\// })).toHaveCount(0); // not live

  // A second domain is over Pro's allowance.
  await hostname.fill('second.example.test');
  await connect.getByRole('button', { name: 'Add domain' }).click();
  await expect(connect.getByText(domainMessages.planLimit(1))).toBeVisible();
  await expect(connect.getByRole('link', { name: 'Compare plans and upgrade' })).toHaveAttribute('href', '/settings/billing');
  await expect(page.getByRole('region', { name: 'second.example.test' })).toHaveCount(0);

  // The domain's home page, kept after a reload.
  await card.getByLabel('Home page').selectOption({ label: 'Domains Guide' });
  await expect(card.getByLabel('Home page')).toBeEnabled();
  await page.reload();
  await expect(card.getByLabel('Home page')).toHaveValue(form.id);

  // The page's address: a bad one is named under its field, a good one is saved.
  const addresses = page.getByRole('region', { name: 'Page addresses' });
  const slug = addresses.getByLabel('Domains Guide');
  await slug.fill('Free Guide!');
  await addresses.getByRole('button', { name: 'Save the address of Domains Guide' }).click();
  await expect(addresses.getByText(domainMessages.slugInvalid)).toBeVisible();
  await expect(slug).toHaveAttribute('aria-invalid', 'true');
  await slug.fill('free-guide');
  await expect(addresses.getByText('https://your-domain/free-guide', { exact: true })).toBeVisible();
  await addresses.getByRole('button', { name: 'Save the address of Domains Guide' }).click();
  await expect(toastWith(page, 'Address of Domains Guide saved')).toBeVisible();
  await expect(addresses.getByText(domainMessages.slugInvalid)).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  // From the top, so the fixed header sits above the screen in the full-page pictures.
  const shoot = async (name: string) => {
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
    await card.screenshot({ path: test.info().outputPath(`${name}-card.png`) });
  };
  await page.setViewportSize({ width: 1280, height: 900 });
  await shoot('domains-1280');
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(card.getByRole('list', { name: 'DNS records for offers.example.test' })).toBeVisible(); // a block per record
  await expect(card.getByRole('button', { name: 'Copy the A value' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await shoot('domains-375');
  expect(await seriousViolations(page)).toEqual([]);
  // The header: below 1280 px its links are in the menu; from 1280 px they fit in one row (the fixed
  // header widens no page, so its own width is measured).
  const header = page.getByRole('banner');
  await page.setViewportSize({ width: 1024, height: 800 });
  await header.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Domains' })).toBeVisible();
  expect(await page.evaluate(() => document.querySelector('header')!.scrollWidth)).toBeLessThanOrEqual(1024);
  await page.screenshot({ path: test.info().outputPath('domains-1024-menu.png') });
  await header.getByRole('button', { name: 'Close menu' }).click();
  await page.setViewportSize({ width: 1280, height: 900 });
  const createForm = header.getByRole('link', { name: 'Create Form' });
  await expect(createForm).toBeVisible();
  const edge = await createForm.evaluate((link) => link.getBoundingClientRect().right);
  expect(edge).toBeLessThanOrEqual(1280 - 32); // inside the header's padding
  await page.screenshot({ path: test.info().outputPath('domains-1280-header.png') });

  await page.reload();
  await expect(page.getByRole('region', { name: 'Page addresses' }).getByLabel('Domains Guide')).toHaveValue('free-guide');

  // Removing it, after a confirmation.
  await card.getByRole('button', { name: 'Remove offers.example.test' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Remove offers.example.test?' });
  await dialog.getByRole('button', { name: 'Remove domain' }).click();
  await expect(toastWith(page, 'offers.example.test removed')).toBeVisible();
  await expect(card).toHaveCount(0);
  await expect(connect.getByText('0 of 1 domains used')).toBeVisible();
});
