import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createForm, createUser, type SignedUpUser } from '@tests/kit/owner';
import { addressPool, BROWSER_UA, patientVisitorFields } from '@tests/kit/visitor';
import { APP_HOST, createTestApp, PUBLIC_HOST, type TestApp } from '@tests/setup/app';
import type { AbTestResults } from '@/domain/ab-test-results';
import { DEFAULT_DESIGN, type FormConfig } from '@/domain/form-config';
import type { FormDetail } from '@/domain/forms-api';
import { formAbViews, forms, leadConsents, leads } from '@/server/db/schema/index';

// A/B tests through the real app: views of synthetic visitors land in both variants, a sign-up
// records the variant it saw, and the owner reads the results of the current test only.
let t: TestApp;
let owner: SignedUpUser;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t.app);
  await t.db.execute(sql`update organizations set plan = 'pro'`);
});
afterAll(() => t.close());

const B_TITLE = 'Variant B: the shorter playbook';
const abTest = (patch: Partial<FormConfig['abTest']> = {}): FormConfig['abTest'] => ({
  enabled: true,
  split: 50,
  title: B_TITLE,
  description: 'Only the tactics that work.',
  designChanges: { brandColor: '#BE123C' },
  ...patch,
});

const ownerApi = (method: 'GET' | 'PUT' | 'POST', url: string, user: SignedUpUser = owner, payload?: object) =>
  t.app.inject({ method, url, headers: { host: APP_HOST, cookie: user.cookie }, ...(payload ? { payload } : {}) });

const results = async (formId: string, user = owner) => {
  const res = await ownerApi('GET', `/api/forms/${formId}/ab-test`, user);
  return { status: res.statusCode, body: res.json<AbTestResults>() };
};

/** Saves `patch` into the form's draft and publishes it. */
async function republish(form: FormDetail, patch: Partial<FormConfig>) {
  const saved = await ownerApi('PUT', `/api/forms/${form.id}`, owner, { config: { ...form.draft, ...patch } });
  expect(saved.statusCode, saved.body).toBe(200);
  const published = await ownerApi('POST', `/api/forms/${form.id}/publish`);
  expect(published.statusCode, published.body).toBe(200);
  return published.json<FormDetail>();
}

const visitorAddress = addressPool('10.77');

/** A visitor's view of the page: the variant its hidden input names, and whether the page shows B's title. */
async function view(formId: string, ip: string, userAgent = BROWSER_UA) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/f/${formId}`,
    remoteAddress: ip,
    headers: { host: PUBLIC_HOST, 'user-agent': userAgent },
  });
  expect(res.statusCode).toBe(200);
  return {
    variant: /name="ls_v" value="([^"]*)"/.exec(res.body)?.[1] ?? null,
    showsB: res.body.includes(B_TITLE),
    html: res.body,
  };
}

async function signUp(formId: string, ip: string, email: string, variantField?: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/f/${formId}`,
    remoteAddress: ip,
    headers: { host: PUBLIC_HOST, 'user-agent': BROWSER_UA, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      ...patientVisitorFields(t.config.secret),
      email,
      consent: 'yes',
      ...(variantField === undefined ? {} : { ls_v: variantField }),
    }).toString(),
  });
  expect(res.statusCode, res.body).toBe(303);
  const [lead] = await t.db
    .select({ id: leads.id, abVariant: leads.abVariant })
    .from(leads)
    .where(and(eq(leads.formId, formId), eq(leads.email, email)));
  return lead!;
}

