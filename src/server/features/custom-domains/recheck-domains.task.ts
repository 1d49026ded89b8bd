import { and, eq, gt, inArray, or } from 'drizzle-orm';
import type { Task } from 'graphile-worker';
import { customDomains } from '@/server/db/schema/index';
import { applyCheck } from './apply-check.js';
import type { DomainDeps } from './deps.js';
import { checkRecords } from './dns-check.js';

export const RECHECK_DOMAINS_TASK = 'recheck_custom_domains';
/** Hourly at :37. */
export const RECHECK_DOMAINS_CRONTAB = `37 * * * * ${RECHECK_DOMAINS_TASK}`;
/** How long after it was added a pending domain is checked by itself (the owner's Verify works any time). */
export const PENDING_CHECK_DAYS = 7;
/** Domains checked at once: DNS answers are slow, the database work per domain is small. */
const AT_ONCE = 8;

export interface RecheckSummary {
  checked: number;
  verified: number;
  failing: number;
  disabled: number;
}

/**
 * Checks the domains that need it (pending ones for PENDING_CHECK_DAYS after they were added,
 * verified and failing ones always) and applies what was found (apply-check.ts). Disabled ones wait
 * for the owner's Verify.
 */
export async function recheckDomains(deps: DomainDeps, now = new Date()): Promise<RecheckSummary> {
  const since = new Date(now.getTime() - PENDING_CHECK_DAYS * 86_400_000);
  const due = await deps.db
    .select({ id: customDomains.id, hostname: customDomains.hostname, token: customDomains.verificationToken })
    .from(customDomains)
    .where(
      or(
        inArray(customDomains.status, ['verified', 'failing']),
        and(eq(customDomains.status, 'pending'), gt(customDomains.createdAt, since)),
      ),
    );
  const summary: RecheckSummary = { checked: 0, verified: 0, failing: 0, disabled: 0 };
  let changed = false;
  let next = 0;
  const worker = async () => {
    while (next < due.length) {
      const domain = due[next++]!;
      const found = await checkRecords(deps.resolver, domain.hostname, domain.token, deps.pagesHost, now);
      const applied = await deps.db.transaction(async (tx) => {
        const [row] = await tx.select().from(customDomains).where(eq(customDomains.id, domain.id)).for('update');
        // Deleted, or its token changed hands meanwhile: nothing to apply.
        return row && row.verificationToken === domain.token ? applyCheck(deps, tx, row, found, now) : null;
      });
      summary.checked++;
      if (applied?.changed) {
        changed = true;
        const status = applied.row.status;
        if (status === 'verified' || status === 'failing' || status === 'disabled') summary[status]++;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(AT_ONCE, due.length) }, worker));
  if (changed) await deps.domains?.refresh();
  return summary;
}

export function recheckDomainsTask(deps: DomainDeps): Task {
  return async (_payload, helpers) => {
    const s = await recheckDomains(deps);
    if (s.verified + s.failing + s.disabled > 0)
      helpers.logger.info(
        `custom domains: ${s.checked} checked, ${s.verified} verified, ${s.failing} failing, ${s.disabled} disabled`,
      );
  };
}
