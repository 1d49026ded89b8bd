import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@/domain/api-errors';
import type { FormDetail, LeadListPage } from '@/domain/forms-api';
import { createForm, createUser, type SignedUpUser, workspaceOf } from '@tests/kit/owner';
import { APP_HOST, createTestApp, type TestApp } from '@tests/setup/app';
import { leads } from '@/server/db/schema';
import { indexedPart } from './list-leads.js';
import { EMAIL_FIELD, textField } from '@tests/kit/fields';

let t: TestApp;
let owner: SignedUpUser;
let stranger: SignedUpUser;
let guide: FormDetail;
let checklist: FormDetail;
let theirs: FormDetail;
beforeAll(async () => {
  t = await createTestApp();
  [owner, stranger] = [await createUser(t.app), await createUser(t.app)];
  guide = await createForm(t.app, owner, { title: 'The Guide', publish: true });
  checklist = await createForm(t.app, owner, { title: 'The Checklist', publish: true });
  theirs = await createForm(t.app, stranger, { title: 'Their Page', publish: true });
  const [ws, wsOther] = [await workspaceOf(t.db, owner), await workspaceOf(t.db, stranger)];
  const lead = (
    form: FormDetail,
    workspaceId: string,
    email: string,
    day: string,
    extra: Partial<typeof leads.$inferInsert> = {},
  ) => ({
    formId: form.id,
    workspaceId,
    email,
    status: 'verified' as const,
    createdAt: new Date(`${day}T12:00:00Z`),
    ...extra,
  });
  await t.db
    .insert(leads)
    .values([
      lead(guide, ws, 'ada@example.com', '2026-01-05', { data: { f_name: 'Ada Lovelace' }, utmSource: 'newsletter' }),
      lead(guide, ws, 'grace@example.com', '2026-01-10', { status: 'pending', utmSource: 'twitter' }),
      lead(checklist, ws, 'alan@example.com', '2026-01-15', { paymentState: 'paid', data: { f_company: 'Bletchley 100%' } }),
      lead(checklist, ws, 'kat@example.com', '2026-01-20', { paymentState: 'refunded' }),
      lead(theirs, wsOther, 'ada@example.com', '2026-01-06', { data: { f_name: 'Ada Lovelace' }, utmSource: 'newsletter' }),
    ]);
});
afterAll(() => t.close());

const list = (query: string, user = owner) =>
  t.app.inject({ method: 'GET', url: `/api/leads${query}`, headers: { host: APP_HOST, cookie: user.cookie } });
