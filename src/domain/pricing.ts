import {
  formatExportAllowance,
  formatFormLimit,
  formatPlanPrice,
  formatSubmissionLimit,
  PLAN_FEATURES,
  PLANS,
  type Plan,
  type PlanId,
} from '@/domain/plans';

/**
 * What the pricing and features pages say of the plans (plans.ts), apart from it: the owner's
 * screens that read the plans (the usage card, the billing screen) do not download this text.
 */

export interface ComparisonRow {
  label: string;
  /** Text for a value, or a boolean the table shows as a check or a cross. */
  values: Record<PlanId, string | boolean>;
}

const row = (label: string, value: (plan: Plan) => string | boolean): ComparisonRow => ({
  label,
  values: { free: value(PLANS.free), pro: value(PLANS.pro), business: value(PLANS.business) },
});

/** The features page's Free / Pro / Business comparison. */
export const PLAN_COMPARISON: readonly ComparisonRow[] = [
  row('Price', (plan) => (plan.monthlyPriceUsd === 0 ? formatPlanPrice(plan) : `${formatPlanPrice(plan)} per month`)),
  row('Forms', formatFormLimit),
  row('Submissions', formatSubmissionLimit),
  row('Analytics', (plan) => plan.analytics.replace(/ analytics/, '')),
  row('Lead exports', formatExportAllowance),
  row('Team members', (plan) => plan.teamMembers),
  row('Support', (plan) => plan.support.replace(/ support$/, '')),
  ...PLAN_FEATURES.map((feature) => row(feature, (plan) => plan.features.includes(feature))),
];

/** The pricing page's FAQ (docs/product.md#plans-and-limits). */
export const PRICING_FAQ: ReadonlyArray<{ question: string; answer: string }> = [
  {
    question: 'Can I change plans later?',
    answer: 'Yes. You can upgrade or downgrade at any time, and the change applies at the start of your next billing cycle.',
  },
  {
    question: 'Is there a contract?',
    answer: 'No. Billing is month-to-month with no long-term contract, so you can cancel whenever you like.',
  },
  {
    question: 'Which payment methods do you accept?',
    answer: 'We accept Visa, MasterCard and American Express cards, as well as PayPal.',
  },
  {
    question: 'Is there a discount for annual billing?',
    answer: 'Yes. Paying annually saves you 20% compared with paying month by month.',
  },
  {
    question: 'What happens when I reach my plan’s limits?',
    answer:
      'We email you when you approach your limits, at 80% and again at 100% of your monthly sign-ups. Your pages never turn visitors away: past the limit, new sign-ups still get your file and are kept for you, shown when you upgrade or when the month turns.',
  },
  {
    question: 'Do you offer refunds?',
    answer:
      'Yes. Paid plans come with a 14-day money-back guarantee: if Lodestone is not for you, ask within 14 days for a full refund.',
  },
];
