import { and, eq, gte, lte, sql, type AnyColumn } from 'drizzle-orm';
import { conversionRate } from '@/domain/conversion';
import { ANALYTICS_DAYS } from '@/domain/analytics-days';
import type { DailyStat, FormAnalytics } from '@/domain/forms-api';
import type { Db } from '@/server/db/client';
import { formDailyStats } from '@/server/db/schema';
import { formConversionCounts } from '@/server/features/conversions';
import { assertOwnForm } from '@/server/features/forms';
import { revenue } from '@/server/features/payments';

const DAY_MS = 86_400_000;

/** UTC calendar days, as the roll-up stores them (see page-counts/daily-stats.ts), oldest first. */
export function lastDays(count: number, now = new Date()): string[] {
  const end = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: count }, (_, i) => new Date(end - (count - 1 - i) * DAY_MS).toISOString().slice(0, 10));
}

const int = (column: AnyColumn) => sql<number>`coalesce(sum(${column}), 0)::int`;

/** The last 30 days of the form's roll-up, zero-filled, and its all-time totals. */
export async function formAnalytics(db: Db, workspaceId: string, formId: string, now = new Date()): Promise<FormAnalytics> {
  await assertOwnForm(db, workspaceId, formId);
  const days = lastDays(ANALYTICS_DAYS, now);
  const [rows, [totals], money, conversions] = await Promise.all([
    db
      .select({
        day: formDailyStats.day,
        views: formDailyStats.views,
        uniqueVisitors: formDailyStats.uniqueVisitors,
        leads: formDailyStats.leads,
        confirmations: formDailyStats.confirmations,
        downloads: formDailyStats.downloads,
      })
      .from(formDailyStats)
      .where(and(eq(formDailyStats.formId, formId), gte(formDailyStats.day, days[0]!), lte(formDailyStats.day, days.at(-1)!))),
    db
      .select({
        views: int(formDailyStats.views),
        uniqueVisitors: int(formDailyStats.uniqueVisitors),
        leads: int(formDailyStats.leads),
        confirmations: int(formDailyStats.confirmations),
        downloads: int(formDailyStats.downloads),
      })
      .from(formDailyStats)
      .where(eq(formDailyStats.formId, formId)),
    revenue(db, workspaceId, formId),
    formConversionCounts(db, workspaceId, formId),
  ]);
  const byDay = new Map(rows.map((r) => [r.day, r]));
  const series: DailyStat[] = days.map(
    (day) => byDay.get(day) ?? { day, views: 0, uniqueVisitors: 0, leads: 0, confirmations: 0, downloads: 0 },
  );
  const sums = totals ?? { views: 0, uniqueVisitors: 0, leads: 0, confirmations: 0, downloads: 0 };
  return {
    days: series,
    totals: { ...sums, conversionRate: conversionRate(sums.leads, sums.views) },
    revenue: money,
    conversions,
  };
}
