import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { isUuid } from '@/domain/ids';
import type { Executor } from '@/server/db/client';
import { forms, leads } from '@/server/db/schema/index';

/**
 * The live page a damaged link from a visitor's email came from, if the lead id at its start
 * survived (a link cut short, or its signature changed, keeps it): where the visitor can sign up
 * again for a new email. Only an id from an email to that lead names one (ids are random), and the
 * page is public anyway; what the link would have opened stays closed. On a custom domain
 * (`workspaceId`), only that workspace's pages (decision 0055).
 */
export async function pageOfDamagedLink(db: Executor, token: string, workspaceId?: string): Promise<string | null> {
  const id = token.split('.')[0] ?? '';
  if (!isUuid(id)) return null;
  const [row] = await db
    .select({ formId: forms.id })
    .from(leads)
    .innerJoin(forms, eq(forms.id, leads.formId))
    .where(
      and(
        eq(leads.id, id.toLowerCase()),
        isNull(forms.deletedAt),
        eq(forms.status, 'active'),
        isNotNull(forms.published),
        workspaceId ? eq(forms.workspaceId, workspaceId) : undefined,
      ),
    );
  return row?.formId ?? null;
}
