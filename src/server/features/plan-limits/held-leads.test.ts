import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createForm, createUser, setPlan, workspaceOf, type SignedUpUser } from '@tests/kit/owner';
import { parseCsv } from '@tests/kit/csv';
import { mailsOf } from '@tests/kit/mailbox';
import { addressPool, patientVisitorFields } from '@tests/kit/visitor';
import { APP_HOST, createTestApp, PUBLIC_HOST, type TestApp } from '@tests/setup/app';
import type { CreatedApiKey } from '@/domain/api-keys';
import type { FormConfig } from '@/domain/form-config';
import type { DashboardStats, FormAnalytics, FormDetail, FormListPage, LeadListPage } from '@/domain/forms-api';
import type { LeadExport } from '@/domain/lead-export';
import { heldLeadsNotices, type HeldLeadsSummary } from '@/domain/plan-usage';
import { PLANS, type PlanId } from '@/domain/plans';
import { events, leads } from '@/server/db/schema/index';
import { addJob } from '@/server/lib/jobs';
import { releaseHeldLeads } from './held-leads.js';
import { monthlySignups, monthOf } from './monthly-signups.js';
import { RELEASE_HELD_LEADS_TASK } from './release-held-leads.task.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const LIMIT = PLANS.free.monthlySubmissionLimit;
const freshIp = addressPool('198.18');
const noOptIn = { doubleOptIn: false, privacyPolicy: false } as Partial<FormConfig>;

function submit(formId: string, fields: Record<string, string>) {
  return t.app.inject({
    method: 'POST',
    url: `/f/${formId}`,
    remoteAddress: freshIp(),
    headers: { host: PUBLIC_HOST, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ ...patientVisitorFields(t.config.secret), ...fields }).toString(),
  });
}

const owned = (user: SignedUpUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: { host: APP_HOST, origin: `http://${APP_HOST}`, cookie: user.cookie },
    ...(payload ? { payload } : {}),
  });

async function ownerOn(plan: PlanId) {
  const user = await createUser(t.app);
  const workspaceId = await workspaceOf(t.db, user);
  await setPlan(t.db, workspaceId, plan);
  return { user, workspaceId };
}

/** `n` leads of `form` stored directly, verified at `verifiedAt` (held since then, with `held`). */
async function seedLeads(form: FormDetail, workspaceId: string, n: number, verifiedAt = new Date(), held = false) {
  return t.db
    .insert(leads)
    .values(
      Array.from({ length: n }, () => ({
        formId: form.id,
        workspaceId,
        email: `seed-${randomUUID()}@example.com`,
        status: 'verified' as const,
        verifiedAt,
        createdAt: verifiedAt,
        heldAt: held ? verifiedAt : null,
      })),
    )
    .returning();
}

const leadOf = async (formId: string, email: string) =>
  (
    await t.db
      .select()
      .from(leads)
      .where(and(eq(leads.formId, formId), eq(leads.email, email)))
  )[0]!;

const eventsOf = async (leadId: string) =>
  (await t.db.select().from(events).where(eq(events.leadId, leadId)).orderBy(asc(events.createdAt))).map((e) => e.type).sort();

/** The typing of the code emailed to a double opt-in sign-up, ready to send. */
async function codeTyping(submitted: { headers: { location?: string } }, email: string) {
  const [mail] = await mailsOf(t, email);
  const token = new URL(submitted.headers.location!, `http://${PUBLIC_HOST}`).searchParams.get('t')!;
  return () =>
    t.app.inject({
      method: 'POST',
      url: '/thank-you/verify',
      remoteAddress: freshIp(),
      headers: { host: PUBLIC_HOST, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ t: token, code: mail!.subject.slice(0, 6) }).toString(),
    });
}

/** Confirms a double opt-in sign-up with the code emailed to it. */
const confirm = async (submitted: { headers: { location?: string } }, email: string) => (await codeTyping(submitted, email))();

const setNotify = (user: SignedUpUser, form: FormDetail) =>
  owned(user, 'PUT', `/api/forms/${form.id}/notifications`, { ownerNotify: 'each' });

const newLeadMails = async (user: SignedUpUser, leadEmail: string) =>
  (await mailsOf(t, user.email, /^New lead on/)).filter((m) => m.text.includes(leadEmail));

