import { sql, type SQL } from 'drizzle-orm';
import { FREE_PLAN_MONTHLY_SUBMISSIONS, PLAN_IDS, PLANS, type PlanId } from '@/domain/plans';
import { executePrepared, type Executor } from '@/server/db/client';
import { leads, organizations, workspaceUsageNotices } from '@/server/db/schema/index';
import { queueEmail } from '@/server/features/mail/index';
import { workspaceOwners } from '@/server/features/workspaces/index';

// The plans' monthly sign-up limits (docs/decisions/0005, 0008); the numbers live in src/domain/plans.ts.

/**
 * docs/product.md#plans-and-limits: a Free workspace takes 100 sign-ups a month (Pro 10,000; Business unlimited), counted on
 * verified (confirmed) leads that are not held. The numbers live in src/domain/plans.ts. Past the
 * limit, leads are still taken and held (held-leads.ts, decision 0045).
 */
export const FREE_PLAN_MONTHLY_SIGNUPS = FREE_PLAN_MONTHLY_SUBMISSIONS;
/** The plans whose workspaces are counted at all. */
const LIMITED_PLANS = PLAN_IDS.filter((id) => PLANS[id].monthlySubmissionLimit !== null);
/** Percentages of the monthly limit at which the owners get an email, once each per month. */
export const USAGE_NOTICE_THRESHOLDS = [80, 100] as const;

// One formatter for every call: toLocaleDateString builds a new one each time (ICU), on every submission.
const RESETS_ON = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', timeZone: 'UTC' });

/** The UTC calendar month `now` falls in: the Free plan's count restarts on the 1st at 00:00 UTC. */
export function monthOf(now: Date) {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return {
    start,
    next,
    key: start.toISOString().slice(0, 10),
    resetsOn: RESETS_ON.format(next),
  };
}

/** Workspaces' plans and their leads verified this month and not held, a row for each found by `which`. */
function signupsQuery(which: SQL, now: Date): SQL {
  const { start, next } = monthOf(now);
  // The literal 'verified' and "held_at is null" let the planner use the partial index leads_workspace_verified_idx.
  return sql`
    select o.id, o.plan, case when o.plan in (${sql.join(
      LIMITED_PLANS.map((id) => sql`${id}`),
      sql`, `,
    )}) then (
      select count(*)::int from ${leads} l
      where l.workspace_id = o.id and l.status = 'verified' and l.held_at is null
        and l.verified_at >= ${start.toISOString()} and l.verified_at < ${next.toISOString()}
    ) else 0 end as used
    from ${organizations} o where ${which}`;
}

export type MonthlySignupsRow = { plan: PlanId; used: number };

/** Leads of the workspace verified this month, and its monthly limit (null: unlimited), from its row. */
export function monthlySignupsOf(row: MonthlySignupsRow | undefined) {
  if (!row) return { used: 0, limit: null, plan: null };
  return { used: row.used, limit: PLANS[row.plan].monthlySubmissionLimit, plan: row.plan };
}

/** Leads of the workspace verified this month, and its monthly limit (null: unlimited). */
export async function monthlySignups(db: Executor, workspaceId: string, now = new Date()) {
  const { rows } = await executePrepared<MonthlySignupsRow>(db, signupsQuery(sql`o.id = ${workspaceId}`, now));
  return monthlySignupsOf(rows[0]);
}

/**
 * How many more sign-ups the workspace may have confirmed (and shown) in the month of `at`, or null
 * when its plan has no limit. Takes the workspace's sign-up lock to the end of the transaction, and
 * counts after it (migration 0022's lodestone_signup_room): the caller then makes its leads
 * verified, holding those past the room, before another transaction reads the room of this
 * workspace. As SQL, for a statement that stores sign-ups (store-submission.ts); `signupRoom` runs it.
 */
export function signupRoomSql(workspaceId: SQL, at: SQL): SQL {
  const limits = PLAN_IDS.map((id) => PLANS[id].monthlySubmissionLimit);
  return sql`lodestone_signup_room(${workspaceId}, ${at}, ${sql.param(PLAN_IDS)}::text[], ${sql.param(limits)}::int[])`;
}

/** `signupRoomSql` for one workspace, in the caller's transaction. */
export async function signupRoom(tx: Executor, workspaceId: string, at: Date): Promise<number | null> {
  const { rows } = await executePrepared<{ room: number | null }>(
    tx,
    sql`select ${signupRoomSql(sql`${workspaceId}::text`, sql`${at.toISOString()}::timestamptz`)} as room`,
  );
  return rows[0]?.room ?? null;
}

/**
 * Called in the transaction that makes a lead verified: when the workspace's count reaches 80% or
 * 100% of its limit, records the notice (once per threshold and month, by primary key) and queues
 * the email to its owners. When both are first reached together, only the 100% email goes out.
 */
export async function noteVerifiedLead(
  deps: { appOrigin?: string },
  tx: Executor,
  workspaceId: string,
  now = new Date(),
): Promise<void> {
  const { used, limit, plan } = await monthlySignups(tx, workspaceId, now);
  if (limit === null || plan === null) return;
  const reached = USAGE_NOTICE_THRESHOLDS.filter((percent) => used * 100 >= percent * limit);
  if (reached.length === 0) return;
  const month = monthOf(now);
  const recorded = await tx
    .insert(workspaceUsageNotices)
    .values(reached.map((threshold) => ({ workspaceId, month: month.key, threshold, sentAt: now })))
    .onConflictDoNothing()
    .returning({ threshold: workspaceUsageNotices.threshold });
  if (recorded.length === 0) return;
  const threshold = Math.max(...recorded.map((r) => r.threshold));
  for (const owner of await workspaceOwners(tx, [workspaceId])) {
    await queueEmail(tx, {
      template: 'submissionLimit',
      to: owner.email,
      props: {
        workspaceName: owner.workspaceName,
        planTitle: PLANS[plan].title,
        threshold,
        used,
        limit,
        resetsOn: month.resetsOn,
        dashboardUrl: deps.appOrigin ? `${deps.appOrigin}/dashboard` : undefined,
      },
    });
  }
}
