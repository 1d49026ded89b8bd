import { gzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadImage } from '@tests/kit/images';
import { createForm, createUser, type SignedUpUser } from '@tests/kit/owner';
import { createTestApp, PUBLIC_HOST, type TestApp } from '@tests/setup/app';
import { BROWSER_UA } from '@tests/kit/visitor';
import { DEFAULT_DESIGN, DEFAULT_PAYMENT, type FormConfig, type FormField } from '@/domain/form-config';
import { imageSources } from '@/domain/images';
import { designTheme } from '@/landing/index';
import { forms } from '@/server/db/schema/index';

// The published page with the owner's design, through the real server: its images, its colours and
// its weight on the wire (a page must stay within 14 KB gzipped before its images).

let t: TestApp;
let owner: SignedUpUser;
beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t.app);
  await t.db.execute(sql`update organizations set plan = 'pro'`);
});
afterAll(() => t.close());

const visit = (url: string) => t.app.inject({ method: 'GET', url, headers: { host: PUBLIC_HOST, 'user-agent': BROWSER_UA } });

const field = (id: string, type: FormField['type'], label: string, extra: Partial<FormField> = {}): FormField => ({
  id,
  type,
  label,
  placeholder: `Enter your ${label.toLowerCase()}`,
  required: false,
  options: [],
  helpText: '',
  param: '',
  ...extra,
});

/** The opening tag of the first element with this class. */
function tagWithClass(html: string, className: string): string {
  const match = new RegExp(`<[a-z]+\\b[^>]*\\bclass="${className}"[^>]*>`).exec(html);
  if (!match) throw new Error(`no element of class ${className}`);
  return match[0];
}
const attr = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(tag)?.[1];

describe('a published page with a full design', () => {
  it('shows the logo and cover at their own sizes, in the brand colours made legible, within 14 KB gzipped', async () => {
    const logo = await uploadImage(t.app, owner, 600, 200);
    const cover = await uploadImage(t.app, owner, 1600, 1000);
    const design = {
      ...DEFAULT_DESIGN,
      brandColor: '#FACC15',
      background: 'dark' as const,
      font: 'serif' as const,
      logo,
      cover,
      coverAlt: 'The playbook open on a desk',
      layout: 'left' as const,
      buttonText: 'Send me the playbook',
    };
    // A heavy page: a long description, many fields of each kind, a price with both providers.
    const config: Partial<FormConfig> = {
      title: 'The Complete Email Marketing Playbook for Small Businesses',
      description: 'Forty pages of tactics that work. '.repeat(20).trim(),
      design,
      fields: [
        field('email', 'email', 'Email Address', { required: true, placeholder: 'Enter your email' }),
        field('field-first', 'text', 'First Name', { required: true }),
        field('field-last', 'text', 'Last Name'),
        field('field-company', 'text', 'Company', { helpText: 'So we can send you examples from your industry.' }),
        field('field-phone', 'phone', 'Phone'),
        field('field-size', 'number', 'Team size'),
        field('field-role', 'dropdown', 'Role', { options: ['Founder', 'Marketing', 'Sales', 'Engineering', 'Other'] }),
        field('field-channel', 'radio', 'Favourite channel', { options: ['Email', 'Social', 'Search', 'Events'] }),
        field('field-notes', 'textarea', 'What do you want to learn?'),
        field('field-news', 'checkbox', 'Also send me the monthly newsletter'),
      ],
      payment: {
        ...DEFAULT_PAYMENT,
        enabled: true,
        type: 'pwyw',
        fixedAmount: 999,
        currency: 'USD',
        pwywMinimum: 100,
        pwywSuggested: 999,
        provider: 'both',
      },
      doubleOptIn: false,
    };
    const form = await createForm(t.app, owner, { config });
    // A paid page cannot be published without a connected provider; its published copy is written directly.
    await t.db
      .update(forms)
      .set({ published: sql`draft`, publishedVersion: 1, status: 'active' })
      .where(eq(forms.id, form.id));
    const res = await visit(`/f/${form.id}`);
    expect(res.statusCode).toBe(200);
    const html = res.body;

    const gzipped = gzipSync(html).length;
    expect(gzipped).toBeLessThan(14 * 1024);

    // The images: sizes known before they load, the smallest width that fills the box, none lazy.
    const logoTag = tagWithClass(html, 'ls-logo');
    expect(attr(logoTag, 'width')).toBe('168'); // its box: 3.5rem high for a 3:1 logo
    expect(attr(logoTag, 'height')).toBe('56');
    expect(attr(logoTag, 'srcset')).toBe(imageSources(logo).srcSet);
    expect(attr(logoTag, 'alt')).toBe('Acme Marketing');
    const coverTag = tagWithClass(html, 'ls-cover');
    expect(attr(coverTag, 'width')).toBe('1600');
    expect(attr(coverTag, 'height')).toBe('1000');
    expect(attr(coverTag, 'src')).toBe(imageSources(cover).src);
    expect(attr(coverTag, 'srcset')).toBe(imageSources(cover).srcSet);
    expect(attr(coverTag, 'sizes')).toMatch(/^\(min-width: 1104px\) 504px/);
    expect(attr(coverTag, 'fetchpriority')).toBe('high');
    expect(attr(coverTag, 'alt')).toBe('The playbook open on a desk');
    expect(html).not.toContain('loading="lazy"');
    expect(html).toContain('class="ls-container ls-side"');

    // The colours: the yellow button keeps its colour with dark text; as a link on white it is darkened.
    const theme = designTheme(design);
    const style = attr(tagWithClass(html, 'ls-page'), 'style')!;
    expect(style).toContain('--ls-accent:#facc15');
    expect(style).toContain(`--ls-on-accent:${theme.buttonText}`);
    expect(style).toContain(`--ls-link:${theme.link.colour}`);
    expect(theme.link.colour).not.toBe('#facc15');
    expect(html).toContain('>Send me the playbook</button>');

    // The page's images are served on the visitors' face, and the page's CSP lets it show them.
    expect(res.headers['content-security-policy']).toMatch(/img-src 'self'/);
    for (const src of [attr(logoTag, 'src')!, attr(coverTag, 'src')!]) {
      const image = await visit(src);
      expect(image.statusCode, src).toBe(200);
      expect(image.headers['content-type']).toBe('image/webp');
    }
  });
});
