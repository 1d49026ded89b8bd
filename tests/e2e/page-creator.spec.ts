import { expect, test, type Page } from '@playwright/test';
import { editorTab, formRow, pdfFile, seriousViolations, signUp, statValue, toastWith, uniqueEmail } from './support.js';

const MB = 1024 * 1024;
const PREVIEW_FRAME = 'iframe[title^="Landing page preview"]';

const titleInput = (page: Page) => page.getByLabel('Title', { exact: true });
const businessInput = (page: Page) => page.getByLabel('Business name', { exact: true });
const leadMagnetNameInput = (page: Page) => page.getByLabel('Lead magnet name', { exact: true });
/** The PDF upload's Browse button: its accessible description carries the upload's hint and error. */
const browseButton = (page: Page) => page.getByRole('button', { name: 'Browse files' });
const chooseFile = (page: Page, file: { name: string; mimeType: string; buffer: Buffer }) =>
  page.locator('#creator-lead-magnet').setInputFiles(file);
/** The bottom 'Preview' button (the view switcher's 'Preview' is a tab). */
const previewButton = (page: Page) => page.getByRole('button', { name: 'Preview', exact: true });
const saveAndPublish = (page: Page) => page.getByRole('button', { name: 'Save & Publish' });
const privacyUrlInput = (page: Page) => page.getByLabel('Privacy policy address', { exact: true });
const PRIVACY_URL = 'https://northwind.example/privacy';

/** The consent checkbox is on by default: publishing needs the owner's privacy policy address. */
async function enterPrivacyPolicy(page: Page) {
  await editorTab(page, 'Settings').click();
  await privacyUrlInput(page).fill(PRIVACY_URL);
}
/** Field label inputs on the Form Fields tab, in order ('Label' exactly: not 'Reorder …' or 'Help text'). */
const fieldLabels = (page: Page) => page.getByLabel('Label', { exact: true });

/** The draft the editor keeps in IndexedDB for a new page, or null. */
const storedNewDraft = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<{ title: string; fileName: string | null } | null>((resolve, reject) => {
        const open = indexedDB.open('lodestone-page-creator');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('drafts')) return resolve(null);
          const get = db.transaction('drafts').objectStore('drafts').get('new');
          get.onerror = () => reject(get.error);
          get.onsuccess = () => {
            const draft = get.result as { config: { title: string }; file: File | null } | undefined;
            db.close();
            resolve(draft ? { title: draft.config.title, fileName: draft.file?.name ?? null } : null);
          };
        };
      }),
  );

