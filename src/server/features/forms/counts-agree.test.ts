import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createForm, createUser, setPlan, workspaceOf, type SignedUpUser } from '@tests/kit/owner';
import { journeyKit } from '@tests/kit/journey';
import { mailsOf } from '@tests/kit/mailbox';
import { APP_HOST, createTestApp, type TestApp } from '@tests/setup/app';
import type { AbTestResults } from '@/domain/ab-test-results';
import type { BillingOverview } from '@/domain/billing';
import { DEFAULT_AB_TEST, type FormConfig } from '@/domain/form-config';
import type { DashboardStats, FormAnalytics, FormListPage } from '@/domain/forms-api';
import { PLANS } from '@/domain/plans';
import { formDailyStats, leads, payments } from '@/server/db/schema/index';
import { releaseHeldLeads } from '@/server/features/plan-limits/index';
import { purgeExpiredLeads } from '@/server/features/workspace-privacy';
import { markRefunded } from '@/server/features/payments/fulfil';

/*
 * docs/decisions/0065: every count the owner is shown (dashboard cards, page rows,
 * page analytics, A/B results, plan usage) agrees with the rows after an erasure, a retention purge,
 * a page deleted and restored, held leads released and a refund.
 */

let t: TestApp;
let owner: SignedUpUser;
let workspaceId: string;
const visitor = () => journeyKit(t, '10.64');
let kit: ReturnType<typeof visitor>;
const noOptIn = { doubleOptIn: false } as Partial<FormConfig>;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t.app);
  workspaceId = await workspaceOf(t.db, owner);
  await setPlan(t.db, workspaceId, 'pro');
  kit = visitor();
});
afterAll(() => t.close());

const get = async <T>(url: string) => {
  const res = await t.app.inject({ method: 'GET', url, headers: { host: APP_HOST, cookie: owner.cookie } });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json<T>();
};
const send = (method: 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { host: APP_HOST, origin: `http://${APP_HOST}`, cookie: owner.cookie }, payload });

/** Counts of the rows themselves, for the workspace's pages that are not deleted. */
async function rowCounts() {
  const { rows: pages } = await t.db.execute<{
    id: string;
    leads: number;
    confirmed: number;
    downloads: number;
    ab_leads: number;
  }>(sql`
    select f.id,
      (select count(*)::int from leads l where l.form_id = f.id and l.held_at is null) as leads,
      (select count(*)::int from leads l where l.form_id = f.id and l.held_at is null and l.status = 'verified') as confirmed,
      (select coalesce(sum(l.downloads), 0)::int from leads l where l.form_id = f.id) as downloads,
      (select count(*)::int from leads l where l.form_id = f.id and l.held_at is null and l.ab_variant is not null
        and l.created_at >= f.ab_test_started_at) as ab_leads
    from forms f where f.workspace_id = ${workspaceId} and f.deleted_at is null`);
  const { rows: money } = await t.db.execute<{ form_id: string; currency: string; amount: number }>(sql`
    select p.form_id, p.currency, sum(p.amount)::int as amount from payments p join forms f on f.id = p.form_id
    where p.workspace_id = ${workspaceId} and p.status = 'paid' and f.deleted_at is null group by 1, 2`);
  const { rows: signups } = await t.db.execute<{ n: number }>(sql`
    select count(*)::int as n from leads where workspace_id = ${workspaceId} and status = 'verified' and held_at is null
      and verified_at >= date_trunc('month', now() at time zone 'UTC') at time zone 'UTC'`);
  const sum = (key: 'leads' | 'confirmed' | 'downloads') => pages.reduce((n, p) => n + p[key], 0);
  return { pages, money, signups: signups[0]!.n, leads: sum('leads'), confirmed: sum('confirmed'), downloads: sum('downloads') };
}

