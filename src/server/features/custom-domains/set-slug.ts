import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { domainMessages } from '@/domain/custom-domains';
import { isFormId } from '@/domain/ids';
import { forms } from '@/server/db/schema/index';
import { conflict, notFound } from '@/server/lib/http-errors';
import type { DomainDeps } from './deps.js';
import { brokeUnique } from './unique.js';

/**
 * PUT /api/forms/:id/slug: the page's friendly path on the workspace's domains (checked by the
 * contract's schema), or null for none. Unique among the workspace's pages not deleted.
 */
export async function setSlug(
  deps: Pick<DomainDeps, 'db' | 'domains'>,
  workspaceId: string,
  formId: string,
  slug: string | null,
): Promise<{ slug: string | null }> {
  const notFoundPage = () => notFound('This form');
  if (!isFormId(formId)) throw notFoundPage();
  const page = and(eq(forms.id, formId), eq(forms.workspaceId, workspaceId), isNull(forms.deletedAt));
  await deps.db
    .transaction(async (tx) => {
      if (slug !== null) {
        const [taken] = await tx
          .select({ id: forms.id })
          .from(forms)
          .where(and(eq(forms.workspaceId, workspaceId), eq(forms.slug, slug), isNull(forms.deletedAt), ne(forms.id, formId)));
        if (taken) throw conflict(domainMessages.slugTaken);
      }
      // updatedAt keeps its value: the path is not an edit of the page.
      const [updated] = await tx
        .update(forms)
        .set({ slug, updatedAt: sql`${forms.updatedAt}` })
        .where(page)
        .returning({ id: forms.id });
      if (!updated) throw notFoundPage();
    })
    .catch((err: unknown) => {
      if (brokeUnique(err, 'forms_workspace_slug_idx')) throw conflict(domainMessages.slugTaken);
      throw err;
    });
  await deps.domains?.refresh();
  return { slug };
}
