import { formatCountUs } from '@/domain/us-english';

/**
 * Lodestone's plans (docs/product.md#plans-and-limits), in one place: the pricing page's cards and FAQ, the features page's
 * comparison table (their text in pricing.ts) and the server's limit checks (forms per workspace, sign-ups per month) all read
 * this file. Change a plan here and every one of them follows.
 */

export const PLAN_IDS = ['free', 'pro', 'business'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

/** The features the comparison table marks per plan with a check or a cross. */
export const PLAN_FEATURES = ['File Delivery', 'Custom Domain', 'Remove Branding', 'Priority Support'] as const;
export type PlanFeature = (typeof PLAN_FEATURES)[number];

/** The formats a lead export can be written in: CSV (opens in Excel) and JSON Lines (one object per line). */
export const EXPORT_FORMATS = ['csv', 'jsonl'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export const EXPORT_FORMAT_LABELS: Record<ExportFormat, string> = { csv: 'CSV', jsonl: 'JSON Lines' };

/**
 * What a plan may export: the plans put 'advanced plus exports' on Business, so Business exports
 * every lead in every format, and the lower plans get a CSV of a recent window rather than nothing.
 */
export interface ExportAllowance {
  formats: readonly ExportFormat[];
  /** Leads that signed up within this many days (today, UTC, counting as one); null: all time. */
  windowDays: number | null;
}

export interface Plan {
  id: PlanId;
  title: string;
  /** US dollars per month. */
  monthlyPriceUsd: number;
  description: string;
  /** Forms (landing pages) a workspace may have; null: unlimited. */
  formLimit: number | null;
  /** Confirmed sign-ups a workspace may take per calendar month (UTC); null: unlimited. */
  monthlySubmissionLimit: number | null;
  analytics: string;
  /** Team members, as the plan states it ('10+' on Business). */
  teamMembers: string;
  support: string;
  /** What else the plan brings, beyond the rows above. */
  extras: readonly string[];
  exports: ExportAllowance;
  /** API keys and the public REST API (/api/v1). */
  apiAccess: boolean;
  /** Custom domains a workspace may connect (src/domain/custom-domains.ts). */
  customDomainLimit: number;
  features: readonly PlanFeature[];
  popular: boolean;
  cta: { label: string; href: '/page-creator' | '/settings/billing' | '/contact' };
}

export const PLANS = {
  free: {
    id: 'free',
    title: 'Free',
    monthlyPriceUsd: 0,
    description: 'For trying Lodestone with your first lead magnet.',
    formLimit: 3,
    monthlySubmissionLimit: 100,
    analytics: 'Basic analytics',
    teamMembers: '1',
    support: 'Email support',
    extras: ['PDF delivery'],
    exports: { formats: ['csv'], windowDays: 30 },
    apiAccess: false,
    customDomainLimit: 0,
    features: ['File Delivery'],
    popular: false,
    cta: { label: 'Get Started', href: '/page-creator' },
  },
  pro: {
    id: 'pro',
    title: 'Pro',
    monthlyPriceUsd: 29,
    description: 'For creators and marketers growing a list with several lead magnets.',
    formLimit: null,
    monthlySubmissionLimit: 10_000,
    analytics: 'Advanced analytics',
    teamMembers: '3',
    support: 'Email and chat support',
    extras: ['Custom domain', 'Remove branding'],
    exports: { formats: ['csv'], windowDays: 365 },
    apiAccess: false,
    customDomainLimit: 1,
    features: ['File Delivery', 'Custom Domain', 'Remove Branding'],
    popular: true,
    cta: { label: 'Get Started with Pro', href: '/settings/billing' },
  },
  business: {
    id: 'business',
    title: 'Business',
    monthlyPriceUsd: 99,
    description: 'For teams running lead generation across brands and campaigns.',
    formLimit: null,
    monthlySubmissionLimit: null,
    analytics: 'Advanced analytics plus exports',
    teamMembers: '10+',
    support: 'Priority support',
    extras: ['Multiple custom domains', 'API access', 'Custom integrations', 'Dedicated account manager'],
    exports: { formats: ['csv', 'jsonl'], windowDays: null },
    apiAccess: true,
    customDomainLimit: 10,
    features: ['File Delivery', 'Custom Domain', 'Remove Branding', 'Priority Support'],
    popular: false,
    cta: { label: 'Contact Sales', href: '/contact' },
  },
} as const satisfies Record<PlanId, Plan>;

/** The plans in the order they are shown: Free, Pro, Business. */
export const PLAN_LIST: readonly Plan[] = PLAN_IDS.map((id) => PLANS[id]);

/** Forms a Free workspace may have (docs/product.md#plans-and-limits). */
export const FREE_PLAN_FORM_LIMIT = PLANS.free.formLimit;
/** Confirmed sign-ups a Free workspace may take per month (docs/product.md#plans-and-limits). */
export const FREE_PLAN_MONTHLY_SUBMISSIONS = PLANS.free.monthlySubmissionLimit;

/** "$0", "$29": plan prices are whole dollars. */
export const formatPlanPrice = (plan: Plan) => `$${formatCountUs(plan.monthlyPriceUsd)}`;
/** What the price is per: the Free plan costs nothing at all. */
export const planPeriod = (plan: Plan) => (plan.monthlyPriceUsd === 0 ? 'forever' : 'per month');

export const formatFormLimit = (plan: Plan) => (plan.formLimit === null ? 'Unlimited' : formatCountUs(plan.formLimit));
export const formatSubmissionLimit = (plan: Plan) =>
  plan.monthlySubmissionLimit === null ? 'Unlimited' : `${formatCountUs(plan.monthlySubmissionLimit)} per month`;

const formatList = (formats: readonly ExportFormat[]) =>
  formats.map((f) => EXPORT_FORMAT_LABELS[f]).join(formats.length > 2 ? ', ' : ' and ');

/** The comparison table's cell: "CSV, last 30 days", "CSV and JSON Lines, all time". */
export const formatExportAllowance = (plan: Plan) =>
  `${formatList(plan.exports.formats)}, ${plan.exports.windowDays === null ? 'all time' : `last ${formatCountUs(plan.exports.windowDays)} days`}`;

/** The plan that exports the most: every lead, every format. */
const fullestExportPlan = (): Plan =>
  PLAN_LIST.find((p) => p.exports.windowDays === null && p.exports.formats.length === EXPORT_FORMATS.length) ?? PLANS.business;

/**
 * What the workspace's plan exports, and what the fullest plan does, in words for the export panel
 * and for the refusal of a format the plan lacks: "Your Free plan exports CSV of the last 30 days.
 * Business exports every lead as CSV or JSON Lines."
 */
export function exportAllowanceSentence(planId: PlanId): string {
  const plan = PLANS[planId];
  const fullest = fullestExportPlan();
  const what = (p: Plan) =>
    p.exports.windowDays === null
      ? `every lead as ${p.exports.formats.map((f) => EXPORT_FORMAT_LABELS[f]).join(' or ')}`
      : `${formatList(p.exports.formats)} of the last ${formatCountUs(p.exports.windowDays)} days`;
  const own = `Your ${plan.title} plan exports ${what(plan)}.`;
  return plan.id === fullest.id ? own : `${own} ${fullest.title} exports ${what(fullest)}.`;
}

/** A plan card's feature list, made from the same fields as the comparison table. */
export function planHighlights(plan: Plan): string[] {
  const forms = plan.formLimit === null ? 'Unlimited forms' : `${formatCountUs(plan.formLimit)} forms`;
  const submissions =
    plan.monthlySubmissionLimit === null
      ? 'Unlimited submissions'
      : `${formatCountUs(plan.monthlySubmissionLimit)} submissions per month`;
  const team = plan.teamMembers === '1' ? '1 team member' : `${plan.teamMembers} team members`;
  return [forms, submissions, plan.analytics, team, plan.support, ...plan.extras];
}