/** Every counter the owner's API answers, each compared with the rows. */
async function expectCountsAgree(after: string) {
  const rows = await rowCounts();
  const stats = await get<DashboardStats>('/api/forms/stats');
  const at = (what: string) => `after ${after}: ${what}`;
  expect(stats.totalLeads, at('dashboard leads')).toBe(rows.leads);
  expect(stats.confirmedLeads, at('dashboard confirmed')).toBe(rows.confirmed);
  expect(stats.downloads, at('dashboard downloads')).toBe(rows.downloads);
  expect(stats.confirmedLeads, at('confirmed within leads')).toBeLessThanOrEqual(stats.totalLeads);
  const totalRevenue = rows.money.reduce((n, m) => n + m.amount, 0);
  expect(
    stats.revenue.reduce((n, r) => n + r.amount, 0),
    at('dashboard revenue'),
  ).toBe(totalRevenue);
  expect(stats.totalForms, at('dashboard pages')).toBe(rows.pages.length);

  const list = await get<FormListPage>('/api/forms?status=all');
  expect(list.items.length, at('page rows')).toBe(rows.pages.length);
  const billing = await get<BillingOverview>('/api/billing');
  expect(billing.usage.signups.used, at('plan usage')).toBe(rows.signups);
  for (const page of rows.pages) {
    const item = list.items.find((i) => i.id === page.id)!;
    expect(item.leads, at(`page row leads ${page.id}`)).toBe(page.leads);
    expect(item.confirmedLeads, at(`page row confirmed ${page.id}`)).toBe(page.confirmed);
    const analytics = await get<FormAnalytics>(`/api/forms/${page.id}/analytics`);
    expect(analytics.totals.leads, at(`analytics leads ${page.id}`)).toBe(page.leads);
    expect(analytics.totals.confirmations, at(`analytics confirmed ${page.id}`)).toBe(page.confirmed);
    expect(analytics.totals.downloads, at(`analytics downloads ${page.id}`)).toBe(page.downloads);
    const days = analytics.days.reduce(
      (n, d) => ({ leads: n.leads + d.leads, confirmations: n.confirmations + d.confirmations }),
      {
        leads: 0,
        confirmations: 0,
      },
    );
    expect(days, at(`analytics days ${page.id}`)).toEqual({ leads: page.leads, confirmations: page.confirmed });
    const pageRevenue = rows.money.filter((m) => m.form_id === page.id).reduce((n, m) => n + m.amount, 0);
    expect(
      analytics.revenue.reduce((n, r) => n + r.amount, 0),
      at(`analytics revenue ${page.id}`),
    ).toBe(pageRevenue);
    const ab = await get<AbTestResults>(`/api/forms/${page.id}/ab-test`);
    expect(ab.variants[0].leads + ab.variants[1].leads, at(`A/B leads ${page.id}`)).toBe(page.ab_leads);
  }
  // No day of the roll-up went below zero on the way.
  const [negative] = await t.db.select({ n: sql<number>`count(*)::int` }).from(formDailyStats).where(sql`
    ${formDailyStats.leads} < 0 or ${formDailyStats.confirmations} < 0 or ${formDailyStats.downloads} < 0`);
  expect(negative!.n, at('negative days')).toBe(0);
}

/** A sign-up that is confirmed at once (no double opt-in) and downloads the file `downloads` times. */
async function signUpAndDownload(formId: string, email: string, downloads: number) {
  const submitted = await kit.submit(formId, { email });
  expect(submitted.statusCode).toBe(303);
  const thanks = await kit.visit(submitted.headers.location as string);
  const link = /\/d\/[\w.-]+/.exec(thanks.body)?.[0];
  for (let i = 0; i < downloads; i += 1) expect((await kit.visit(link!)).statusCode).toBe(200);
}

/** A double opt-in sign-up, confirmed with the code emailed to it (`confirm`), or left pending. */
async function signUpWithOptIn(formId: string, email: string, confirm: boolean) {
  const submitted = await kit.submit(formId, { email });
  expect(submitted.statusCode).toBe(303);
  if (!confirm) return;
  const [mail] = await mailsOf(t, email);
  const res = await kit.post('/thank-you/verify', {
    t: kit.tokenOf(submitted.headers.location as string),
    code: mail!.subject.slice(0, 6),
  });
  expect(res.statusCode).toBe(303);
}

