import { randomBytes } from 'node:crypto';
import { and, count, eq, inArray, ne, sql } from 'drizzle-orm';
import { ErrorCode } from '@/domain/api-errors';
import { domainMessages, type CustomDomainView } from '@/domain/custom-domains';
import { PLANS } from '@/domain/plans';
import { customDomains } from '@/server/db/schema/index';
import { conflict, HttpError, validationError } from '@/server/lib/http-errors';
import { planOf } from '@/server/features/workspaces/index';
import type { DomainDeps } from './deps.js';
import { domainView } from './domain-view.js';
import { brokeUnique } from './unique.js';

/** 128 random bits, hex: what the TXT record must hold (one per row, so a copied record proves nothing elsewhere). */
const newToken = () => randomBytes(16).toString('hex');

/**
 * POST /api/domains: a pending domain with its records to create. `hostname` is normalised by the
 * contract's schema. Refused: Lodestone's own hosts, a name this workspace has already, a name
 * serving another workspace, a domain over the plan's allowance (every row counts, whatever its state).
 */
export async function addDomain(deps: DomainDeps, workspaceId: string, hostname: string): Promise<CustomDomainView> {
  if (deps.ownHosts.includes(hostname)) throw validationError({ hostname: domainMessages.hostnameReserved });
  const row = await deps.db
    .transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`domains:${workspaceId}`}))`);
      const [mine] = await tx
        .select({ id: customDomains.id })
        .from(customDomains)
        .where(and(eq(customDomains.workspaceId, workspaceId), eq(customDomains.hostname, hostname)));
      if (mine) throw conflict(domainMessages.hostnameTaken);
      const [elsewhere] = await tx
        .select({ id: customDomains.id })
        .from(customDomains)
        .where(
          and(
            eq(customDomains.hostname, hostname),
            ne(customDomains.workspaceId, workspaceId),
            inArray(customDomains.status, ['verified', 'failing']),
          ),
        );
      if (elsewhere) throw conflict(domainMessages.hostnameServedElsewhere);
      const limit = PLANS[await planOf(tx, workspaceId)].customDomainLimit;
      const [had] = await tx.select({ n: count() }).from(customDomains).where(eq(customDomains.workspaceId, workspaceId));
      if ((had?.n ?? 0) >= limit) throw new HttpError(403, ErrorCode.PLAN_LIMIT, domainMessages.planLimit(limit));
      const [created] = await tx
        .insert(customDomains)
        .values({ workspaceId, hostname, verificationToken: newToken() })
        .returning();
      return created!;
    })
    .catch((err: unknown) => {
      if (brokeUnique(err, 'custom_domains_workspace_hostname_idx')) throw conflict(domainMessages.hostnameTaken);
      throw err;
    });
  return domainView(row, deps.pagesHost);
}
