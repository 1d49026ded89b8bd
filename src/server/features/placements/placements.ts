import { randomInt } from 'node:crypto';
import { and, asc, count, eq, isNull } from 'drizzle-orm';
import { MAX_PLACEMENTS_PER_PAGE, type Placement, placementMessages, type PlacementSettings } from '@/domain/placements';
import type { Db } from '@/server/db/client';
import { forms, placements } from '@/server/db/schema/index';
import { assertPageEditable } from '@/server/features/plan-limits/index';
import { notFound, validationError } from '@/server/lib/http-errors';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** `plc_` and 16 base62 characters (PLACEMENT_ID), about 95 bits: not guessable from another. */
export function newPlacementId(): string {
  let id = 'plc_';
  for (let i = 0; i < 16; i++) id += BASE62[randomInt(BASE62.length)];
  return id;
}

type Row = typeof placements.$inferSelect;

export const toPlacement = (row: Row): Placement => ({
  id: row.id,
  formId: row.formId,
  settings: row.settings,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** The workspace's page `formId` (not in Recently deleted), or 404. */
async function assertOwnPage(db: Pick<Db, 'select'>, workspaceId: string, formId: string) {
  const [row] = await db
    .select({ id: forms.id })
    .from(forms)
    .where(and(eq(forms.id, formId), eq(forms.workspaceId, workspaceId), isNull(forms.deletedAt)));
  if (!row) throw notFound('This form');
}

const ofPage = (workspaceId: string, formId: string) =>
  and(eq(placements.workspaceId, workspaceId), eq(placements.formId, formId));

export async function listPlacements(db: Db, workspaceId: string, formId: string): Promise<Placement[]> {
  await assertOwnPage(db, workspaceId, formId);
  const rows = await db
    .select()
    .from(placements)
    .where(ofPage(workspaceId, formId))
    .orderBy(asc(placements.createdAt), asc(placements.id));
  return rows.map(toPlacement);
}

export async function createPlacement(db: Db, workspaceId: string, formId: string, settings: PlacementSettings) {
  await assertOwnPage(db, workspaceId, formId);
  await assertPageEditable(db, workspaceId, formId);
  return db.transaction(async (tx) => {
    // The page's row, locked: two creations at once cannot both take the last slot.
    await tx.select({ id: forms.id }).from(forms).where(eq(forms.id, formId)).for('update');
    const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(placements).where(ofPage(workspaceId, formId));
    if (n >= MAX_PLACEMENTS_PER_PAGE) throw validationError({ _: placementMessages.tooMany });
    const [row] = await tx.insert(placements).values({ id: newPlacementId(), workspaceId, formId, settings }).returning();
    return toPlacement(row!);
  });
}

export async function updatePlacement(db: Db, workspaceId: string, formId: string, id: string, settings: PlacementSettings) {
  await assertOwnPage(db, workspaceId, formId);
  await assertPageEditable(db, workspaceId, formId);
  const [row] = await db
    .update(placements)
    .set({ settings, updatedAt: new Date() })
    .where(and(ofPage(workspaceId, formId), eq(placements.id, id)))
    .returning();
  if (!row) throw notFound('This placement');
  return toPlacement(row);
}

export async function deletePlacement(db: Db, workspaceId: string, formId: string, id: string) {
  await assertOwnPage(db, workspaceId, formId);
  await assertPageEditable(db, workspaceId, formId);
  const deleted = await db
    .delete(placements)
    .where(and(ofPage(workspaceId, formId), eq(placements.id, id)))
    .returning({ id: placements.id });
  if (deleted.length === 0) throw notFound('This placement');
}
