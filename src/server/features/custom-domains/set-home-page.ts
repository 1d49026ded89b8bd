import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { domainMessages, type CustomDomainView } from '@/domain/custom-domains';
import { isFormId, isUuid } from '@/domain/ids';
import { customDomains, forms } from '@/server/db/schema/index';
import { validationError } from '@/server/lib/http-errors';
import type { DomainDeps } from './deps.js';
import { domainView } from './domain-view.js';
import { domainNotFound } from './verify-domain.js';

/** PATCH /api/domains/:id: the page served at the domain's `/`, a published page of the workspace (or none). */
export async function setHomePage(
  deps: DomainDeps,
  workspaceId: string,
  id: string,
  homeFormId: string | null,
): Promise<CustomDomainView> {
  if (!isUuid(id)) throw domainNotFound();
  const row = await deps.db.transaction(async (tx) => {
    if (homeFormId !== null) {
      const [page] = isFormId(homeFormId)
        ? await tx
            .select({ id: forms.id })
            .from(forms)
            .where(
              and(
                eq(forms.id, homeFormId),
                eq(forms.workspaceId, workspaceId),
                isNotNull(forms.published),
                isNull(forms.deletedAt),
              ),
            )
        : [];
      if (!page) throw validationError({ homeFormId: domainMessages.homeNotPublished });
    }
    const [updated] = await tx
      .update(customDomains)
      .set({ homeFormId })
      .where(and(eq(customDomains.id, id), eq(customDomains.workspaceId, workspaceId)))
      .returning();
    if (!updated) throw domainNotFound();
    return updated;
  });
  await deps.domains?.refresh();
  return domainView(row, deps.pagesHost);
}
