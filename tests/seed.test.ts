import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTokens } from '@/server/lib/tokens';
import { authPost, cookieFrom } from './kit/owner.js';
import { APP_HOST } from './kit/hosts.js';
import { DEMO_OWNER, DemoWorkspaceExists, seedDemoWorkspace, type DemoSummary } from './kit/demo-workspace.js';
import { createTestApp, type TestApp } from './setup/app.js';

let t: TestApp;
let summary: DemoSummary;
const now = new Date();

beforeAll(async () => {
  t = await createTestApp();
  summary = await seedDemoWorkspace(t.app, t.db, createTokens(t.config.secret), now);
});
afterAll(() => t.close());

const rows = async <R extends Record<string, unknown>>(query: ReturnType<typeof sql>) => (await t.db.execute<R>(query)).rows;

it('has pages of every kind and leads on most days of the last 90', async () => {
  expect(summary.pages.map((p) => p.kind).sort()).toEqual(
    ['double-opt-in', 'draft', 'free', 'inactive', 'paid', 'pay-what-you-want'].sort(),
  );
  const [span] = await rows<{ days: number; oldest: string; total: number }>(
    sql`select count(distinct (created_at at time zone 'UTC')::date)::int as days, min(created_at)::text as oldest, count(*)::int as total from leads`,
  );
  expect(span!.total).toBe(summary.leads);
  expect(span!.days).toBeGreaterThanOrEqual(60);
  expect(now.getTime() - new Date(span!.oldest).getTime()).toBeLessThanOrEqual(90 * 86_400_000);
  const statuses = await rows<{ status: string; published: boolean }>(
    sql`select status, published is not null as published from forms order by created_at`,
  );
  expect(statuses.filter((s) => s.published)).toHaveLength(5);
  expect(statuses.filter((s) => s.published && s.status === 'inactive')).toHaveLength(1);
});

it('keeps the daily roll-up consistent with the leads: the same counts, and never more leads than views', async () => {
  const mismatches = await rows(sql`
    select s.form_id, s.day from form_daily_stats s
    left join (select form_id, (created_at at time zone 'UTC')::date as day, count(*)::int as n from leads group by 1, 2) l
      on l.form_id = s.form_id and l.day = s.day
    where s.leads <> coalesce(l.n, 0) or s.views < s.unique_visitors or s.unique_visitors < s.leads`);
  expect(mismatches).toEqual([]);
  const [orphans] = await rows<{ n: number }>(sql`
    select count(*)::int as n from leads l where not exists (
      select 1 from form_daily_stats s where s.form_id = l.form_id and s.day = (l.created_at at time zone 'UTC')::date)`);
  expect(orphans!.n).toBe(0);
});

it('gives every lead its sign-up consent, and payments only to the paid pages’ leads', async () => {
  const [withoutConsent] = await rows<{ n: number }>(
    sql`select count(*)::int as n from leads l where not exists (select 1 from lead_consents c where c.lead_id = l.id and c.event = 'signup')`,
  );
  expect(withoutConsent!.n).toBe(0);
  const paidPages = summary.pages.filter((p) => p.kind === 'paid' || p.kind === 'pay-what-you-want').map((p) => p.id);
  const byForm = await rows<{ form_id: string; n: number; refunded: number }>(
    sql`select form_id, count(*)::int as n, count(*) filter (where status = 'refunded')::int as refunded from payments group by form_id`,
  );
  expect(byForm.map((r) => r.form_id).sort()).toEqual([...paidPages].sort());
  expect(byForm.reduce((sum, r) => sum + r.n, 0)).toBe(summary.payments);
  const [mismatched] = await rows<{ n: number }>(
    sql`select count(*)::int as n from payments p join leads l on l.id = p.lead_id
        where l.form_id <> p.form_id or l.payment_state <> p.status`,
  );
  expect(mismatched!.n).toBe(0);
});

it('makes an owner who signs in with the printed password and sees the numbers on the dashboard', async () => {
  const res = await authPost(t.app, '/sign-in/email', { email: DEMO_OWNER.email, password: DEMO_OWNER.password });
  expect(res.statusCode).toBe(200);
  const cookie = cookieFrom(res.headers['set-cookie']);
  const stats = await t.app.inject({ method: 'GET', url: '/api/forms/stats', headers: { host: APP_HOST, cookie } });
  expect(stats.statusCode).toBe(200);
  expect(stats.json<{ totalLeads: number }>().totalLeads).toBe(summary.leads);
});

it('refuses to seed a second time, changing nothing', async () => {
  await expect(seedDemoWorkspace(t.app, t.db, createTokens(t.config.secret), now)).rejects.toBeInstanceOf(DemoWorkspaceExists);
  const [users] = await rows<{ n: number }>(sql`select count(*)::int as n from users`);
  expect(users!.n).toBe(1);
});
