import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../../domain/api-errors.js';
import type { FormDetail, LeadListPage } from '../../../domain/forms-api.js';
import { createForm, createUser, type SignedUpUser, workspaceOf } from '../../../../tests/kit/owner.js';
import { APP_HOST, createTestApp, type TestApp } from '../../../../tests/setup/app.js';
import { leads } from '../../db/schema/index.js';

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