describe('a published page under an A/B test', () => {
  it('shows each visitor one variant, the same on every view, in about the split', async () => {
    const form = await createForm(t.app, owner, { publish: true, config: { abTest: abTest({ split: 30 }) } });
    const seen = { a: 0, b: 0 };
    for (let i = 0; i < 200; i++) {
      const ip = visitorAddress();
      const first = await view(form.id, ip);
      expect(first.variant === 'a' || first.variant === 'b').toBe(true);
      expect(first.showsB).toBe(first.variant === 'b');
      seen[first.variant as 'a' | 'b'] += 1;
      if (i % 20 === 0) expect((await view(form.id, ip)).variant).toBe(first.variant); // a reload
    }
    // 30% of 200 is 60; 4 standard deviations (26) either side.
    expect(seen.b).toBeGreaterThan(34);
    expect(seen.b).toBeLessThan(86);
    const { status, body } = await results(form.id);
    expect(status).toBe(200);
    expect(body).toMatchObject({ running: true, split: 30 });
    // Every view counted in its variant, reloads included.
    const views = body.variants.map((v) => v.views);
    expect(views[0]! + views[1]!).toBe(210);
    expect(body.variants[1]!.views).toBeGreaterThanOrEqual(seen.b);
    expect(body.verdict.kind).toBe('needsData');
  });

  it('records the variant a visitor saw with the sign-up, and the page they saw as evidence', async () => {
    const form = await createForm(t.app, owner, {
      publish: true,
      config: { abTest: abTest(), doubleOptIn: false },
    });
    const byVariant: Record<string, string> = {};
    while (!byVariant.a || !byVariant.b) {
      const ip = visitorAddress();
      const { variant } = await view(form.id, ip);
      byVariant[variant!] ??= ip;
    }
    const a = await signUp(form.id, byVariant.a, 'a@example.com', 'a');
    const b = await signUp(form.id, byVariant.b, 'b@example.com', 'b');
    expect(a.abVariant).toBe('a');
    expect(b.abVariant).toBe('b');
    const [evidence] = await t.db.select({ shown: leadConsents.shown }).from(leadConsents).where(eq(leadConsents.leadId, b.id));
    expect(evidence!.shown!.title).toBe(B_TITLE);
    // The owner sees it on each lead.
    expect((await ownerApi('GET', `/api/leads/${b.id}`)).json().abVariant).toBe('b');
    expect((await ownerApi('GET', `/api/leads/${a.id}`)).json().abVariant).toBe('a');

    // A tampered or missing value never stops a sign-up: the variant is worked out again.
    const tampered = await signUp(form.id, byVariant.b, 'tampered@example.com', '"><script>');
    expect(tampered.abVariant).toBe('b');
    const missing = await signUp(form.id, byVariant.a, 'missing@example.com');
    expect(missing.abVariant).toBe('a');

    const { body } = await results(form.id);
    expect(body.variants.map((v) => [v.variant, v.leads])).toEqual([
      ['a', 2],
      ['b', 2],
    ]);
    for (const v of body.variants) expect(v.conversionRate).toBe(Math.round((v.leads / v.views) * 1000) / 10);
  });

  it('shows B with the page’s design where B changes nothing: its colour, font, background and button words', async () => {
    const brand = {
      ...DEFAULT_DESIGN,
      brandColor: '#C2410C',
      font: 'serif',
      background: 'dark',
      buttonText: 'Send me the playbook',
    } as const;
    const pageStyle = (html: string) => /<div class="ls-page" style="([^"]*)"/.exec(html)?.[1];
    // Only B's title changed, as saved now (no design keys), and as saved before (all of B's design, Lodestone's defaults).
    for (const test of [
      abTest({ description: '', designChanges: {} }),
      abTest({ description: '', designChanges: undefined, design: { ...DEFAULT_DESIGN } }),
    ]) {
      const form = await createForm(t.app, owner, { publish: true, config: { design: brand, abTest: test } });
      const shown: Partial<Record<'a' | 'b', string>> = {};
      while (!shown.a || !shown.b) {
        const { variant, html } = await view(form.id, visitorAddress());
        shown[variant as 'a' | 'b'] ??= html;
      }
      expect(shown.b).toContain(B_TITLE);
      expect(pageStyle(shown.b!)).toBeTruthy();
      expect(pageStyle(shown.b!)).toBe(pageStyle(shown.a!));
      expect(shown.b).toContain('>Send me the playbook</button>');
    }
  });

  it('shows the same variant again, with its errors, when a post is refused', async () => {
    const form = await createForm(t.app, owner, { publish: true, config: { abTest: abTest({ split: 99 }) } });
    let ip = visitorAddress();
    while ((await view(form.id, ip)).variant !== 'b') ip = visitorAddress();
    const res = await t.app.inject({
      method: 'POST',
      url: `/f/${form.id}`,
      remoteAddress: ip,
      headers: { host: PUBLIC_HOST, 'user-agent': BROWSER_UA, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ ...patientVisitorFields(t.config.secret), email: 'not-an-address', ls_v: 'b' }).toString(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(B_TITLE);
    expect(res.body).toContain('name="ls_v" value="b"');
  });

  it('counts from the start of the current test: changing the split starts again, other changes do not', async () => {
    const form = await createForm(t.app, owner, { publish: true, config: { abTest: abTest() } });
    const [{ startedAt: first }] = (await t.db
      .select({ startedAt: forms.abTestStartedAt })
      .from(forms)
      .where(eq(forms.id, form.id))) as [{ startedAt: Date }];
    expect(first).toBeInstanceOf(Date);
    for (let i = 0; i < 6; i++) await view(form.id, visitorAddress());
    expect((await results(form.id)).body.startedAt).toBe(first.toISOString());

    // A change both variants share: the same test, still counting.
    const same = await republish(form, { businessName: 'Acme Press' });
    await view(form.id, visitorAddress());
    const kept = (await results(form.id)).body;
    expect(kept.startedAt).toBe(first.toISOString());
    expect(kept.variants[0]!.views + kept.variants[1]!.views).toBe(7);

    // A new split: a new test, from zero.
    await republish(same, { abTest: abTest({ split: 20 }) });
    const restarted = (await results(form.id)).body;
    expect(restarted.startedAt).not.toBe(first.toISOString());
    expect(restarted.split).toBe(20);
    expect(restarted.variants.map((v) => v.views)).toEqual([0, 0]);
    // The earlier test's views stay in its own rows.
    const rows = await t.db.select().from(formAbViews).where(eq(formAbViews.formId, form.id));
    expect(rows.every((r) => r.testStartedAt.getTime() === first.getTime())).toBe(true);
  });

  it('switched off, shows the page alone, records no variant, and keeps the last test readable', async () => {
    const form = await createForm(t.app, owner, { publish: true, config: { abTest: abTest(), doubleOptIn: false } });
    for (let i = 0; i < 4; i++) await view(form.id, visitorAddress());
    await republish(form, { abTest: abTest({ enabled: false }) });
    const ip = visitorAddress();
    const page = await view(form.id, ip);
    expect(page.variant).toBeNull();
    expect(page.showsB).toBe(false);
    expect((await signUp(form.id, ip, 'off@example.com', 'b')).abVariant).toBeNull();
    const { body } = await results(form.id);
    expect(body.running).toBe(false);
    expect(body.variants[0]!.views + body.variants[1]!.views).toBe(4);
  });

  it('answers 404 to another workspace, and zeros for a page that never ran a test', async () => {
    const form = await createForm(t.app, owner, { publish: true, config: { abTest: abTest() } });
    const stranger = await createUser(t.app);
    expect((await results(form.id, stranger)).status).toBe(404);
    expect((await results('AAAAAAAAAAAA')).status).toBe(404);
    const plain = await createForm(t.app, owner, { publish: true });
    const { status, body } = await results(plain.id);
    expect(status).toBe(200);
    expect(body).toMatchObject({ running: false, startedAt: null, confidence: null });
    expect(body.variants.map((v) => v.views)).toEqual([0, 0]);
    expect((await view(plain.id, visitorAddress())).variant).toBeNull();
  });
});
