import { and, eq } from 'drizzle-orm';
import { isUuid } from '@/domain/ids';
import { customDomains } from '@/server/db/schema/index';
import type { DomainDeps } from './deps.js';
import { domainNotFound } from './verify-domain.js';

/** DELETE /api/domains/:id: the domain stops serving at once (on every server within the notification's delay). */
export async function deleteDomain(deps: DomainDeps, workspaceId: string, id: string): Promise<void> {
  if (!isUuid(id)) throw domainNotFound();
  const deleted = await deps.db
    .delete(customDomains)
    .where(and(eq(customDomains.id, id), eq(customDomains.workspaceId, workspaceId)))
    .returning({ id: customDomains.id });
  if (deleted.length === 0) throw domainNotFound();
  await deps.domains?.refresh();
}
