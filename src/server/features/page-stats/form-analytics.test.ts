import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createForm, createUser, type SignedUpUser } from '@tests/kit/owner';
import { APP_HOST, createTestApp, PUBLIC_HOST, type TestApp } from '@tests/setup/app';
import type { FormConfig } from '@/domain/form-config';
import type { DashboardStats, FormAnalytics, FormListPage, LeadListPage, LeadRow } from '@/domain/forms-api';
import { formDailyStats, forms, leads } from '@/server/db/schema';
import { createTokens } from '@/server/lib/tokens';
import { addressPool, BROWSER_UA, patientVisitorFields } from '@tests/kit/visitor';
import { lastDays } from './form-analytics.js';

let t: TestApp;
let owner: SignedUpUser;
const BROWSER = BROWSER_UA;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t.app);
  await t.db.execute(sql`update organizations set plan = 'pro'`);
});
afterAll(() => t.close());

const api = <T>(url: string, user: SignedUpUser | null = owner) =>
  t.app
    .inject({ method: 'GET', url, headers: { host: APP_HOST, ...(user ? { cookie: user.cookie } : {}) } })
    .then((res) => ({ status: res.statusCode, body: res.json<T>() }));

const visit = (url: string, userAgent = BROWSER) =>
  t.app.inject({ method: 'GET', url, headers: { host: PUBLIC_HOST, 'user-agent': userAgent } });

// Each post comes from its own address, clear of the per-IP submission limits.
const nextAddress = addressPool('10.2');

/** Posts the form as a person who took 3 seconds, arriving from a newsletter link. */
async function submit(formId: string, fields: Record<string, string>, utmSource = 'newsletter') {
  const res = await t.app.inject({
    method: 'POST',
    url: `/f/${formId}`,
    remoteAddress: nextAddress(),
    headers: {
      host: PUBLIC_HOST,
      'user-agent': BROWSER,
      'content-type': 'application/x-www-form-urlencoded',
      referer: `http://${PUBLIC_HOST}/f/${formId}?utm_source=${utmSource}`,
    },
    payload: new URLSearchParams({ ...patientVisitorFields(t.config.secret), ...fields }).toString(),
  });
  expect(res.statusCode, res.body).toBe(303);
  const [lead] = await t.db
    .select({ id: leads.id })
    .from(leads)
    .where(sql`${leads.formId} = ${formId} and ${leads.email} = ${fields.email!.toLowerCase()}`);
  return lead!.id;
}

const zeroDay = { views: 0, uniqueVisitors: 0, leads: 0, confirmations: 0, downloads: 0 };

