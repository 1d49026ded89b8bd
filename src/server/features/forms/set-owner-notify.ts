import { and, eq, isNull, sql } from 'drizzle-orm';
import type { OwnerNotify } from '@/domain/owner-notify';
import type { Db } from '@/server/db/client';
import { forms } from '@/server/db/schema/index';
import { notFound } from '@/server/lib/http-errors';
import { assertPageEditable } from '@/server/features/plan-limits/index';

/**
 * How the owner hears of the page's new confirmed leads. It is read when a lead is confirmed and
 * when the digest runs, never from the published config, so it applies at once without publishing.
 * A deleted page (Recently deleted) is not found, as for every other edit.
 */
export async function setOwnerNotify(db: Db, workspaceId: string, id: string, ownerNotify: OwnerNotify) {
  await assertPageEditable(db, workspaceId, id);
  const [row] = await db
    .update(forms)
    // updatedAt keeps its value: it tells the owner when the page itself was last edited.
    .set({ ownerNotify, updatedAt: sql`${forms.updatedAt}` })
    .where(and(eq(forms.id, id), eq(forms.workspaceId, workspaceId), isNull(forms.deletedAt)))
    .returning();
  if (!row) throw notFound('This form');
  return row;
}
