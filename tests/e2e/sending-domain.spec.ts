import { expect, test } from '@playwright/test';
import { sendingDomainMessages } from '@/domain/sending-domains';
import { seriousViolations, signUp, toastWith, uniqueEmail } from './support.js';

/*
 * docs/decisions/0089, the owner's side: on the Domains screen the owner adds mail.example.test as the
 * sending domain of visitors' emails, sees the DKIM and SPF records to create and the DMARC suggestion,
 * copies the DKIM value, checks the records now (the server asks the machine's DNS, where the name does
 * not resolve: neither record is found), changes the From address's local part, and removes the domain.
 */

test('an owner adds a sending domain: its records, a check, the From address, and removing it', async ({ page, context }) => {
  test.setTimeout(120_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const owner = { name: 'Sen Der', email: uniqueEmail('sending-owner'), password: 'my-sending-domain-2026' };
  await signUp(page, owner);
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto('/settings/domains');
  await expect(page.getByRole('heading', { level: 1, name: 'Domains' })).toBeVisible();
  const section = page.getByRole('region', { name: 'Sending domain' });
  const name = section.getByLabel('Domain', { exact: true });
  await name.fill('mail example test');
  await section.getByRole('button', { name: 'Add sending domain' }).click();
  await expect(section.getByText(sendingDomainMessages.domainInvalid)).toBeVisible();
  await expect(name).toHaveAttribute('aria-invalid', 'true');

  await name.fill('Mail.Example.test');
  await section.getByRole('button', { name: 'Add sending domain' }).click();
  await expect(section.getByRole('heading', { level: 3, name: 'mail.example.test', exact: true })).toBeVisible();
  await expect(section.getByText('Pending verification')).toBeVisible();
  await expect(section.getByRole('button', { name: 'Add sending domain' })).toHaveCount(0);

  const records = section.getByRole('table', { name: 'DNS records for mail.example.test' });
  await expect(records.getByRole('columnheader')).toHaveText(['Type', 'Name', 'Value']);
  const dkim = records.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'TXT DKIM' }) });
  await expect(dkim.getByRole('cell').first()).toHaveText(/^lodestone-[0-9a-f]{8}\._domainkey\.mail\.example\.test$/);
  await expect(dkim.getByRole('cell').nth(1)).toHaveText(/^v=DKIM1; k=rsa; p=[A-Za-z0-9+/]{300,}={0,2}$/);
  const spf = records.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'TXT SPF' }) });
  await expect(spf.getByRole('cell')).toHaveText(['mail.example.test', /^v=spf1 include:\S+ ~all$/]);
  const dmarc = section.getByRole('table', { name: 'Suggested: a DMARC record' });
  await expect(dmarc.getByRole('cell')).toHaveText(['_dmarc.mail.example.test', /^v=DMARC1; p=none; rua=mailto:/]);
  await section.getByRole('button', { name: 'Copy the DKIM value' }).click();
  await expect(toastWith(page, 'DKIM value copied')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await dkim.getByRole('cell').nth(1).textContent());

  await expect(section.getByText('Not checked yet')).toBeVisible();
  await section.getByRole('button', { name: 'Verify now mail.example.test' }).click();
  const check = section.getByRole('status');
  await expect(check).toContainText('Not verified yet: DKIM record not found yet, SPF record not found yet.', {
    timeout: 20_000,
  });
  await expect(section.getByText('Pending verification')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // The From address: a bad local part is named under its field; a good one is kept.
  const localPart = section.getByLabel('From address');
  await expect(localPart).toHaveValue('hello');
  await localPart.fill('hi there');
  await section.getByRole('button', { name: 'Save' }).click();
  await expect(section.getByText(sendingDomainMessages.localPartInvalid)).toBeVisible();
  await localPart.fill('News');
  await section.getByRole('button', { name: 'Save' }).click();
  await expect(localPart).toHaveValue('news');
  await expect(section.getByText(sendingDomainMessages.localPartInvalid)).toHaveCount(0);
  await page.reload();
  await expect(section.getByLabel('From address')).toHaveValue('news');

  const shoot = async (file: string) => {
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: test.info().outputPath(`${file}.png`), fullPage: true });
    await section.screenshot({ path: test.info().outputPath(`${file}-section.png`) });
  };
  await page.setViewportSize({ width: 1280, height: 900 });
  await shoot('sending-domain-1280');
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(section.getByRole('list', { name: 'DNS records for mail.example.test' })).toBeVisible(); // a block per record
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await shoot('sending-domain-375');
  expect(await seriousViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 900 });

  await section.getByRole('button', { name: 'Remove mail.example.test' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Remove mail.example.test?' });
  await dialog.getByRole('button', { name: 'Remove sending domain' }).click();
  await expect(toastWith(page, 'mail.example.test removed')).toBeVisible();
  await expect(section.getByRole('button', { name: 'Add sending domain' })).toBeVisible();
});
