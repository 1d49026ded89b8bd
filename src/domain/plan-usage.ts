import { formatCountUs } from '@/domain/us-english';

/**
 * What a workspace's plan holds back (decision 0045), for its owners (session required, scoped to
 * the caller's workspace):
 *
 *   GET /api/leads/held                      -> HeldLeadsSummary  (leads confirmed past the month's sign-ups)
 *   GET /api/forms/editable                  -> EditablePages     (which pages may be edited under the plan)
 *   PUT /api/forms/editable body KeepPagesBody (keep-pages.ts) -> EditablePages     (the owner's choice of the pages to keep editing)
 *
 * Editing a page that is not editable (PUT /api/forms/:id, publish, status, notifications, email
 * tools) answers 403 PLAN_LIMIT with `pagesOverLimitMessage`. Deleting one is always allowed.
 */

/** Leads held in one UTC month (the month they were confirmed in). */
export interface HeldMonth {
  /** YYYY-MM */
  month: string;
  count: number;
}

export interface HeldLeadsSummary {
  /** Oldest first; empty when nothing is held. */
  months: HeldMonth[];
  /** The workspace's plan's title, e.g. 'Free'. */
  planTitle: string;
  /** The plan's confirmed sign-ups a month; null: unlimited. */
  limit: number | null;
}

const MONTH = new Intl.DateTimeFormat('en-US', { month: 'long', timeZone: 'UTC' });
const DAY = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', timeZone: 'UTC' });

const monthStart = (month: string) => new Date(`${month}-01T00:00:00Z`);
const nextMonthStart = (month: string) => {
  const start = monthStart(month);
  return new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1));
};

/**
 * One sentence per month with held leads: "37 sign-ups are held because this workspace has used its
 * 100 sign-ups for November. Upgrade to see them now, or they appear on December 1." A month that has
 * already ended is released by the daily job (shortly after midnight UTC on the 1st).
 */
export function heldLeadsNotices(summary: HeldLeadsSummary, now = new Date()): string[] {
  return summary.months.map(({ month, count: n }) => {
    const what = n === 1 ? '1 sign-up is' : `${formatCountUs(n)} sign-ups are`;
    const name = MONTH.format(monthStart(month));
    const next = nextMonthStart(month);
    if (next.getTime() <= now.getTime()) return `${what} held from ${name}: they are being released and appear shortly.`;
    const used =
      summary.limit === null
        ? `used its plan's sign-ups for ${name}`
        : `used its ${formatCountUs(summary.limit)} sign-ups for ${name}`;
    return `${what} held because this workspace has ${used}. Upgrade to see them now, or they appear on ${DAY.format(next)}.`;
  });
}

/** One of the workspace's live pages, as the choice of pages to keep editing lists it. */
export interface EditablePage {
  id: string;
  name: string;
  updatedAt: string;
  /** The owner chose to keep editing it. */
  kept: boolean;
  /** It may be edited now: kept, or among the most recently updated that fill the plan's number. */
  editable: boolean;
}

export interface EditablePages {
  /** Pages the plan allows; null: unlimited. */
  limit: number | null;
  /** The workspace's live pages (Recently deleted ones do not count). */
  total: number;
  /** True when the workspace has more pages than its plan allows: some cannot be edited. */
  overLimit: boolean;
  /** Most recently updated first. Every live page, so the owner can choose among them. */
  pages: EditablePage[];
}

/**
 * Why a page cannot be edited: "This workspace has 5 pages and its plan allows 3. Choose which 3 to
 * keep editing on the dashboard, or upgrade."
 */
export const pagesOverLimitMessage = (total: number, limit: number) =>
  `This workspace has ${formatCountUs(total)} pages and its plan allows ${formatCountUs(limit)}. Choose which ${formatCountUs(limit)} to keep editing on the dashboard, or upgrade.`;

/** Refusal of a choice with more pages than the plan allows. */
export const tooManyKeptMessage = (limit: number) =>
  `The plan allows ${formatCountUs(limit)} ${limit === 1 ? 'page' : 'pages'}: choose at most ${formatCountUs(limit)} to keep editing.`;