test('a page built from a template, previewed on mobile and published while signed out, lands in the dashboard', async ({
  page,
}) => {
  await page.goto('/page-creator?template=professional-ebook');
  await expect(page.getByRole('heading', { level: 1, name: 'Create Landing Page' })).toBeVisible();
  await expect(page.getByText('Build a high-converting landing page to collect leads')).toBeVisible();

  // Prefilled from the Professional Ebook template.
  await expect(titleInput(page)).toHaveValue('Download Our Free Ebook');
  await expect(page.getByLabel('Description', { exact: true })).toHaveValue(/^Practical advice from years of experience/);
  await expect(leadMagnetNameInput(page)).toHaveValue('Free Ebook');
  await expect(businessInput(page)).toHaveValue('');
  await editorTab(page, 'Form Fields').click();
  await expect(fieldLabels(page)).toHaveCount(2);
  await expect(fieldLabels(page).nth(0)).toHaveValue('Email Address');
  await expect(fieldLabels(page).nth(1)).toHaveValue('First Name');
  await editorTab(page, 'Basic Info').click();

  await businessInput(page).fill('Northwind Press');
  await chooseFile(page, pdfFile('northwind-ebook.pdf', 1.5 * MB));
  await expect(page.getByText('northwind-ebook.pdf', { exact: true })).toBeVisible();
  await expect(page.getByText('1.50 MB', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove northwind-ebook.pdf' })).toBeVisible();

  // Preview, then the mobile frame: 375px wide, showing the page.
  await previewButton(page).click();
  await expect(page.getByRole('tab', { name: 'Preview' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.locator(PREVIEW_FRAME)).toHaveAttribute('title', 'Landing page preview, desktop');
  const mobile = page.getByRole('button', { name: 'Mobile Preview (375px)' });
  await mobile.click();
  await expect(mobile).toHaveAttribute('aria-pressed', 'true');
  const frame = page.locator(PREVIEW_FRAME);
  await expect(frame).toHaveAttribute('title', 'Landing page preview, mobile');
  await expect.poll(() => frame.evaluate((el: HTMLIFrameElement) => el.contentWindow?.innerWidth)).toBe(375);
  expect((await frame.boundingBox())?.width).toBe(375);
  const landing = page.frameLocator(PREVIEW_FRAME);
  await expect(landing.getByRole('heading', { level: 1, name: 'Download Our Free Ebook' })).toBeVisible();
  await expect(landing.getByText('Northwind Press', { exact: true })).toBeVisible();
  await expect(landing.getByLabel('First Name')).toBeVisible();
  await expect(landing.getByRole('button', { name: 'Get Free Ebook' })).toBeVisible();

  // The consent checkbox needs the owner's privacy policy to publish (the preview goes without it).
  await page.getByRole('button', { name: 'Publish Landing Page' }).click();
  await expect(toastWith(page, 'Please fix the errors before saving')).toHaveAttribute('data-type', 'error');
  await expect(editorTab(page, 'Settings')).toHaveAttribute('aria-selected', 'true');
  await expect(privacyUrlInput(page)).toHaveAccessibleDescription(/Enter your privacy policy's address \(https:\/\/…\)/);
  await expect(privacyUrlInput(page)).toBeFocused();
  await privacyUrlInput(page).fill('javascript:alert(1)');
  await saveAndPublish(page).click();
  await expect(privacyUrlInput(page)).toHaveAccessibleDescription(/Enter a web address that starts with https:\/\/ or http:\/\//);
  await privacyUrlInput(page).fill(PRIVACY_URL);
  await expect(privacyUrlInput(page)).not.toHaveAttribute('aria-invalid', 'true');
  await previewButton(page).click();
  const policyLink = landing.getByRole('link', { name: 'privacy policy' });
  await expect(policyLink).toHaveAttribute('href', PRIVACY_URL);
  await expect(policyLink).toHaveAttribute('target', '_blank');
  await expect(policyLink).toHaveAttribute('rel', 'noopener noreferrer');

  // Publishing signed out: the sign-in gate.
  await page.getByRole('button', { name: 'Publish Landing Page' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to publish your page' })).toBeVisible();
  await expect(page.getByText('Create an account or sign in to publish your landing page')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'true');
  const gate = page.getByRole('main');
  await expect(gate.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
  await expect(gate.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
  await expect(page).toHaveURL(/\/page-creator\?template=professional-ebook$/);

  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await page.getByLabel('Full Name').fill('Nora Northwind');
  await page.getByLabel('Email').fill(uniqueEmail('gate'));
  await page.getByLabel('Password').fill('publish-from-gate-1');
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();

  // Published without entering anything again.
  await expect(toastWith(page, 'Your landing page has been published successfully!')).toHaveAttribute('data-type', 'success');
  await expect(page).toHaveURL(/\/dashboard$/);
  const row = formRow(page, 'Download Our Free Ebook');
  await expect(row).toBeVisible();
  await expect(row.getByText('Active', { exact: true })).toBeVisible();
  await expect(page.locator('tbody tr')).toHaveCount(1);
  await expect(statValue(page, 'Total Forms')).toHaveText('1');

  // What was published is what was built: the business name and the uploaded PDF.
  const { items } = await (await page.request.get('/api/forms')).json();
  const form = await (await page.request.get(`/api/forms/${items[0].id}`)).json();
  expect(form.status).toBe('active');
  expect(form.published).toMatchObject({
    title: 'Download Our Free Ebook',
    businessName: 'Northwind Press',
    leadMagnetName: 'Free Ebook',
    leadMagnet: { name: 'northwind-ebook.pdf', size: 1.5 * MB },
  });
  expect(form.published.fields.map((f: { label: string }) => f.label)).toEqual(['Email Address', 'First Name']);
  expect(form.published.privacyPolicyUrl).toBe(PRIVACY_URL);

  // The dashboard shows the new page's public link, from the API, with Copy.
  const notice = page.getByRole('region', { name: 'Published page' });
  await expect(notice).toContainText('"Download Our Free Ebook" is live.');
  await expect(notice.getByRole('link', { name: form.publicUrl })).toHaveAttribute('href', form.publicUrl);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await notice.getByRole('button', { name: 'Copy link' }).click();
  await expect(toastWith(page, 'Link copied to clipboard!')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(form.publicUrl);

  // The live page links the consent checkbox to the owner's policy, in a new tab.
  const live = await page.context().newPage();
  await live.goto(form.publicUrl);
  const liveLink = live.getByRole('link', { name: 'privacy policy' });
  await expect(liveLink).toHaveAttribute('href', PRIVACY_URL);
  await expect(liveLink).toHaveAttribute('target', '_blank');
  await expect(liveLink).toHaveAttribute('rel', 'noopener noreferrer');
  await live.close();

  // Dismissed, the notice goes (and stays gone after a reload).
  await notice.getByRole('button', { name: 'Dismiss' }).click();
  await expect(notice).toHaveCount(0);
  await page.reload();
  await expect(formRow(page, 'Download Our Free Ebook')).toBeVisible();
  await expect(notice).toHaveCount(0);
});

test('each validation message shows under its field, with its toast', async ({ page }) => {
  await page.goto('/page-creator');

  // Preview shows what is filled in: a blank page has nothing to show, and says what it lacks (decision 0061).
  await previewButton(page).click();
  await expect(page.getByRole('heading', { name: 'Nothing to preview yet' })).toBeVisible();
  await expect(page.getByText('Your page has no title and no description yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Back to Editor' }).click();

  await saveAndPublish(page).click();
  await expect(toastWith(page, 'Please fix the errors before saving')).toHaveAttribute('data-type', 'error');
  await expect(page.getByRole('tab', { name: 'Edit' })).toHaveAttribute('aria-selected', 'true');
  await expect(titleInput(page)).toHaveAccessibleDescription('Title is required');
  await expect(titleInput(page)).toHaveAttribute('aria-invalid', 'true');
  await expect(titleInput(page)).toBeFocused();
  await expect(businessInput(page)).toHaveAccessibleDescription('Business name is required');
  await expect(browseButton(page)).toHaveAccessibleDescription(/Please upload a PDF file/);
  await expect(leadMagnetNameInput(page)).toHaveAccessibleDescription('Please provide a name for your lead magnet');
  for (const message of [
    'Title is required',
    'Business name is required',
    'Please upload a PDF file',
    'Please provide a name for your lead magnet',
  ]) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }

  // A field whose label is cleared.
  await editorTab(page, 'Form Fields').click();
  await page.getByRole('button', { name: 'Add Field' }).click();
  await expect(fieldLabels(page)).toHaveCount(2);
  await expect(fieldLabels(page).nth(1)).toHaveValue('New Field');
  await fieldLabels(page).nth(1).fill('');

  await saveAndPublish(page).click();
  await expect(toastWith(page, 'Please fix the errors before saving').last()).toHaveAttribute('data-type', 'error');
  // Still signed out, but nothing invalid goes to the sign-in gate.
  await expect(page.getByRole('heading', { name: 'Sign in to publish your page' })).toHaveCount(0);
  // The errors take the owner to the first tab in error (Basic Info); the field's error waits on its tab.
  await expect(editorTab(page, 'Basic Info')).toHaveAttribute('aria-selected', 'true');
  await editorTab(page, 'Form Fields').click();
  await expect(fieldLabels(page).nth(1)).toHaveAccessibleDescription('Field label is required');
  await expect(page.getByText('Field label is required', { exact: true })).toBeVisible();
  await expect(fieldLabels(page).nth(0)).not.toHaveAttribute('aria-invalid', 'true');

  // The email field stays.
  await expect(page.getByRole('button', { name: 'Remove Email Address' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Remove field 2' })).toBeVisible();
  await expect(fieldLabels(page)).toHaveCount(2);
  await expect(fieldLabels(page).nth(0)).toHaveValue('Email Address');
  await expect(fieldLabels(page).nth(0)).toBeDisabled();
  // Typing a label clears that field's error.
  await fieldLabels(page).nth(1).fill('Company');
  await expect(page.getByText('Field label is required', { exact: true })).toHaveCount(0);

  // Typing a title clears the title error, and only that one.
  await editorTab(page, 'Basic Info').click();
  await titleInput(page).fill('T');
  await expect(page.getByText('Title is required', { exact: true })).toHaveCount(0);
  await expect(titleInput(page)).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Business name is required', { exact: true })).toBeVisible();

  // The upload: the kinds we deliver, each really what its name says, 10 MB at most.
  const onlyAccepted = 'Only PDF, DOCX, XLSX, PPTX, EPUB, ZIP, JPG, PNG and MP3 files are accepted';
  await chooseFile(page, { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a pdf') });
  await expect(browseButton(page)).toHaveAccessibleDescription(new RegExp(onlyAccepted));
  await expect(page.getByText(onlyAccepted, { exact: true })).toBeVisible();
  await expect(page.getByText('notes.txt')).toHaveCount(0);
  await chooseFile(page, { name: 'renamed.pdf', mimeType: 'application/pdf', buffer: Buffer.from('<!doctype html>not a pdf') });
  await expect(page.getByText('This file is not really a .pdf', { exact: true })).toBeVisible();
  await expect(page.getByText('renamed.pdf')).toHaveCount(0);

  await chooseFile(page, pdfFile('too-big.pdf', 10 * MB + 1));
  await expect(browseButton(page)).toHaveAccessibleDescription(/File size exceeds the 10MB limit/);
  await expect(page.getByText('File size exceeds the 10MB limit', { exact: true })).toBeVisible();
  await expect(page.getByText('This file is not really a .pdf', { exact: true })).toHaveCount(0);
  await expect(page.getByText('too-big.pdf')).toHaveCount(0);

  // A good PDF replaces the error; a long name is cut at 30 characters, the size has 2 decimals.
  const longName = 'the-complete-guide-to-growing-your-audience.pdf';
  await chooseFile(page, pdfFile(longName, 10 * MB));
  await expect(page.getByText('File size exceeds the 10MB limit', { exact: true })).toHaveCount(0);
  await expect(page.getByText(`${longName.slice(0, 30)}...`, { exact: true })).toHaveAttribute('title', longName);
  await expect(page.getByText('10.00 MB', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: `Remove ${longName}` }).click();
  await expect(browseButton(page)).toBeVisible();
  await expect(page.getByText('10.00 MB', { exact: true })).toHaveCount(0);
});

test('a draft, its PDF included, survives a reload and publishes after it is restored', async ({ page }) => {
  await signUp(page, { name: 'Drafty Owner', email: uniqueEmail('draft'), password: 'draft-restore-pass-1' });
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole('link', { name: 'Create New Form' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Create Landing Page' })).toBeVisible();

  await titleInput(page).fill('Quarterly Growth Playbook');
  await businessInput(page).fill('Draft & Co');
  await leadMagnetNameInput(page).fill('Growth Playbook');
  await chooseFile(page, pdfFile('growth-playbook.pdf', 2.5 * MB));
  await expect(page.getByText('2.50 MB', { exact: true })).toBeVisible();
  await editorTab(page, 'Form Fields').click();
  await page.getByRole('button', { name: 'Add Field' }).click();
  await fieldLabels(page).nth(1).fill('Company');
  // The editor saves the draft ~300 ms after the last change.
  await page.waitForTimeout(600);

  await page.reload();
  const banner = page.getByRole('region', { name: 'Unsaved draft' });
  await expect(banner).toContainText('You have an unsaved draft from');
  // Nothing is put back until the owner says so.
  await expect(titleInput(page)).toHaveValue('');
  await expect(banner.getByRole('button', { name: 'Discard' })).toBeVisible();
  await banner.getByRole('button', { name: 'Restore' }).click();

  await expect(toastWith(page, 'Draft restored')).toBeVisible();
  await expect(banner).toHaveCount(0);
  await expect(titleInput(page)).toHaveValue('Quarterly Growth Playbook');
  await expect(businessInput(page)).toHaveValue('Draft & Co');
  await expect(leadMagnetNameInput(page)).toHaveValue('Growth Playbook');
  await expect(page.getByText('growth-playbook.pdf', { exact: true })).toBeVisible();
  await expect(page.getByText('2.50 MB', { exact: true })).toBeVisible();
  await editorTab(page, 'Form Fields').click();
  await expect(fieldLabels(page).nth(1)).toHaveValue('Company');

  await enterPrivacyPolicy(page);
  await saveAndPublish(page).click();
  await expect(toastWith(page, 'Your landing page has been published successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(formRow(page, 'Quarterly Growth Playbook')).toBeVisible();
  await expect(statValue(page, 'Total Forms')).toHaveText('1');

  // The restored PDF is the one uploaded, byte for byte in size; the draft is gone once published.
  const { items } = await (await page.request.get('/api/forms')).json();
  const form = await (await page.request.get(`/api/forms/${items[0].id}`)).json();
  expect(form.published).toMatchObject({
    title: 'Quarterly Growth Playbook',
    businessName: 'Draft & Co',
    leadMagnet: { name: 'growth-playbook.pdf', size: 2.5 * MB },
  });
  expect(form.published.fields.map((f: { label: string }) => f.label)).toEqual(['Email Address', 'Company']);
  const pdf = await page.request.get(`/api/files/${form.published.leadMagnet.id}`);
  expect(pdf.status()).toBe(200);
  const body = await pdf.body();
  expect(body.length).toBe(2.5 * MB);
  expect(body.subarray(0, 9).toString('latin1')).toBe('%PDF-1.4\n');
  await expect.poll(() => storedNewDraft(page)).toBeNull();
});

test('axe finds no serious or critical violations in the page creator, its preview and the sign-in gate', async ({ page }) => {
  // Several full axe passes, a few seconds each on a busy machine.
  test.slow();
  await page.goto('/page-creator?template=professional-ebook');
  for (const tab of ['Basic Info', 'Form Fields', 'Settings', 'Payment', 'Tracking', 'Design']) {
    await editorTab(page, tab).click();
    await expect(editorTab(page, tab)).toHaveAttribute('aria-selected', 'true');
    expect(await seriousViolations(page), tab).toEqual([]);
  }
  // The payment settings shown, and the errors under the fields.
  await editorTab(page, 'Payment').click();
  await page.getByRole('switch', { name: 'Require payment' }).click();
  await expect(page.getByRole('spinbutton', { name: 'Price ($)' })).toHaveValue('9.99');
  expect(await seriousViolations(page), 'Payment enabled').toEqual([]);
  await editorTab(page, 'Basic Info').click();
  await titleInput(page).fill('');
  await saveAndPublish(page).click();
  await expect(titleInput(page)).toHaveAttribute('aria-invalid', 'true');
  await expect(toastWith(page, 'Please fix the errors before saving')).toBeVisible();
  expect(await seriousViolations(page), 'errors shown').toEqual([]);

  // The Preview tab shows the page as filled in, with what publishing still needs.
  await page.getByRole('tab', { name: 'Preview' }).click();
  await expect(page.getByRole('region', { name: 'Before you can publish' })).toContainText('Title is required');
  await expect(page.frameLocator(PREVIEW_FRAME).getByRole('heading', { level: 1 })).toBeVisible();
  expect(await seriousViolations(page), 'preview, still to do').toEqual([]);
  await page.getByRole('button', { name: 'Back to Editor' }).click();

  await titleInput(page).fill('Download Our Free Ebook');
  await businessInput(page).fill('Northwind Press');
  await chooseFile(page, pdfFile('northwind-ebook.pdf'));
  await previewButton(page).click();
  const landing = page.frameLocator(PREVIEW_FRAME);
  await expect(landing.getByRole('heading', { level: 1, name: 'Download Our Free Ebook' })).toBeVisible();
  expect(await seriousViolations(page), 'desktop preview').toEqual([]);
  await page.getByRole('button', { name: 'Mobile Preview (375px)' }).click();
  await expect(page.locator(PREVIEW_FRAME)).toHaveAttribute('title', 'Landing page preview, mobile');
  await expect(landing.getByRole('heading', { level: 1, name: 'Download Our Free Ebook' })).toBeVisible();
  expect(await seriousViolations(page), 'mobile preview').toEqual([]);

  await page.getByRole('tab', { name: 'Edit' }).click();
  await enterPrivacyPolicy(page);
  await page.getByRole('tab', { name: 'Preview' }).click();
  await page.getByRole('button', { name: 'Publish Landing Page' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to publish your page' })).toBeVisible();
  expect(await seriousViolations(page), 'sign-in gate').toEqual([]);
});

test('closing the full preview, by Exit Preview or by Back, returns to the editor as it was', async ({ page }) => {
  await page.goto('/page-creator');
  await titleInput(page).fill('Come Back Intact');
  await businessInput(page).fill('Roundtrip Ltd');
  await leadMagnetNameInput(page).fill('Roundtrip Guide');
  await chooseFile(page, pdfFile('roundtrip.pdf'));
  await editorTab(page, 'Form Fields').click();
  await page.getByRole('button', { name: 'Add Field' }).click();
  await fieldLabels(page).nth(1).fill('Company');
  await previewButton(page).click();

  for (const leave of ['Exit Preview', 'Back'] as const) {
    await page.getByRole('button', { name: 'Open full preview' }).click();
    await expect(page).toHaveURL(/\/preview$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Come Back Intact' })).toBeVisible();
    if (leave === 'Exit Preview') await page.getByRole('button', { name: 'Exit Preview' }).click();
    else await page.goBack();

    await expect(page).toHaveURL(/\/page-creator$/);
    // The work is there at once: no Restore to press, on the tab the owner left.
    await expect(editorTab(page, 'Form Fields'), leave).toHaveAttribute('aria-selected', 'true');
    await expect(fieldLabels(page).nth(1), leave).toHaveValue('Company');
    await expect(page.getByRole('region', { name: 'Unsaved draft' })).toHaveCount(0);
    await editorTab(page, 'Basic Info').click();
    await expect(titleInput(page), leave).toHaveValue('Come Back Intact');
    await expect(businessInput(page)).toHaveValue('Roundtrip Ltd');
    await expect(page.getByText('roundtrip.pdf', { exact: true })).toBeVisible();
    await editorTab(page, 'Form Fields').click();
    await previewButton(page).click();
  }

  // A later reload still offers the draft rather than taking it up unasked.
  await page.reload();
  await expect(page.getByRole('region', { name: 'Unsaved draft' })).toBeVisible();
  await expect(titleInput(page)).toHaveValue('');
});

test('an unknown ?template= says so and leaves a blank, working creator', async ({ page }) => {
  await page.goto('/page-creator?template=no-such-template');
  const notice = page.getByRole('status').filter({ hasText: 'That template does not exist' });
  await expect(notice).toContainText('That template does not exist, so you are starting from a blank page.');
  await expect(notice.getByRole('link', { name: 'Browse templates' })).toHaveAttribute('href', '/templates');
  await expect(titleInput(page)).toHaveValue('');
  await titleInput(page).fill('Blank But Working');
  await expect(titleInput(page)).toHaveValue('Blank But Working');
  await saveAndPublish(page).click();
  await expect(toastWith(page, 'Please fix the errors before saving')).toBeVisible();
  await expect(businessInput(page)).toHaveAccessibleDescription('Business name is required');
  await notice.getByRole('button', { name: 'Dismiss' }).click();
  await expect(notice).toHaveCount(0);

  // A known template shows no such notice.
  await page.goto('/page-creator?template=professional-ebook');
  await expect(titleInput(page)).toHaveValue('Download Our Free Ebook');
  await expect(page.getByText('That template does not exist')).toHaveCount(0);
});

test("visitors never see the editor's 'Enter value' placeholder; small PDFs show KB; the examples are timeless", async ({
  page,
}) => {
  await page.goto('/page-creator');
  await expect(leadMagnetNameInput(page)).toHaveAttribute('placeholder', 'e.g. The Complete Marketing Playbook');
  await titleInput(page).fill('Placeholder Check');
  await businessInput(page).fill('Hint Co');
  await leadMagnetNameInput(page).fill('Hint Guide');
  await chooseFile(page, pdfFile('small.pdf', 240 * 1024));
  await expect(page.getByText('240 KB', { exact: true })).toBeVisible();
  await expect(page.getByText('0.00 MB')).toHaveCount(0);

  await editorTab(page, 'Form Fields').click();
  await page.getByRole('button', { name: 'Add Field' }).click();
  const placeholder = page.getByLabel('Placeholder', { exact: true }).nth(1);
  // docs/product.md#fields: a new field starts with 'Enter value' in the editor, which says it is not shown.
  await expect(placeholder).toHaveValue('Enter value');
  await expect(placeholder).toHaveAccessibleDescription(/Visitors do not see "Enter value"/);
  await previewButton(page).click();
  const landing = page.frameLocator(PREVIEW_FRAME);
  const newInput = landing.getByLabel('New Field');
  await expect(newInput).toBeVisible();
  await expect(newInput).not.toHaveAttribute('placeholder', /.*/);
  await expect(landing.getByLabel(/Email Address/)).toHaveAttribute('placeholder', 'Enter your email');

  await page.getByRole('button', { name: 'Back to Editor' }).click();
  await placeholder.fill('Your company name');
  await expect(placeholder).not.toHaveAccessibleDescription(/Visitors do not see/);
  await previewButton(page).click();
  await expect(landing.getByLabel('New Field')).toHaveAttribute('placeholder', 'Your company name');
});
