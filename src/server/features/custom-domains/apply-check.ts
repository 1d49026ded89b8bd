import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Executor } from '@/server/db/client';
import { customDomains } from '@/server/db/schema/index';
import { queueEmail } from '@/server/features/mail/index';
import { workspaceOwners } from '@/server/features/workspaces/index';
import type { DomainDeps } from './deps.js';
import type { RecordsFound } from './dns-check.js';
import { disablesAt, type DomainRow } from './domain-view.js';
import { brokeUnique } from './unique.js';

export interface Applied {
  row: DomainRow;
  /** Whether the domain's status changed (the serving map must be read again). */
  changed: boolean;
  /** The records are right, but the hostname serves another workspace: this one stays as it was. */
  contested: boolean;
}

/**
 * What a check of `row`'s records (locked by the caller's transaction) makes of it
 * (docs/decisions/0055): both records right makes it verified (unless another workspace's row
 * serves the name: whoever proved it first keeps it); a verified domain whose records are gone
 * becomes failing and its owners are told; one still failing FAILING_GRACE_HOURS later is disabled
 * (and they are told again). A check that got no answer (a DNS timeout) changes no state.
 */
export async function applyCheck(
  deps: Pick<DomainDeps, 'appOrigin'>,
  tx: Executor,
  row: DomainRow,
  found: RecordsFound,
  now: Date,
): Promise<Applied> {
  const checked = { lastTxt: found.txt, lastCname: found.cname, lastCheckedAt: now };
  const write = async (set: Partial<DomainRow>) =>
    (await tx.update(customDomains).set(set).where(eq(customDomains.id, row.id)).returning())[0]!;
  const unchanged = async (contested = false) => ({ row: await write(checked), changed: false, contested });
  if (found.transient) return unchanged();

  if (found.txt === 'ok' && found.cname === 'ok') {
    if (row.status === 'verified') return unchanged();
    const [other] = await tx
      .select({ id: customDomains.id })
      .from(customDomains)
      .where(
        and(
          eq(customDomains.hostname, row.hostname),
          ne(customDomains.id, row.id),
          inArray(customDomains.status, ['verified', 'failing']),
        ),
      );
    if (other) return unchanged(true);
    const verifiedAt = row.status === 'failing' ? (row.verifiedAt ?? now) : now;
    // Under a savepoint: another workspace verifying the same name at this moment wins the unique index.
    await tx.execute(sql`savepoint verify_domain`);
    try {
      const updated = await write({ ...checked, status: 'verified', verifiedAt, failingSince: null });
      await tx.execute(sql`release savepoint verify_domain`);
      return { row: updated, changed: true, contested: false };
    } catch (err) {
      if (!brokeUnique(err, 'custom_domains_serving_hostname_idx')) throw err;
      await tx.execute(sql`rollback to savepoint verify_domain`);
      return unchanged(true);
    }
  }

  const settingsUrl = `${deps.appOrigin}/settings/domains`;
  if (row.status === 'verified') {
    const updated = await write({ ...checked, status: 'failing', failingSince: now });
    for (const owner of await workspaceOwners(tx, [row.workspaceId])) {
      await queueEmail(tx, {
        template: 'domainFailing',
        to: owner.email,
        props: {
          workspaceName: owner.workspaceName,
          hostname: row.hostname,
          missing: missingRecords(found),
          disablesAt: disablesAt(now).toISOString(),
          settingsUrl,
        },
      });
    }
    return { row: updated, changed: true, contested: false };
  }
  if (row.status === 'failing' && now >= disablesAt(row.failingSince ?? now)) {
    const updated = await write({ ...checked, status: 'disabled' });
    for (const owner of await workspaceOwners(tx, [row.workspaceId])) {
      await queueEmail(tx, {
        template: 'domainDisabled',
        to: owner.email,
        props: { workspaceName: owner.workspaceName, hostname: row.hostname, settingsUrl },
      });
    }
    return { row: updated, changed: true, contested: false };
  }
  return unchanged();
}

const missingRecords = ({ txt, cname }: RecordsFound) =>
  txt !== 'ok' && cname !== 'ok' ? 'the TXT and CNAME records' : txt !== 'ok' ? 'the TXT record' : 'the CNAME record';
