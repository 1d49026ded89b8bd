import type { BillingOverview } from './billing.js';
import { PLANS, type PlanId } from './plans.js';

// Apart from billing.ts (and its zod) so the dashboard's plan card, which validates nothing, carries none.

/** The sentence for a plan Lodestone's team set (BillingOverview.planSetBy 'team'). */
export const planSetByTeam = (plan: PlanId) =>
  `Your ${PLANS[plan].title} plan was set by Lodestone’s team; there are no invoices for it.`;

/** The next invoice, in words, the same on the billing screen and the dashboard's plan card. */
export function nextInvoiceText(billing: Pick<BillingOverview, 'plan' | 'planSetBy' | 'subscription'>): string {
  const sub = billing.subscription;
  if (billing.planSetBy === 'team') return planSetByTeam(billing.plan);
  if (!sub?.currentPeriodEnd) return 'No invoices: this workspace is on the Free plan.';
  const day = formatDay(sub.currentPeriodEnd);
  if (sub.cancelAtPeriodEnd) return `No next invoice: the plan ends on ${day}.`;
  return `Next invoice on ${day}.`;
}

/** "December 27, 2026" */
export const formatDay = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
