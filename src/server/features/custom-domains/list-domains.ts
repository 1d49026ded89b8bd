import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { DomainsView } from '@/domain/custom-domains';
import { PLANS } from '@/domain/plans';
import { customDomains, forms } from '@/server/db/schema/index';
import { planOf } from '@/server/features/workspaces/index';
import type { DomainDeps } from './deps.js';
import { domainView } from './domain-view.js';

/** GET /api/domains: the workspace's domains, its allowance, and its published pages with their slugs. */
export async function listDomains(deps: DomainDeps, workspaceId: string): Promise<DomainsView> {
  const [plan, rows, pages] = await Promise.all([
    planOf(deps.db, workspaceId),
    deps.db
      .select()
      .from(customDomains)
      .where(eq(customDomains.workspaceId, workspaceId))
      .orderBy(asc(customDomains.createdAt), asc(customDomains.id)),
    deps.db
      .select({ formId: forms.id, title: forms.name, slug: forms.slug })
      .from(forms)
      .where(and(eq(forms.workspaceId, workspaceId), isNotNull(forms.published), isNull(forms.deletedAt)))
      .orderBy(asc(forms.name), asc(forms.id)),
  ]);
  return {
    domains: rows.map((row) => domainView(row, deps.pagesHost)),
    limit: PLANS[plan].customDomainLimit,
    cnameTarget: deps.pagesHost,
    pages,
  };
}
