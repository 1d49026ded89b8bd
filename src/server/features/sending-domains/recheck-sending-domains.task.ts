import { and, eq, gt, inArray, or } from 'drizzle-orm';
import type { Task } from 'graphile-worker';
import { sendingDomains } from '@/server/db/schema/index';
import { applySendingCheck } from './apply-check.js';
import type { SendingDomainDeps } from './deps.js';
import { checkSendingRecords } from './dns-check.js';

export const RECHECK_SENDING_DOMAINS_TASK = 'recheck_sending_domains';
/** Hourly at :41 (the custom domains' check runs at :37). */
export const RECHECK_SENDING_DOMAINS_CRONTAB = `41 * * * * ${RECHECK_SENDING_DOMAINS_TASK}`;
/** How long after it was added a pending domain is checked by itself (the owner's Verify now works any time). */
export const PENDING_SENDING_CHECK_DAYS = 7;
/** Domains checked at once: DNS answers are slow, the database work per domain is small. */
const AT_ONCE = 8;

export interface SendingRecheckSummary {
  checked: number;
  verified: number;
  failing: number;
}

/**
 * Checks the sending domains that need it (pending ones for PENDING_SENDING_CHECK_DAYS after they
 * were added, verified and failing ones always, so that a failing one comes back by itself) and
 * applies what was found (apply-check.ts).
 */
export async function recheckSendingDomains(deps: SendingDomainDeps, now = new Date()): Promise<SendingRecheckSummary> {
  const since = new Date(now.getTime() - PENDING_SENDING_CHECK_DAYS * 86_400_000);
  const due = await deps.db
    .select({
      id: sendingDomains.id,
      domain: sendingDomains.domain,
      selector: sendingDomains.selector,
      publicKey: sendingDomains.publicKey,
    })
    .from(sendingDomains)
    .where(
      or(
        inArray(sendingDomains.status, ['verified', 'failing']),
        and(eq(sendingDomains.status, 'pending'), gt(sendingDomains.createdAt, since)),
      ),
    );
  const summary: SendingRecheckSummary = { checked: 0, verified: 0, failing: 0 };
  let next = 0;
  const worker = async () => {
    while (next < due.length) {
      const domain = due[next++]!;
      const found = await checkSendingRecords(deps.resolver, domain, deps.spfInclude, now);
      const applied = await deps.db.transaction(async (tx) => {
        const [row] = await tx.select().from(sendingDomains).where(eq(sendingDomains.id, domain.id)).for('update');
        // Removed meanwhile, or removed and added again with a new key: nothing to apply.
        return row && row.publicKey === domain.publicKey ? applySendingCheck(deps, tx, row, found, now) : null;
      });
      summary.checked++;
      const status = applied?.changed ? applied.row.status : null;
      if (status === 'verified' || status === 'failing') summary[status]++;
    }
  };
  await Promise.all(Array.from({ length: Math.min(AT_ONCE, due.length) }, worker));
  return summary;
}

export function recheckSendingDomainsTask(deps: SendingDomainDeps): Task {
  return async (_payload, helpers) => {
    const s = await recheckSendingDomains(deps);
    if (s.verified + s.failing > 0)
      helpers.logger.info(`sending domains: ${s.checked} checked, ${s.verified} verified, ${s.failing} failing`);
  };
}
