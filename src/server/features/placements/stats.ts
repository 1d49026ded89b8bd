import { and, asc, eq, gte, sql, type AnyColumn } from 'drizzle-orm';
import { ANALYTICS_DAYS } from '@/domain/analytics-days';
import type { PlacementStatsQuery } from '@/domain/placement-stats';
import type { PlacementStats } from '@/domain/placements';
import type { Db } from '@/server/db/client';
import { placementDailyStats, placements } from '@/server/db/schema';
import { assertOwnForm } from '@/server/features/forms';

const DAY_MS = 86_400_000;

/** The first UTC day of the last `count` days, today included (the analytics chart's first day). */
const firstDay = (count: number, now: Date) =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - (count - 1) * DAY_MS).toISOString().slice(0, 10);

/**
 * Every placement of the page `formId` (oldest first, those with nothing counted too) with its
 * impressions, opens and sign-ups summed over the period. Another workspace's page is not found.
 */
export async function placementStats(
  db: Db,
  workspaceId: string,
  formId: string,
  { period }: PlacementStatsQuery,
  now = new Date(),
): Promise<{ items: PlacementStats[] }> {
  await assertOwnForm(db, workspaceId, formId);
  const inPeriod = period === 'all' ? undefined : gte(placementDailyStats.day, firstDay(ANALYTICS_DAYS, now));
  const sum = (column: AnyColumn) => sql<number>`coalesce(sum(${column}), 0)::int`;
  const rows = await db
    .select({
      id: placements.id,
      settings: placements.settings,
      impressions: sum(placementDailyStats.impressions),
      opens: sum(placementDailyStats.opens),
      signups: sum(placementDailyStats.signups),
    })
    .from(placements)
    .leftJoin(placementDailyStats, and(eq(placementDailyStats.placementId, placements.id), inPeriod))
    .where(and(eq(placements.formId, formId), eq(placements.workspaceId, workspaceId)))
    .groupBy(placements.id)
    .orderBy(asc(placements.createdAt), asc(placements.id));
  return {
    items: rows.map((r) => ({
      id: r.id,
      name: r.settings.name,
      display: r.settings.display,
      impressions: r.impressions,
      opens: r.opens,
      signups: r.signups,
    })),
  };
}
