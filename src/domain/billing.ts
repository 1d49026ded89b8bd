import { z } from 'zod';
import { PLANS, type PlanId } from './plans.js';

/**
 * Lodestone's own billing (docs/decisions/0046): what a workspace pays Lodestone for Pro or Business, through
 * Stripe Billing. The web's billing screen and the server share these names and numbers.
 */

export const PAID_PLAN_IDS = ['pro', 'business'] as const;
export type PaidPlanId = (typeof PAID_PLAN_IDS)[number];
export const BILLING_INTERVALS = ['month', 'year'] as const;
export type BillingInterval = (typeof BILLING_INTERVALS)[number];

/** docs/product.md#plans-and-limits: "Annual billing saves 20%". */
export const ANNUAL_DISCOUNT_PERCENT = 20;
/** After a renewal fails, the workspace keeps its plan this long while Stripe retries the card. */
export const GRACE_DAYS = 14;

/** What a plan costs per interval, in US cents: a year is twelve months less 20%. */
export function planPriceCents(plan: PaidPlanId, interval: BillingInterval): number {
  const monthly = PLANS[plan].monthlyPriceUsd * 100;
  return interval === 'month' ? monthly : (monthly * 12 * (100 - ANNUAL_DISCOUNT_PERCENT)) / 100;
}

/** "$29", "$278.40". */
export const formatUsd = (cents: number) =>
  `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: cents % 100 ? 2 : 0, maximumFractionDigits: 2 })}`;

export const checkoutRequestSchema = z.object({
  plan: z.enum(PAID_PLAN_IDS, { message: 'Choose Pro or Business.' }),
  interval: z.enum(BILLING_INTERVALS, { message: 'Choose monthly or annual billing.' }),
});
export type CheckoutRequest = z.infer<typeof checkoutRequestSchema>;

export interface Usage {
  used: number;
  /** null: unlimited on this plan. */
  limit: number | null;
}

/** GET /api/billing: the workspace's plan, its subscription as Stripe last told us, and its usage. */
export interface BillingOverview {
  /** False on an instance without BILLING_STRIPE_* (self-hosted): plans are set by an operator. */
  configured: boolean;
  plan: PlanId;
  subscription: {
    plan: PaidPlanId;
    interval: BillingInterval;
    status: string;
    /** ISO time the current period ends: the next invoice, or the end of a cancelled plan. */
    currentPeriodEnd: string | null;
    cancelAtPeriodEnd: boolean;
    /** ISO time the workspace moves to Free if the card is not fixed; null unless a renewal failed. */
    graceEndsAt: string | null;
  } | null;
  /**
   * Who put the workspace on its plan: its Stripe subscription, or Lodestone's team (a paid plan with
   * no subscription behind it, set by an operator: nothing is billed for it); null on Free.
   */
  planSetBy: 'subscription' | 'team' | null;
  /** True when the workspace has a Stripe customer: the billing portal can be opened. */
  hasCustomer: boolean;
  usage: { pages: Usage; signups: Usage; seats: Usage };
}

// What customers read: how the plan came about, in their words; the operator's command is in docs/configuration.md.
export const BILLING_NOT_CONFIGURED =
  'Plans are not sold online on this Lodestone server: Lodestone’s team sets each workspace’s plan. Contact them to change yours.';

export { formatDay, nextInvoiceText, planSetByTeam } from './billing-words.js';
export const ALREADY_SUBSCRIBED = 'This workspace already has a subscription: change or cancel it under Manage billing.';
export const NO_CUSTOMER = 'This workspace has no billing account yet: choose a plan first.';
