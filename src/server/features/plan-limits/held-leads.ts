import { and, asc, count, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { FormConfig } from '@/domain/form-config';
import type { HeldLeadsSummary } from '@/domain/plan-usage';
import { PLANS } from '@/domain/plans';
import type { Db, Executor } from '@/server/db/client';
import { forms, leads, organizations } from '@/server/db/schema/index';
import { bumpDailyStats } from '@/server/features/page-counts';
import { notifyOwnersOfNewLead } from '@/server/features/lead-notifications/index';
import { emitEvent, leadEventData } from '@/server/features/outbox/index';
import { monthOf } from './monthly-signups.js';

// Leads confirmed past the month's sign-ups are held, and released here (decision 0045).

/** The lock lodestone_signup_room takes (migration 0022): whoever decides or clears holds of a workspace takes it. */
const lockSignups = (tx: Executor, workspaceId: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(7415, hashtext(${workspaceId}))`);

export interface ReleaseOptions {
  /** Only the leads confirmed before this time (the month-turn job: before the current month). */
  confirmedBefore?: Date;
  now?: Date;
}

/**
 * Releases the workspace's held leads, in the caller's transaction, and sends what their
 * confirmation would have sent had they not been held:
 * - each lead is shown from now on (lists, search, exports, the public API, the dashboard's counts,
 *   its page's analytics on the day it was confirmed; the daily digest counts it on the day released);
 * - its lead.confirmed event (and lead.created, for a lead that was confirmed as it signed up and so
 *   never had one) is queued for the webhooks and email tools;
 * - on a page set to 'each', the owners' new-lead email is queued.
 * The visitor got everything at the time and gets nothing again. Released leads keep counting in the
 * month they were confirmed in; if that takes the month past the plan's sign-ups, the month's later
 * confirmations are held.
 *
 * Billing calls it in the transaction that raises a workspace's plan (all held leads, whatever the
 * new plan); the daily job calls it for the months that have ended. Takes the workspace's sign-up
 * lock, so a confirmation deciding its hold under the old plan is released too. Idempotent: a
 * second call finds nothing held. Returns how many leads were released.
 */
export async function releaseHeldLeads(
  deps: { appOrigin: string },
  tx: Executor,
  workspaceId: string,
  { confirmedBefore, now = new Date() }: ReleaseOptions = {},
): Promise<number> {
  await lockSignups(tx, workspaceId);
  const released = await tx
    .update(leads)
    .set({ heldAt: null, releasedAt: now })
    .where(
      and(
        eq(leads.workspaceId, workspaceId),
        isNotNull(leads.heldAt),
        confirmedBefore ? lt(leads.verifiedAt, confirmedBefore) : undefined,
      ),
    )
    .returning();
  if (released.length === 0) return 0;
  released.sort((a, b) => (a.verifiedAt?.getTime() ?? 0) - (b.verifiedAt?.getTime() ?? 0) || (a.id < b.id ? -1 : 1));

  const formIds = [...new Set(released.map((l) => l.formId))];
  const pages = await tx
    .select({ id: forms.id, config: sql<FormConfig>`coalesce(${forms.published}, ${forms.draft})` })
    .from(forms)
    .where(inArray(forms.id, formIds));
  const configOf = new Map(pages.map((p) => [p.id, p.config]));

  // The counts they were kept out of, on the days they happened.
  const bumps = new Map<string, { formId: string; at: Date; leads: number; confirmations: number }>();
  const bump = (formId: string, at: Date, what: 'leads' | 'confirmations') => {
    const key = `${formId} ${at.toISOString().slice(0, 10)}`;
    const entry = bumps.get(key) ?? { formId, at, leads: 0, confirmations: 0 };
    entry[what] += 1;
    bumps.set(key, entry);
  };
  for (const lead of released) {
    const confirmedAt = lead.verifiedAt ?? now;
    bump(lead.formId, confirmedAt, 'confirmations');
    // Every held lead was kept out of the sign-ups (held as it signed up, or taken out when held later).
    bump(lead.formId, lead.createdAt, 'leads');
  }
  for (const b of bumps.values()) {
    await bumpDailyStats(tx, b.formId, { leads: b.leads, confirmations: b.confirmations }, b.at);
  }

  for (const lead of released) {
    const config = configOf.get(lead.formId) ?? null;
    const event = { workspaceId, formId: lead.formId, leadId: lead.id, data: leadEventData({ ...lead, heldAt: null }, config) };
    if (signedUpConfirmed(lead)) await emitEvent(tx, { ...event, type: 'lead.created' }, now);
    await emitEvent(tx, { ...event, type: 'lead.confirmed' }, now);
    if (config) await notifyOwnersOfNewLead(deps, tx, lead, config, lead.verifiedAt ?? now);
  }
  return released.length;
}

/**
 * A lead confirmed by the statement that stored it (a page without double opt-in or payment): its
 * confirmation time is its sign-up time, to the microsecond. Such a lead, held, was kept out of the
 * sign-up counts and never had a lead.created event; one held when it confirmed later had both.
 */
const signedUpConfirmed = (lead: { createdAt: Date; verifiedAt: Date | null }) =>
  lead.verifiedAt !== null && lead.verifiedAt.getTime() === lead.createdAt.getTime();

/** The workspaces with leads held in a month that has ended. */
export async function workspacesHeldBefore(db: Executor, before: Date): Promise<string[]> {
  const rows = await db
    .select({ workspaceId: leads.workspaceId })
    .from(leads)
    .where(and(isNotNull(leads.heldAt), lt(leads.verifiedAt, before)))
    .groupBy(leads.workspaceId);
  return rows.map((r) => r.workspaceId);
}

/**
 * The month turned: every workspace's leads held in months that have ended are released, one
 * transaction per workspace (so one that fails does not keep the others waiting; the next run
 * finds it again). They count in the month they were confirmed in, which is over.
 */
export async function releaseEndedMonths(deps: { db: Db; appOrigin: string }, now = new Date()) {
  const { start } = monthOf(now);
  let released = 0;
  for (const workspaceId of await workspacesHeldBefore(deps.db, start)) {
    released += await deps.db.transaction((tx) => releaseHeldLeads(deps, tx, workspaceId, { confirmedBefore: start, now }));
  }
  return released;
}

/** The workspace's held leads by month, for the notice on its leads screen. */
export async function heldLeadsSummary(db: Executor, workspaceId: string): Promise<HeldLeadsSummary> {
  const month = sql<string>`to_char(${leads.verifiedAt} at time zone 'UTC', 'YYYY-MM')`;
  const [rows, [workspace]] = await Promise.all([
    db
      .select({ month, count: count() })
      .from(leads)
      .where(and(eq(leads.workspaceId, workspaceId), isNotNull(leads.heldAt)))
      .groupBy(month)
      .orderBy(asc(month)),
    db.select({ plan: organizations.plan }).from(organizations).where(eq(organizations.id, workspaceId)),
  ]);
  const plan = PLANS[workspace?.plan ?? 'free'];
  return { months: rows, planTitle: plan.title, limit: plan.monthlySubmissionLimit };
}
