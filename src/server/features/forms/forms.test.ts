import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardStats, FormDetail, FormListPage } from '@/domain/forms-api';
import { pageState } from '@/domain/page-state';
import { createForm, createUser, setPlan, type SignedUpUser, workspaceOf } from '@tests/kit/owner';
import { publishableConfig } from '@tests/kit/data';
import { APP_HOST, createTestApp, type TestApp } from '@tests/setup/app';
import { sql } from 'drizzle-orm';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function api(user: SignedUpUser | null, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) {
  return t.app.inject({ method, url, headers: { host: APP_HOST, ...(user ? { cookie: user.cookie } : {}) }, payload });
}

const upgrade = async (user: SignedUpUser) => setPlan(t.db, await workspaceOf(t.db, user), 'pro');

describe('forms', () => {
  it('keeps the published configuration until the owner publishes again', async () => {
    const owner = await createUser(t.app);
    const form = await createForm(t.app, owner, { title: 'First title', publish: true });
    expect(form.status).toBe('active');
    expect(form.published?.title).toBe('First title');
    expect(form.publicUrl).toBe(`${t.config.publicUrl.origin}/f/${form.id}`);
    expect(form.id).toMatch(/^[A-Za-z0-9]{12}$/);

    const edited = await api(owner, 'PUT', `/api/forms/${form.id}`, { config: { ...form.draft, title: 'Second title' } });
    expect(edited.statusCode).toBe(200);
    expect(edited.json<FormDetail>().draft.title).toBe('Second title');
    expect(edited.json<FormDetail>().published?.title).toBe('First title');
    expect(edited.json<FormDetail>().name).toBe('Second title');

    const republished = await api(owner, 'POST', `/api/forms/${form.id}/publish`);
    expect(republished.json<FormDetail>().published?.title).toBe('Second title');
  });

  it('refuses to publish an incomplete page, naming each problem with its message', async () => {
    const owner = await createUser(t.app);
    const config = { ...publishableConfig(null), title: '', businessName: '', leadMagnetName: '' };
    config.fields = [
      ...config.fields,
      { id: 'field-1', type: 'text', label: ' ', placeholder: '', required: false, options: [], helpText: '', param: '' },
    ];
    const created = await api(owner, 'POST', '/api/forms', { config });
    expect(created.statusCode).toBe(201);
    const res = await api(owner, 'POST', `/api/forms/${created.json().id}/publish`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'NOT_PUBLISHABLE',
      errors: {
        title: 'Title is required',
        businessName: 'Business name is required',
        leadMagnet: 'Please upload a PDF file',
        leadMagnetName: 'Please provide a name for your lead magnet',
        'fields.1.label': 'Field label is required',
      },
    });
    const after = await api(owner, 'GET', `/api/forms/${created.json().id}`);
    expect(after.json().published).toBeNull();
    expect(after.json().status).toBe('inactive');
  });

  it('rejects bad configurations with 400 and stores nothing', async () => {
    const owner = await createUser(t.app);
    const noEmail = {
      ...publishableConfig(null),
      fields: [
        { id: 'name', type: 'text', label: 'Name', placeholder: '', required: true, options: [], helpText: '', param: '' },
      ],
    };
    const badPixel = { ...publishableConfig(null), pixelGoogle: '<script>alert(1)</script>' };
    const negative = { ...publishableConfig(null), payment: { ...publishableConfig(null).payment, fixedAmount: -5 } };
    for (const config of [noEmail, badPixel, negative]) {
      const res = await api(owner, 'POST', '/api/forms', { config });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
      expect(typeof res.json().message).toBe('string');
    }
    expect((await api(owner, 'POST', '/api/forms', { config: badPixel })).json().errors).toEqual({
      pixelGoogle: 'Use a Google ID like G-XXXXXXX or GTM-XXXXXXX',
    });
    expect((await api(owner, 'GET', '/api/forms')).json<FormListPage>().items).toEqual([]);
  });

  it('enforces the Free plan limit of 3 forms with a link-worthy message', async () => {
    const owner = await createUser(t.app);
    for (let i = 0; i < 3; i++) await createForm(t.app, owner, { title: `Form ${i}` });
    const fourth = await api(owner, 'POST', '/api/forms', { config: publishableConfig(null, 'Form 4') });
    expect(fourth.statusCode).toBe(403);
    expect(fourth.json()).toEqual({
      code: 'PLAN_LIMIT',
      message: 'The Free plan includes 3 forms. Upgrade to Pro for unlimited forms.',
    });
    await upgrade(owner);
    expect((await api(owner, 'POST', '/api/forms', { config: publishableConfig(null, 'Form 4') })).statusCode).toBe(201);
  });

  it('lists newest first with search, status filter and keyset pages of 50', async () => {
    const owner = await createUser(t.app);
    await upgrade(owner);
    for (let i = 0; i < 53; i++) {
      const res = await api(owner, 'POST', '/api/forms', {
        config: publishableConfig(null, i % 10 === 0 ? `Webinar ${i}` : `Guide ${i}`),
      });
      expect(res.statusCode).toBe(201);
    }
    const first = (await api(owner, 'GET', '/api/forms')).json<FormListPage>();
    expect(first.items).toHaveLength(50);
    expect(first.items[0]!.name).toBe('Guide 52');
    expect(first.nextCursor).toBeTruthy();
    const second = (await api(owner, 'GET', `/api/forms?cursor=${first.nextCursor}`)).json<FormListPage>();
    expect(second.items.map((f) => f.name)).toEqual(['Guide 2', 'Guide 1', 'Webinar 0']);
    expect(second.nextCursor).toBeNull();
    const ids = new Set([...first.items, ...second.items].map((f) => f.id));
    expect(ids.size).toBe(53);

    const search = (await api(owner, 'GET', '/api/forms?q=WEBINAR')).json<FormListPage>();
    expect(search.items.map((f) => f.name)).toEqual([
      'Webinar 50',
      'Webinar 40',
      'Webinar 30',
      'Webinar 20',
      'Webinar 10',
      'Webinar 0',
    ]);
    expect((await api(owner, 'GET', '/api/forms?q=100%25')).json<FormListPage>().items).toEqual([]);

    // Never published: drafts, neither active nor inactive.
    const drafts = (await api(owner, 'GET', '/api/forms?status=draft')).json<FormListPage>();
    expect(drafts.items).toHaveLength(50);
    expect((await api(owner, 'GET', '/api/forms?status=inactive')).json<FormListPage>().items).toEqual([]);
    expect((await api(owner, 'GET', '/api/forms?status=active')).json<FormListPage>().items).toEqual([]);
    expect((await api(owner, 'GET', '/api/forms?status=bogus')).statusCode).toBe(400);
    expect((await api(owner, 'GET', '/api/forms?cursor=nonsense')).statusCode).toBe(400);
  });

  it('tells a draft (never published) from a published page switched off, in the list and its filter', async () => {
    const owner = await createUser(t.app);
    const draft = await createForm(t.app, owner, { title: 'Draft page' });
    const live = await createForm(t.app, owner, { title: 'Live page', publish: true });
    const off = await createForm(t.app, owner, { title: 'Switched-off page', publish: true });
    expect((await api(owner, 'PATCH', `/api/forms/${off.id}/status`, { status: 'inactive' })).statusCode).toBe(200);
    const names = async (status: string) =>
      (await api(owner, 'GET', `/api/forms?status=${status}`)).json<FormListPage>().items.map((f) => f.name);

    expect(await names('draft')).toEqual(['Draft page']);
    expect(await names('inactive')).toEqual(['Switched-off page']);
    expect(await names('active')).toEqual(['Live page']);
    expect(await names('all')).toEqual(['Switched-off page', 'Live page', 'Draft page']);
    const rows = (await api(owner, 'GET', '/api/forms')).json<FormListPage>().items;
    expect(rows.map((f) => pageState(f.status, f.published))).toEqual(['inactive', 'active', 'draft']);
    // A draft switched on is still a draft: no visitor can reach it until it is published.
    expect((await api(owner, 'PATCH', `/api/forms/${draft.id}/status`, { status: 'active' })).statusCode).toBe(200);
    expect(await names('draft')).toEqual(['Draft page']);
    expect(await names('active')).toEqual(['Live page']);
    expect(live.status).toBe('active');
  });

  it('activates, deactivates and deletes (to Recently deleted); stats come from the database', async () => {
    const owner = await createUser(t.app);
    const empty = (await api(owner, 'GET', '/api/forms/stats')).json<DashboardStats>();
    expect(empty).toEqual({
      totalLeads: 0,
      totalForms: 0,
      conversionRate: 0,
      lastMonthLeads: 0,
      confirmedLeads: 0,
      downloads: 0,
      revenue: [],
    });

    const form = await createForm(t.app, owner, { publish: true });
    const off = await api(owner, 'PATCH', `/api/forms/${form.id}/status`, { status: 'inactive' });
    expect(off.json<FormDetail>().status).toBe('inactive');
    const listed = (await api(owner, 'GET', '/api/forms')).json<FormListPage>().items[0]!;
    expect(listed).toMatchObject({
      id: form.id,
      status: 'inactive',
      published: true,
      views: 0,
      leads: 0,
      confirmedLeads: 0,
      conversionRate: 0,
    });
    expect((await api(owner, 'PATCH', `/api/forms/${form.id}/status`, { status: 'paused' })).statusCode).toBe(400);
    expect((await api(owner, 'GET', '/api/forms/stats')).json<DashboardStats>().totalForms).toBe(1);

    const fileId = form.draft.leadMagnet!.id;
    expect((await api(owner, 'GET', `/api/files/${fileId}`)).statusCode).toBe(200);
    expect((await api(owner, 'DELETE', `/api/forms/${form.id}`)).statusCode).toBe(204);
    expect((await api(owner, 'GET', `/api/forms/${form.id}`)).statusCode).toBe(404);
    // The PDF stays until the purge, so a restored page still has it (deleted-forms.test.ts).
    expect((await api(owner, 'GET', `/api/files/${fileId}`)).statusCode).toBe(200);
    expect((await api(owner, 'GET', '/api/forms/stats')).json<DashboardStats>().totalForms).toBe(0);
  });
});

