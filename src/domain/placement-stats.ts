import { z } from 'zod';

// GET /api/forms/{formId}/placements/stats: each placement's figures (PlacementStats in placements.ts)
// over the period the page's analytics shows: its last ANALYTICS_DAYS days (UTC), or all time.

export const PLACEMENT_STATS_PERIODS = ['30d', 'all'] as const;

export const placementStatsQuerySchema = z.object({
  /** '30d' (default): the analytics chart's days, today included; 'all': every day, as the analytics totals. */
  period: z.enum(PLACEMENT_STATS_PERIODS, { message: 'Period is 30d or all' }).default('30d'),
});
export type PlacementStatsQuery = z.infer<typeof placementStatsQuerySchema>;

export const placementStatsParamsSchema = z.object({ formId: z.string() });
