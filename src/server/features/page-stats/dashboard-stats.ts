import { and, count, eq, gte, isNull, sql } from 'drizzle-orm';
import { conversionRate } from '@/domain/conversion';
import type { DashboardStats } from '@/domain/forms-api';
import type { Db } from '@/server/db/client';
import { formLeadCounts, formStatTotals, forms } from '@/server/db/schema/index';
import { revenue } from '@/server/features/payments';

/** The owner's live pages: everything but Recently deleted. */
const notDeleted = isNull(forms.deletedAt);

/**
 * The dashboard's workspace figures: its live pages, their leads (all and this UTC month), views,
 * confirmations and downloads, the conversion rate of them all, and the revenue of paid pages.
 */
export async function dashboardStats(db: Db, workspaceId: string, now = new Date()): Promise<DashboardStats> {
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  // The pages' all-time roll-up sums, one row per page (kept by triggers on form_daily_stats).
  const formTotalsQuery = db
    .select({
      totalForms: count(),
      views: sql<number>`coalesce(sum(${formStatTotals.views}), 0)::int`,
      confirmations: sql<number>`coalesce(sum(${formStatTotals.confirmations}), 0)::int`,
      downloads: sql<number>`coalesce(sum(${formStatTotals.downloads}), 0)::int`,
    })
    .from(forms)
    .leftJoin(formStatTotals, eq(formStatTotals.formId, forms.id))
    .where(and(eq(forms.workspaceId, workspaceId), notDeleted));
  // The leads still stored per page and month of sign-up (kept by triggers on leads): the same totals
  // as counting the lead rows of live pages, from one row per page and month.
  const month = monthStart.toISOString().slice(0, 10);
  const leadTotalsQuery = db
    .select({
      totalLeads: sql<number>`coalesce(sum(${formLeadCounts.leads}), 0)::int`,
      lastMonthLeads: sql<number>`coalesce(sum(${formLeadCounts.leads}) filter (where ${gte(formLeadCounts.month, month)}), 0)::int`,
    })
    .from(formLeadCounts)
    .innerJoin(forms, eq(forms.id, formLeadCounts.formId))
    .where(and(eq(forms.workspaceId, workspaceId), notDeleted));
  const [[formTotals], [leadTotals], money] = await Promise.all([formTotalsQuery, leadTotalsQuery, revenue(db, workspaceId)]);
  const totalLeads = leadTotals?.totalLeads ?? 0;
  return {
    totalLeads,
    totalForms: formTotals?.totalForms ?? 0,
    conversionRate: conversionRate(totalLeads, formTotals?.views ?? 0),
    lastMonthLeads: leadTotals?.lastMonthLeads ?? 0,
    confirmedLeads: formTotals?.confirmations ?? 0,
    downloads: formTotals?.downloads ?? 0,
    revenue: money,
  };
}
