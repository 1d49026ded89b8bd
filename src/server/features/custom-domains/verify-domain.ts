import { and, eq } from 'drizzle-orm';
import { domainMessages, type CustomDomainView } from '@/domain/custom-domains';
import { isUuid } from '@/domain/ids';
import { customDomains } from '@/server/db/schema/index';
import { conflict, notFound } from '@/server/lib/http-errors';
import { applyCheck } from './apply-check.js';
import type { DomainDeps } from './deps.js';
import { checkRecords } from './dns-check.js';
import { domainView } from './domain-view.js';

export const domainNotFound = () => notFound('This domain');

/**
 * POST /api/domains/:id/verify: checks the records now and applies what was found (apply-check.ts);
 * the answer's lastCheck says what. The check is kept even when the name turns out to serve another
 * workspace, which is then refused (409).
 */
export async function verifyDomain(
  deps: DomainDeps,
  workspaceId: string,
  id: string,
  now = new Date(),
): Promise<CustomDomainView> {
  if (!isUuid(id)) throw domainNotFound();
  const mine = and(eq(customDomains.id, id), eq(customDomains.workspaceId, workspaceId));
  const [row] = await deps.db.select().from(customDomains).where(mine);
  if (!row) throw domainNotFound();
  const found = await checkRecords(deps.resolver, row.hostname, row.verificationToken, deps.pagesHost, now);
  const applied = await deps.db.transaction(async (tx) => {
    const [locked] = await tx.select().from(customDomains).where(mine).for('update');
    return locked ? applyCheck(deps, tx, locked, found, now) : null;
  });
  if (!applied) throw domainNotFound();
  if (applied.changed) await deps.domains?.refresh();
  if (applied.contested) throw conflict(domainMessages.hostnameServedElsewhere);
  return domainView(applied.row, deps.pagesHost);
}
