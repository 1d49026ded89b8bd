import { and, count, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import {
  ALREADY_SUBSCRIBED,
  BILLING_NOT_CONFIGURED,
  GRACE_DAYS,
  NO_CUSTOMER,
  type BillingOverview,
  type CheckoutRequest,
} from '@/domain/billing';
import { PLANS } from '@/domain/plans';
import { SEATS } from '@/domain/team';
import type { Executor } from '@/server/db/client';
import { billingSubscriptions, forms, invitations, members, organizations } from '@/server/db/schema/index';
import { conflict, notFound } from '@/server/lib/http-errors';
import { stripeClient } from '@/server/features/payments/index';
import { monthlySignups } from '@/server/features/plan-limits/index';
import { billingUrl, lockBilling, movePlan, STRIPE_BILLING, type BillingDeps } from './apply.js';
import { graceEnd, isLive } from './subscription.js';

interface Caller {
  workspaceId: string;
  email: string;
}

/** Pages (live, not in Recently deleted) and seats (members and pending invitations) of the workspace. */
async function pagesAndSeats(db: Executor, workspaceId: string) {
  const [pages] = await db
    .select({ n: count() })
    .from(forms)
    .where(and(eq(forms.workspaceId, workspaceId), isNull(forms.deletedAt)));
  const [team] = await db.select({ n: count() }).from(members).where(eq(members.organizationId, workspaceId));
  const [invited] = await db
    .select({ n: count() })
    .from(invitations)
    .where(
      and(eq(invitations.organizationId, workspaceId), eq(invitations.status, 'pending'), gt(invitations.expiresAt, sql`now()`)),
    );
  return { pages: pages!.n, seats: team!.n + invited!.n };
}

export async function billingOverview(deps: BillingDeps, workspaceId: string): Promise<BillingOverview> {
  const [workspace] = await deps.db
    .select({ plan: organizations.plan })
    .from(organizations)
    .where(eq(organizations.id, workspaceId));
  if (!workspace) throw notFound('This workspace');
  const [row] = await deps.db.select().from(billingSubscriptions).where(eq(billingSubscriptions.workspaceId, workspaceId));
  const { pages, seats } = await pagesAndSeats(deps.db, workspaceId);
  const signups = await monthlySignups(deps.db, workspaceId);
  const plan = PLANS[workspace.plan];
  const subscription: BillingOverview['subscription'] =
    row?.subscriptionId && row.plan && row.interval && row.status && isLive(row.status)
      ? {
          plan: row.plan,
          interval: row.interval,
          status: row.status,
          currentPeriodEnd: row.currentPeriodEnd?.toISOString() ?? null,
          cancelAtPeriodEnd: row.cancelAtPeriodEnd,
          graceEndsAt: row.paymentFailedAt ? graceEnd(row.paymentFailedAt).toISOString() : null,
        }
      : null;
  return {
    configured: deps.billing !== undefined,
    plan: workspace.plan,
    subscription,
    // A paid plan no live subscription pays for was set by Lodestone's team (npm run plan): nothing bills it.
    planSetBy: workspace.plan === 'free' ? null : subscription ? 'subscription' : 'team',
    hasCustomer: row !== undefined,
    usage: {
      pages: { used: pages, limit: plan.formLimit },
      signups: { used: signups.used, limit: plan.monthlySubmissionLimit },
      seats: { used: seats, limit: SEATS[workspace.plan] },
    },
  };
}

function configured(deps: BillingDeps) {
  if (!deps.billing) throw conflict(BILLING_NOT_CONFIGURED);
  return { billing: deps.billing, stripe: stripeClient(deps.billing.secretKey, deps.stripeApiUrl) };
}

/**
 * A Stripe Checkout Session (subscription mode) for the plan and interval. The workspace's Stripe
 * customer is made once and kept; a workspace whose subscription still stands is sent to the portal.
 */
export async function startCheckout(deps: BillingDeps, caller: Caller, request: CheckoutRequest): Promise<{ url: string }> {
  const { billing, stripe } = configured(deps);
  const [row] = await deps.db.select().from(billingSubscriptions).where(eq(billingSubscriptions.workspaceId, caller.workspaceId));
  if (row && isLive(row.status)) throw conflict(ALREADY_SUBSCRIBED);
  const customerId = row?.customerId ?? (await createCustomer(deps, stripe, caller));
  const session = await stripe.checkout.sessions.create({
    mode: 'subscription',
    customer: customerId,
    line_items: [{ price: billing.prices[`${request.plan}:${request.interval}`], quantity: 1 }],
    client_reference_id: caller.workspaceId,
    metadata: { workspace_id: caller.workspaceId },
    subscription_data: { metadata: { workspace_id: caller.workspaceId } },
    success_url: `${billingUrl(deps.appOrigin)}?checkout=done`,
    cancel_url: `${billingUrl(deps.appOrigin)}?checkout=cancelled`,
  });
  if (!session.url) throw new Error(`Stripe returned Checkout Session ${session.id} without a URL`);
  return { url: session.url };
}

/** The workspace's customer in Stripe; the idempotency key makes a retried request find the same one. */
async function createCustomer(deps: BillingDeps, stripe: ReturnType<typeof stripeClient>, caller: Caller) {
  const [workspace] = await deps.db
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, caller.workspaceId));
  const customer = await stripe.customers.create(
    { email: caller.email, name: workspace?.name, metadata: { workspace_id: caller.workspaceId } },
    { idempotencyKey: `lodestone-customer-${caller.workspaceId}` },
  );
  await deps.db
    .insert(billingSubscriptions)
    .values({ workspaceId: caller.workspaceId, customerId: customer.id })
    .onConflictDoNothing();
  const [row] = await deps.db
    .select({ customerId: billingSubscriptions.customerId })
    .from(billingSubscriptions)
    .where(eq(billingSubscriptions.workspaceId, caller.workspaceId));
  return row!.customerId;
}

/** Stripe's customer portal (card, invoices, plan changes, cancelling) for the workspace. */
export async function openPortal(deps: BillingDeps, workspaceId: string): Promise<{ url: string }> {
  const { billing, stripe } = configured(deps);
  const [row] = await deps.db.select().from(billingSubscriptions).where(eq(billingSubscriptions.workspaceId, workspaceId));
  if (!row) throw conflict(NO_CUSTOMER);
  const session = await stripe.billingPortal.sessions.create({
    customer: row.customerId,
    return_url: `${billingUrl(deps.appOrigin)}?from=portal`,
    ...(billing.portalConfiguration ? { configuration: billing.portalConfiguration } : {}),
  });
  return { url: session.url };
}

/**
 * The daily end of grace periods: a workspace whose renewal has failed for GRACE_DAYS moves to Free
 * (Stripe may still collect later: its invoice.paid then brings the plan back).
 */
export async function endGracePeriods(deps: BillingDeps, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - GRACE_DAYS * 86_400_000);
  const due = await deps.db
    .select({ workspaceId: billingSubscriptions.workspaceId })
    .from(billingSubscriptions)
    .where(lt(billingSubscriptions.paymentFailedAt, cutoff));
  let ended = 0;
  for (const { workspaceId } of due) {
    await deps.db.transaction(async (tx) => {
      const row = await lockBilling(tx, workspaceId);
      if (!row?.paymentFailedAt || row.paymentFailedAt >= cutoff) return; // paid meanwhile
      if (await movePlan(deps, tx, workspaceId, 'free', STRIPE_BILLING, 'unpaid')) ended++;
    });
  }
  return ended;
}
