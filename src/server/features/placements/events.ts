import { sql } from 'drizzle-orm';
import { PLACEMENT_EVENTS, PLACEMENT_ID, type PlacementEvent } from '@/domain/placements';
import type { Db } from '@/server/db/client';
import { placementDailyStats } from '@/server/db/schema/index';
import { today } from '@/server/features/page-counts/index';

/** A beacon's body is a line of JSON: anything longer is not one of ours. */
export const EVENT_BODY_LIMIT = 256;

export type EventBody = { placement: string; type: PlacementEvent };

/** The event a beacon's body names, or null: not JSON, a NUL, another shape, an unknown type. */
export function parseEvent(body: unknown): EventBody | null {
  if (typeof body !== 'string' || body.length > EVENT_BODY_LIMIT || body.includes('\u0000')) return null;
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const { placement, type } = value as Record<string, unknown>;
  if (typeof placement !== 'string' || !PLACEMENT_ID.test(placement)) return null;
  if (!PLACEMENT_EVENTS.includes(type as PlacementEvent)) return null;
  return { placement, type: type as PlacementEvent };
}

/** Adds one to today's (UTC) impressions or opens of the placement. */
export async function countEvent(db: Db, { placement, type }: EventBody, now = new Date()) {
  const column = sql.identifier(type === 'impression' ? placementDailyStats.impressions.name : placementDailyStats.opens.name);
  await db.execute(sql`
    insert into ${placementDailyStats} (placement_id, day, ${column}) values (${placement}, ${today(now)}, 1)
    on conflict (placement_id, day) do update set ${column} = ${placementDailyStats}.${column} + 1`);
}
