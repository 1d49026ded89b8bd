import { and, eq, isNull, sql } from 'drizzle-orm';
import { ErrorCode } from '@/domain/api-errors';
import { embedOriginsError, normalizeEmbedOrigins } from '@/domain/embed-origins';
import type { Db } from '@/server/db/client';
import { forms } from '@/server/db/schema/index';
import { HttpError, notFound } from '@/server/lib/http-errors';
import { assertPageEditable } from '@/server/features/plan-limits/index';

/**
 * The sites that may frame the page, from the Embed dialog: set on the draft and, when the page is
 * published, on what visitors see, without publishing anything else of the draft and without a new
 * published version (nothing a visitor reads changed). The change of `published` tells every server
 * to drop the page from memory (migration 0018); its rendered document is keyed by its sites too.
 */
export async function setEmbedOrigins(db: Db, workspaceId: string, id: string, list: readonly string[]) {
  const problem = embedOriginsError(list);
  if (problem) throw new HttpError(400, ErrorCode.VALIDATION_ERROR, problem, { embedOrigins: problem });
  await assertPageEditable(db, workspaceId, id);
  const origins = sql`${JSON.stringify(normalizeEmbedOrigins(list))}::jsonb`;
  const [row] = await db
    .update(forms)
    .set({
      draft: sql`jsonb_set(${forms.draft}, '{embedOrigins}', ${origins})`,
      published: sql`case when ${forms.published} is null then null else jsonb_set(${forms.published}, '{embedOrigins}', ${origins}) end`,
    })
    .where(and(eq(forms.id, id), eq(forms.workspaceId, workspaceId), isNull(forms.deletedAt)))
    .returning();
  if (!row) throw notFound('This form');
  return row;
}
