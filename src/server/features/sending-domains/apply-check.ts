import { eq } from 'drizzle-orm';
import type { Executor } from '@/server/db/client';
import { sendingDomains } from '@/server/db/schema/index';
import { queueEmail } from '@/server/features/mail/index';
import { workspaceOwners } from '@/server/features/workspaces/index';
import type { SendingDomainDeps } from './deps.js';
import type { SendingRecordsFound } from './dns-check.js';
import type { SendingDomainRow } from './sending-domain-view.js';

/**
 * What a check of `row`'s records (locked by the caller's transaction) makes of it
 * (docs/decisions/0089): both records right makes it verified (a failing one keeps the day it was
 * first verified); a verified domain whose records are gone becomes failing, and its owners are told
 * once (visitors' emails go from Lodestone's address until it passes again). A pending domain stays
 * pending, a failing one failing. A check that got no answer (a DNS timeout) changes no state.
 */
export async function applySendingCheck(
  deps: Pick<SendingDomainDeps, 'appOrigin'>,
  tx: Executor,
  row: SendingDomainRow,
  found: SendingRecordsFound,
  now: Date,
): Promise<{ row: SendingDomainRow; changed: boolean }> {
  const checked = { lastDkim: found.dkim, lastSpf: found.spf, lastSpfFound: found.spfFound, lastCheckedAt: now };
  const write = async (set: Partial<SendingDomainRow>) =>
    (await tx.update(sendingDomains).set(set).where(eq(sendingDomains.id, row.id)).returning())[0]!;
  if (found.transient) return { row: await write({ lastCheckedAt: now }), changed: false };

  if (found.dkim === 'ok' && found.spf === 'ok') {
    if (row.status === 'verified') return { row: await write(checked), changed: false };
    const verifiedAt = row.status === 'failing' ? (row.verifiedAt ?? now) : now;
    return { row: await write({ ...checked, status: 'verified', verifiedAt, failingSince: null }), changed: true };
  }
  if (row.status !== 'verified') return { row: await write(checked), changed: false };

  const updated = await write({ ...checked, status: 'failing', failingSince: now });
  for (const owner of await workspaceOwners(tx, [row.workspaceId])) {
    await queueEmail(tx, {
      template: 'sendingDomainFailing',
      to: owner.email,
      props: {
        workspaceName: owner.workspaceName,
        domain: row.domain,
        fromAddress: `${row.localPart}@${row.domain}`,
        missing: missingRecords(found),
        settingsUrl: `${deps.appOrigin}/settings/domains`,
      },
    });
  }
  return { row: updated, changed: true };
}

const missingRecords = ({ dkim, spf }: SendingRecordsFound) =>
  dkim !== 'ok' && spf !== 'ok' ? 'the DKIM and SPF records' : dkim !== 'ok' ? 'the DKIM record' : 'the SPF record';
