import { eq } from 'drizzle-orm';
import { PLANS, type PlanId } from '@/domain/plans';
import type { Db, Executor } from '@/server/db/client';
import { billingSubscriptions } from '@/server/db/schema/index';
import type { BillingConfig } from '@/server/config';
import { queueEmail } from '@/server/features/mail/index';
import { releaseHeldLeads } from '@/server/features/plan-limits/index';
import { workspaceOwners } from '@/server/features/workspaces/index';
import { changePlan, isUpgrade, type PlanChanger } from './plan.js';
import { graceEnd, planOf, type SubscriptionState } from './subscription.js';

export interface BillingDeps {
  db: Db;
  /** Unset: billing is not configured on this server. */
  billing: BillingConfig | undefined;
  stripeApiUrl: URL;
  appOrigin: string;
}

export type BillingRow = typeof billingSubscriptions.$inferSelect;

/** Stripe's name for itself in the audit log. */
export const STRIPE_BILLING = 'Stripe billing';

const ON_DAY = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
export const billingUrl = (appOrigin: string) => `${appOrigin}/settings/billing`;

/** The workspace's billing row, locked: one change to a workspace's billing at a time. */
export async function lockBilling(tx: Executor, workspaceId: string): Promise<BillingRow | undefined> {
  const [row] = await tx
    .select()
    .from(billingSubscriptions)
    .where(eq(billingSubscriptions.workspaceId, workspaceId))
    .for('update');
  return row;
}

/**
 * Records the subscription as Stripe reports it and moves the workspace to the plan it gives, in
 * the caller's transaction (which holds the billing lock).
 */
export async function applyState(deps: BillingDeps, tx: Executor, row: BillingRow, state: SubscriptionState, now: Date) {
  await tx
    .update(billingSubscriptions)
    .set({
      subscriptionId: state.subscriptionId,
      plan: state.plan,
      interval: state.interval,
      status: state.status,
      currentPeriodEnd: state.currentPeriodEnd,
      cancelAtPeriodEnd: state.cancelAtPeriodEnd,
      paymentFailedAt: state.paymentFailedAt,
      updatedAt: now,
    })
    .where(eq(billingSubscriptions.workspaceId, row.workspaceId));
  const endReason = state.status === 'canceled' && !state.paymentFailedAt ? 'cancelled' : 'unpaid';
  await movePlan(deps, tx, row.workspaceId, planOf(state, now), STRIPE_BILLING, endReason);
}

/**
 * Moves the workspace to `plan` in the caller's transaction; true when it changed. Going up lets
 * its held leads through (plan-limits); a paid plan that ends for `endReason` is told to the owners.
 */
export async function movePlan(
  deps: Pick<BillingDeps, 'appOrigin'>,
  tx: Executor,
  workspaceId: string,
  plan: PlanId,
  by: PlanChanger,
  endReason?: 'cancelled' | 'unpaid',
) {
  const before = await changePlan(tx, workspaceId, plan, by);
  if (!before) return false;
  if (isUpgrade(before, plan)) await releaseHeldLeads(deps, tx, workspaceId);
  if (plan !== 'free' || !endReason) return true;
  for (const owner of await workspaceOwners(tx, [workspaceId])) {
    await queueEmail(tx, {
      template: 'planEnded',
      to: owner.email,
      props: {
        workspaceName: owner.workspaceName,
        planTitle: PLANS[before].title,
        reason: endReason,
        billingUrl: billingUrl(deps.appOrigin),
      },
    });
  }
  return true;
}

/** Tells the owners a renewal failed and until when the plan is kept. */
export async function tellPaymentFailed(
  deps: Pick<BillingDeps, 'appOrigin'>,
  tx: Executor,
  workspaceId: string,
  state: SubscriptionState,
) {
  if (!state.paymentFailedAt) return;
  for (const owner of await workspaceOwners(tx, [workspaceId])) {
    await queueEmail(tx, {
      template: 'paymentFailed',
      to: owner.email,
      props: {
        workspaceName: owner.workspaceName,
        planTitle: PLANS[state.plan].title,
        graceEndsOn: ON_DAY.format(graceEnd(state.paymentFailedAt)),
        billingUrl: billingUrl(deps.appOrigin),
      },
    });
  }
}