it('keeps every count equal to the rows through an erasure, a purge, a deleted page restored, held leads released and a refund', async () => {
  const abTest = { ...DEFAULT_AB_TEST, enabled: true, title: 'The other title' };
  const instant = await createForm(t.app, owner, { publish: true, title: 'Instant', config: { ...noOptIn, abTest } });
  const optIn = await createForm(t.app, owner, { publish: true, title: 'Opt-in' });

  await signUpAndDownload(instant.id, 'erased@example.com', 3);
  await signUpAndDownload(instant.id, 'kept@example.com', 1);
  await signUpWithOptIn(optIn.id, 'erased@example.com', true);
  await signUpWithOptIn(optIn.id, 'pending@example.com', false);
  await expectCountsAgree('sign-ups');

  expect(
    (await send('POST', '/api/privacy/erasure', { email: 'erased@example.com', confirmEmail: 'erased@example.com' })).statusCode,
  ).toBe(200);
  await expectCountsAgree('an erasure');

  await t.db.execute(sql`update organizations set pending_lead_retention_days = 0 where id = ${workspaceId}`);
  expect(await purgeExpiredLeads(t.db)).toMatchObject({ pending: 1 });
  await expectCountsAgree('a retention purge');

  expect((await send('DELETE', `/api/forms/${instant.id}`)).statusCode).toBe(204);
  await expectCountsAgree('a page deleted');
  expect((await send('POST', `/api/forms/${instant.id}/restore`)).statusCode).toBe(200);
  await expectCountsAgree('a page restored');

  // The Free plan's sign-ups used up by leads of another page (their roll-up as real sign-ups leave it).
  await setPlan(t.db, workspaceId, 'free');
  const filler = await createForm(t.app, owner, { publish: true, title: 'Filler', config: noOptIn });
  const room = PLANS.free.monthlySubmissionLimit! - (await rowCounts()).signups;
  const now = new Date();
  await t.db.insert(leads).values(
    Array.from({ length: room }, () => ({
      formId: filler.id,
      workspaceId,
      email: `filler-${randomUUID()}@example.com`,
      status: 'verified' as const,
      verifiedAt: now,
      createdAt: now,
    })),
  );
  await t.db
    .insert(formDailyStats)
    .values({ formId: filler.id, day: now.toISOString().slice(0, 10), leads: room, confirmations: room });
  await signUpAndDownload(instant.id, 'held-at-once@example.com', 1);
  await signUpWithOptIn(optIn.id, 'held-later@example.com', true);
  const held = await t.db
    .select({ email: leads.email })
    .from(leads)
    .where(sql`${leads.heldAt} is not null`);
  expect(held.map((l) => l.email).sort()).toEqual(['held-at-once@example.com', 'held-later@example.com']);
  await expectCountsAgree('leads held');
  await setPlan(t.db, workspaceId, 'pro');
  expect(await t.db.transaction((tx) => releaseHeldLeads({ appOrigin: t.config.appUrl.origin }, tx, workspaceId))).toBe(2);
  await expectCountsAgree('held leads released');

  const [kept] = await t.db.select().from(leads).where(eq(leads.email, 'kept@example.com'));
  const [payment] = await t.db
    .insert(payments)
    .values({
      id: randomUUID(),
      workspaceId,
      formId: instant.id,
      leadId: kept!.id,
      provider: 'stripe',
      checkoutId: `cs_test_${randomUUID()}`,
      amount: 999,
      currency: 'USD',
      status: 'paid',
      paidAt: now,
    })
    .returning();
  await expectCountsAgree('a payment');
  expect(await t.db.transaction((tx) => markRefunded(tx, payment!, 'ch_test_refund'))).toBe(true);
  await expectCountsAgree('a refund');
}, 120_000);