describe('a lead held past the month’s sign-ups', () => {
  it('is shown nowhere to the owner, sent to no integration, and the leads screen says how many are held', async () => {
    const { user, workspaceId } = await ownerOn('free');
    const form = await createForm(t.app, user, { publish: true, config: noOptIn });
    expect((await setNotify(user, form)).statusCode).toBe(200);
    await seedLeads(form, workspaceId, LIMIT - 1);
    await submit(form.id, { email: 'shown@example.com' });
    await submit(form.id, { email: 'held@example.com' });
    await t.runJobs();
    const shown = await leadOf(form.id, 'shown@example.com');
    const held = await leadOf(form.id, 'held@example.com');
    expect(shown.heldAt).toBeNull();
    expect(held.heldAt).not.toBeNull();

    const emailsIn = (page: LeadListPage) => page.items.map((l) => l.email);
    const all = (await owned(user, 'GET', '/api/leads')).json<LeadListPage>();
    expect(emailsIn(all)).toContain('shown@example.com');
    expect(emailsIn(all)).not.toContain('held@example.com');
    expect(emailsIn((await owned(user, 'GET', '/api/leads?q=held%40example')).json())).toEqual([]);
    expect(emailsIn((await owned(user, 'GET', '/api/leads?q=shown%40example')).json())).toEqual(['shown@example.com']);
    expect(emailsIn((await owned(user, 'GET', `/api/forms/${form.id}/leads`)).json())).not.toContain('held@example.com');
    expect((await owned(user, 'GET', `/api/leads/${held.id}`)).statusCode).toBe(404);
    expect((await owned(user, 'GET', `/api/leads/${shown.id}`)).statusCode).toBe(200);

    // An export
    const requested = await owned(user, 'POST', '/api/leads/exports', { format: 'csv' });
    expect(requested.statusCode, requested.body).toBe(202);
    await t.runJobs();
    const done = (await owned(user, 'GET', `/api/leads/exports/${requested.json<LeadExport>().id}`)).json<LeadExport>();
    const { pathname, search } = new URL(done.downloadUrl!);
    const csv = parseCsv((await owned(user, 'GET', pathname + search)).body);
    const exported = csv.records.map((r) => r.Email);
    expect(exported).toHaveLength(LIMIT);
    expect(exported).toContain('shown@example.com');
    expect(exported).not.toContain('held@example.com');

    // The dashboard's counts and the page's analytics (only 'shown' went through the app's counters)
    const stats = (await owned(user, 'GET', '/api/forms/stats')).json<DashboardStats>();
    expect(stats).toMatchObject({ totalLeads: LIMIT, confirmedLeads: 1 });
    const listed = (await owned(user, 'GET', '/api/forms')).json<FormListPage>().items.find((f) => f.id === form.id)!;
    expect(listed).toMatchObject({ leads: LIMIT, confirmedLeads: 1 });
    const analytics = (await owned(user, 'GET', `/api/forms/${form.id}/analytics`)).json<FormAnalytics>();
    expect(analytics.totals).toMatchObject({ leads: 1, confirmations: 1 });

    // Webhooks and email tools act on events; the owner's new-lead email
    expect(await eventsOf(shown.id)).toEqual(['lead.confirmed', 'lead.created']);
    expect(await eventsOf(held.id)).toEqual([]);
    expect(await newLeadMails(user, 'shown@example.com')).toHaveLength(1);
    expect(await newLeadMails(user, 'held@example.com')).toHaveLength(0);

    // What the leads screen says
    const summary = (await owned(user, 'GET', '/api/leads/held')).json<HeldLeadsSummary>();
    const month = monthOf(new Date());
    expect(summary).toEqual({ months: [{ month: month.key.slice(0, 7), count: 1 }], planTitle: 'Free', limit: LIMIT });
    const monthName = new Intl.DateTimeFormat('en-US', { month: 'long', timeZone: 'UTC' }).format(month.start);
    expect(heldLeadsNotices(summary)).toEqual([
      `1 sign-up is held because this workspace has used its 100 sign-ups for ${monthName}. Upgrade to see them now, or they appear on ${month.resetsOn}.`,
    ]);

    // The public API (Business: its only plan) lists it neither
    await setPlan(t.db, workspaceId, 'business');
    const key = (await owned(user, 'POST', '/api/api-keys', { name: 'Test', scopes: ['read'] })).json<CreatedApiKey>();
    const api = (url: string) =>
      t.app.inject({ method: 'GET', url, headers: { host: APP_HOST, authorization: `Bearer ${key.key}` } });
    const v1 = (await api('/api/v1/leads?limit=100')).json<{ data: Array<{ email: string }> }>();
    expect(v1.data.map((l) => l.email)).toContain('shown@example.com');
    expect(v1.data.map((l) => l.email)).not.toContain('held@example.com');
    expect((await api(`/api/v1/leads/${held.id}`)).statusCode).toBe(404);
  });

  it('is released by releaseHeldLeads when the plan goes up, with what its confirmation would have sent', async () => {
    const { user, workspaceId } = await ownerOn('free');
    const instant = await createForm(t.app, user, { publish: true, config: noOptIn });
    const optIn = await createForm(t.app, user, { publish: true });
    await setNotify(user, instant);
    await setNotify(user, optIn);
    await seedLeads(instant, workspaceId, LIMIT);
    const pending = await submit(optIn.id, { email: 'confirmed-late@example.com', consent: 'yes' });
    expect((await confirm(pending, 'confirmed-late@example.com')).statusCode).toBe(303);
    await submit(instant.id, { email: 'instant-late@example.com' });
    await t.runJobs();
    const late = await leadOf(optIn.id, 'confirmed-late@example.com');
    const instantLate = await leadOf(instant.id, 'instant-late@example.com');
    expect([late.heldAt, instantLate.heldAt].every(Boolean)).toBe(true);
    // The pending sign-up was shown, and announced, before it confirmed
    expect(await eventsOf(late.id)).toEqual(['lead.created']);
    expect(await eventsOf(instantLate.id)).toEqual([]);
    const before = (await owned(user, 'GET', '/api/forms/stats')).json<DashboardStats>();

    // What billing does when the plan goes up
    await setPlan(t.db, workspaceId, 'pro');
    expect(await t.db.transaction((tx) => releaseHeldLeads({ appOrigin: t.config.appUrl.origin }, tx, workspaceId))).toBe(2);
    expect(await t.db.transaction((tx) => releaseHeldLeads({ appOrigin: t.config.appUrl.origin }, tx, workspaceId))).toBe(0);

    const emails = (await owned(user, 'GET', '/api/leads?status=confirmed')).json<LeadListPage>().items.map((l) => l.email);
    expect(emails).toEqual(expect.arrayContaining(['confirmed-late@example.com', 'instant-late@example.com']));
    expect((await owned(user, 'GET', `/api/leads/${instantLate.id}`)).statusCode).toBe(200);
    expect(await eventsOf(late.id)).toEqual(['lead.confirmed', 'lead.created']);
    expect(await eventsOf(instantLate.id)).toEqual(['lead.confirmed', 'lead.created']);
    expect(await newLeadMails(user, 'confirmed-late@example.com')).toHaveLength(1);
    expect(await newLeadMails(user, 'instant-late@example.com')).toHaveLength(1);
    // Nothing again to the visitor: the code, then the file, as at the time
    expect((await mailsOf(t, 'instant-late@example.com')).length).toBe(1);
    const after = (await owned(user, 'GET', '/api/forms/stats')).json<DashboardStats>();
    expect(after.totalLeads - before.totalLeads).toBe(2);
    expect(after.confirmedLeads - before.confirmedLeads).toBe(2);
    expect((await owned(user, 'GET', '/api/leads/held')).json<HeldLeadsSummary>().months).toEqual([]);
    // They count in their month: the month's sign-ups went past the Free plan's, within Pro's
    expect(await monthlySignups(t.db, workspaceId)).toEqual({
      used: LIMIT + 2,
      limit: PLANS.pro.monthlySubmissionLimit,
      plan: 'pro',
    });
  });

  it('of a month that has ended is released by the daily job; this month’s stay held', async () => {
    const { user, workspaceId } = await ownerOn('free');
    const form = await createForm(t.app, user, { publish: true, config: noOptIn });
    const lastMonth = new Date(monthOf(new Date()).start.getTime() - 3 * 86_400_000);
    const [old] = await seedLeads(form, workspaceId, 1, lastMonth, true);
    const [current] = await seedLeads(form, workspaceId, 1, new Date(), true);

    await addJob(t.db, RELEASE_HELD_LEADS_TASK, {});
    await t.runJobs();
    const [oldNow, currentNow] = await Promise.all([leadOf(form.id, old!.email), leadOf(form.id, current!.email)]);
    expect(oldNow.heldAt).toBeNull();
    expect(oldNow.releasedAt).toBeInstanceOf(Date);
    expect(currentNow.heldAt).not.toBeNull();
    expect(await eventsOf(old!.id)).toEqual(['lead.confirmed', 'lead.created']);
    expect(await eventsOf(current!.id)).toEqual([]);
    const listed = (await owned(user, 'GET', '/api/leads')).json<LeadListPage>().items.map((l) => l.id);
    expect(listed).toEqual([old!.id]);
  });

  it('is decided under the workspace’s lock: confirmations at the 100th at the same moment leave exactly 100 shown', async () => {
    const { user, workspaceId } = await ownerOn('free');
    const optIn = await createForm(t.app, user, { publish: true });
    const instant = await createForm(t.app, user, { publish: true, config: noOptIn });
    await seedLeads(instant, workspaceId, LIMIT - 1);
    const a = await submit(optIn.id, { email: 'race-a@example.com', consent: 'yes' });
    const b = await submit(optIn.id, { email: 'race-b@example.com', consent: 'yes' });
    const [typeA, typeB] = [await codeTyping(a, 'race-a@example.com'), await codeTyping(b, 'race-b@example.com')];
    // Two codes typed at once (two transactions), and a sign-up without double opt-in (the store's statement)
    const sent = await Promise.all([typeA(), typeB(), submit(instant.id, { email: 'race-c@example.com' })]);
    expect(sent.map((r) => r.statusCode)).toEqual([303, 303, 303]);
    const raced = await t.db
      .select()
      .from(leads)
      .where(
        and(
          eq(leads.workspaceId, workspaceId),
          inArray(leads.email, ['race-a@example.com', 'race-b@example.com', 'race-c@example.com']),
        ),
      );
    expect(raced.every((l) => l.status === 'verified')).toBe(true);
    expect(raced.filter((l) => l.heldAt === null)).toHaveLength(1);
    expect(await monthlySignups(t.db, workspaceId)).toMatchObject({ used: LIMIT });
    const held = await t.db
      .select()
      .from(leads)
      .where(and(eq(leads.workspaceId, workspaceId), isNotNull(leads.heldAt)));
    expect(held).toHaveLength(2);
  });
});
