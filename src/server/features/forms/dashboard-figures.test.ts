import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardStats, FormDetail, FormListPage, LeadListPage } from '@/domain/forms-api';
import { journeyKit } from '@tests/kit/journey';
import { createForm, createUser, setPlan, type SignedUpUser, workspaceOf } from '@tests/kit/owner';
import { APP_HOST, createTestApp, type TestApp } from '@tests/setup/app';
import { formDailyStats, formLeadCounts, forms, leads } from '@/server/db/schema/index';
import { purgeExpiredLeads } from '@/server/features/workspace-privacy';
import { purgeDeletedForms } from './forms.js';

/*
 * The dashboard's lead figures (GET /api/forms/stats, GET /api/forms) come from form_lead_counts, kept
 * by triggers on leads (decision 0028). Whatever writes or removes leads, they must stay what counting
 * the lead rows gives.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY_MS = 24 * 60 * 60 * 1000;

const get = <T>(user: SignedUpUser, url: string) =>
  t.app.inject({ method: 'GET', url, headers: { host: APP_HOST, cookie: user.cookie } }).then((res) => {
    expect(res.statusCode, res.body).toBe(200);
    return res.json<T>();
  });
const send = (user: SignedUpUser, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { host: APP_HOST, cookie: user.cookie }, payload });

/** What the figures must be: the lead rows counted. */
async function counted(workspaceId: string, now = new Date()) {
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const [live] = await t.db
    .select({
      total: sql<number>`count(*)::int`,
      month: sql<number>`(count(*) filter (where ${leads.createdAt} >= ${monthStart.toISOString()}))::int`,
    })
    .from(leads)
    .innerJoin(forms, eq(forms.id, leads.formId))
    .where(and(eq(leads.workspaceId, workspaceId), isNull(forms.deletedAt)));
  const perForm = await t.db
    .select({ formId: leads.formId, n: sql<number>`count(*)::int` })
    .from(leads)
    .where(eq(leads.workspaceId, workspaceId))
    .groupBy(leads.formId);
  // The roll-up's own rows summed: what form_stat_totals (kept by triggers) must hold.
  const rollUp = await t.db
    .select({
      formId: formDailyStats.formId,
      deleted: sql<boolean>`${forms.deletedAt} is not null`,
      views: sql<number>`sum(${formDailyStats.views})::int`,
      confirmations: sql<number>`sum(${formDailyStats.confirmations})::int`,
      downloads: sql<number>`sum(${formDailyStats.downloads})::int`,
    })
    .from(formDailyStats)
    .innerJoin(forms, eq(forms.id, formDailyStats.formId))
    .where(eq(forms.workspaceId, workspaceId))
    .groupBy(formDailyStats.formId, forms.deletedAt);
  const liveRollUp = rollUp.filter((r) => !r.deleted);
  return {
    total: live!.total,
    month: live!.month,
    perForm: new Map(perForm.map((r) => [r.formId, r.n])),
    rollUp: new Map(rollUp.map((r) => [r.formId, r])),
    views: liveRollUp.reduce((n, r) => n + r.views, 0),
    confirmations: liveRollUp.reduce((n, r) => n + r.confirmations, 0),
    downloads: liveRollUp.reduce((n, r) => n + r.downloads, 0),
  };
}

/** The dashboard's figures equal the counted ones, for the live pages and the deleted ones. */
async function expectTrue(owner: SignedUpUser, workspaceId: string) {
  // Asked first: an owner's read writes this server's buffered views before answering (decision 0026).
  const stats = await get<DashboardStats>(owner, '/api/forms/stats');
  const truth = await counted(workspaceId);
  expect(stats).toMatchObject({
    totalLeads: truth.total,
    lastMonthLeads: truth.month,
    confirmedLeads: truth.confirmations,
    downloads: truth.downloads,
    conversionRate: truth.views > 0 ? Math.round((truth.total / truth.views) * 1000) / 10 : 0,
  });
  const listed = [
    ...(await get<FormListPage>(owner, '/api/forms?status=all')).items,
    ...(await get<FormListPage>(owner, '/api/forms?status=deleted')).items,
  ];
  expect(listed.length).toBeGreaterThan(0);
  for (const form of listed) {
    const rollUp = truth.rollUp.get(form.id);
    expect([form.id, form.leads, form.views, form.confirmedLeads]).toEqual([
      form.id,
      truth.perForm.get(form.id) ?? 0,
      rollUp?.views ?? 0,
      rollUp?.confirmations ?? 0,
    ]);
  }
  return truth;
}