const emails = async (query: string) => {
  const res = await list(query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<LeadListPage>().items.map((l) => l.email);
};

describe('the workspace’s leads', () => {
  it('are every lead across its pages, newest first, with their page, and no other workspace’s', async () => {
    const res = await list('');
    const page = res.json<LeadListPage>();
    expect(page.items.map((l) => [l.email, l.formName])).toEqual([
      ['kat@example.com', 'The Checklist'],
      ['alan@example.com', 'The Checklist'],
      ['grace@example.com', 'The Guide'],
      ['ada@example.com', 'The Guide'],
    ]);
    expect(page.nextCursor).toBeNull();
    expect((await list('', stranger)).json<LeadListPage>().items.map((l) => [l.email, l.formId])).toEqual([
      ['ada@example.com', theirs.id],
    ]);
  });

  it('are searched by email or by any answer, with LIKE wildcards taken literally', async () => {
    expect(await emails('?q=GRACE')).toEqual(['grace@example.com']);
    expect(await emails('?q=lovelace')).toEqual(['ada@example.com']);
    expect(await emails('?q=100%25')).toEqual(['alan@example.com']);
    expect(await emails('?q=%25')).toEqual(['alan@example.com']);
    expect(await emails('?q=_')).toEqual([]);
    expect(await emails('?q=f_name')).toEqual([]); // field ids are not answers
  });

  it('are searched by a whole address through its part before the domain, and matched on the whole of it', async () => {
    expect(indexedPart('grace@example.com')).toBe('grace@');
    expect(indexedPart('ab@example.com')).toBe('ab@example.com'); // too short a part to narrow anything
    expect(indexedPart('@example.com')).toBe('@example.com');
    expect(await emails('?q=grace%40example.com')).toEqual(['grace@example.com']);
    expect(await emails('?q=ACE%40EXAMPLE.COM')).toEqual(['grace@example.com']);
    expect(await emails('?q=grace%40example.org')).toEqual([]);
    expect(await emails('?q=%40example.com')).toEqual([
      'kat@example.com',
      'alan@example.com',
      'grace@example.com',
      'ada@example.com',
    ]);
  });

  it('are filtered by page, status, dates (inclusive, UTC) and UTM source', async () => {
    expect(await emails(`?form=${guide.id}`)).toEqual(['grace@example.com', 'ada@example.com']);
    expect(await emails('?status=pending')).toEqual(['grace@example.com']);
    expect(await emails('?status=confirmed')).toEqual(['kat@example.com', 'alan@example.com', 'ada@example.com']);
    expect(await emails('?status=paid')).toEqual(['alan@example.com']);
    expect(await emails('?status=refunded')).toEqual(['kat@example.com']);
    expect(await emails('?from=2026-01-10&to=2026-01-15')).toEqual(['alan@example.com', 'grace@example.com']);
    expect(await emails('?utmSource=newsletter')).toEqual(['ada@example.com']);
    expect(await emails(`?form=${checklist.id}&status=paid&q=alan`)).toEqual(['alan@example.com']);
  });

  it('come 50 a page, the cursor keeping the filter’s order', async () => {
    const ws = await workspaceOf(t.db, owner);
    const many = await createForm(t.app, owner, { title: 'Many', publish: true });
    const base = Date.parse('2026-03-01T00:00:00Z');
    await t.db.insert(leads).values(
      Array.from({ length: 55 }, (_, i) => ({
        formId: many.id,
        workspaceId: ws,
        email: `bulk-${i}-${randomUUID()}@example.com`,
        status: 'verified' as const,
        createdAt: new Date(base + Math.floor(i / 2) * 1000), // pairs share a second
      })),
    );
    const first = (await list(`?form=${many.id}`)).json<LeadListPage>();
    expect(first.items).toHaveLength(50);
    const second = (await list(`?form=${many.id}&cursor=${first.nextCursor}`)).json<LeadListPage>();
    expect(second.items).toHaveLength(5);
    expect(second.nextCursor).toBeNull();
    expect(new Set([...first.items, ...second.items].map((l) => l.id)).size).toBe(55);
  });

  it('answer bad filters with a clear 4xx and nothing else', async () => {
    const bad: Array<[string, number, string | null]> = [
      ['?colour=red', 400, '_'],
      ['?status=archived', 400, 'status'],
      ['?from=2026-13-01', 400, 'from'],
      ['?from=yesterday', 400, 'from'],
      ['?from=2026-02-01&to=2026-01-01', 400, 'to'],
      ['?cursor=forged', 400, 'cursor'],
      [`?form=${theirs.id}`, 404, null],
      ['?form=not-a-form', 404, null],
    ];
    for (const [query, status, key] of bad) {
      const res = await list(query);
      expect(res.statusCode, query).toBe(status);
      const body = res.json<{ code: string; message: string; errors?: Record<string, string> }>();
      expect(body.code, query).toBe(status === 404 ? ErrorCode.NOT_FOUND : ErrorCode.VALIDATION_ERROR);
      if (key) expect(Object.keys(body.errors ?? {}), query).toContain(key);
      expect(res.body, query).not.toContain('ada@example.com');
    }
    expect((await list('?colour=red')).json<{ message: string }>().message).toBe('Unknown filter: colour');
    const signedOut = await t.app.inject({ method: 'GET', url: '/api/leads', headers: { host: APP_HOST } });
    expect(signedOut.statusCode).toBe(401);
  });
});

describe('the answer columns', () => {
  const field = textField;
  const EMAIL = EMAIL_FIELD;

  it('are the labels of the pages in the results, first seen first, shared labels once, each lead’s answers under them', async () => {
    const surveyor = await createUser(t.app);
    const ws = await workspaceOf(t.db, surveyor);
    const webinar = await createForm(t.app, surveyor, {
      title: 'Webinar',
      publish: true,
      config: { fields: [EMAIL, field('f_name', 'Full name'), field('f_company', 'Company')] },
    });
    const report = await createForm(t.app, surveyor, {
      title: 'Report',
      publish: true,
      config: { fields: [EMAIL, field('f_org', 'Company'), field('f_role', 'Role')] },
    });
    // Not published: its draft names the field.
    const draft = await createForm(t.app, surveyor, { title: 'Draft', config: { fields: [EMAIL, field('f_tel', 'Phone')] } });
    await t.db.insert(leads).values([
      {
        formId: webinar.id,
        workspaceId: ws,
        email: 'w@example.com',
        status: 'verified',
        createdAt: new Date('2026-02-01T10:00:00Z'),
        data: { f_name: 'Wendy', f_company: 'Widgets' },
      },
      {
        formId: report.id,
        workspaceId: ws,
        email: 'r@example.com',
        status: 'pending',
        createdAt: new Date('2026-02-02T10:00:00Z'),
        data: { f_org: 'Reports Ltd', f_role: 'CFO', f_gone: 'kept' },
      },
      {
        formId: draft.id,
        workspaceId: ws,
        email: 'd@example.com',
        status: 'verified',
        createdAt: new Date('2026-01-31T10:00:00Z'),
        data: { f_tel: '555' },
      },
    ]);

    const res = await list('', surveyor);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json<LeadListPage>();
    expect(page.fields).toEqual([
      { label: 'Company' },
      { label: 'Role' },
      { label: 'f_gone' }, // a field the page no longer has keeps its id as its label
      { label: 'Full name' },
      { label: 'Phone' },
    ]);
    expect(page.items.map((l) => [l.email, l.answers])).toEqual([
      ['r@example.com', { Company: 'Reports Ltd', Role: 'CFO', f_gone: 'kept' }],
      ['w@example.com', { 'Full name': 'Wendy', Company: 'Widgets' }],
      ['d@example.com', { Phone: '555' }],
    ]);
    // Answers stay keyed by field id too, for the page's own table.
    expect(page.items[1]!.data).toEqual({ f_name: 'Wendy', f_company: 'Widgets' });

    // Filtered to one page, only its columns.
    expect((await list(`?form=${webinar.id}`, surveyor)).json<LeadListPage>().fields).toEqual([
      { label: 'Full name' },
      { label: 'Company' },
    ]);
    const perPage = await t.app.inject({
      method: 'GET',
      url: `/api/forms/${report.id}/leads`,
      headers: { host: APP_HOST, cookie: surveyor.cookie },
    });
    expect(perPage.json<LeadListPage>().fields.map((f) => f.label)).toEqual(['Company', 'Role', 'f_gone']);
  });

  it('are empty when nothing matches', async () => {
    const page = (await list('?q=nobody-at-all')).json<LeadListPage>();
    expect(page).toEqual({ items: [], fields: [], nextCursor: null });
  });
});
