import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journeyKit } from '@tests/kit/journey';
import { createForm, createUser, type SignedUpUser } from '@tests/kit/owner';
import { APP_HOST, createTestApp, PUBLIC_HOST, type TestApp } from '@tests/setup/app';
import { DEFAULT_EMAIL_FIELD } from '@/domain/form-config';
import type { FormDetail, LeadListPage } from '@/domain/forms-api';
import type { LeadDetail } from '@/domain/lead-detail';
import { submissionMessages } from '@/domain/submission';
import { leads } from '@/server/db/schema';
import { BROWSER_UA } from '@tests/kit/visitor';
import { fieldOf } from '@tests/kit/fields';

// Dropdowns, radio groups, dates and hidden fields from the published page to the owner's lists:
// a visitor from /f/{id}?utm_source=x has x stored under the hidden field's label.

let t: TestApp;
let owner: SignedUpUser;
let kit: ReturnType<typeof journeyKit>;
let form: FormDetail;

const field = fieldOf;

beforeAll(async () => {
  t = await createTestApp();
  kit = journeyKit(t, '10.31');
  owner = await createUser(t.app);
  form = await createForm(t.app, owner, {
    title: 'Field Types',
    publish: true,
    config: {
      doubleOptIn: false,
      fields: [
        { ...DEFAULT_EMAIL_FIELD },
        field('f_size', 'dropdown', 'Team size', { options: ['1-10', '11-50', '51+'], required: true }),
        field('f_role', 'radio', 'Role', { options: ['Founder', 'Marketer'], helpText: 'Pick the closest' }),
        field('f_start', 'date', 'Start date'),
        field('f_source', 'hidden', 'Source', { param: 'utm_source' }),
      ],
    },
  });
});
afterAll(() => t.close());

const owners = (url: string) => t.app.inject({ method: 'GET', url, headers: { host: APP_HOST, cookie: owner.cookie } });
const leadOf = async (email: string) => (await t.db.select().from(leads).where(eq(leads.email, email)))[0]!;
const pageUrl = (query = '') => `${t.config.publicUrl.origin}/f/${form.id}${query}`;

describe('the new field types on a published page', () => {
  it('are rendered for visitors, the hidden field as an input the landing script fills from the address', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/f/${form.id}?utm_source=newsletter`,
      headers: { host: PUBLIC_HOST, 'user-agent': BROWSER_UA },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/<select[^>]*id="ls-f-f_size"/);
    expect(res.body).toMatch(/<fieldset[^>]*id="ls-f-f_role"/);
    expect(res.body).toMatch(/<input[^>]*type="date"[^>]*id="ls-f-f_start"|<input[^>]*id="ls-f-f_start"[^>]*type="date"/);
    expect(res.body).toMatch(/<input type="hidden" data-ls-param="utm_source" name="f_source" value=""\/>/);
    // One document for every address it is opened with: the query is not in it (the script reads it).
    expect(res.body).not.toContain('newsletter');
    expect(res.body).toContain('data-ls-param');
  });

  it('store a lead whose hidden field the browser filled from ?utm_source=x, shown under its label in the lead list', async () => {
    const posted = await kit.submit(
      form.id,
      { email: 'js@example.com', f_size: '11-50', f_role: 'Founder', f_start: '2026-04-01', f_source: 'x' },
      { referer: pageUrl('?utm_source=x') },
    );
    expect(posted.statusCode, posted.body).toBe(303);
    expect((await leadOf('js@example.com')).data).toEqual({
      f_size: '11-50',
      f_role: 'Founder',
      f_start: '2026-04-01',
      f_source: 'x',
    });

    const list = await owners('/api/leads?q=js%40example.com');
    expect(list.statusCode, list.body).toBe(200);
    const page = list.json<LeadListPage>();
    expect(page.fields.map((f) => f.label)).toEqual(['Team size', 'Role', 'Start date', 'Source']);
    expect(page.items).toHaveLength(1);
    expect(page.items[0]!.answers).toEqual({ 'Team size': '11-50', Role: 'Founder', 'Start date': '2026-04-01', Source: 'x' });
    expect(page.items[0]!.utmSource).toBe('x');

    const perPage = (await owners(`/api/forms/${form.id}/leads`)).json<LeadListPage>();
    expect(perPage.items.find((l) => l.email === 'js@example.com')!.answers.Source).toBe('x');

    const detail = (await owners(`/api/leads/${(await leadOf('js@example.com')).id}`)).json<LeadDetail>();
    expect(detail.answers).toEqual([
      { fieldId: 'f_size', label: 'Team size', value: '11-50' },
      { fieldId: 'f_role', label: 'Role', value: 'Founder' },
      { fieldId: 'f_start', label: 'Start date', value: '2026-04-01' },
      { fieldId: 'f_source', label: 'Source', value: 'x' },
    ]);
  });

  it('fill the hidden field from the page address on the server when the browser ran no script', async () => {
    const posted = await kit.submit(
      form.id,
      { email: 'nojs@example.com', f_size: '51+', f_source: '' },
      { referer: pageUrl('?utm_source=partner%20site&utm_medium=email') },
    );
    expect(posted.statusCode, posted.body).toBe(303);
    expect((await leadOf('nojs@example.com')).data).toEqual({ f_size: '51+', f_source: 'partner site' });
    // Another page's address fills nothing; what the form posted wins over the address.
    await kit.submit(
      form.id,
      { email: 'other@example.com', f_size: '51+' },
      { referer: 'https://elsewhere.example/f/x?utm_source=evil' },
    );
    expect((await leadOf('other@example.com')).data).toEqual({ f_size: '51+' });
    await kit.submit(
      form.id,
      { email: 'both@example.com', f_size: '51+', f_source: 'posted' },
      { referer: pageUrl('?utm_source=address') },
    );
    expect((await leadOf('both@example.com')).data.f_source).toBe('posted');
  });

  it('check choices and dates, and keep every value (the hidden one too) when the page is shown again', async () => {
    const res = await kit.submit(
      form.id,
      { email: 'typo@example.com', f_size: '1000', f_role: 'Pirate', f_start: '2026-02-30', f_source: 'x"><b>' },
      { referer: pageUrl('?utm_source=x') },
    );
    expect(res.statusCode).toBe(400);
    for (const message of [submissionMessages.choice, submissionMessages.date]) expect(res.body).toContain(message);
    expect(res.body).toMatch(/<input type="hidden" data-ls-param="utm_source" name="f_source" value="x&quot;&gt;&lt;b&gt;"\/>/);
    expect(res.body).toContain('value="2026-02-30"');
    expect(await leadOf('typo@example.com')).toBeUndefined();

    const missing = await kit.submit(form.id, { email: 'none@example.com', f_source: 'kept' });
    expect(missing.statusCode).toBe(400);
    expect(missing.body).toContain(submissionMessages.required);
    expect(missing.body).toMatch(/name="f_source" value="kept"/);
  });

  it('never refuse a visitor for a hidden value: control characters go, long values are cut', async () => {
    const posted = await kit.submit(form.id, {
      email: 'long@example.com',
      f_size: '1-10',
      f_source: `a\u0000b${'c'.repeat(2000)}`,
    });
    expect(posted.statusCode, posted.body).toBe(303);
    const source = (await leadOf('long@example.com')).data.f_source!;
    expect(source.startsWith('abccc')).toBe(true);
    expect(source).toHaveLength(500);
  });
});