describe('the dashboard’s lead figures', () => {
  it('equal the lead rows counted through sign-ups, repeats, moves in time, retention, erasure, delete, restore and purge', async () => {
    const owner = await createUser(t.app);
    const stranger = await createUser(t.app);
    const workspaceId = await workspaceOf(t.db, owner);
    await setPlan(t.db, workspaceId, 'business');
    const pages: FormDetail[] = [];
    for (const title of ['Guide', 'Checklist', 'Deleted later', 'Purged later']) {
      pages.push(await createForm(t.app, owner, { title, publish: true, config: { doubleOptIn: title === 'Checklist' } }));
    }
    const [guide, checklist, deletedLater, purgedLater] = pages as [FormDetail, FormDetail, FormDetail, FormDetail];
    const { submit, visit } = journeyKit(t, '10.91');
    for (const page of pages) for (let i = 0; i < 3; i++) expect((await visit(`/f/${page.id}`)).statusCode).toBe(200);
    // Roll-up rows written by hand too (as the seed does): an older day, added then corrected.
    await t.db.insert(formDailyStats).values({ formId: guide.id, day: '2025-01-02', views: 40, confirmations: 3, downloads: 2 });
    await t.db.execute(sql`update form_daily_stats set views = 30 where form_id = ${guide.id} and day = '2025-01-02'`);
    for (const page of pages) {
      for (const name of ['ada', 'grace', 'alan', 'kat', 'edsger']) {
        expect((await submit(page.id, { email: `${name}@example.com` })).statusCode).toBe(303);
      }
    }
    // A known address again: no new lead.
    expect((await submit(guide.id, { email: 'ada@example.com' })).statusCode).toBe(303);
    expect((await expectTrue(owner, workspaceId)).total).toBe(20);

    // Leads that signed up months ago (moved in time as the seed and the tests do), some beyond retention.
    await t.db.execute(sql`update leads set created_at = now() - interval '400 days'
      where form_id = ${guide.id} and email in ('grace@example.com', 'alan@example.com')`);
    await t.db.execute(sql`update leads set created_at = now() - interval '40 days'
      where form_id = ${checklist.id} and email = 'kat@example.com'`);
    await t.db.execute(sql`update leads set created_at = now() - interval '70 days'
      where form_id = ${checklist.id} and email = 'edsger@example.com'`);
    const before = await expectTrue(owner, workspaceId);
    expect(before.month).toBeLessThan(before.total);

    // Retention: every lead older than a year, and unconfirmed ones older than 60 days.
    const retention = await send(owner, 'PUT', '/api/workspace/retention', { pendingLeadDays: 60, allLeadsDays: 365 });
    expect(retention.statusCode, retention.body).toBe(200);
    expect(await purgeExpiredLeads(t.db)).toMatchObject({ pending: 1, all: 2 });
    expect((await expectTrue(owner, workspaceId)).total).toBe(17);

    // Erasure of a person on every page.
    const erased = await send(owner, 'POST', '/api/privacy/erasure', {
      email: 'ada@example.com',
      confirmEmail: 'ada@example.com',
    });
    expect(erased.statusCode, erased.body).toBe(200);
    expect((await expectTrue(owner, workspaceId)).total).toBe(13);

    // A deleted page leaves the totals and keeps its leads; restored, it counts again.
    expect((await send(owner, 'DELETE', `/api/forms/${deletedLater.id}`)).statusCode).toBe(204);
    expect((await expectTrue(owner, workspaceId)).total).toBe(9);
    expect((await send(owner, 'POST', `/api/forms/${deletedLater.id}/restore`)).statusCode).toBe(200);
    expect((await expectTrue(owner, workspaceId)).total).toBe(13);

    // A purged page goes with its leads and its counts.
    expect((await send(owner, 'DELETE', `/api/forms/${purgedLater.id}`)).statusCode).toBe(204);
    await purgeDeletedForms(t.db, new Date(Date.now() + DAY_MS));
    expect((await expectTrue(owner, workspaceId)).total).toBe(9);
    expect(await t.db.select().from(formLeadCounts).where(eq(formLeadCounts.formId, purgedLater.id))).toEqual([]);

    // Many leads in one statement (as an import or the bench writes them), then some deleted by hand.
    await t.db.execute(sql`insert into leads (form_id, workspace_id, email, status, created_at)
      select ${checklist.id}, ${workspaceId}, 'bulk-' || i || '@example.com', 'verified', now() - make_interval(days => i % 90)
      from generate_series(1, 300) i`);
    await t.db.execute(sql`delete from leads where form_id = ${checklist.id} and email like 'bulk-1%'`);
    expect((await expectTrue(owner, workspaceId)).total).toBe(9 + 300 - 111);

    await t.db.execute(sql`delete from form_daily_stats where form_id = ${guide.id} and day = '2025-01-02'`);
    await expectTrue(owner, workspaceId);

    // Another workspace sees none of it.
    expect(await get<DashboardStats>(stranger, '/api/forms/stats')).toMatchObject({
      totalLeads: 0,
      lastMonthLeads: 0,
      totalForms: 0,
    });
    expect((await get<FormListPage>(stranger, '/api/forms?status=all')).items).toEqual([]);
  });
});

