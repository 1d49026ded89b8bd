import type Stripe from 'stripe';
import { GRACE_DAYS, type BillingInterval, type PaidPlanId } from '@/domain/billing';
import type { PlanId } from '@/domain/plans';
import type { BillingConfig } from '@/server/config';

const DAY_MS = 86_400_000;

/** Statuses in which the subscriber has paid for the current period. */
const PAID = new Set<Stripe.Subscription.Status>(['active', 'trialing']);
/** A renewal failed and Stripe is retrying: the plan is kept for the grace period. */
const RETRYING = new Set<Stripe.Subscription.Status>(['past_due']);

export interface SubscriptionState {
  subscriptionId: string;
  plan: PaidPlanId;
  interval: BillingInterval;
  status: Stripe.Subscription.Status;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  /** Set while a renewal is failing: since when (kept from before, or now). */
  paymentFailedAt: Date | null;
}

/** The plan and interval a price id is configured for; a price Lodestone does not sell is an error to see. */
export function planOfPrice(prices: BillingConfig['prices'], priceId: string): { plan: PaidPlanId; interval: BillingInterval } {
  const key = (Object.keys(prices) as (keyof typeof prices)[]).find((k) => prices[k] === priceId);
  if (!key) throw new Error(`Stripe subscription has price ${priceId}, which is none of BILLING_PRICE_*`);
  const [plan, interval] = key.split(':') as [PaidPlanId, BillingInterval];
  return { plan, interval };
}

/** What Lodestone keeps of a subscription as Stripe reports it now. */
export function stateOf(
  prices: BillingConfig['prices'],
  subscription: Stripe.Subscription,
  failedBefore: Date | null,
  now: Date,
): SubscriptionState {
  const item = subscription.items.data[0];
  if (!item) throw new Error(`Stripe subscription ${subscription.id} has no items`);
  const failing = RETRYING.has(subscription.status) || subscription.status === 'unpaid';
  return {
    subscriptionId: subscription.id,
    ...planOfPrice(prices, item.price.id),
    status: subscription.status,
    currentPeriodEnd: item.current_period_end ? new Date(item.current_period_end * 1000) : null,
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    paymentFailedAt: failing ? (failedBefore ?? now) : null,
  };
}

export const graceEnd = (paymentFailedAt: Date) => new Date(paymentFailedAt.getTime() + GRACE_DAYS * DAY_MS);

/**
 * The plan a subscription gives its workspace: paid up, or retrying within the grace period, it is
 * the subscription's plan (a cancelled one until its period ends, when Stripe ends it); anything
 * else (ended, unpaid, never paid) is Free. Upgrades thus take effect when paid.
 */
export function planOf(state: Pick<SubscriptionState, 'plan' | 'status' | 'paymentFailedAt'>, now: Date): PlanId {
  if (PAID.has(state.status as Stripe.Subscription.Status)) return state.plan;
  if (RETRYING.has(state.status as Stripe.Subscription.Status) && state.paymentFailedAt && now < graceEnd(state.paymentFailedAt))
    return state.plan;
  return 'free';
}

/** Whether a subscription in this status still stands (the workspace may not start a second one). */
export const isLive = (status: string | null) =>
  status !== null && !['canceled', 'incomplete_expired', 'incomplete'].includes(status);