describe('GET /api/forms/:id/analytics', () => {
  it('answers 30 zero-filled days ending today for a form nobody has seen', async () => {
    const form = await createForm(t.app, owner, { publish: true });
    const { status, body } = await api<FormAnalytics>(`/api/forms/${form.id}/analytics`);
    expect(status).toBe(200);
    expect(body.days).toHaveLength(30);
    expect(body.days.at(-1)!.day).toBe(new Date().toISOString().slice(0, 10));
    expect(body.days.map((d) => d.day)).toEqual(lastDays(30));
    for (const day of body.days) expect(day).toEqual({ day: day.day, ...zeroDay });
    expect(body.totals).toEqual({ ...zeroDay, conversionRate: 0 });
  });

  it('counts views, unique visitors, leads, confirmations and downloads per day, and in all-time totals', async () => {
    const form = await createForm(t.app, owner, { publish: true });
    const tokens = createTokens(t.config.secret);
    await visit(`/f/${form.id}`);
    await visit(`/f/${form.id}`);
    await visit(`/f/${form.id}`, `${BROWSER} Other`);
    await visit(`/f/${form.id}`, 'Googlebot/2.1');
    const confirmed = await submit(form.id, { email: 'first@example.com', consent: 'yes' });
    await submit(form.id, { email: 'second@example.com', consent: 'yes' });
    const confirm = await visit(`/confirm?t=${tokens.signExpiring('confirm', confirmed, new Date(Date.now() + 86_400_000))}`);
    expect((await visit(confirm.headers.location as string)).body).toContain('Your email is confirmed.');
    const file = await visit(`/d/${tokens.signExpiring('download', confirmed, new Date(Date.now() + 86_400_000))}`);
    expect(file.statusCode).toBe(200);

    // Older roll-ups: one inside the 30-day window, one outside it (in the totals only).
    const [fiveDaysAgo, today] = [lastDays(30)[24]!, lastDays(30)[29]!];
    const fortyDaysAgo = lastDays(41)[0]!;
    await t.db.insert(formDailyStats).values([
      { formId: form.id, day: fiveDaysAgo, views: 10, uniqueVisitors: 7, leads: 2, confirmations: 1, downloads: 3 },
      { formId: form.id, day: fortyDaysAgo, views: 100, uniqueVisitors: 90, leads: 5, confirmations: 5, downloads: 5 },
    ]);

    const { body } = await api<FormAnalytics>(`/api/forms/${form.id}/analytics`);
    expect(body.days).toHaveLength(30);
    expect(body.days[29]).toEqual({ day: today, views: 3, uniqueVisitors: 2, leads: 2, confirmations: 1, downloads: 1 });
    expect(body.days[24]).toEqual({ day: fiveDaysAgo, views: 10, uniqueVisitors: 7, leads: 2, confirmations: 1, downloads: 3 });
    expect(body.days.filter((d, i) => i !== 24 && i !== 29).every((d) => d.views === 0 && d.leads === 0)).toBe(true);
    expect(body.totals).toEqual({
      views: 113,
      uniqueVisitors: 99,
      leads: 9,
      confirmations: 7,
      downloads: 9,
      conversionRate: 8,
    });

    // The dashboard shows the same confirmations and downloads.
    const row = (await api<FormListPage>('/api/forms')).body.items.find((f) => f.id === form.id)!;
    expect(row).toMatchObject({ views: 113, leads: 2, confirmedLeads: 7 });
    const stats = (await api<DashboardStats>('/api/forms/stats')).body;
    expect(stats.confirmedLeads).toBeGreaterThanOrEqual(7);
    expect(stats.downloads).toBeGreaterThanOrEqual(9);
  });

  it('sums confirmations and downloads over all of a workspace’s forms on the dashboard', async () => {
    const solo = await createUser(t.app);
    await t.db.execute(sql`update organizations set plan = 'pro'`);
    const [a, b] = [await createForm(t.app, solo, { publish: true }), await createForm(t.app, solo, { publish: true })];
    const [d1, d2] = lastDays(2);
    await t.db.insert(formDailyStats).values([
      { formId: a.id, day: d1!, views: 40, leads: 4, confirmations: 3, downloads: 2 },
      { formId: a.id, day: d2!, views: 10, leads: 1, confirmations: 1, downloads: 4 },
      { formId: b.id, day: d2!, views: 50, leads: 0, confirmations: 2, downloads: 1 },
    ]);
    const stats = (await api<DashboardStats>('/api/forms/stats', solo)).body;
    expect(stats).toMatchObject({ totalForms: 2, confirmedLeads: 6, downloads: 7 });
    const rows = (await api<FormListPage>('/api/forms', solo)).body.items;
    expect(Object.fromEntries(rows.map((r) => [r.id, r.confirmedLeads]))).toEqual({ [a.id]: 4, [b.id]: 2 });
  });
});

