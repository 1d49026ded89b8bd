import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { ErrorCode } from '@/domain/api-errors';
import { pagesOverLimitMessage, tooManyKeptMessage, type EditablePages } from '@/domain/plan-usage';
import { PLANS } from '@/domain/plans';
import type { Db, Executor } from '@/server/db/client';
import { forms, organizations } from '@/server/db/schema/index';
import { HttpError, notFound, validationError } from '@/server/lib/http-errors';

// A workspace with more pages than its plan allows (after a downgrade) keeps them all live, but only
// the plan's number of them can be edited: the ones the owner chose to keep, then the most recently
// updated (decision 0045). Locked pages can still be deleted.

async function formLimitOf(executor: Executor, workspaceId: string): Promise<number | null> {
  const [row] = await executor.select({ plan: organizations.plan }).from(organizations).where(eq(organizations.id, workspaceId));
  return row ? PLANS[row.plan].formLimit : null;
}

/**
 * The workspace's live pages in the order they get editing rights: kept first, then the most
 * recently updated. The first `limit` are editable. Editing changes `updatedAt` of editable pages
 * only, so the order never lets an edit take a locked page's place.
 */
const rankedPages = (executor: Executor, workspaceId: string) =>
  executor
    .select({ id: forms.id, name: forms.name, updatedAt: forms.updatedAt, kept: forms.keptForEditing })
    .from(forms)
    .where(and(eq(forms.workspaceId, workspaceId), isNull(forms.deletedAt)))
    .orderBy(desc(forms.keptForEditing), desc(forms.updatedAt), desc(forms.id));

/** Which of the workspace's pages may be edited under its plan. */
export async function editablePages(executor: Executor, workspaceId: string): Promise<EditablePages> {
  const [limit, ranked] = await Promise.all([formLimitOf(executor, workspaceId), rankedPages(executor, workspaceId)]);
  const editable = new Set((limit === null ? ranked : ranked.slice(0, limit)).map((p) => p.id));
  const pages = ranked
    .map((p) => ({ id: p.id, name: p.name, updatedAt: p.updatedAt.toISOString(), kept: p.kept, editable: editable.has(p.id) }))
    .sort((a, b) => (a.updatedAt < b.updatedAt ? 1 : a.updatedAt > b.updatedAt ? -1 : a.id < b.id ? 1 : -1));
  return { limit, total: ranked.length, overLimit: limit !== null && ranked.length > limit, pages };
}

/**
 * Refuses (403 PLAN_LIMIT) a change to a page that its workspace's plan does not let it edit. Call it
 * before any change of a page but its deletion. A page that is not the workspace's, or is deleted,
 * passes: the caller answers 404 as it always does.
 */
export async function assertPageEditable(executor: Executor, workspaceId: string, formId: string): Promise<void> {
  const limit = await formLimitOf(executor, workspaceId);
  if (limit === null) return;
  const ranked = await rankedPages(executor, workspaceId);
  if (ranked.length <= limit) return;
  const at = ranked.findIndex((p) => p.id === formId);
  if (at >= limit) throw new HttpError(403, ErrorCode.PLAN_LIMIT, pagesOverLimitMessage(ranked.length, limit));
}

/**
 * The owner's choice of the pages to keep editing (at most the plan's number; the rest of the plan's
 * number, if any, goes to the most recently updated). Replaces any earlier choice.
 */
export async function keepPagesForEditing(db: Db, workspaceId: string, keep: string[]): Promise<EditablePages> {
  const ids = [...new Set(keep)];
  return db.transaction(async (tx) => {
    const limit = await formLimitOf(tx, workspaceId);
    if (limit !== null && ids.length > limit) throw validationError({ keep: tooManyKeptMessage(limit) });
    const live = new Set((await rankedPages(tx, workspaceId)).map((p) => p.id));
    if (ids.some((id) => !live.has(id))) throw notFound('This form');
    await tx
      .update(forms)
      // updatedAt keeps its value: choosing is not editing, and the order of the rest depends on it.
      .set({ keptForEditing: sql`${forms.id} = any(${sql.param(ids)}::text[])`, updatedAt: sql`${forms.updatedAt}` })
      .where(eq(forms.workspaceId, workspaceId));
    return editablePages(tx, workspaceId);
  });
}