describe('forms list paging', () => {
  it('lists every form exactly once when many were created inside one millisecond', async () => {
    const owner = await createUser(t.app);
    await upgrade(owner);
    const first = await createForm(t.app, owner, { title: 'Template' });
    // 52 forms a microsecond apart, all inside one millisecond, across the 50-a-page boundary.
    await t.db.execute(sql`
      insert into forms (id, workspace_id, name, status, draft, created_at)
      select 'micro' || lpad(i::text, 7, '0'), workspace_id, 'Micro ' || i, status, draft,
             '2026-01-01T00:00:00.000Z'::timestamptz + make_interval(secs => i / 1000000.0)
      from forms, generate_series(1, 51) as i where id = ${first.id}`);
    await t.db.execute(sql`update forms set created_at = '2026-01-01T00:00:00.000Z' where id = ${first.id}`);

    const seen: string[] = [];
    let cursor: string | null = '';
    for (let pages = 0; cursor !== null && pages < 5; pages++) {
      const res = await api(owner, 'GET', `/api/forms${cursor ? `?cursor=${cursor}` : ''}`);
      expect(res.statusCode).toBe(200);
      const body: FormListPage = res.json<FormListPage>();
      seen.push(...body.items.map((f) => f.id));
      cursor = body.nextCursor;
    }
    expect(seen).toHaveLength(52);
    expect(new Set(seen).size).toBe(52);
  });
});