describe('GET /api/forms/:id/leads', () => {
  it('lists leads newest first with their fields, status, latest consent time and UTM source', async () => {
    const form = await createForm(t.app, owner, {
      publish: true,
      config: {
        fields: [
          { id: 'email', type: 'email', label: 'Email Address', placeholder: 'Enter your email', required: true },
          { id: 'company', type: 'text', label: 'Company', placeholder: 'Acme', required: false },
        ],
      } as Partial<FormConfig>,
    });
    const first = await submit(form.id, { email: 'Older@Example.com', company: 'Acme', consent: 'yes' }, 'twitter');
    const second = await submit(form.id, { email: 'newer@example.com', consent: 'yes' });
    // The same visitor agrees again later: the list shows the latest consent.
    await t.db.execute(sql`update leads set email_sent_at = now() - interval '1 minute' where id = ${first}`);
    await submit(form.id, { email: 'older@example.com', company: 'Ignored', consent: 'yes' }, 'ignored');

    const { status, body } = await api<LeadListPage>(`/api/forms/${form.id}/leads`);
    expect(status).toBe(200);
    expect(body.nextCursor).toBeNull();
    expect(body.items.map((l) => l.id)).toEqual([second, first]);
    const older = body.items[1]!;
    expect(older).toMatchObject<Partial<LeadRow>>({
      email: 'older@example.com',
      data: { company: 'Acme' },
      status: 'pending',
      verifiedAt: null,
      utmSource: 'twitter',
      downloads: 0,
    });
    const consents = await t.db.execute<{ given_at: Date }>(
      sql`select given_at from lead_consents where lead_id = ${first} order by given_at`,
    );
    expect(consents.rows).toHaveLength(2);
    expect(older.consentGivenAt).toBe(new Date(consents.rows[1]!.given_at).toISOString());
    expect(Date.parse(older.createdAt)).toBeLessThan(Date.parse(older.consentGivenAt!));
    expect(body.items[0]).toMatchObject({ email: 'newer@example.com', data: {}, utmSource: 'newsletter' });
  });

  it('shows no consent time when the page asked for none, and a verified status without double opt-in', async () => {
    const form = await createForm(t.app, owner, {
      publish: true,
      config: { doubleOptIn: false, privacyPolicy: false } as Partial<FormConfig>,
    });
    await submit(form.id, { email: 'quick@example.com' });
    const [lead] = (await api<LeadListPage>(`/api/forms/${form.id}/leads`)).body.items;
    expect(lead).toMatchObject({ status: 'verified', consentGivenAt: null });
    expect(lead!.verifiedAt).toBe(lead!.createdAt);
  });

  it('pages 50 at a time on (created_at, id), without skipping or repeating rows that share a timestamp', async () => {
    const form = await createForm(t.app, owner, { publish: true });
    const [{ workspaceId }] = (await t.db
      .select({ workspaceId: forms.workspaceId })
      .from(forms)
      .where(eq(forms.id, form.id))) as [{ workspaceId: string }];
    // 123 leads on 7 distinct instants a microsecond apart: ties everywhere, below a millisecond.
    await t.db.execute(sql`
      insert into leads (form_id, workspace_id, email, status, created_at)
      select ${form.id}, ${workspaceId}, 'lead' || i || '@example.com', 'pending',
             timestamptz '2026-01-01 12:00:00.000100+00' + (i % 7) * interval '1 microsecond'
      from generate_series(1, 123) as i`);
    const expected = await t.db.execute<{ id: string }>(
      sql`select id from leads where form_id = ${form.id} order by created_at desc, id desc`,
    );

    const seen: string[] = [];
    const sizes: number[] = [];
    let cursor: string | null = null;
    do {
      const url: string = `/api/forms/${form.id}/leads${cursor ? `?cursor=${cursor}` : ''}`;
      const { status, body } = await api<LeadListPage>(url);
      expect(status).toBe(200);
      sizes.push(body.items.length);
      seen.push(...body.items.map((l) => l.id));
      cursor = body.nextCursor;
    } while (cursor);
    expect(sizes).toEqual([50, 50, 23]);
    expect(seen).toEqual(expected.rows.map((r) => r.id));

    const forged = Buffer.from(JSON.stringify(['2026-01-01T12:00:00.000100Z', "x' or 1=1"])).toString('base64url');
    for (const bad of ['nonsense', forged]) {
      const res = await api<{ code: string }>(`/api/forms/${form.id}/leads?cursor=${bad}`);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION_ERROR');
    }
  });

  it('answers an empty page for a form without leads', async () => {
    const form = await createForm(t.app, owner);
    expect((await api<LeadListPage>(`/api/forms/${form.id}/leads`)).body).toEqual({ items: [], fields: [], nextCursor: null });
  });
});

describe('access', () => {
  it("answers 404 to another workspace for both endpoints, and never shows the form's leads", async () => {
    const form = await createForm(t.app, owner, { publish: true });
    await submit(form.id, { email: 'private@example.com', consent: 'yes' });
    const stranger = await createUser(t.app);
    for (const path of ['analytics', 'leads']) {
      const res = await api<{ code: string; message: string }>(`/api/forms/${form.id}/${path}`, stranger);
      expect(res.status, path).toBe(404);
      expect(res.body).toEqual({ code: 'NOT_FOUND', message: 'This form was not found.' });
    }
    expect((await api(`/api/forms/AAAAAAAAAAAA/analytics`)).status).toBe(404);
  });

  it('answers 401 without a session', async () => {
    const form = await createForm(t.app, owner);
    for (const path of ['analytics', 'leads']) {
      const res = await api<{ code: string }>(`/api/forms/${form.id}/${path}`, null);
      expect(res.status, path).toBe(401);
      expect(res.body).toEqual({ code: 'UNAUTHORIZED', message: 'Sign in to continue.' });
    }
  });
});