describe('the leads lists at depth', () => {
  let owner: SignedUpUser;
  let stranger: SignedUpUser;
  let page: FormDetail;
  let other: FormDetail;
  let workspaceId: string;
  beforeAll(async () => {
    owner = await createUser(t.app);
    stranger = await createUser(t.app);
    workspaceId = await workspaceOf(t.db, owner);
    page = await createForm(t.app, owner, { title: 'Deep', publish: true });
    other = await createForm(t.app, owner, { title: 'Other', publish: true });
    // 240 leads on 30 distinct instants (8 share each, so page boundaries fall inside ties), over two pages,
    // with statuses, sources and answers to filter and search on.
    await t.db.execute(sql`insert into leads (form_id, workspace_id, email, data, status, payment_state, utm_source, created_at)
      select case when i % 3 = 0 then ${other.id} else ${page.id} end, ${workspaceId},
        'deep-' || i || '@example.com',
        jsonb_build_object('f_company', case when i % 4 = 0 then 'Quote "' || i || '" \\ 100%' else 'Company ' || i end),
        case when i % 5 = 0 then 'pending' else 'verified' end,
        case when i % 7 = 0 then 'paid' else 'none' end,
        case when i % 2 = 0 then 'newsletter' end,
        timestamp with time zone '2026-03-01 12:00:00.123456+00' - make_interval(days => (i % 30) * 3)
      from generate_series(1, 240) i`);
  });

  /** Every page of `url`, following nextCursor: the lead ids in the order listed. */
  async function walk(url: string, user = owner) {
    const ids: string[] = [];
    let next: string | null = url;
    for (let guard = 0; next && guard < 100; guard++) {
      const res: LeadListPage = await get<LeadListPage>(user, next);
      ids.push(...res.items.map((l) => l.id));
      next = res.nextCursor ? `${url}${url.includes('?') ? '&' : '?'}cursor=${encodeURIComponent(res.nextCursor)}` : null;
    }
    return ids;
  }

  /** The ids the list must give, newest first: the rows selected and ordered here, without the list's query. */
  async function expected(where: ReturnType<typeof sql>) {
    const { rows } = await t.db.execute<{ id: string }>(
      sql`select id from leads where workspace_id = ${workspaceId} and ${where} order by created_at desc, id desc`,
    );
    return rows.map((r) => r.id);
  }

  it('give every lead exactly once, newest first, for one page and for each filter of the workspace’s list', async () => {
    const cases: Array<[string, ReturnType<typeof sql>]> = [
      [`/api/forms/${page.id}/leads`, sql`form_id = ${page.id}`],
      ['/api/leads', sql`true`],
      [`/api/leads?form=${other.id}`, sql`form_id = ${other.id}`],
      ['/api/leads?status=pending', sql`status = 'pending'`],
      ['/api/leads?status=confirmed', sql`status = 'verified'`],
      ['/api/leads?status=paid', sql`payment_state = 'paid'`],
      ['/api/leads?utmSource=newsletter', sql`utm_source = 'newsletter'`],
      [
        '/api/leads?from=2026-01-01&to=2026-02-01',
        sql`created_at >= '2026-01-01T00:00:00Z' and created_at < '2026-02-02T00:00:00Z'`,
      ],
      ['/api/leads?q=deep-1', sql`email like '%deep-1%'`],
      ['/api/leads?q=company%201', sql`data->>'f_company' ilike '%company 1%'`],
      // Quotes, a backslash and a percent sign match as typed.
      ['/api/leads?q=%22%20%5C%20100%25', sql`data->>'f_company' like '%" \\\\ 100\\%%'`],
      // Never across the address and an answer.
      ['/api/leads?q=example.com%0AQuote', sql`false`],
      ['/api/leads?q=nobody-at-all', sql`false`],
    ];
    for (const [url, where] of cases) {
      const want = await expected(where);
      const got = await walk(url);
      expect([url, got]).toEqual([url, want]);
      expect(new Set(got).size).toBe(got.length);
    }
    expect((await expected(sql`true`)).length).toBe(240);
  });

  it('show another workspace nothing', async () => {
    expect(await walk('/api/leads', stranger)).toEqual([]);
    expect(await walk('/api/leads?q=deep', stranger)).toEqual([]);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/forms/${page.id}/leads`,
      headers: { host: APP_HOST, cookie: stranger.cookie },
    });
    expect(res.statusCode).toBe(404);
  });
});
